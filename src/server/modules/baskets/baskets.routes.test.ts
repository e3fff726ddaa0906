import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { basketItems } from '../../db/schema/baskets';
import { productVariants } from '../../db/schema/catalogue';
import { dishesForWeek } from '../../db/seed/demo-seed';
import { API, expectError, variantGid, variantId } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { TEST_NOW, WEEKS } from '../../test/test-clock';
import type { IsoDate } from '../../../domain/calendar';

// The basket API (spec §3 Basket, §4 Baskets, §5 week validity, §7 Baskets, §9 fees) through app.inject on a
// fresh database. Each test works with its own visitor, so tests do not see each other's baskets.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

// Demo dishes these tests lean on (src/server/db/seed/dishes.ts).
const BEEF_SHIN = 1; // £10.50 regular, £18.90 double; on next week's menu
const CACIO_E_PEPE = 2; // £8.50
const MUSHROOM = 4; // £9.50
const PUMPKIN = 6; // £9.50; next week and the week after
const KIDS_MEATBALLS = 9; // £6.50
const WILD_BOAR = 12; // sold out
const SAUSAGE = 13; // £9.50, stock 95
const ANCHOVY = 17; // not on next week's menu, on the week after
const HIDDEN_DUCK = 36; // tagged hide-from-menu
const CANNOLI = 43; // £5.00, stock 5
const CHOC_POT = 45; // £5.00
const DATE_NIGHT = 47; // a listed bundle
const PASTA_LOVERS = 49; // a bundle left off the bundles list
const GIFT_BOX = 50;

const menuOf = (week: string) => new Set(dishesForWeek(week as IsoDate).map((dish) => dish.n));

