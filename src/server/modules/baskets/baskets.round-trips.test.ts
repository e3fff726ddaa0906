import { afterAll, beforeAll, expect, test } from 'vitest';
import { API } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { countStatements } from '../../test/round-trips';
import { WEEKS } from '../../test/test-clock';

// Adding to a basket is the shop's busiest write (issue 11 part 4): the ownership check, the dish's facts and
// stock, the add itself and the basket's lines as it left them are one statement (issue 24); the voucher is
// read too only when the basket has one. Before issue 11 the add was three (the basket, the dish, the add),
// five with the read back; before issue 24, three with the read back.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function basketOf() {
  const visitor = t.visitor();
  const created = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true });
  const id = created.body.data.id as string;
  const add = (quantity: number, headers?: Record<string, string>, variant = '10011') =>
    visitor.post(
      `${API}/baskets/${id}/items`,
      { product_variant_id: variant, quantity, meal_week: WEEKS.next },
      headers,
    );
  return Object.assign(add, { visitor, id });
}

test('an add is one statement that answers the basket as a fresh read of it shows it', async () => {
  const add = await basketOf();
  // The shop's rules and the visitor are cached after the first call; the first add creates the line.
  expect((await add(1)).status).toBe(201);

  let status = 0;
  const counted = await countStatements(async () => {
    status = (await add(2)).status;
  });
  expect(status).toBe(201);
  expect(counted.sql.map((text) => /^\s*(\w+)/.exec(text)?.[1])).toEqual(['with']);
  expect(counted.sql[0]).toContain('insert into "basket_items"');

  // A new line and a grown one, in the order the basket keeps them: the add's answer is the basket as read.
  const added = await add(1, undefined, '10041');
  expect(added.status).toBe(201);
  const read = await add.visitor.get(`${API}/baskets/${add.id}`);
  expect(added.body).toEqual(read.body);

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
    'update',
    'commit',
  ]);
});

test('with a voucher on the basket, the add reads it too, and shows it as a fresh read does', async () => {
  const add = await basketOf();
  expect((await add(2)).status).toBe(201);
  expect((await add.visitor.post(`${API}/baskets/${add.id}/vouchers`, { code: 'OOS-20' })).status).toBe(201);
  let answer: { status: number; body: unknown } = { status: 0, body: null };
  const counted = await countStatements(async () => {
    answer = await add(1, undefined, '10041');
  });
  expect(answer.status).toBe(201);
  expect(counted.sql.map((text) => /^\s*(\w+)/.exec(text)?.[1])).toEqual(['with', 'select']);
  expect(answer.body).toEqual((await add.visitor.get(`${API}/baskets/${add.id}`)).body);
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
