import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API, expectError, variantGid } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';

// A basket belongs to the browser that made it (its visitor cookie). Every basket route called with another
// visitor's basket or item id answers 404, exactly as for an id that does not exist, and changes nothing.

const GONE = 'Has error and basket is destroyed';

let t: TestApp;
let alice: Visitor;
let aliceBasket: string;
let aliceItems: string[];
let aliceTakeaway: string;
let snapshot: unknown;

const addBody = { product_variant_id: variantGid(1), quantity: 1, meal_week: WEEKS.next };

async function aliceSees() {
  const basket = await alice.get(`${API}/baskets/${aliceBasket}`);
  expect(basket.status).toBe(200);
  return basket.body;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = t.visitor();
  const created = await alice.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true });
  aliceBasket = created.body.data.id;
  await alice.post(`${API}/baskets/${aliceBasket}/items`, addBody);
  const added = await alice.post(`${API}/baskets/${aliceBasket}/items`, {
    product_variant_id: variantGid(4),
    quantity: 2,
    meal_week: WEEKS.next,
  });
  aliceItems = added.body.included.map((item: any) => item.id);
  expect(aliceItems).toHaveLength(2);
  await alice.put(`${API}/baskets/${aliceBasket}`, { delivery_date: '2026-11-24', delivery_note: 'Porch' });
  aliceTakeaway = (await alice.post(`${API}/baskets`, { type: 'TakeawayBasket' })).body.data.id;
  snapshot = await aliceSees();
});
afterAll(() => t.close());

/** Every route that takes a basket id, called with Alice's ids. */
function attempts(basketId: string, itemId: string) {
  return [
    ['GET basket', (v: Visitor) => v.get(`${API}/baskets/${basketId}`)],
    [
      'PUT basket',
      (v: Visitor) => v.put(`${API}/baskets/${basketId}`, { delivery_note: 'mine now', frequency: 4 }),
    ],
    ['DELETE basket', (v: Visitor) => v.delete(`${API}/baskets/${basketId}`)],
    ['POST item', (v: Visitor) => v.post(`${API}/baskets/${basketId}/items`, addBody)],
    [
      'POST item with an Idempotency-Key',
      (v: Visitor) =>
        v.post(`${API}/baskets/${basketId}/items`, addBody, { 'idempotency-key': 'steal-0001' }),
    ],
    ['PUT item', (v: Visitor) => v.put(`${API}/baskets/${basketId}/items/${itemId}`, { quantity: 9 })],
    ['PUT item to 0', (v: Visitor) => v.put(`${API}/baskets/${basketId}/items/${itemId}`, { quantity: 0 })],
    ['DELETE item', (v: Visitor) => v.delete(`${API}/baskets/${basketId}/items/${itemId}`)],
    ['DELETE many', (v: Visitor) => v.delete(`${API}/baskets/${basketId}/items/many`, { ids: [itemId] })],
    ['GET validate', (v: Visitor) => v.get(`${API}/baskets/${basketId}/validate?validate_fully=true`)],
  ] as const;
}

describe("another visitor's basket", () => {
  test("a visitor with baskets of their own gets 404 on every route, and Alice's basket is unchanged", async () => {
    const bob = t.visitor();
    const bobs = await bob.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(bobs.status).toBe(201);
    for (const [name, call] of attempts(aliceBasket, aliceItems[0]!)) {
      expectError(await call(bob), 404, 'BASKET_NOT_FOUND', GONE);
      expect(await aliceSees(), name).toEqual(snapshot);
    }
    // Bob's own basket is untouched by all that, too.
    const own = await bob.get(`${API}/baskets/${bobs.body.data.id}`);
    expect(own.body.data.attributes).toMatchObject({ item_count: 0, delivery_note: null, frequency: null });
  });

  test('a browser with no cookie, or a made-up cookie, gets 404 on every route', async () => {
    const stranger = t.visitor();
    for (const [name, call] of attempts(aliceBasket, aliceItems[1]!)) {
      expectError(await call(stranger), 404, 'BASKET_NOT_FOUND', GONE);
      expect(await aliceSees(), name).toEqual(snapshot);
    }
    for (const cookie of ['sfoglia_vid=not-a-real-token', `sfoglia_vid=${'a'.repeat(100)}`]) {
      const forged = await t.app.inject({
        method: 'GET',
        url: `${API}/baskets/${aliceBasket}`,
        headers: { cookie },
      });
      expect(forged.statusCode).toBe(404);
      expect(forged.json().errors[0].code).toBe('BASKET_NOT_FOUND');
    }
  });

  test("Alice's item ids do not work in Bob's basket either", async () => {
    const bob = t.visitor();
    const bobBasket = (await bob.post(`${API}/baskets`, { type: 'RecipeKitBasket' })).body.data.id;
    const bobItem = (await bob.post(`${API}/baskets/${bobBasket}/items`, addBody)).body.included[0].id;
    const item = aliceItems[0]!;
    expectError(
      await bob.put(`${API}/baskets/${bobBasket}/items/${item}`, { quantity: 5 }),
      404,
      'BASKET_ITEM_NOT_FOUND',
    );
    expectError(await bob.delete(`${API}/baskets/${bobBasket}/items/${item}`), 404, 'BASKET_ITEM_NOT_FOUND');
    expectError(
      await bob.delete(`${API}/baskets/${bobBasket}/items/many`, { ids: [bobItem, item] }),
      404,
      'BASKET_ITEM_NOT_FOUND',
    );
    expect(await aliceSees()).toEqual(snapshot);
    // Bob's own line survived the all-or-nothing refusal.
    const own = await bob.get(`${API}/baskets/${bobBasket}`);
    expect(own.body.included.map((i: any) => [i.id, i.attributes.quantity])).toEqual([[bobItem, 1]]);
  });

  test("Bob's lists and deletes by type only ever touch Bob's baskets", async () => {
    const bob = t.visitor();
    const bobBasket = (await bob.post(`${API}/baskets`, { type: 'RecipeKitBasket' })).body.data.id;
    const listed = await bob.get(`${API}/baskets`);
    expect(listed.body.data.map((b: any) => b.id)).toEqual([bobBasket]);
    expect(listed.body.included).toEqual([]);

    for (const type of ['RecipeKitBasket', 'TakeawayBasket']) {
      expect((await bob.delete(`${API}/baskets/delete_by_type/${type}`)).status).toBe(204);
    }
    expect((await bob.get(`${API}/baskets`)).body.data).toEqual([]);
    expect(await aliceSees()).toEqual(snapshot);
    const alicesList = await alice.get(`${API}/baskets`);
    expect(alicesList.body.data.map((b: any) => b.id)).toEqual([aliceBasket, aliceTakeaway]);
  });

  test("Bob's Idempotency-Key cannot replay Alice's answer", async () => {
    const key = { 'idempotency-key': 'alice-add-0001' };
    const first = await alice.post(`${API}/baskets/${aliceBasket}/items`, addBody, key);
    expect(first.status).toBe(201);
    const bob = t.visitor();
    const bobs = await bob.post(`${API}/baskets/${aliceBasket}/items`, addBody, key);
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
    expectError(bobs, 404, 'BASKET_NOT_FOUND', GONE);
    // Alice's retry still replays her own answer, adding nothing more: dish 1 went from 1 to 2, once.
    const retry = await alice.post(`${API}/baskets/${aliceBasket}/items`, addBody, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const basket = await aliceSees();
    expect(basket.included.map((i: any) => [i.attributes.product_variant_id, i.attributes.quantity])).toEqual(
      [
        ['10011', 2],
        ['10041', 2],
      ],
    );
  });
});
