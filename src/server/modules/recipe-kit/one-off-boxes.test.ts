import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { baskets } from '../../db/schema/baskets';
import { orders } from '../../db/schema/orders';
import { API, expectError, variantGid } from '../../test/api-expect';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { CARDS, FIRST_DELIVERY, orderBody, saveCard, shopper } from '../../test/checkout';
import { WEEKS } from '../../test/test-clock';

// Issue 19 items 3 and 11 through the API, on the clock of Wednesday 18 November 2026 10:00: a one-off box's
// basket shows the total that is charged, its one-off fee named (one domain function for the basket, the
// preview and the orders), and it is a basket of its own that never mixes with a plan's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

/** Dishes on each week's demo menu, with their Regular price. */
const MENU: Record<string, number[]> = {
  [WEEKS.current]: [1],
  [WEEKS.next]: [1, 2, 4, 6, 10],
  [WEEKS.later]: [6, 10],
};
/** A day in the week of the first box: this week's soonest next-day delivery (Thursday), else a Wednesday. */
const FIRST_DAY: Record<string, string> = {
  [WEEKS.current]: '2026-11-19',
  [WEEKS.next]: FIRST_DELIVERY,
  [WEEKS.later]: '2026-12-02',
};
const firstDeliveryFor = (weeks: string[]) => FIRST_DAY[weeks[0]!]!;