async function newBasket(type: 'RecipeKitBasket' | 'TakeawayBasket' = 'RecipeKitBasket') {
  const visitor = t.visitor();
  const created = await visitor.post(`${API}/baskets`, { type, start_subscription: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { visitor, id: created.body.data.id as string };
}

function add(
  visitor: Visitor,
  basketId: string,
  dish: number,
  quantity: number,
  {
    week = WEEKS.next as string,
    double = false,
    headers,
  }: { week?: string; double?: boolean; headers?: Record<string, string> } = {},
) {
  return visitor.post(
    `${API}/baskets/${basketId}/items`,
    { product_variant_id: variantGid(dish, double), quantity, meal_week: week },
    headers,
  );
}

const attributes = (response: { body: any }) => response.body.data.attributes;
const lines = (response: { body: any }) =>
  (response.body.included as any[]).map((item) => ({ id: item.id, ...item.attributes }));

async function setStock(dish: number, quantityAvailable: number, double = false) {
  await t.database.db
    .update(productVariants)
    .set({ quantityAvailable })
    .where(eq(productVariants.id, Number(variantId(dish, double))));
}

test('the demo menu is what these tests assume', () => {
  const next = menuOf(WEEKS.next);
  const later = menuOf(WEEKS.later);
  for (const dish of [
    BEEF_SHIN,
    CACIO_E_PEPE,
    MUSHROOM,
    PUMPKIN,
    KIDS_MEATBALLS,
    WILD_BOAR,
    SAUSAGE,
    CANNOLI,
  ]) {
    expect(next.has(dish), `dish ${dish} next week`).toBe(true);
  }
  expect(next.has(ANCHOVY)).toBe(false);
  expect(later.has(ANCHOVY)).toBe(true);
  expect(later.has(PUMPKIN)).toBe(true);
  expect(later.has(KIDS_MEATBALLS)).toBe(true);
  // The hidden products are in the weekly collections: only the menu rules keep them off the menu.
  for (const dish of [HIDDEN_DUCK, GIFT_BOX, PASTA_LOVERS, DATE_NIGHT]) expect(next.has(dish)).toBe(true);
});

describe('GET and POST /baskets', () => {
  test('a new visitor has no baskets, and reading does not hand out a cookie', async () => {
    const visitor = t.visitor();
    const listed = await visitor.get(`${API}/baskets`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [],
      included: [],
      meta: { minimum_spend: 1000, minimum_spend_per_order: 1000, request_card: false },
    });
    expect(listed.headers['set-cookie']).toBeUndefined();
  });

  test('the first POST creates the basket (201); the second returns the same basket (200)', async () => {
    const visitor = t.visitor();
    const first = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true });
    expect(first.status).toBe(201);
    expect(String(first.headers['set-cookie'])).toMatch(/^sfoglia_vid=/);
    expect(first.body.data).toMatchObject({ type: 'baskets', relationships: { items: { data: [] } } });
    expect(first.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(attributes(first)).toMatchObject({
      type: 'RecipeKitBasket',
      start_subscription: true,
      delivery_date: null,
      frequency: null,
      delivery_note: null,
      voucher_code: null,
      total_line_items_price: 0,
      total_discount: 0,
      subtotal_price: 0,
      shipping_price: 0,
      total_price: 0,
      total: 0,
      item_count: 0,
      weeks: [],
      shipment: { items: [] },
    });
    expect(attributes(first).basket_key).toMatch(/^[\w-]{16,}$/);
    expect(first.body.included).toEqual([]);
    expect(first.body.meta).toEqual({
      minimum_spend: 1000,
      minimum_spend_per_order: 1000,
      request_card: true,
    });

    const second = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(attributes(second).basket_key).toBe(attributes(first).basket_key);

    const listed = await visitor.get(`${API}/baskets`);
    expect(listed.body.data.map((basket: any) => basket.id)).toEqual([first.body.data.id]);
  });

  test('a one-off box has a basket of its own beside the plan’s: the two never mix (issue 19)', async () => {
    const visitor = t.visitor();
    const plan = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true });
    const oneOff = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: false,
    });
    expect(oneOff.status).toBe(201);
    expect(oneOff.body.data.id).not.toBe(plan.body.data.id);
    expect(attributes(oneOff)).toMatchObject({ start_subscription: false, one_off_fee_applicable: true });
    const again = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: false,
    });
    expect([again.status, again.body.data.id]).toEqual([200, oneOff.body.data.id]);
    // This week's dish goes into the one-off box (it can still come next day); the plan's stays empty.
    const added = await visitor.post(`${API}/baskets/${oneOff.body.data.id}/items`, {
      product_variant_id: variantGid(1),
      quantity: 1,
      meal_week: WEEKS.current,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(attributes(await visitor.get(`${API}/baskets/${plan.body.data.id}`)).item_count).toBe(0);
    const listed = await visitor.get(`${API}/baskets`);
    expect(listed.body.data.map((basket: any) => basket.id).sort()).toEqual(
      [plan.body.data.id, oneOff.body.data.id].sort(),
    );
  });

  test('a takeaway basket is separate and does not start a plan by default', async () => {
    const { visitor, id: recipeId } = await newBasket();
    const takeaway = await visitor.post(`${API}/baskets`, { type: 'TakeawayBasket' });
    expect(takeaway.status).toBe(201);
    expect(takeaway.body.data.id).not.toBe(recipeId);
    expect(attributes(takeaway)).toMatchObject({ type: 'TakeawayBasket', start_subscription: false });
    expect(takeaway.body.meta.request_card).toBe(false);

    await add(visitor, recipeId, BEEF_SHIN, 1);
    const listed = await visitor.get(`${API}/baskets`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((b: any) => [b.id, b.attributes.type])).toEqual([
      [recipeId, 'RecipeKitBasket'],
      [takeaway.body.data.id, 'TakeawayBasket'],
    ]);
    expect(listed.body.data[0].relationships.items.data).toEqual([
      { id: listed.body.included[0].id, type: 'basket_items' },
    ]);
    expect(listed.body.included).toHaveLength(1);
    expect(listed.body.included[0].attributes.product_variant_id).toBe(variantId(BEEF_SHIN));
    expect(listed.body.meta.request_card).toBe(true);
  });

  test('two concurrent POSTs from one visitor make one basket', async () => {
    const visitor = t.visitor();
    // The visitor's cookie comes with its first basket; then two tabs race to create the recipe-kit one.
    expect((await visitor.post(`${API}/baskets`, { type: 'TakeawayBasket' })).status).toBe(201);
    const body = { type: 'RecipeKitBasket', start_subscription: true };
    const answers = await Promise.all([
      visitor.post(`${API}/baskets`, body),
      visitor.post(`${API}/baskets`, body),
      visitor.post(`${API}/baskets`, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const listed = await visitor.get(`${API}/baskets`);
    expect(listed.body.data.map((b: any) => b.attributes.type).sort()).toEqual([
      'RecipeKitBasket',
      'TakeawayBasket',
    ]);
  });
});

describe('GET, PUT and DELETE /baskets/{id}', () => {
  test('GET returns the basket; an unknown id is 404 with the spec message', async () => {
    const { visitor, id } = await newBasket();
    const got = await visitor.get(`${API}/baskets/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe(id);
    expect(attributes(got).type).toBe('RecipeKitBasket');
    expectError(
      await visitor.get(`${API}/baskets/00000000-0000-4000-8000-000000000000`),
      404,
      'BASKET_NOT_FOUND',
      'Has error and basket is destroyed',
    );
  });

  test('PUT sets the delivery date, frequency, note and whether it starts a plan', async () => {
    const { visitor, id } = await newBasket();
    const updated = await visitor.put(`${API}/baskets/${id}`, {
      delivery_date: '2026-11-24',
      frequency: 2,
      delivery_note: '  Leave it in the porch  ',
      start_subscription: false,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(attributes(updated)).toMatchObject({
      delivery_date: '2026-11-24',
      frequency: 2,
      delivery_note: 'Leave it in the porch',
      start_subscription: false,
    });
    expect(updated.body.meta.request_card).toBe(false);

    // Fields left out stay as they are; null clears; a blank note is no note.
    const cleared = await visitor.put(`${API}/baskets/${id}`, { delivery_date: null, delivery_note: '   ' });
    expect(attributes(cleared)).toMatchObject({
      delivery_date: null,
      frequency: 2,
      delivery_note: null,
      start_subscription: false,
    });
    const again = await visitor.get(`${API}/baskets/${id}`);
    expect(attributes(again)).toMatchObject({ delivery_date: null, frequency: 2, delivery_note: null });
  });

  test('delivery dates: no Sundays, nothing in the past, at most 21 days ahead', async () => {
    const { visitor, id } = await newBasket();
    expect((await visitor.put(`${API}/baskets/${id}`, { delivery_date: '2026-11-27' })).status).toBe(200);

    expectError(
      await visitor.put(`${API}/baskets/${id}`, { delivery_date: '2026-11-29' }),
      400,
      'VALIDATION_FAILED',
      'We do not deliver on Sundays',
    );
    for (const date of ['2026-11-17', '2020-01-04', '2026-12-10']) {
      expectError(
        await visitor.put(`${API}/baskets/${id}`, { delivery_date: date }),
        400,
        'VALIDATION_FAILED',
        'Choose a delivery date from today up to 21 days ahead',
      );
    }
    expect(attributes(await visitor.get(`${API}/baskets/${id}`)).delivery_date).toBe('2026-11-27');

    // Today (Wednesday 18 November) and exactly 21 days ahead are both allowed.
    for (const date of ['2026-11-18', '2026-12-09']) {
      const answer = await visitor.put(`${API}/baskets/${id}`, { delivery_date: date });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(attributes(answer).delivery_date).toBe(date);
    }
  });

  test('DELETE removes the basket; every later call on it is 404 "Has error and basket is destroyed"', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, BEEF_SHIN, 1);
    const item = lines(await visitor.get(`${API}/baskets/${id}`))[0]!;

    const deleted = await visitor.delete(`${API}/baskets/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');

    const gone = 'Has error and basket is destroyed';
    expectError(await visitor.get(`${API}/baskets/${id}`), 404, 'BASKET_NOT_FOUND', gone);
    expectError(await visitor.put(`${API}/baskets/${id}`, { frequency: 1 }), 404, 'BASKET_NOT_FOUND', gone);
    expectError(await visitor.delete(`${API}/baskets/${id}`), 404, 'BASKET_NOT_FOUND', gone);
    expectError(await add(visitor, id, BEEF_SHIN, 1), 404, 'BASKET_NOT_FOUND', gone);
    expectError(
      await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 2 }),
      404,
      'BASKET_NOT_FOUND',
      gone,
    );
    expectError(await visitor.delete(`${API}/baskets/${id}/items/${item.id}`), 404, 'BASKET_NOT_FOUND', gone);
    expectError(
      await visitor.delete(`${API}/baskets/${id}/items/many`, { ids: [item.id] }),
      404,
      'BASKET_NOT_FOUND',
      gone,
    );
    expectError(await visitor.get(`${API}/baskets/${id}/validate`), 404, 'BASKET_NOT_FOUND', gone);
    expect((await visitor.get(`${API}/baskets`)).body.data).toEqual([]);

    // A new basket can be made afterwards, and it is a different one.
    const fresh = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.id).not.toBe(id);
    expect(attributes(fresh).item_count).toBe(0);
  });
});

