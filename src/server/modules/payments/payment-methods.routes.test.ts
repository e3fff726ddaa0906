import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentMethods } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { basketOf, CARDS, confirmCardForm, DISH, place, saveCard, shopper } from '../../test/checkout';

// Saved cards and PayPal (issue 4 part 2; spec §4 Payment cards).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('saving a card: POST /payment_methods/setup, the card form, POST /payment_methods', () => {
  test('only brand, last4 and expiry are kept; the first card is the default; the same setup twice is one card', async () => {
    const s = await shopper(t);
    const setup = await s.visitor.post(`${API}/payment_methods/setup`, {
      type: 'CreditCard',
      payment_processor_name: 'stripe',
    });
    expect(setup.status).toBe(201);
    expect(setup.body.data.id).toMatch(/^seti_/);
    expect((await confirmCardForm(t, setup.body.data.attributes.client_secret, CARDS.visa)).status).toBe(200);
    const body = {
      setup_intent_id: setup.body.data.id,
      payment_processor_name: 'stripe',
      type: 'CreditCard',
    };
    const saved = await s.visitor.post(`${API}/payment_methods`, body);
    expect(saved.status).toBe(201);
    expect(saved.body.data.attributes).toMatchObject({
      type: 'CreditCard',
      payment_processor_name: 'stripe',
      default: true,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
    });
    const again = await s.visitor.post(`${API}/payment_methods`, body);
    expect(again.body.data.id).toBe(saved.body.data.id);
    const rows = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, s.customerId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(CARDS.visa);

    // Another customer cannot claim this setup intent; a visitor cannot save cards at all.
    const other = await shopper(t);
    expectError(await other.visitor.post(`${API}/payment_methods`, body), 404, 'NOT_FOUND');
    expectError(
      await t
        .visitor()
        .post(`${API}/payment_methods/setup`, { type: 'CreditCard', payment_processor_name: 'stripe' }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await s.visitor.post(`${API}/payment_methods`, { ...body, setup_intent_id: 'pi_123' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  test('an unconfirmed setup intent saves nothing', async () => {
    const s = await shopper(t);
    const setup = await s.visitor.post(`${API}/payment_methods/setup`, {
      type: 'CreditCard',
      payment_processor_name: 'stripe',
    });
    expectError(
      await s.visitor.post(`${API}/payment_methods`, {
        setup_intent_id: setup.body.data.id,
        payment_processor_name: 'stripe',
        type: 'CreditCard',
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('removing cards and the default', () => {
  test('the default cannot go while others exist; removing a card moves its plan to the default', async () => {
    const s = await shopper(t);
    const first = await saveCard(t, s, CARDS.visa);
    const second = await saveCard(t, s, CARDS.threeDSecureOnce);
    const list = await s.visitor.get(`${API}/payment_methods`);
    expect(list.body.data.map((m: any) => [m.id, m.attributes.default])).toEqual([
      [first, true],
      [second, false],
    ]);
    // Each card says whether it can go, and which rule keeps it (issue 19: refused before asking).
    expect(list.body.data.map((m: any) => m.attributes.removal)).toEqual([
      {
        rule: 'default_card',
        message:
          'This is your default card. Make another card the default first, then you can remove this one.',
      },
      null,
    ]);
    const refused = expectError(
      await s.visitor.delete(`${API}/payment_methods/${first}`),
      409,
      'PAYMENT_METHOD_IN_USE',
      list.body.data[0].attributes.removal.message,
    );
    expect(refused[0]!.meta).toEqual({ rule: 'default_card' });

    // A plan paid with the first card, then charged to the second.
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    expect(
      (await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: first })).status,
    ).toBe(201);
    const [plan] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, s.customerId));
    const changed = await s.visitor.post(`${API}/subscriptions/change_payment_method`, {
      subscription_id: plan!.id,
      payment_method_id: second,
    });
    expect(changed.status).toBe(200);
    expect((await s.visitor.delete(`${API}/payment_methods/${second}`)).status).toBe(204);
    const [moved] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, plan!.id));
    expect(moved!.paymentMethodId).toBe(first);

    // The last card of an active plan cannot be removed, and says so before anyone asks.
    const only = await s.visitor.get(`${API}/payment_methods`);
    expect(only.body.data.map((m: any) => m.attributes.removal)).toEqual([
      {
        rule: 'active_plan',
        message: 'This card pays for your active pasta plan. Add another card before removing this one.',
      },
    ]);
    expectError(
      await s.visitor.delete(`${API}/payment_methods/${first}`),
      409,
      'PAYMENT_METHOD_IN_USE',
      only.body.data[0].attributes.removal.message,
    );

    // Making another the default.
    const third = await saveCard(t, s, CARDS.visa);
    const made = await s.visitor.post(`${API}/payment_methods/${third}/default`);
    expect(made.body.data.attributes.default).toBe(true);
    expect((await s.visitor.delete(`${API}/payment_methods/${first}`)).status).toBe(204);
    const [again] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, plan!.id));
    expect(again!.paymentMethodId).toBe(third);

    const other = await shopper(t);
    expectError(
      await other.visitor.post(`${API}/payment_methods/${third}/default`),
      404,
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expectError(
      await other.visitor.post(`${API}/subscriptions/change_payment_method`, {
        subscription_id: plan!.id,
        payment_method_id: third,
      }),
      404,
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expectError(await s.visitor.delete(`${API}/payment_methods/not-an-id`), 400, 'VALIDATION_FAILED');
  });
});