async function basketOfKind(
  visitor: Visitor,
  oneOff: boolean,
  lines: [dish: number, qty: number, week: string][],
) {
  const created = await visitor.post(`${API}/baskets`, {
    type: 'RecipeKitBasket',
    start_subscription: !oneOff,
  });
  expect([200, 201]).toContain(created.status);
  const id = created.body.data.id as string;
  for (const [dish, quantity, week] of lines) {
    const added = await visitor.post(`${API}/baskets/${id}/items`, {
      product_variant_id: variantGid(dish),
      quantity,
      meal_week: week,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  return id;
}

describe('the total a basket shows is the total charged (issue 19 item 3)', () => {
  test('property: for any basket, plan or one-off, the basket’s total is the preview’s, the orders’ and the card’s charge', async () => {
    const lineArb = (weeks: string[]) =>
      fc.uniqueArray(
        fc.record({
          week: fc.constantFrom(...weeks),
          dish: fc.nat(4),
          quantity: fc.integer({ min: 2, max: 3 }),
        }),
        {
          minLength: 1,
          maxLength: 4,
          selector: (line) => `${line.week}:${line.dish % MENU[line.week]!.length}`,
        },
      );
    const basketArb = fc.boolean().chain((oneOff) =>
      fc.record({
        oneOff: fc.constant(oneOff),
        lines: lineArb(oneOff ? [WEEKS.current, WEEKS.next, WEEKS.later] : [WEEKS.next, WEEKS.later]),
      }),
    );
    await fc.assert(
      fc.asyncProperty(basketArb, async ({ oneOff, lines }) => {
        const s = await shopper(t);
        const id = await basketOfKind(
          s.visitor,
          oneOff,
          lines.map((line) => {
            const dishes = MENU[line.week]!;
            return [dishes[line.dish % dishes.length]!, line.quantity, line.week];
          }),
        );
        const shown = (await s.visitor.get(`${API}/baskets/${id}`)).body.data.attributes;
        const weeks = shown.weeks.map((w: { meal_week: string }) => w.meal_week);
        expect(shown.one_off_fee).toBe(oneOff ? 299 * weeks.length : 0);
        expect(shown.total).toBe(shown.subtotal_price + shown.shipping_price);

        const fee = (await s.visitor.post(`${API}/baskets/${id}/preview_one_off_fee`)).body.data.attributes;
        expect([fee.fee, fee.total]).toEqual([shown.one_off_fee, shown.total]);

        const body = orderBody(s, id, { delivery_date: firstDeliveryFor(weeks) });
        const preview = await s.visitor.post(`${API}/preview_order`, body);
        expect(preview.status, JSON.stringify(preview.body)).toBe(200);
        expect(preview.body.meta.checkout.total).toBe(shown.total);
        const placed = await s.visitor.post(`${API}/orders/recipe_kits`, body);
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        expect(placed.body.meta.checkout.total).toBe(shown.total);
        for (const [index, order] of (placed.body.data as any[]).entries()) {
          const week = shown.weeks[index];
          expect(order.attributes).toMatchObject({
            shipping_price: week.charge,
            one_off_fee: week.one_off_fee,
            total: week.subtotal + week.charge,
          });
        }
        const card = await saveCard(t, s, CARDS.visa);
        const paid = await s.visitor.post(`${API}/payments`, {
          order_id: placed.body.data[0].id,
          payment_method_id: card,
        });
        expect(paid.body.data.attributes).toMatchObject({ status: 'succeeded', amount: shown.total });
      }),
      { numRuns: 6 },
    );
  });

  test('a one-off box’s receipt names its fee: on the order and in the confirmation email', async () => {
    const s = await shopper(t);
    const id = await basketOfKind(s.visitor, true, [[1, 1, WEEKS.current]]);
    const shown = (await s.visitor.get(`${API}/baskets/${id}`)).body.data.attributes;
    expect(shown).toMatchObject({ subtotal_price: 1050, shipping_price: 498, one_off_fee: 299, total: 1548 });
    const placed = await s.visitor.post(
      `${API}/orders/recipe_kits`,
      orderBody(s, id, { delivery_date: '2026-11-19' }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const card = await saveCard(t, s, CARDS.visa);
    const orderId = placed.body.data[0].id as string;
    await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ source: 'one_off', shippingPrice: 498, oneOffFee: 299, total: 1548 });
    const [email] = await emailsTo(t, s.email, 'order_confirmation');
    expect(email!.text).toContain(
      [
        'Dishes: £10.50',
        'Delivery: £1.99',
        'One-off box fee: £2.99',
        'Total: £15.48',
        'Charged to Visa ending 4242: £15.48',
      ].join('\n'),
    );
  });
});

describe('a plan’s basket and a one-off box never mix (issue 19 item 11)', () => {
  test('a plan’s dishes become a one-off box only while no one-off box holds dishes; an empty one makes way', async () => {
    const s = await shopper(t);
    const oneOff = await basketOfKind(s.visitor, true, [[1, 1, WEEKS.current]]);
    const plan = await basketOfKind(s.visitor, false, [[2, 2, WEEKS.next]]);
    expectError(
      await s.visitor.put(`${API}/baskets/${plan}`, { start_subscription: false }),
      409,
      'CONFLICT',
      'You already have a one-off box in your basket. Check it out or empty it first, then try again.',
    );
    // Nothing moved: each basket holds its own dishes.
    const [planRow] = await t.database.db.select().from(baskets).where(eq(baskets.id, plan));
    expect(planRow!.startSubscription).toBe(true);

    const [item] = (await s.visitor.get(`${API}/baskets/${oneOff}`)).body.included;
    expect((await s.visitor.delete(`${API}/baskets/${oneOff}/items/${item.id}`)).status).toBe(200);
    const moved = await s.visitor.put(`${API}/baskets/${plan}`, { start_subscription: false });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({
      start_subscription: false,
      one_off_fee_applicable: true,
      one_off_fee: 299,
    });
    expect(await t.database.db.select().from(baskets).where(eq(baskets.id, oneOff))).toEqual([]);

    // This week's dish can go only into a one-off box: the plan's week closed on Friday.
    const fresh = await basketOfKind(s.visitor, false, []);
    expectError(
      await s.visitor.post(`${API}/baskets/${fresh}/items`, {
        product_variant_id: variantGid(1),
        quantity: 1,
        meal_week: WEEKS.current,
      }),
      409,
      'WEEK_UNAVAILABLE',
    );
  });

  test('another customer’s basket cannot be changed into anything: 404', async () => {
    const s = await shopper(t);
    const theirs = await basketOfKind(s.visitor, true, [[1, 1, WEEKS.current]]);
    const other = await shopper(t);
    expectError(
      await other.visitor.put(`${API}/baskets/${theirs}`, { start_subscription: true }),
      404,
      'BASKET_NOT_FOUND',
    );
  });
});