describe('DELETE /baskets/delete_by_type/{type}', () => {
  test("removes the visitor's baskets of that type only", async () => {
    const { visitor, id: recipeId } = await newBasket();
    const takeaway = await visitor.post(`${API}/baskets`, { type: 'TakeawayBasket' });
    await add(visitor, recipeId, BEEF_SHIN, 1);

    const removed = await visitor.delete(`${API}/baskets/delete_by_type/TakeawayBasket`);
    expect(removed.status).toBe(204);
    let listed = await visitor.get(`${API}/baskets`);
    expect(listed.body.data.map((b: any) => b.id)).toEqual([recipeId]);
    expect(listed.body.included).toHaveLength(1);
    expectError(await visitor.get(`${API}/baskets/${takeaway.body.data.id}`), 404, 'BASKET_NOT_FOUND');

    // Deleting a type the visitor has none of is fine, and so is a visitor with no cookie.
    expect((await visitor.delete(`${API}/baskets/delete_by_type/TakeawayBasket`)).status).toBe(204);
    expect((await t.visitor().delete(`${API}/baskets/delete_by_type/RecipeKitBasket`)).status).toBe(204);
    listed = await visitor.get(`${API}/baskets`);
    expect(listed.body.data.map((b: any) => b.id)).toEqual([recipeId]);

    expect((await visitor.delete(`${API}/baskets/delete_by_type/RecipeKitBasket`)).status).toBe(204);
    expect((await visitor.get(`${API}/baskets`)).body).toMatchObject({ data: [], included: [] });
  });
});

