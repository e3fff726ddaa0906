import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('a visitor creates a basket and adds a dish', async () => {
  const alice = t.visitor();
  const created = await alice.post('/api/v2/baskets', { type: 'RecipeKitBasket', start_subscription: true });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  const added = await alice.post(`/api/v2/baskets/${id}/items`, {
    product_variant_id: 'gid://shopify/ProductVariant/10011',
    quantity: 2,
    meal_week: WEEKS.next,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  expect(added.body.data.attributes.item_count).toBe(2);
  const bob = t.visitor();
  expect((await bob.get(`/api/v2/baskets/${id}`)).status).toBe(404);
});
