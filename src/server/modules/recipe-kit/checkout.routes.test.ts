import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { baskets } from '../../db/schema/baskets';
import { productVariants } from '../../db/schema/catalogue';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { vouchers } from '../../db/schema/vouchers';
import { customers } from '../../db/schema/customers';
import { storeCreditTransactions } from '../../db/schema/credit';
import { sandboxPaymentIntents } from '../../db/schema/payments-sandbox';
import { API, expectError, variantId } from '../../test/api-expect';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  answerChallenge,
  basketOf,
  CARDS,
  DISH,
  FIRST_DELIVERY,
  orderBody,
  place,
  saveCard,
  shopper,
} from '../../test/checkout';
import { TEST_NOW, WEEKS } from '../../test/test-clock';

// The recipe-kit checkout through the API (issue 4 parts 2, 5, 6, 8): orders per week, paying with cards,
// declines, 3-D Secure, credit, and the races that must never charge twice, oversell or reuse a voucher.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// Fifty customers signing in from one test address would meet the sign-in limit.
beforeEach(() => clearRateLimits(t));
afterAll(async () => {
  await t.close();
});

const intentsOf = (checkoutId: string) =>
  t.database.db
    .select()
    .from(sandboxPaymentIntents)
    .where(sql`${sandboxPaymentIntents.metadata}->>'checkoutId' = ${checkoutId}`);

async function stockOf(dish: number): Promise<number> {
  const [row] = await t.database.db
    .select({ quantity: productVariants.quantityAvailable })
    .from(productVariants)
    .where(eq(productVariants.id, Number(variantId(dish))));
  return row!.quantity;
}

