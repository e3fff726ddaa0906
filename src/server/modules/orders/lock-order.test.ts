import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { createTestApp, type TestApp } from '../../test/harness';
import { basketOf, DISH, place, shopper } from '../../test/checkout';
import { countStatements } from '../../test/round-trips';
import { lockCheckout, lockInOrder } from './lock-order';

// The money path's one lock order (issue 20, part 2): every transaction that holds a checkout takes its
// locks through `lockInOrder`, in the order docs/architecture.md gives: the checkout's basket, the checkout,
// what the caller holds in between (payments, the customer, plans), then the checkout's orders.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A placed recipe-kit checkout (it has a basket): its id, its basket's and its order's. */
async function placedCheckout() {
  const s = await shopper(t);
  const basketId = await basketOf(s.visitor, [[DISH.pumpkin, 2]]);
  const { orderId } = await place(s, basketId);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return { checkoutId: order!.checkoutId, basketId, orderId };
}

/** The table each locking statement locks, in the order the statements ran. */
const locked = (statements: string[]) =>
  statements.flatMap((text) => {
    if (text.includes("'between'")) return ['between'];
    if (!/for update/i.test(text)) return [];
    return [/from "(\w+)"/.exec(text)?.[1] ?? text];
  });

test('a checkout found from its order is locked after its basket, the caller’s locks between, its orders last', async () => {
  const { checkoutId, basketId, orderId } = await placedCheckout();
  let held: Awaited<ReturnType<typeof lockInOrder<string>>> | undefined;
  const counted = await countStatements(() =>
    t.database.db.transaction(async (tx) => {
      held = await lockInOrder(
        tx,
        { orderIds: [orderId] },
        {
          between: async (checkouts) => {
            await tx.execute(sql`select 'between'`);
            return [...checkouts.keys()].join();
          },
          orders: true,
        },
      );
    }),
  );
  expect(locked(counted.sql)).toEqual(['baskets', 'checkouts', 'between', 'orders']);
  expect(held!.checkouts.get(checkoutId)).toMatchObject({ id: checkoutId, basketId, state: 'open' });
  expect(held!.between).toBe(checkoutId);
  expect(held!.orders.map((order) => order.id)).toEqual([orderId]);
});

test('lockCheckout takes the basket then the checkout, and answers null for no checkout', async () => {
  const { checkoutId } = await placedCheckout();
  let row: Awaited<ReturnType<typeof lockCheckout>> = null;
  const counted = await countStatements(() =>
    t.database.db.transaction(async (tx) => {
      row = await lockCheckout(tx, checkoutId);
    }),
  );
  expect(locked(counted.sql)).toEqual(['baskets', 'checkouts']);
  expect(row).toMatchObject({ id: checkoutId });
  const none = await t.database.db.transaction((tx) =>
    lockCheckout(tx, '00000000-0000-4000-8000-000000000000'),
  );
  expect(none).toBeNull();
});
