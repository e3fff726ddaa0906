import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentMethods } from '../../db/schema/payments';
import { sandboxPaymentMethods } from '../../db/schema/payments-sandbox';
import { API, expectError } from '../../test/api-expect';
import {
  answerChallenge,
  basketOf,
  CARDS,
  DISH,
  place,
  saveCard,
  shopper,
  type Shopper,
} from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import { answerLiveChallenge, liveShop, saveLiveCard } from '../../test/stripe-double';
import { UNFINISHED_ACTION_MS } from './payment-recovery';

// Issue 19 item 1: a card typed at a checkout is saved only once it has worked. Declined, a failed 3-D Secure
// check, an abandoned one: nothing is saved, nothing becomes the default, the next checkout does not offer it.
// The same on the sandbox processor and on the live adapter against the Stripe double.

/** A one-off order (no plan) of £21.00 placed by the shopper: its first order's id. */
async function placed(s: Shopper): Promise<string> {
  return (await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]], false))).orderId;
}

const listed = async (s: Shopper) =>
  (await s.visitor.get(`${API}/payment_methods`)).body.data.map((m: any) => ({
    last4: m.attributes.last4,
    default: m.attributes.default,
  }));

/** The order confirmed on coming back from a 3-D Secure check (the address the processor sent the browser to). */
const confirmAfter = (s: Shopper, orderId: string, back: URL) =>
  s.visitor.post(`${API}/orders/confirm`, {
    order_id: orderId,
    payment_intent_id: back.searchParams.get('payment_intent'),
  });

const rowsOf = (t: TestApp, s: Shopper) =>
  t.database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, s.customerId));

describe('the sandbox processor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('a declined card typed at checkout is not saved, not the default, and cannot be paid with again', async () => {
    const s = await shopper(t);
    const orderId = await placed(s);
    const card = await saveCard(t, s, CARDS.insufficientFunds, { untilPaid: true });
    // While its payment is to come, it is nobody's saved card.
    expect(await listed(s)).toEqual([]);
    expectError(
      await s.visitor.post(`${API}/payment_methods/${card}/default`),
      404,
      'PAYMENT_METHOD_NOT_FOUND',
    );

    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    expectError(paid, 402, 'PAYMENT_DECLINED', 'Your card has insufficient funds. Please use another card.');
    expect(await listed(s)).toEqual([]);
    expectError(
      await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card }),
      404,
      'PAYMENT_METHOD_NOT_FOUND',
      'That card is no longer saved. Choose another card, or add it again.',
    );
    // Gone from our books and detached at the processor.
    expect(await rowsOf(t, s)).toEqual([]);

    // Another card typed then pays: that one is kept, and is the default.
    const good = await saveCard(t, s, CARDS.visa, { untilPaid: true });
    const again = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: good });
    expect(again.status).toBe(201);
    expect(again.body.data.attributes.status).toBe('succeeded');
    expect(await listed(s)).toEqual([{ last4: '4242', default: true }]);
  });

  test('a card whose 3-D Secure check failed is not saved; one whose check passed is, not as the default', async () => {
    const s = await shopper(t);
    await saveCard(t, s, CARDS.visa);
    const orderId = await placed(s);
    const card = await saveCard(t, s, CARDS.threeDSecure, { untilPaid: true });
    const paying = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    expect(paying.body.data.attributes.status).toBe('requires_action');
    const back = await answerChallenge(t, paying.body.data.attributes.next_action_url, 'fail');
    expectError(await confirmAfter(s, orderId, back), 402, 'PAYMENT_DECLINED');
    expect(await listed(s)).toEqual([{ last4: '4242', default: true }]);

    const retyped = await saveCard(t, s, CARDS.threeDSecure, { untilPaid: true });
    const retry = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: retyped });
    const done = await answerChallenge(t, retry.body.data.attributes.next_action_url, 'complete');
    const confirmed = await confirmAfter(s, orderId, done);
    expect(confirmed.status).toBe(200);
    // Kept now; the card the customer made their default stays the default.
    expect(await listed(s)).toEqual([
      { last4: '4242', default: true },
      { last4: '3184', default: false },
    ]);
  });

  test('a 3-D Secure check never answered: given up after an hour, and its card with it', async () => {
    const s = await shopper(t);
    const orderId = await placed(s);
    const card = await saveCard(t, s, CARDS.threeDSecure, { untilPaid: true });
    const [provisional] = await rowsOf(t, s);
    const processorRef = provisional!.processorRef;
    const paying = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    expect(paying.body.data.attributes.status).toBe('requires_action');
    t.clock.advance(UNFINISHED_ACTION_MS + 60_000);
    await t.app.services.payments.recoverPayments();
    expect(await listed(s)).toEqual([]);
    expect(await rowsOf(t, s)).toEqual([]);
    const [detached] = await t.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, processorRef));
    expect(detached).toBeDefined();
    expect(detached!.customerId).toBeNull();
  });

  test('a card saved in the account (not for a payment) is kept at once, the first as the default', async () => {
    const s = await shopper(t);
    await saveCard(t, s, CARDS.insufficientFunds);
    expect(await listed(s)).toEqual([{ last4: '9995', default: true }]);
  });
});

describe('the live adapter against the Stripe double', () => {
  const live = liveShop();

  test('declined once charged: not saved; a failed 3-D Secure check: not saved; paid: saved as the default', async () => {
    const s = await shopper(live.t());
    const orderId = await placed(s);
    // Saving works, charging is declined (Stripe's 4000 0000 0000 0341).
    const declined = await saveLiveCard(live.double(), s, '4000000000000341', { untilPaid: true });
    expectError(
      await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: declined }),
      402,
      'PAYMENT_DECLINED',
      'Your card was declined. Please use another card.',
    );
    expect(await listed(s)).toEqual([]);

    // 3-D Secure passed when saving, failed for the payment.
    const checked = await saveLiveCard(live.double(), s, CARDS.threeDSecure, { untilPaid: true });
    const paying = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: checked });
    expect(paying.body.data.attributes.status).toBe('requires_action');
    const back = await answerLiveChallenge(paying.body.data.attributes.next_action_url, 'fail');
    expectError(await confirmAfter(s, orderId, back), 402, 'PAYMENT_DECLINED');
    expect(await listed(s)).toEqual([]);

    const good = await saveLiveCard(live.double(), s, CARDS.visa, { untilPaid: true });
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: good });
    expect(paid.body.data.attributes.status).toBe('succeeded');
    expect(await listed(s)).toEqual([{ last4: '4242', default: true }]);
    await live.t().app.services.payments.recoverPayments();
    expect(await rowsOf(live.t(), s)).toHaveLength(1);
  });
});
