import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { sandboxPaymentIntents, sandboxPaymentMethods } from '../../db/schema/payments-sandbox';
import { orders } from '../../db/schema/orders';
import { paymentMethods, payments } from '../../db/schema/payments';
import { emailsTo, linksIn } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { basketOf, CARDS, DISH, place, saveCard, shopper, type Shopper } from '../../test/checkout';
import { faultyProcessors } from '../../test/faulty-processors';
import { createTestApp, type Response, type TestApp } from '../../test/harness';
import { liveShop, saveLiveCard } from '../../test/stripe-double';
import { LUNCH, MENU, placeTakeaway, takeawayShopper } from '../../test/takeaway';
import { REPLAY_GAP_MS } from './payment-recovery';
import { CONFIRMING } from './processor-answers';

// Issue 19 items 25, 26 and 28: the payment processor unreachable, or answering about a card it no longer has,
// injected through a port wrapper (sandbox) or the Stripe double's switches (live adapter), never by timing.
// - 25: the customer is told what is true (we are confirming it; never charged twice), with the order to
//   follow, and how it ended (paid: the confirmation; not taken: an email saying so, with the way to pay);
// - 26: what waits is settled at once when the processor answers (the customer's own page asks; recovery
//   takes the whole backlog in one pass), and a customer who tries again is told where to follow it;
// - 28: the processor's own words never reach the customer; a lost card says what to do, with a stable code.

/** A one-off order (no plan) placed by the shopper: its first order's id. */
async function placed(s: Shopper): Promise<string> {
  return (await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]], false))).orderId;
}

const pay = (s: Shopper, orderId: string, card: string) =>
  s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });

const orderPayment = async (s: Shopper, orderId: string) => {
  const answer = await s.visitor.get(`${API}/orders/${orderId}/payment`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.attributes as { status: string; message: string | null; order_id: string };
};

const orderState = async (s: Shopper, orderId: string) =>
  (await s.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes.state as string;

/** The 502 when the processor did not answer: what is true, and the order and payment to follow. */
function expectConfirming(response: Response<any>, orderId: string) {
  const [error] = expectError(response, 502, 'PAYMENT_PROCESSOR_ERROR', CONFIRMING);
  expect(error!.detail).toContain('You won’t be charged twice');
  expect(error!.detail).not.toMatch(/not been charged|ECONNREFUSED/);
  expect(error!.meta).toMatchObject({ order_id: orderId, payment_status: 'processing' });
  return error!.meta.payment_id as string;
}

describe('the sandbox processor behind a fault switch', () => {
  const faults = faultyProcessors();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { wrapPaymentProcessors: faults.wrap });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    faults.fault = 'none';
  });

  test('25: a charge whose answer was lost says we are confirming it; the order’s page settles it once, paid', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const orderId = await placed(s);
    faults.fault = 'answer-lost';
    const paymentId = expectConfirming(await pay(s, orderId, card), orderId);

    // The order's page asks while the processor is still unreachable: still being confirmed.
    faults.fault = 'unreachable';
    t.clock.advance(REPLAY_GAP_MS);
    expect(await orderPayment(s, orderId)).toMatchObject({ status: 'processing', order_id: orderId });
    expect(await orderState(s, orderId)).not.toBe('paid');

    // It answers again: the page's next look settles it, paid with the one charge already made.
    faults.fault = 'none';
    t.clock.advance(REPLAY_GAP_MS);
    expect(await orderPayment(s, orderId)).toMatchObject({ status: 'succeeded' });
    expect(await orderState(s, orderId)).toBe('paid');
    const intents = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'paymentId' = ${paymentId}`);
    expect(intents.map((intent) => intent.status)).toEqual(['succeeded']);
    expect(await emailsTo(t, s.email, 'order_confirmation')).toHaveLength(1);
    expect(await emailsTo(t, s.email, 'payment_not_taken')).toEqual([]);
    // Another customer's order is not theirs to look at.
    const other = await shopper(t);
    expectError(await other.visitor.get(`${API}/orders/${orderId}/payment`), 404, 'ORDER_NOT_FOUND');
  });

  test('25: when it was not taken in the end, the customer is emailed that they have not been charged, and how to pay', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.insufficientFunds);
    const orderId = await placed(s);
    faults.fault = 'unreachable';
    expectConfirming(await pay(s, orderId, card), orderId);
    faults.fault = 'none';
    await t.app.services.payments.recoverPayments();

    expect(await orderPayment(s, orderId)).toMatchObject({
      status: 'failed',
      message: 'Your card has insufficient funds. Please use another card.',
    });
    const [email] = await emailsTo(t, s.email, 'payment_not_taken');
    expect(email!.subject).toMatch(/didn’t go through: you haven’t been charged/);
    expect(email!.text).toContain('you haven’t been charged');
    expect(email!.text).toContain('Your card has insufficient funds.');
    expect(linksIn(email!).map((link) => link.pathname)).toContain(`/payment/${orderId}`);
  });

  test('26: one recovery pass settles every charge the processor did not answer, at once and beyond 50', async () => {
    const waiting: { s: Shopper; orderId: string }[] = [];
    for (let n = 0; n < 51; n++) {
      // 51 customers, each paying for a one-off box while the processor is unreachable.
      faults.fault = 'none';
      const s = await shopper(t);
      const card = await saveCard(t, s, CARDS.visa);
      const orderId = await placed(s);
      faults.fault = 'unreachable';
      expectConfirming(await pay(s, orderId, card), orderId);
      waiting.push({ s, orderId });
    }
    expect(await t.app.services.payments.chargesAwaitingProcessor()).toBe(true);

    // Down still: a pass gives up quickly, and nothing changes.
    await t.app.services.payments.recoverPayments();
    expect(await orderState(waiting[0]!.s, waiting[0]!.orderId)).not.toBe('paid');

    // Back: the very next pass (no half-minute wait, no 50 a pass) settles every one.
    faults.fault = 'none';
    t.clock.advance(REPLAY_GAP_MS);
    await t.app.services.payments.recoverPayments();
    const states = await Promise.all(waiting.map(({ s, orderId }) => orderState(s, orderId)));
    expect(states.filter((state) => state === 'paid')).toHaveLength(51);
    expect(await t.app.services.payments.chargesAwaitingProcessor()).toBe(false);
  }, 240_000);

  test('26: a takeaway customer who tries again is told where to follow the payment, and it settles when the processor answers', async () => {
    t.clock.set(LUNCH);
    const s = await takeawayShopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    faults.fault = 'unreachable';
    const first = await placeTakeaway(s, { payment: { payment_method_id: card } });
    const orderId = first.body.errors?.[0]?.meta?.order_id as string;
    expectConfirming(first, orderId);
    const [{ number } = { number: 0 }] = await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, orderId));

    // The basket changed and placed again: refused, saying what is true and which order to follow.
    const added = await s.visitor.post(`${API}/baskets/${s.basketId}/takeaway_items`, {
      product_id: MENU.tiramisu,
      quantity: 1,
      sub_items: [],
    });
    expect(added.status).toBe(201);
    const again = await placeTakeaway(s, { payment: { payment_method_id: card } });
    const [refused] = expectError(again, 409, 'CONFLICT');
    expect(refused!.detail).toBe(
      `We’re still confirming your payment for order #${number} with our payment provider. You won’t be charged twice: follow it on the order’s page, then order again if it didn’t go through.`,
    );
    expect(refused!.meta).toEqual({ order_id: orderId });

    // The tracking page's look settles it as soon as the processor answers.
    faults.fault = 'none';
    t.clock.advance(REPLAY_GAP_MS);
    expect(await orderPayment(s, orderId)).toMatchObject({ status: 'succeeded' });
    const tracking = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(tracking.body.data.attributes.state).not.toMatch(/created|payment_pending/);
  });

  test('28: a saved card the processor no longer has: our words and a stable code, and it is no longer offered', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const orderId = await placed(s);
    // The processor forgot it (detached there).
    const [row] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, card));
    await t.database.db
      .update(sandboxPaymentMethods)
      .set({ customerId: null })
      .where(eq(sandboxPaymentMethods.id, row!.processorRef));
    const answer = await pay(s, orderId, card);
    const [error] = expectError(
      answer,
      409,
      'PAYMENT_METHOD_UNAVAILABLE',
      'That card is no longer saved. Choose another card, or add it again.',
    );
    expect(error!.meta).toMatchObject({ order_id: orderId, decline_code: 'payment_method_unavailable' });
    expect(JSON.stringify(answer.body)).not.toMatch(/detached|payment method|pm_/i);
    expect((await s.visitor.get(`${API}/payment_methods`)).body.data).toEqual([]);
    // Added again, it pays.
    const renewed = await saveCard(t, s, CARDS.visa);
    expect((await pay(s, orderId, renewed)).body.data.attributes.status).toBe('succeeded');
  });
});