describe('placing a basket: POST /preview_order and /orders/recipe_kits', () => {
  test('an order per week, lines copied, the subscription made; the same basket again gives the same orders', async () => {
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [
      [DISH.beefShin, 2],
      [DISH.carbonara, 1, WEEKS.later],
      [DISH.pumpkin, 1, WEEKS.later],
    ]);
    const preview = await s.visitor.post(`${API}/preview_order`, orderBody(s, basketId));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.map((o: any) => o.attributes.delivery_date)).toEqual([
      '2026-11-25',
      '2026-12-02',
    ]);
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId))).toEqual([]);

    const stockBefore = await stockOf(DISH.beefShin);
    const placed = await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketId));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [first, second] = placed.body.data;
    expect(first.attributes).toMatchObject({
      state: 'created',
      state_label: 'Created',
      meal_week: WEEKS.next,
      delivery_date: FIRST_DELIVERY,
      delivery_note: 'Leave with the neighbour at number 11',
      subtotal: 2100,
      discount: 0,
      shipping_price: 199,
      total: 2299,
      source: 'recipe_kit',
    });
    expect(first.attributes.shipping_address).toMatchObject({
      address1: '10 Downing Street',
      zip: 'SW1A 2AA',
    });
    expect(second.attributes).toMatchObject({
      meal_week: WEEKS.later,
      delivery_date: '2026-12-02',
      subtotal: 1850,
    });
    const line = placed.body.included.find(
      (item: any) => item.id === first.relationships.line_items.data[0].id,
    );
    expect(line.attributes).toMatchObject({ quantity: 2, price: 1050, total: 2100, discount: 0 });
    expect(line.attributes.sku).toMatch(/\S/);
    expect(placed.body.meta.checkout).toMatchObject({
      state: 'open',
      total: 2299 + 1850 + 199,
      amount_to_charge: 2299 + 1850 + 199,
      request_card: true,
      minimum_card_charge: 30,
    });
    expect(await stockOf(DISH.beefShin)).toBe(stockBefore - 2);
    const [subscription] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, s.customerId));
    expect(subscription).toMatchObject({
      state: 'created',
      deliveryDay: 3,
      firstDelivery: FIRST_DELIVERY,
      frequency: 1,
    });

    const again = await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketId));
    expect(again.status).toBe(200);
    expect(again.body.data.map((o: any) => o.id)).toEqual(placed.body.data.map((o: any) => o.id));
    expect(await stockOf(DISH.beefShin)).toBe(stockBefore - 2);

    // A changed basket replaces the unpaid orders and gives their stock back.
    await s.visitor.post(`${API}/baskets/${basketId}/items`, {
      product_variant_id: `gid://shopify/ProductVariant/${variantId(DISH.beefShin)}`,
      quantity: 1,
      meal_week: WEEKS.next,
    });
    const replaced = await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketId));
    expect(replaced.status).toBe(201);
    expect(replaced.body.data[0].id).not.toBe(first.id);
    expect(await stockOf(DISH.beefShin)).toBe(stockBefore - 3);
    expectError(await s.visitor.get(`${API}/orders/${first.id}`), 404, 'ORDER_NOT_FOUND');
  });

  test('what cannot be ordered is refused with a reason, and nothing is written', async () => {
    const s = await shopper(t);
    const empty = await basketOf(s.visitor, []);
    expectError(
      await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, empty)),
      400,
      'ORDER_INVALID',
      'Your basket is empty',
    );
    await t.database.db.delete(baskets).where(eq(baskets.id, empty));

    const small = await basketOf(s.visitor, [[DISH.cacioEPepe, 1]]);
    expectError(
      await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, small)),
      400,
      'BASKET_INVALID',
      /Add £1\.50 more/,
    );
    await s.visitor.post(`${API}/baskets/${small}/items`, {
      product_variant_id: `gid://shopify/ProductVariant/${variantId(DISH.cacioEPepe)}`,
      quantity: 1,
      meal_week: WEEKS.next,
    });
    expectError(
      await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, small, { delivery_date: '2026-12-02' })),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
    expectError(
      await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, small, { delivery_date: '2026-11-29' })),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
    const other = await shopper(t);
    expectError(
      await s.visitor.post(
        `${API}/orders/recipe_kits`,
        orderBody(s, small, { shipping_address_id: other.addressId }),
      ),
      404,
      'ADDRESS_NOT_FOUND',
    );
    expectError(
      await other.visitor.post(`${API}/orders/recipe_kits`, orderBody(other, small)),
      404,
      'BASKET_NOT_FOUND',
    );
    const visitor = t.visitor();
    expectError(await visitor.post(`${API}/orders/recipe_kits`, orderBody(s, small)), 401, 'UNAUTHENTICATED');
    expectError(
      await s.visitor.post(`${API}/orders/recipe_kits`, { basket_id: small }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId))).toEqual([]);
  });
});

describe('a one-off box', () => {
  test('makes no subscription and pays the one-off fee on each delivery', async () => {
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]], false);
    expect((await s.visitor.put(`${API}/baskets/${basketId}`, { one_off_fee_applicable: true })).status).toBe(
      200,
    );
    const fee = await s.visitor.post(`${API}/baskets/${basketId}/preview_one_off_fee`);
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const { response } = await place(s, basketId);
    expect(response.body.data[0].attributes).toMatchObject({
      source: 'one_off',
      subscription_id: null,
      shipping_price: 199 + 299,
    });
    expect(response.body.data[0].attributes.total).toBe(2100 + 199 + 299);
    expect(response.body.meta.checkout.request_card).toBe(true);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, s.customerId)),
    ).toEqual([]);
  });
});

