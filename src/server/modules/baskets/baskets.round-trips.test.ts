import { afterAll, beforeAll, expect, test } from 'vitest';
import { API } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { countStatements } from '../../test/round-trips';
import { WEEKS } from '../../test/test-clock';

// Adding to a basket is the shop's busiest write (issue 11 part 4): the ownership check, the dish's facts and
// stock, and the add itself are one statement; reading the basket back is two more (its lines, its voucher).
// Before issue 11 the add was three (the basket, the dish, the add), five with the read back.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function basketOf() {
  const visitor = t.visitor();
  const created = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true });
  const id = created.body.data.id as string;
  const add = (quantity: number, headers?: Record<string, string>) =>
    visitor.post(
      `${API}/baskets/${id}/items`,
      { product_variant_id: '10011', quantity, meal_week: WEEKS.next },
      headers,
    );
  return add;
}

test('an add is one statement, and the basket read back two more', async () => {
  const add = await basketOf();
  // The shop's rules and the visitor are cached after the first call; the first add creates the line.
  expect((await add(1)).status).toBe(201);

  let status = 0;
  const counted = await countStatements(async () => {
    status = (await add(2)).status;
  });
  expect(status).toBe(201);
  expect(counted.sql.map((text) => /^\s*(\w+)/.exec(text)?.[1])).toEqual(['with', 'select', 'select']);
  expect(counted.sql[0]).toContain('insert into "basket_items"');

  // With an Idempotency-Key (as the web client sends), the key's claim and its answer are two more, and
  // the add, its read back and the key's record are one transaction (issue 19, item 27): begin and commit.
  const keyed = await countStatements(async () => {
    status = (await add(1, { 'idempotency-key': 'round-trips-1' })).status;
  });
  expect(status).toBe(201);
  expect(keyed.sql.map((text) => /^\s*(\w+)/.exec(text)?.[1])).toEqual([
    'begin',
    'insert',
    'with',
    'select',
    'select',
    'update',
    'commit',
  ]);
});

test('a refused add is one statement too: its answer says why', async () => {
  const add = await basketOf();
  expect((await add(99)).status).toBe(201);
  let body: { errors: { code: string }[] } = { errors: [] };
  const counted = await countStatements(async () => {
    body = (await add(1)).body;
  });
  expect(body.errors[0]?.code).toBe('OUT_OF_STOCK');
  expect(counted.count).toBe(1);
});