describe('POST /baskets/{id}/items: lines and totals', () => {
  test('adding a dish makes a line with the dish, its price in pence and the totals', async () => {
    const { visitor, id } = await newBasket();
    const added = await add(visitor, id, BEEF_SHIN, 1);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const [line] = lines(added);
    expect(lines(added)).toHaveLength(1);
    expect(line).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Beef Shin Ragù Pappardelle',
      variant_title: 'Regular',
      sku: 'SFG-001-R',
      quantity: 1,
      price: 1050,
      discount: 0,
      total: 1050,
      image_url: '/media/100010.svg',
      is_addon: false,
      is_double: false,
      meal_week: WEEKS.next,
      tags: expect.arrayContaining(['meat', 'favourite']),
      product_variant_id: variantId(BEEF_SHIN),
      product_variant_ext_id: variantGid(BEEF_SHIN),
      product_id: '1001',
      product_ext_id: 'gid://shopify/Product/1001',
      quantity_available: 140,
    });
    expect(added.body.data.relationships.items.data).toEqual([{ id: line!.id, type: 'basket_items' }]);
    expect(attributes(added)).toMatchObject({
      total_line_items_price: 1050,
      total_discount: 0,
      subtotal_price: 1050,
      // No delivery day chosen yet: the default fee, £1.99 under £40.
      shipping_price: 199,
      total_price: 1249,
      total: 1249,
      item_count: 1,
      weeks: [
        {
          meal_week: WEEKS.next,
          label: '23 – 28 Nov',
          item_count: 1,
          line_items_price: 1050,
          discount: 0,
          subtotal: 1050,
          meets_minimum: true,
          minimum_remainder: 0,
          price: 199,
          threshold: 4000,
          free_delivery_remainder: 2950,
          orderable: true,
        },
      ],
      shipment: {
        items: [{ description: 'Delivery, 23 – 28 Nov', price: 199, threshold: 4000, root: true }],
      },
    });
  });

  test('adding the same dish again adds to its line; the double portion is its own line', async () => {
    const { visitor, id } = await newBasket();
    const first = await add(visitor, id, BEEF_SHIN, 1);
    const second = await add(visitor, id, BEEF_SHIN, 2);
    expect(second.status).toBe(201);
    expect(lines(second)).toHaveLength(1);
    expect(lines(second)[0]).toMatchObject({ id: lines(first)[0]!.id, quantity: 3, total: 3150 });
    expect(attributes(second)).toMatchObject({
      total_line_items_price: 3150,
      item_count: 3,
      shipping_price: 199,
    });
    expect(attributes(second).weeks[0].free_delivery_remainder).toBe(850);

    const double = await add(visitor, id, BEEF_SHIN, 1, { double: true });
    expect(lines(double).map((l) => [l.variant_title, l.is_double, l.sku, l.quantity, l.price])).toEqual([
      ['Regular', false, 'SFG-001-R', 3, 1050],
      ['Double Portion (Serves 2)', true, 'SFG-001-D', 1, 1890],
    ]);
    // 3 × £10.50 + £18.90 = £50.40: over £40, so delivery is free.
    expect(attributes(double)).toMatchObject({
      total_line_items_price: 5040,
      subtotal_price: 5040,
      shipping_price: 0,
      total_price: 5040,
      item_count: 4,
    });
    expect(attributes(double).weeks[0]).toMatchObject({ price: 0, free_delivery_remainder: 0 });
  });

  test('our numeric variant id works as well as the storefront gid', async () => {
    const { visitor, id } = await newBasket();
    const added = await visitor.post(`${API}/baskets/${id}/items`, {
      product_variant_id: variantId(CACIO_E_PEPE),
      quantity: 2,
      meal_week: WEEKS.next,
    });
    expect(added.status).toBe(201);
    expect(lines(added)[0]).toMatchObject({
      product_variant_id: variantId(CACIO_E_PEPE),
      quantity: 2,
      total: 1700,
    });
    const again = await add(visitor, id, CACIO_E_PEPE, 1);
    expect(lines(again)).toHaveLength(1);
    expect(lines(again)[0]!.quantity).toBe(3);
  });

  test('delivery fees follow the delivery day: £1.99 under £40 Monday to Friday, £2.99 under £50 on Saturday', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, BEEF_SHIN, 3); // £31.50
    let basket = await add(visitor, id, CACIO_E_PEPE, 1); // + £8.50 = exactly £40.00
    expect(attributes(basket)).toMatchObject({ subtotal_price: 4000, shipping_price: 0, total_price: 4000 });
    expect(attributes(basket).weeks[0]).toMatchObject({
      price: 0,
      threshold: 4000,
      free_delivery_remainder: 0,
    });

    basket = await visitor.put(`${API}/baskets/${id}`, { delivery_date: '2026-11-28' }); // a Saturday
    expect(basket.status).toBe(200);
    expect(attributes(basket)).toMatchObject({
      subtotal_price: 4000,
      shipping_price: 299,
      total_price: 4299,
    });
    expect(attributes(basket).weeks[0]).toMatchObject({
      price: 299,
      threshold: 5000,
      free_delivery_remainder: 1000,
    });
    expect(attributes(basket).shipment.items).toEqual([
      { description: 'Delivery, 23 – 28 Nov', price: 299, threshold: 5000, root: true },
    ]);

    basket = await add(visitor, id, CHOC_POT, 2); // + £10.00 = exactly £50.00
    expect(attributes(basket)).toMatchObject({ subtotal_price: 5000, shipping_price: 0, total_price: 5000 });

    basket = await visitor.put(`${API}/baskets/${id}`, { delivery_date: '2026-11-27' }); // a Friday
    expect(attributes(basket)).toMatchObject({ shipping_price: 0 });
    const cacio = lines(basket).find((l) => l.product_variant_id === variantId(CACIO_E_PEPE))!;
    const chocolate = lines(basket).find((l) => l.product_variant_id === variantId(CHOC_POT))!;
    await visitor.delete(`${API}/baskets/${id}/items/${chocolate.id}`);
    basket = await visitor.delete(`${API}/baskets/${id}/items/${cacio.id}`); // £31.50 left
    expect(attributes(basket)).toMatchObject({
      subtotal_price: 3150,
      shipping_price: 199,
      total_price: 3349,
    });
    expect(attributes(basket).weeks[0]).toMatchObject({ threshold: 4000, free_delivery_remainder: 850 });

    // A Sunday is refused and changes nothing.
    expectError(
      await visitor.put(`${API}/baskets/${id}`, { delivery_date: '2026-11-29' }),
      400,
      'VALIDATION_FAILED',
    );
    basket = await visitor.get(`${API}/baskets/${id}`);
    expect(attributes(basket)).toMatchObject({ delivery_date: '2026-11-27', shipping_price: 199 });
  });

  test('each meal week is its own delivery with its own fee, weeks in date order', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, PUMPKIN, 1, { week: WEEKS.later });
    const basket = await add(visitor, id, BEEF_SHIN, 4, { week: WEEKS.next });
    expect(attributes(basket)).toMatchObject({
      total_line_items_price: 5150,
      subtotal_price: 5150,
      shipping_price: 199, // next week's £42.00 ships free, the later week's £9.50 does not
      total_price: 5349,
      item_count: 5,
    });
    expect(
      attributes(basket).weeks.map((w: any) => [w.meal_week, w.label, w.subtotal, w.price, w.meets_minimum]),
    ).toEqual([
      [WEEKS.next, '23 – 28 Nov', 4200, 0, true],
      [WEEKS.later, '30 Nov – 5 Dec', 950, 199, false],
    ]);
    expect(attributes(basket).weeks[1]).toMatchObject({
      minimum_remainder: 50,
      free_delivery_remainder: 3050,
    });
    expect(attributes(basket).shipment.items.map((s: any) => [s.description, s.price, s.root])).toEqual([
      ['Delivery, 23 – 28 Nov', 0, true],
      ['Delivery, 30 Nov – 5 Dec', 199, false],
    ]);
    // Lines come ordered by meal week.
    expect(lines(basket).map((l) => l.meal_week)).toEqual([WEEKS.next, WEEKS.later]);
  });
});