describe('vouchers at checkout', () => {
  test('10EXTRA takes £10 off the first box only, shared across its lines to the penny', async () => {
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [
      [DISH.beefShin, 2],
      [DISH.cacioEPepe, 1],
      [DISH.mushroom, 1],
      [DISH.carbonara, 2, WEEKS.later],
    ]);
    const applied = await s.visitor.post(`${API}/baskets/${basketId}/vouchers`, { code: '10extra' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const { response } = await place(s, basketId);
    const [first, second] = response.body.data;
    expect(first.attributes).toMatchObject({
      voucher_code: '10EXTRA',
      subtotal: 2100 + 850 + 950,
      discount: 1000,
    });
    expect(first.attributes.total).toBe(3900 - 1000 + 199);
    expect(second.attributes.discount).toBe(0);
    const lines = response.body.included.filter((line: any) =>
      first.relationships.line_items.data.some((ref: any) => ref.id === line.id),
    );
    expect(lines.reduce((sum: number, line: any) => sum + line.attributes.discount, 0)).toBe(1000);
    for (const line of lines) {
      expect(line.attributes.total).toBe(
        line.attributes.price * line.attributes.quantity - line.attributes.discount,
      );
    }
  });

  test('FREE-TIRAMISU adds the dessert as a free line of the order', async () => {
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]]);
    expect(
      (await s.visitor.post(`${API}/baskets/${basketId}/vouchers`, { code: 'FREE-TIRAMISU' })).status,
    ).toBe(201);
    const { response } = await place(s, basketId);
    const addon = response.body.included.find((line: any) => line.attributes.is_addon);
    expect(addon.attributes).toMatchObject({ title: 'Tiramisù', quantity: 1, total: 0 });
    expect(response.body.data[0].attributes.total).toBe(2299);
  });
});