describe('the live adapter, with the Stripe double’s switches', () => {
  const live = liveShop();

  test('25/26: Stripe unreachable: we are confirming it, with the order; recovery settles it when Stripe is back', async () => {
    const s = await shopper(live.t());
    const card = await saveLiveCard(live.double(), s, CARDS.visa);
    const orderId = await placed(s);
    await live.double().unreachable(true);
    expectConfirming(await pay(s, orderId, card), orderId);
    await live.double().unreachable(false);
    await live.t().app.services.payments.recoverPayments();
    expect(await orderState(s, orderId)).toBe('paid');
    expect(await orderPayment(s, orderId)).toMatchObject({ status: 'succeeded' });
  });

  test('28: after Stripe forgets its customers and cards, the card says what to do; added again, it pays', async () => {
    const s = await shopper(live.t());
    const card = await saveLiveCard(live.double(), s, CARDS.visa);
    const orderId = await placed(s);
    await live.double().forget();
    const answer = await pay(s, orderId, card);
    expectError(
      answer,
      409,
      'PAYMENT_METHOD_UNAVAILABLE',
      'That card is no longer saved. Choose another card, or add it again.',
    );
    expect(JSON.stringify(answer.body)).not.toMatch(/No such|pm_/);
    expect((await s.visitor.get(`${API}/payment_methods`)).body.data).toEqual([]);
    // The card form opens again (a new customer at Stripe), and the card pays.
    const again = await saveLiveCard(live.double(), s, CARDS.visa);
    expect((await pay(s, orderId, again)).body.data.attributes.status).toBe('succeeded');
    const [paid] = await live
      .t()
      .database.db.select()
      .from(payments)
      .where(eq(payments.status, 'succeeded'))
      .orderBy(sql`${payments.createdAt} desc`)
      .limit(1);
    expect(paid!.paymentMethodId).toBe(again);
  });
});