describe('POST /baskets/{id}/items: what cannot be added', () => {
  test('never above stock: 409 OUT_OF_STOCK and nothing changes', async () => {
    const { visitor, id } = await newBasket();
    const first = await add(visitor, id, CANNOLI, 3);
    expect(first.status).toBe(201);
    const before = attributes(await visitor.get(`${API}/baskets/${id}`));

    const errors = expectError(
      await add(visitor, id, CANNOLI, 3),
      409,
      'OUT_OF_STOCK',
      'Sorry, we only have 5 of Sicilian Pistachio Cannoli left',
    );
    expect(errors[0]!.meta).toEqual({ quantity_available: 5 });
    const after = await visitor.get(`${API}/baskets/${id}`);
    expect(lines(after)).toHaveLength(1);
    expect(lines(after)[0]!.quantity).toBe(3);
    expect(attributes(after)).toEqual(before);

    // Up to the stock exactly is fine; one more is not.
    expect(lines(await add(visitor, id, CANNOLI, 2))[0]!.quantity).toBe(5);
    expectError(await add(visitor, id, CANNOLI, 1), 409, 'OUT_OF_STOCK');
    expect(lines(await visitor.get(`${API}/baskets/${id}`))[0]!.quantity).toBe(5);
  });

  test('a sold-out dish cannot be added', async () => {
    const { visitor, id } = await newBasket();
    const errors = expectError(
      await add(visitor, id, WILD_BOAR, 1),
      409,
      'OUT_OF_STOCK',
      'Sorry, Wild Boar Ragù Pici has sold out',
    );
    expect(errors[0]!.meta).toEqual({ quantity_available: 0 });
    expect(attributes(await visitor.get(`${API}/baskets/${id}`)).item_count).toBe(0);
  });

  test('a closed week is refused with WEEK_UNAVAILABLE', async () => {
    const { visitor, id } = await newBasket();
    for (const week of [WEEKS.current, WEEKS.previous]) {
      const errors = expectError(
        await add(visitor, id, BEEF_SHIN, 1, { week }),
        409,
        'WEEK_UNAVAILABLE',
        /^Orders for .* have closed\. Please choose a later week\.$/,
      );
      expect(errors[0]!.meta).toEqual({ meal_week: week });
    }
    expect(lines(await visitor.get(`${API}/baskets/${id}`))).toEqual([]);
  });

  test('a one-off basket may take this week’s dishes while one of its days can come next day (until Thursday 17:00)', async () => {
    const visitor = t.visitor();
    const created = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: false,
    });
    const id = created.body.data.id as string;
    const dish = [...menuOf(WEEKS.current)].find((n) => n !== WILD_BOAR)!;
    // Wednesday 18 Nov 10:00: Thursday and Friday of this week are still next-day deliveries.
    expect((await add(visitor, id, dish, 1, { week: WEEKS.current })).status).toBe(201);
    expect(attributes(await visitor.get(`${API}/baskets/${id}`)).weeks[0]).toMatchObject({
      meal_week: WEEKS.current,
      orderable: true,
    });
    t.clock.set(new Date('2026-11-19T16:59:59Z'));
    expect((await add(visitor, id, dish, 1, { week: WEEKS.current })).status).toBe(201);
    t.clock.set(new Date('2026-11-19T17:00:00Z'));
    expectError(await add(visitor, id, dish, 1, { week: WEEKS.current }), 409, 'WEEK_UNAVAILABLE');
    expect(attributes(await visitor.get(`${API}/baskets/${id}`)).weeks[0].orderable).toBe(false);
    // A plan basket never could: its week closed at the Friday 12:00 cutoff before it.
    t.clock.set(TEST_NOW);
    const plan = await newBasket();
    expectError(await add(plan.visitor, plan.id, dish, 1, { week: WEEKS.current }), 409, 'WEEK_UNAVAILABLE');
  });

  test("a dish that is not on that week's menu is refused", async () => {
    const { visitor, id } = await newBasket();
    const errors = expectError(
      await add(visitor, id, ANCHOVY, 1, { week: WEEKS.next }),
      409,
      'WEEK_UNAVAILABLE',
      'Anchovy & Pangrattato Bucatini is not on the menu for 23 – 28 Nov',
    );
    expect(errors[0]!.meta).toEqual({ meal_week: WEEKS.next });
    // A week with no menu at all, far ahead.
    expectError(await add(visitor, id, BEEF_SHIN, 1, { week: '2027-06-07' }), 409, 'WEEK_UNAVAILABLE');
    // The same dish on the week it is on is fine.
    expect((await add(visitor, id, ANCHOVY, 1, { week: WEEKS.later })).status).toBe(201);
    expect(lines(await visitor.get(`${API}/baskets/${id}`)).map((l) => l.meal_week)).toEqual([WEEKS.later]);
  });

  test('an unknown variant is 404 PRODUCT_VARIANT_NOT_FOUND', async () => {
    const { visitor, id } = await newBasket();
    for (const ref of [
      '99999',
      'gid://shopify/ProductVariant/99999',
      'gid://shopify/Product/1001',
      'pasta',
    ]) {
      expectError(
        await visitor.post(`${API}/baskets/${id}/items`, {
          product_variant_id: ref,
          quantity: 1,
          meal_week: WEEKS.next,
        }),
        404,
        'PRODUCT_VARIANT_NOT_FOUND',
        'That dish is no longer on our menu',
      );
    }
    expect(attributes(await visitor.get(`${API}/baskets/${id}`)).item_count).toBe(0);
  });

  test('products the menu hides cannot be added: hidden dishes, gift boxes, unlisted bundles', async () => {
    const { visitor, id } = await newBasket();
    for (const dish of [HIDDEN_DUCK, GIFT_BOX, PASTA_LOVERS]) {
      expectError(await add(visitor, id, dish, 1), 404, 'PRODUCT_VARIANT_NOT_FOUND');
    }
    expect(attributes(await visitor.get(`${API}/baskets/${id}`)).item_count).toBe(0);
    // A bundle on the bundles list is on the menu.
    const bundle = await add(visitor, id, DATE_NIGHT, 1);
    expect(bundle.status).toBe(201);
    expect(lines(bundle)[0]).toMatchObject({ title: 'Date Night Bundle', price: 3200 });
  });
});