describe('paying: POST /payments, /orders/confirm, GET /payment_details', () => {
  test('4242 pays: orders paid, basket emptied, subscription active, confirmation emailed, orders listed', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]]);
    const { orderId } = await place(s, basketId);
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.attributes).toMatchObject({
      status: 'succeeded',
      amount: 2299,
      credit_amount: 0,
      payment_processor_name: 'stripe',
      payment_method: { id: card, brand: 'visa', last4: '4242' },
    });
    const order = await s.visitor.get(`${API}/orders/${orderId}`);
    // Paid on Wednesday 18 November for Wednesday 25th: it says when it comes (issue 9).
    expect(order.body.data.attributes).toMatchObject({ state: 'paid', state_label: 'Arrives Wed 25 Nov' });
    expect(await t.database.db.select().from(baskets).where(eq(baskets.id, basketId))).toEqual([]);
    const [subscription] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, s.customerId));
    expect(subscription).toMatchObject({ state: 'active', paymentMethodId: card });
    const [email] = await emailsTo(t, s.email, 'order_confirmation');
    expect(email!.text).toContain('£22.99');
    // What was ordered, one dish a line (issue 9).
    expect(email!.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Order #' + order.body.data.attributes.number + ', Wednesday 25 November',
        '2 × Beef Shin Ragù Pappardelle, Regular, £10.50 each: £21.00',
        'Delivery: £1.99',
        'Total: £22.99',
      ]),
    );
    // Upcoming: this box, then the plan's boxes of the weeks ahead (planned, charged at each cutoff).
    const upcoming = await s.visitor.get(`${API}/orders?filter[delivery_date]=upcoming&per_page=3000`);
    expect(upcoming.body.data[0].id).toBe(orderId);
    expect(upcoming.body.data.slice(1).map((o: any) => [o.attributes.source, o.attributes.state])).toEqual(
      upcoming.body.data.slice(1).map(() => ['subscription', 'created']),
    );
    const past = await s.visitor.get(`${API}/orders?filter[delivery_date]=past`);
    expect(past.body.data).toEqual([]);
    // On its day the list and the order say it arrives today; the day after, it is a past order.
    t.clock.set(new Date('2026-11-25T07:00:00Z'));
    try {
      const today = await s.visitor.get(`${API}/orders?filter[delivery_date]=upcoming`);
      expect(today.body.data[0].attributes.state_label).toBe('Arriving today');
      expect((await s.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes.state_label).toBe(
        'Arriving today',
      );
      t.clock.set(new Date('2026-11-26T07:00:00Z'));
      const after = await s.visitor.get(`${API}/orders?filter[delivery_date]=past`);
      expect(after.body.data[0].attributes.state_label).toBe('Delivery day Wed 25 Nov');
    } finally {
      t.clock.set(TEST_NOW);
    }
    const details = await s.visitor.get(`${API}/payment_details/${paid.body.data.id}`);
    expect(details.body.data.attributes.status).toBe('succeeded');

    // Paying again: already paid, no second charge.
    const again = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    expect(again.body.data.id).toBe(paid.body.data.id);
    expect(await intentsOf(order.body.data.attributes.checkout_id)).toHaveLength(1);

    // Another customer sees none of it.
    const other = await shopper(t);
    expectError(await other.visitor.get(`${API}/orders/${orderId}`), 404, 'ORDER_NOT_FOUND');
    expectError(
      await other.visitor.get(`${API}/payment_details/${paid.body.data.id}`),
      404,
      'PAYMENT_NOT_FOUND',
    );
    expectError(
      await other.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card }),
      404,
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expectError(
      await other.visitor.delete(`${API}/payment_methods/${card}`),
      404,
      'PAYMENT_METHOD_NOT_FOUND',
    );
    expect((await other.visitor.get(`${API}/orders`)).body.data).toEqual([]);
  });

  test('insufficient funds: 402 with the reason, orders payment_pending, then another card pays', async () => {
    const s = await shopper(t);
    const poor = await saveCard(t, s, CARDS.insufficientFunds);
    const good = await saveCard(t, s, CARDS.visa);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const declined = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: poor });
    const [error] = expectError(declined, 402, 'PAYMENT_DECLINED', /insufficient funds/);
    expect(error!.meta).toMatchObject({ decline_code: 'insufficient_funds', hard_decline: false });
    expect((await s.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes).toMatchObject({
      state: 'payment_pending',
      state_label: 'Payment failed',
      payable: true,
    });
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: good });
    expect(paid.body.data.attributes.status).toBe('succeeded');
  });

  test('hard declines (stolen, lost, fraudulent) are never tried again with that card', async () => {
    for (const [number, code] of [
      [CARDS.stolenCard, 'stolen_card'],
      [CARDS.lostCard, 'lost_card'],
      [CARDS.fraudulent, 'fraudulent'],
    ] as const) {
      const s = await shopper(t);
      const card = await saveCard(t, s, number);
      const { orderId, response } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
      const checkoutId = response.body.meta.checkout.checkout_id;
      const [error] = expectError(
        await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card }),
        402,
        'PAYMENT_DECLINED',
      );
      expect(error!.meta).toMatchObject({ decline_code: code, hard_decline: true });
      expect((await s.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes.state).toBe(
        'not_authorized',
      );
      expectError(
        await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card }),
        402,
        'PAYMENT_DECLINED',
      );
      expect(await intentsOf(checkoutId)).toHaveLength(1);
    }
  });

  test('3-D Secure: requires_action with the challenge; approved pays, failed declines', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.threeDSecure);
    for (const outcome of ['fail', 'complete'] as const) {
      const { orderId } =
        outcome === 'fail'
          ? await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]))
          : await place(s, await basketOf(s.visitor, [[DISH.mushroom, 2]]));
      const started = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const { status, next_action_url: challenge } = started.body.data.attributes;
      expect(status).toBe('requires_action');
      expect(challenge).toContain('/sandbox/stripe/3ds/');
      const back = await answerChallenge(t, challenge, outcome);
      expect(back.pathname).toBe(`/payment/${orderId}`);
      const intentId = back.searchParams.get('payment_intent')!;
      const confirmed = await s.visitor.post(`${API}/orders/confirm`, {
        order_id: orderId,
        payment_intent_id: intentId,
      });
      if (outcome === 'fail') {
        expectError(confirmed, 402, 'PAYMENT_DECLINED');
        expect((await s.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes.state).toBe(
          'payment_pending',
        );
        await t.database.db.delete(baskets).where(eq(baskets.customerId, s.customerId));
      } else {
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
        expect(confirmed.body.data[0].attributes.state).toBe('paid');
      }
    }
  });
});

