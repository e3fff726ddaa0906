import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { baskets, basketItems } from '../../db/schema/baskets';
import { orders } from '../../db/schema/orders';
import { API, expectError, variantId } from '../../test/api-expect';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { basketOf, DISH, place, shopper } from '../../test/checkout';
import { planCustomer, weeksOf, type PlanCustomer } from '../../test/plans';
import { TEST_NOW, WEEKS } from '../../test/test-clock';

// The order calls on a plan's box and on orders on their way (spec §7 Orders; issue 12 part 1): the day, the
// address, a voucher, the chef's selection, a basket's dishes put into a coming box, and the invoice. Each
// refuses another customer's order (404) and what can no longer change.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await clearRateLimits(t);
});
afterAll(() => t.close());

const order = (id: string) => `${API}/orders/${id}`;
async function nextBox(c: PlanCustomer) {
  const weeks = await weeksOf(c);
  return weeks.find((w) => w.attributes.start_date === WEEKS.later)!.attributes.order_id as string;
}

describe('POST /orders/{id}/voucher and /remove_voucher', () => {
  test('a code on a coming box takes its discount off; removing it puts the price back', async () => {
    const c = await planCustomer(t);
    const box = await nextBox(c);
    const before = (await c.visitor.get(order(box))).body.data.attributes;
    const applied = await c.visitor.post(`${order(box)}/voucher`, { code: 'oos-20' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.attributes).toMatchObject({
      voucher_code: 'OOS-20',
      discount: Math.round(before.subtotal * 0.2),
    });
    const removed = await c.visitor.post(`${order(box)}/remove_voucher`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.attributes).toMatchObject({
      voucher_code: null,
      discount: 0,
      total: before.total,
    });
    const history = await c.visitor.get(`${API}/subscriptions/${c.subscriptionId}/history`);
    expect(history.body.data.slice(0, 2).map((e: any) => e.attributes.action)).toEqual([
      'voucher_removed',
      'voucher_applied',
    ]);
  });

  test('unknown, expired, free-dish and already-used codes are refused with the reason', async () => {
    const c = await planCustomer(t);
    const box = await nextBox(c);
    expectError(await c.visitor.post(`${order(box)}/voucher`, { code: 'NOPE' }), 400, 'VOUCHER_INVALID');
    expectError(await c.visitor.post(`${order(box)}/voucher`, { code: 'SUMMER-10' }), 400, 'VOUCHER_INVALID');
    expectError(
      await c.visitor.post(`${order(box)}/voucher`, { code: 'FREE-TIRAMISU' }),
      400,
      'VOUCHER_INVALID',
      'This code adds a free dish and can only be used at checkout',
    );
    // WELCOME-15 is for new customers: this one has paid an order.
    expectError(
      await c.visitor.post(`${order(box)}/voucher`, { code: 'WELCOME-15' }),
      400,
      'VOUCHER_INVALID',
    );
    expectError(await c.visitor.post(`${order(box)}/voucher`, { code: '' }), 400, 'VALIDATION_FAILED');
    expect((await c.visitor.get(order(box))).body.data.attributes.voucher_code).toBeNull();
  });

  test('a box paid at checkout, a box past its cutoff and another customer’s box are refused', async () => {
    const c = await planCustomer(t);
    expectError(
      await c.visitor.post(`${order(c.firstOrderId)}/voucher`, { code: 'OOS-20' }),
      400,
      'ORDER_INVALID',
    );
    const box = await nextBox(c);
    const other = await shopper(t);
    expectError(
      await other.visitor.post(`${order(box)}/voucher`, { code: 'OOS-20' }),
      404,
      'ORDER_NOT_FOUND',
    );
    expectError(await other.visitor.post(`${order(box)}/remove_voucher`), 404, 'ORDER_NOT_FOUND');
    t.clock.set(new Date('2026-11-27T12:00:00Z'));
    expectError(await c.visitor.post(`${order(box)}/voucher`, { code: 'OOS-20' }), 409, 'WEEK_UNAVAILABLE');
  });
});

describe('POST /orders/{id}/chef_selections', () => {
  test('the box goes back to the chef’s dishes; another customer’s box is 404', async () => {
    const c = await planCustomer(t);
    const box = await nextBox(c);
    const weeks = await weeksOf(c);
    const w = weeks.find((x) => x.attributes.order_id === box)!;
    await c.visitor.put(`${API}/schedule_weeks/${w.id}`, {
      items: [{ product_variant_id: variantId(DISH.pumpkin), quantity: 3 }],
    });
    const chef = await c.visitor.post(`${order(box)}/chef_selections`);
    expect(chef.status, JSON.stringify(chef.body)).toBe(200);
    expect(chef.body.data.relationships.line_items.data).toHaveLength(2);
    const other = await shopper(t);
    expectError(await other.visitor.post(`${order(box)}/chef_selections`), 404, 'ORDER_NOT_FOUND');
  });
});

describe('POST /orders/{id}/delivery_date', () => {
  test('a coming box and the box paid at checkout move within their week before the cutoff; not after', async () => {
    const c = await planCustomer(t);
    const box = await nextBox(c);
    const moved = await c.visitor.post(`${order(box)}/delivery_date`, { delivery_date: '2026-12-04' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.attributes.delivery_date).toBe('2026-12-04');
    const first = await c.visitor.post(`${order(c.firstOrderId)}/delivery_date`, {
      delivery_date: '2026-11-26',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.attributes.delivery_date).toBe('2026-11-26');
    // The paid box keeps what it cost (no new fee): only its day moves.
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, c.firstOrderId));
    expect(paid!.state).toBe('paid');
    expectError(
      await c.visitor.post(`${order(box)}/delivery_date`, { delivery_date: '2026-12-09' }),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
    const other = await shopper(t);
    expectError(
      await other.visitor.post(`${order(box)}/delivery_date`, { delivery_date: '2026-12-03' }),
      404,
      'ORDER_NOT_FOUND',
    );
    t.clock.set(new Date('2026-11-20T12:00:00Z'));
    expectError(
      await c.visitor.post(`${order(c.firstOrderId)}/delivery_date`, { delivery_date: '2026-11-27' }),
      409,
      'WEEK_UNAVAILABLE',
    );
  });

  test('a one-off box moves while its day can still be ordered', async () => {
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]], false);
    const { orderId } = await place(s, basketId);
    const moved = await s.visitor.post(`${order(orderId)}/delivery_date`, { delivery_date: '2026-11-27' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.attributes.delivery_date).toBe('2026-11-27');
    expectError(
      await s.visitor.post(`${order(orderId)}/delivery_date`, { delivery_date: '2026-11-29' }),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
  });
});

describe('PUT /orders/{id}/shipping_address/{addressId}', () => {
  test('until dispatch, to one of the customer’s addresses we deliver to that day', async () => {
    const c = await planCustomer(t);
    const address = await c.visitor.post(`${API}/addresses`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address1: '1 Horse Guards Road',
      city: 'London',
      zip: 'SW1A 2HQ',
      phone: '07911 123456',
    });
    const sent = await c.visitor.put(`${order(c.firstOrderId)}/shipping_address/${address.body.data.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.attributes.shipping_address.address1).toBe('1 Horse Guards Road');
    const other = await shopper(t);
    expectError(
      await c.visitor.put(`${order(c.firstOrderId)}/shipping_address/${other.addressId}`),
      404,
      'ADDRESS_NOT_FOUND',
    );
    expectError(
      await other.visitor.put(`${order(c.firstOrderId)}/shipping_address/${other.addressId}`),
      404,
      'ORDER_NOT_FOUND',
    );
    // Dispatched the day before delivery at 2pm: then it is too late.
    t.clock.set(new Date('2026-11-24T14:00:00Z'));
    expectError(
      await c.visitor.put(`${order(c.firstOrderId)}/shipping_address/${c.addressId}`),
      400,
      'ORDER_INVALID',
      /dispatched/,
    );
  });
});

describe('PUT /orders/{id}: the delivery note', () => {
  test('changes until the box is dispatched, for its customer only', async () => {
    const c = await planCustomer(t);
    const changed = await c.visitor.put(order(c.firstOrderId), { delivery_note: 'Behind the bins' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes.delivery_note).toBe('Behind the bins');
    const other = await shopper(t);
    expectError(
      await other.visitor.put(order(c.firstOrderId), { delivery_note: 'Mine' }),
      404,
      'ORDER_NOT_FOUND',
    );
    t.clock.set(new Date('2026-11-24T14:00:00Z'));
    expectError(
      await c.visitor.put(order(c.firstOrderId), { delivery_note: 'Too late' }),
      400,
      'ORDER_INVALID',
      'This order has been dispatched: its note can no longer change',
    );
  });
});

describe('POST /orders: a basket’s dishes into a coming box', () => {
  test('the dishes of that week join the box (charged with it); the rest of the basket stays', async () => {
    const c = await planCustomer(t);
    const box = await nextBox(c);
    const before = (await c.visitor.get(order(box))).body.data.attributes.subtotal as number;
    const basketId = await basketOf(c.visitor, [
      [DISH.pumpkin, 1, WEEKS.later],
      [DISH.carbonara, 2, WEEKS.later],
      [DISH.mushroom, 2, WEEKS.next],
    ]);
    const weeks = await weeksOf(c);
    const w = weeks.find((x) => x.attributes.start_date === WEEKS.later)!;
    const added = await c.visitor.post(`${API}/orders`, { basket_id: basketId, schedule_week_id: w.id });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.id).toBe(box);
    expect(added.body.data.attributes.subtotal).toBe(before + 950 + 2 * 900);
    const left = await t.database.db.select().from(basketItems).where(eq(basketItems.basketId, basketId));
    expect(left.map((item) => item.mealWeek)).toEqual([WEEKS.next]);
    expect((await c.visitor.get(`${API}/schedule_weeks/${w.id}`)).body.data.attributes.recipes_chosen).toBe(
      true,
    );
  });

  test('no dishes for that week, another customer’s week, a stranger’s basket and a closed week are refused', async () => {
    const c = await planCustomer(t);
    const weeks = await weeksOf(c);
    const w = weeks.find((x) => x.attributes.start_date === WEEKS.later)!;
    const basketId = await basketOf(c.visitor, [[DISH.mushroom, 2, WEEKS.next]]);
    expectError(
      await c.visitor.post(`${API}/orders`, { basket_id: basketId, schedule_week_id: w.id }),
      400,
      'BASKET_EMPTY',
    );
    const other = await shopper(t);
    const theirs = await basketOf(other.visitor, [[DISH.pumpkin, 2, WEEKS.later]]);
    expectError(
      await other.visitor.post(`${API}/orders`, { basket_id: theirs, schedule_week_id: w.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await c.visitor.post(`${API}/orders`, { basket_id: theirs, schedule_week_id: w.id }),
      404,
      'BASKET_NOT_FOUND',
    );
    t.clock.set(new Date('2026-11-27T12:30:00Z'));
    const [mine] = await t.database.db.select().from(baskets).where(eq(baskets.id, basketId));
    expect(mine).toBeDefined();
    expectError(
      await c.visitor.post(`${API}/orders`, { basket_id: basketId, schedule_week_id: w.id }),
      409,
      'WEEK_UNAVAILABLE',
    );
  });
});

describe('POST /orders/{id}/send_invoice', () => {
  test('a paid order’s invoice is emailed; an unpaid box has none; another customer’s order is 404', async () => {
    const c = await planCustomer(t);
    const sent = await c.visitor.post(`${order(c.firstOrderId)}/send_invoice`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.attributes).toEqual({ order_id: c.firstOrderId, sent_to: c.email });
    const [invoice] = await emailsTo(t, c.email, 'order_invoice');
    expect(invoice!.subject).toMatch(/^Your invoice for Sfoglia order #\d+$/);
    expect(invoice!.text).toContain('Paid with: Visa ending 4242, £20.99');
    expect(invoice!.text).toContain('VAT: £0.00');
    expectError(await c.visitor.post(`${order(await nextBox(c))}/send_invoice`), 409, 'CONFLICT');
    const other = await shopper(t);
    expectError(await other.visitor.post(`${order(c.firstOrderId)}/send_invoice`), 404, 'ORDER_NOT_FOUND');
  });
});

describe('the customer’s order flags', () => {
  test('are false for a new customer and true once a plan’s box is paid', async () => {
    const s = await shopper(t);
    expect((await s.visitor.get(`${API}/me`)).body.data.attributes).toMatchObject({
      has_shopify_orders: false,
      has_subscription_orders: false,
      has_takeaway_orders: false,
    });
    const c = await planCustomer(t);
    expect((await c.visitor.get(`${API}/me`)).body.data.attributes).toMatchObject({
      has_shopify_orders: true,
      has_subscription_orders: true,
      has_takeaway_orders: false,
    });
  });
});