describe('PUT and DELETE /baskets/{id}/items/{itemId}', () => {
  test('PUT sets the quantity; 0 removes the line', async () => {
    const { visitor, id } = await newBasket();
    const item = lines(await add(visitor, id, MUSHROOM, 1))[0]!;
    const raised = await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 4 });
    expect(raised.status).toBe(200);
    expect(lines(raised)[0]).toMatchObject({ id: item.id, quantity: 4, total: 3800 });
    expect(attributes(raised)).toMatchObject({
      total_line_items_price: 3800,
      shipping_price: 199,
      item_count: 4,
    });

    const removed = await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 0 });
    expect(removed.status).toBe(200);
    expect(removed.body.included).toEqual([]);
    expect(removed.body.data.relationships.items.data).toEqual([]);
    expect(attributes(removed)).toMatchObject({
      total_line_items_price: 0,
      shipping_price: 0,
      item_count: 0,
      weeks: [],
    });

    expectError(
      await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 1 }),
      404,
      'BASKET_ITEM_NOT_FOUND',
      'That item is no longer in your basket',
    );
  });

  test('PUT never raises a line above stock, and lowering is always allowed', async () => {
    const { visitor, id } = await newBasket();
    const item = lines(await add(visitor, id, CANNOLI, 2))[0]!;
    expectError(
      await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 6 }),
      409,
      'OUT_OF_STOCK',
      'Sorry, we only have 5 of Sicilian Pistachio Cannoli left',
    );
    expect(lines(await visitor.get(`${API}/baskets/${id}`))[0]!.quantity).toBe(2);
    expect(
      lines(await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 5 }))[0]!.quantity,
    ).toBe(5);

    // Stock falls to 1 after the dish was added: lowering from 5 to 3 is still allowed, raising is not.
    await setStock(CANNOLI, 1);
    const lowered = await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 3 });
    expect(lowered.status).toBe(200);
    expect(lines(lowered)[0]).toMatchObject({ quantity: 3, quantity_available: 1 });
    expectError(
      await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 4 }),
      409,
      'OUT_OF_STOCK',
      'Sorry, we only have 1 of Sicilian Pistachio Cannoli left',
    );
    // Setting the same quantity is not a raise.
    expect((await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 3 })).status).toBe(200);
    await setStock(CANNOLI, 5);
  });

  test('only main dishes come as a double portion: a side’s, dessert’s or bundle’s is refused', async () => {
    const { visitor, id } = await newBasket();
    // The catalogue has none (the storefront lists one variant for them).
    expectError(await add(visitor, id, CHOC_POT, 1, { double: true }), 404, 'PRODUCT_VARIANT_NOT_FOUND');
    expectError(await add(visitor, id, DATE_NIGHT, 1, { double: true }), 404, 'PRODUCT_VARIANT_NOT_FOUND');
    // One left in an older catalogue is refused too, by the rule, and a line of it cannot grow.
    await t.database.db.insert(productVariants).values({
      id: Number(variantId(CANNOLI, true)),
      extId: variantGid(CANNOLI, true),
      productId: 1000 + CANNOLI,
      title: 'Double Portion (Serves 2)',
      sku: 'SFG-043-D',
      pricePence: 900,
      isDouble: true,
      quantityAvailable: 5,
      position: 2,
    });
    try {
      expectError(
        await add(visitor, id, CANNOLI, 1, { double: true }),
        404,
        'PRODUCT_VARIANT_NOT_FOUND',
        'Sicilian Pistachio Cannoli comes in one size: add the regular portion',
      );
      const [line] = await t.database.db
        .insert(basketItems)
        .values({
          basketId: id,
          productVariantId: Number(variantId(CANNOLI, true)),
          mealWeek: WEEKS.next,
          quantity: 1,
        })
        .returning();
      expectError(
        await visitor.put(`${API}/baskets/${id}/items/${line!.id}`, { quantity: 2 }),
        404,
        'PRODUCT_VARIANT_NOT_FOUND',
        'Sicilian Pistachio Cannoli comes in one size: add the regular portion',
      );
      // It can still be taken out.
      expect((await visitor.put(`${API}/baskets/${id}/items/${line!.id}`, { quantity: 0 })).status).toBe(200);
      // A main dish's double portion is as before.
      expect(lines(await add(visitor, id, BEEF_SHIN, 1, { double: true }))).toMatchObject([
        { variant_title: 'Double Portion (Serves 2)', is_double: true },
      ]);
    } finally {
      await t.database.db
        .delete(productVariants)
        .where(eq(productVariants.id, Number(variantId(CANNOLI, true))));
    }
  });

  test('DELETE removes one line and leaves the others', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, BEEF_SHIN, 1);
    const both = lines(await add(visitor, id, MUSHROOM, 2));
    const beef = both.find((l) => l.product_variant_id === variantId(BEEF_SHIN))!;
    const deleted = await visitor.delete(`${API}/baskets/${id}/items/${beef.id}`);
    expect(deleted.status).toBe(200);
    expect(lines(deleted).map((l) => [l.product_variant_id, l.quantity])).toEqual([[variantId(MUSHROOM), 2]]);
    expect(attributes(deleted)).toMatchObject({ total_line_items_price: 1900, item_count: 2 });
    expectError(await visitor.delete(`${API}/baskets/${id}/items/${beef.id}`), 404, 'BASKET_ITEM_NOT_FOUND');
  });
});