describe('PayPal without a saved account', () => {
  test('approval at PayPal, back to /paypal-confirmation, then /orders/confirm pays; a cancel does not', async () => {
    const s = await shopper(t);
    for (const action of ['cancel', 'approve'] as const) {
      const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
      const started = await s.visitor.post(`${API}/payments`, {
        order_id: orderId,
        payment_method_type: 'PaypalAccount',
        payment_processor_name: 'paypal',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body.data.attributes).toMatchObject({
        status: 'requires_action',
        payment_processor_name: 'paypal',
      });
      const approval = new URL(started.body.data.attributes.next_action_url);
      expect(approval.pathname).toMatch(/^\/sandbox\/paypal\/approve\//);
      const answered = await t.app.inject({
        method: 'POST',
        url: `${approval.pathname}${approval.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams({ action, email: 'buyer@example.com' }).toString(),
      });
      expect(answered.statusCode).toBe(303);
      const back = new URL(String(answered.headers.location), 'http://localhost');
      expect(back.pathname).toBe('/paypal-confirmation');
      expect(back.searchParams.get('order_id')).toBe(orderId);
      const confirmed = await s.visitor.post(`${API}/orders/confirm`, {
        order_id: orderId,
        payment_intent_id: back.searchParams.get('payment_intent') ?? back.searchParams.get('token'),
      });
      if (action === 'cancel') {
        expectError(confirmed, 402, 'PAYMENT_DECLINED');
        await t.database.db.delete(baskets).where(eq(baskets.customerId, s.customerId));
      } else {
        expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
        expect(confirmed.body.data[0].attributes.state).toBe('paid');
      }
    }
  });
});

describe('store credit and the 30p minimum', () => {
  async function withCredit(amount: number) {
    const s = await shopper(t);
    await t.database.db.update(customers).set({ storeCredits: amount }).where(eq(customers.id, s.customerId));
    return s;
  }

  test('credit that covers the total pays without a card; every movement is listed', async () => {
    const s = await withCredit(5000);
    const { orderId, response } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    expect(response.body.meta.checkout).toMatchObject({
      credit_applied: 2299,
      amount_to_charge: 0,
      request_card: true,
    });
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.attributes).toMatchObject({
      status: 'succeeded',
      amount: 0,
      credit_amount: 2299,
      payment_processor_name: 'none',
    });
    expect(await intentsOf(response.body.meta.checkout.checkout_id)).toEqual([]);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, s.customerId));
    expect(customer!.storeCredits).toBe(5000 - 2299);
    const movements = await s.visitor.get(`${API}/store_credit_transactions`);
    expect(movements.body.data[0].attributes).toMatchObject({ amount: -2299, balance_after: 2701 });
  });

  test('nothing under 30p is ever sent to the processor; a declined card gives the credit back', async () => {
    const s = await withCredit(2299 - 10);
    const card = await saveCard(t, s, CARDS.visa);
    const { orderId, response } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    expect(response.body.meta.checkout).toMatchObject({ credit_applied: 2299 - 30, amount_to_charge: 30 });
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    expect(paid.body.data.attributes).toMatchObject({ status: 'succeeded', amount: 30, credit_amount: 2269 });
    const amounts = await t.database.db
      .select({ amount: sandboxPaymentIntents.amount })
      .from(sandboxPaymentIntents);
    expect(amounts.every(({ amount }) => amount >= 30)).toBe(true);

    const t2 = await withCredit(1000);
    const poor = await saveCard(t, t2, CARDS.insufficientFunds);
    const second = await place(t2, await basketOf(t2.visitor, [[DISH.beefShin, 2]]));
    expectError(
      await t2.visitor.post(`${API}/payments`, { order_id: second.orderId, payment_method_id: poor }),
      402,
      'PAYMENT_DECLINED',
    );
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, t2.customerId));
    expect(after!.storeCredits).toBe(1000);
    const movements = await t.database.db
      .select()
      .from(storeCreditTransactions)
      .where(eq(storeCreditTransactions.customerId, t2.customerId));
    expect(movements.map((m) => m.amount).sort((a, b) => a - b)).toEqual([-1000, 1000]);
  });
});

describe('races (issue 4 part 8)', { timeout: 120_000 }, () => {
  test('50 concurrent confirms of one basket: one checkout, one order set, one charge', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]]);
    const placed = await Promise.all(
      Array.from({ length: 50 }, () => s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketId))),
    );
    expect(placed.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(placed.filter((r) => r.status === 201)).toHaveLength(1);
    const ids = new Set(placed.map((r) => r.body.data[0].id));
    expect(ids.size).toBe(1);
    const [orderId] = [...ids];
    const paid = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card }),
      ),
    );
    expect(paid.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const checkoutId = placed[0]!.body.meta.checkout.checkout_id;
    const charged = await intentsOf(checkoutId);
    expect(charged).toHaveLength(1);
    expect(charged[0]!.status).toBe('succeeded');
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'succeeded')));
    expect(rows).toHaveLength(1);
    // One checkout of the basket; the plan it started has a checkout for each of its boxes ahead.
    const made = await t.database.db.select().from(checkouts).where(eq(checkouts.customerId, s.customerId));
    expect(made.filter((checkout) => checkout.kind === 'recipe_kit')).toHaveLength(1);
    expect(made.filter((checkout) => checkout.kind !== 'plan_week')).toHaveLength(1);
  });

  test('a payment retried with its idempotency key charges once and replays the answer', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const { orderId, response } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const key = { 'idempotency-key': `pay-${orderId}` };
    const first = await s.visitor.post(
      `${API}/payments`,
      { order_id: orderId, payment_method_id: card },
      key,
    );
    const retry = await s.visitor.post(
      `${API}/payments`,
      { order_id: orderId, payment_method_id: card },
      key,
    );
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await intentsOf(response.body.meta.checkout.checkout_id)).toHaveLength(1);
  });

  test('50 checkouts racing for the last 3 portions: 3 orders, stock 0, never below', async () => {
    const dish = DISH.cacioEPepe;
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(t)));
    const baskets = await Promise.all(
      shoppers.map((s) =>
        basketOf(s.visitor, [
          [dish, 1],
          [DISH.mushroom, 1],
        ]),
      ),
    );
    await t.database.db
      .update(productVariants)
      .set({ quantityAvailable: 3 })
      .where(eq(productVariants.id, Number(variantId(dish))));
    const results = await Promise.all(
      shoppers.map((s, i) => s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, baskets[i]!))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of results.filter((r) => r.status !== 201)) expectError(refused, 409, 'OUT_OF_STOCK');
    expect(await stockOf(dish)).toBe(0);
  });

  test('a single-use voucher applied in 50 baskets at once is redeemed once', async () => {
    const [voucher] = await t.database.db
      .insert(vouchers)
      .values({
        code: 'RACE-ONCE',
        type: 'DiscountVoucher',
        valueType: 'fixed_amount',
        value: 500,
        usageLimit: 1,
      })
      .returning();
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(t)));
    const basketIds = await Promise.all(shoppers.map((s) => basketOf(s.visitor, [[DISH.beefShin, 2]])));
    const applied = await Promise.all(
      shoppers.map((s, i) =>
        s.visitor.post(`${API}/baskets/${basketIds[i]}/vouchers`, { code: 'race-once' }),
      ),
    );
    expect(applied.filter((r) => r.status < 300).length).toBeGreaterThanOrEqual(1);
    const results = await Promise.all(
      shoppers.map((s, i) => s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketIds[i]!))),
    );
    const withVoucher = results.filter(
      (r) => r.status === 201 && r.body.data[0].attributes.voucher_code === 'RACE-ONCE',
    );
    expect(withVoucher).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, 400, 'VOUCHER_INVALID');
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher!.id));
    expect(row!.timesRedeemed).toBe(1);
  });
});