describe('DELETE /baskets/{id}/items/many', () => {
  test('removes all the given lines at once', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, BEEF_SHIN, 1);
    await add(visitor, id, MUSHROOM, 1);
    const all = lines(await add(visitor, id, CACIO_E_PEPE, 1));
    const [a, b, c] = all;
    const removed = await visitor.delete(`${API}/baskets/${id}/items/many`, { ids: [a!.id, c!.id, a!.id] });
    expect(removed.status).toBe(200);
    expect(lines(removed).map((l) => l.id)).toEqual([b!.id]);
    expect(attributes(removed)).toMatchObject({ item_count: 1, total_line_items_price: b!.price });
  });

  test('all or nothing: one id that is not in this basket removes none', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, BEEF_SHIN, 1);
    const mine = lines(await add(visitor, id, MUSHROOM, 1));
    const other = await newBasket();
    const foreign = lines(await add(other.visitor, other.id, BEEF_SHIN, 1))[0]!;

    for (const stray of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await visitor.delete(`${API}/baskets/${id}/items/many`, { ids: [mine[0]!.id, stray, mine[1]!.id] }),
        404,
        'BASKET_ITEM_NOT_FOUND',
        'Some of those items are not in your basket',
      );
      expect(lines(await visitor.get(`${API}/baskets/${id}`)).map((l) => l.id)).toEqual(
        mine.map((l) => l.id),
      );
    }
    expect(lines(await other.visitor.get(`${API}/baskets/${other.id}`)).map((l) => l.id)).toEqual([
      foreign.id,
    ]);
  });
});

describe('GET /baskets/{id}/validate', () => {
  const validate = (visitor: Visitor, id: string, fully?: boolean) =>
    visitor.get(`${API}/baskets/${id}/validate${fully === undefined ? '' : `?validate_fully=${fully}`}`);

  test('a basket that meets the minimums is valid (200), with and without validate_fully', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, BEEF_SHIN, 1);
    for (const fully of [undefined, false, true]) {
      const answer = await validate(visitor, id, fully);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toEqual({
        data: { id, type: 'basket_validations', attributes: { valid: true, problems: [] } },
      });
    }
  });

  test('an empty basket: one BASKET_EMPTY error', async () => {
    const { visitor, id } = await newBasket();
    for (const fully of [false, true]) {
      const errors = expectError(
        await validate(visitor, id, fully),
        400,
        'BASKET_EMPTY',
        'Your basket is empty',
      );
      expect(errors).toHaveLength(1);
    }
  });

  test('below the minimums: one error per problem', async () => {
    const { visitor, id } = await newBasket();
    const basket = await add(visitor, id, KIDS_MEATBALLS, 1); // £6.50
    expect(attributes(basket).weeks[0]).toMatchObject({ meets_minimum: false, minimum_remainder: 350 });
    const errors = expectError(await validate(visitor, id), 400, 'WEEK_BELOW_MINIMUM');
    expect(errors).toEqual([
      {
        status: '400',
        code: 'WEEK_BELOW_MINIMUM',
        detail: 'Add £3.50 more for 23 – 28 Nov: each delivery needs at least £10.00',
        meta: { meal_week: WEEKS.next },
      },
      { status: '400', code: 'BASKET_BELOW_MINIMUM', detail: 'The minimum spend is £10.00' },
    ]);

    // A second week that is fine on its own does not rescue the first; the basket total now meets £10.
    await add(visitor, id, PUMPKIN, 2, { week: WEEKS.later });
    const weekOnly = expectError(await validate(visitor, id, true), 400, 'WEEK_BELOW_MINIMUM');
    expect(weekOnly.map((e) => [e.code, e.meta?.meal_week])).toEqual([['WEEK_BELOW_MINIMUM', WEEKS.next]]);

    await add(visitor, id, KIDS_MEATBALLS, 1); // £13.00 next week
    expect((await validate(visitor, id, true)).status).toBe(200);
  });

  test('validate_fully reports OUT_OF_STOCK once stock falls below a line', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, SAUSAGE, 4);
    expect((await validate(visitor, id, true)).status).toBe(200);

    await setStock(SAUSAGE, 2);
    expect((await validate(visitor, id)).status).toBe(200); // minimums only
    const errors = expectError(
      await validate(visitor, id, true),
      400,
      'OUT_OF_STOCK',
      'Only 2 of Sausage & Cime di Rapa Orecchiette left',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.meta).toEqual({ meal_week: WEEKS.next });

    await setStock(SAUSAGE, 0);
    expectError(
      await validate(visitor, id, true),
      400,
      'OUT_OF_STOCK',
      'Sausage & Cime di Rapa Orecchiette has sold out',
    );

    await setStock(SAUSAGE, 95);
    expect((await validate(visitor, id, true)).status).toBe(200);
  });

  test('validate_fully reports WEEK_UNAVAILABLE once the Friday 12:00 cutoff has passed', async () => {
    const { visitor, id } = await newBasket();
    await add(visitor, id, BEEF_SHIN, 1);
    await add(visitor, id, PUMPKIN, 2, { week: WEEKS.later });

    t.clock.set(new Date('2026-11-20T11:59:59Z')); // Friday 11:59:59 London (GMT)
    expect((await validate(visitor, id, true)).status).toBe(200);
    expect((await add(visitor, id, BEEF_SHIN, 1)).status).toBe(201);

    t.clock.set(new Date('2026-11-20T12:00:00Z'));
    const errors = expectError(
      await validate(visitor, id, true),
      400,
      'WEEK_UNAVAILABLE',
      'Orders for 23 – 28 Nov have closed. Please move those dishes to a later week.',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.meta).toEqual({ meal_week: WEEKS.next });
    // Without validate_fully only the minimums are checked.
    expect((await validate(visitor, id)).status).toBe(200);

    const basket = await visitor.get(`${API}/baskets/${id}`);
    expect(attributes(basket).weeks.map((w: any) => [w.meal_week, w.orderable])).toEqual([
      [WEEKS.next, false],
      [WEEKS.later, true],
    ]);
    expectError(await add(visitor, id, BEEF_SHIN, 1), 409, 'WEEK_UNAVAILABLE');
    expect((await add(visitor, id, PUMPKIN, 1, { week: WEEKS.later })).status).toBe(201);
    const after = await visitor.get(`${API}/baskets/${id}`);
    expect(lines(after).map((l) => [l.meal_week, l.quantity])).toEqual([
      [WEEKS.next, 2],
      [WEEKS.later, 3],
    ]);
  });
});

describe('Idempotency-Key on POST /baskets/{id}/items', () => {
  const body = { product_variant_id: variantGid(MUSHROOM), quantity: 1, meal_week: WEEKS.next };

  test('the same key and body replays the first answer and adds once', async () => {
    const { visitor, id } = await newBasket();
    const key = { 'idempotency-key': 'add-mushroom-0001' };
    const first = await visitor.post(`${API}/baskets/${id}/items`, body, key);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const replay = await visitor.post(`${API}/baskets/${id}/items`, body, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(lines(await visitor.get(`${API}/baskets/${id}`))[0]!.quantity).toBe(1);

    // Without a key, the same body adds again.
    expect(lines(await visitor.post(`${API}/baskets/${id}/items`, body))[0]!.quantity).toBe(2);
  });

  test('the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const { visitor, id } = await newBasket();
    const key = { 'idempotency-key': 'add-mushroom-0002' };
    expect((await visitor.post(`${API}/baskets/${id}/items`, body, key)).status).toBe(201);
    expectError(
      await visitor.post(`${API}/baskets/${id}/items`, { ...body, quantity: 2 }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request',
    );
    expect(lines(await visitor.get(`${API}/baskets/${id}`))[0]!.quantity).toBe(1);
  });

  test('a malformed key is 400 and adds nothing', async () => {
    const { visitor, id } = await newBasket();
    for (const key of ['has space', '', 'x'.repeat(256), 'tab\there']) {
      expectError(
        await visitor.post(`${API}/baskets/${id}/items`, body, { 'idempotency-key': key }),
        400,
        'VALIDATION_FAILED',
        'Idempotency-Key must be 1-255 printable characters',
      );
    }
    expect(lines(await visitor.get(`${API}/baskets/${id}`))).toEqual([]);
  });

  test("keys belong to their visitor: another visitor's same key is a new request", async () => {
    const alice = await newBasket();
    const bob = await newBasket();
    const key = { 'idempotency-key': 'shared-key-0003' };
    expect((await alice.visitor.post(`${API}/baskets/${alice.id}/items`, body, key)).status).toBe(201);
    const bobs = await bob.visitor.post(`${API}/baskets/${bob.id}/items`, body, key);
    expect(bobs.status).toBe(201);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expect(bobs.body.data.id).toBe(bob.id);
    expect(lines(bobs)[0]!.quantity).toBe(1);
  });

  test('a refused request is replayed as refused; concurrent retries add once', async () => {
    const { visitor, id } = await newBasket();
    const soldOut = { product_variant_id: variantGid(WILD_BOAR), quantity: 1, meal_week: WEEKS.next };
    const key = { 'idempotency-key': 'sold-out-0004' };
    expectError(await visitor.post(`${API}/baskets/${id}/items`, soldOut, key), 409, 'OUT_OF_STOCK');
    const replayed = await visitor.post(`${API}/baskets/${id}/items`, soldOut, key);
    expect(replayed.status).toBe(409);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.errors[0].code).toBe('OUT_OF_STOCK');

    const race = { 'idempotency-key': 'double-click-0005' };
    const answers = await Promise.all([
      visitor.post(`${API}/baskets/${id}/items`, body, race),
      visitor.post(`${API}/baskets/${id}/items`, body, race),
    ]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expectError(answer, 409, 'IDEMPOTENCY_KEY_IN_USE');
    }
    expect(lines(await visitor.get(`${API}/baskets/${id}`))[0]!.quantity).toBe(1);
  });
});
