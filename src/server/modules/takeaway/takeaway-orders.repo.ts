import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema/orders';
import { restaurants } from '../../db/schema/restaurants';
import { kitchenBoards, takeawayOrderLines, takeawayOrders } from '../../db/schema/takeaway';

// Reading and writing takeaway orders: the order, its takeaway side, its restaurant and its lines with their
// modifiers, in three queries however many orders.

export type TakeawayOrderRow = typeof takeawayOrders.$inferSelect;
export type TakeawayLineRow = typeof orderLineItems.$inferSelect & {
  takeaway: typeof takeawayOrderLines.$inferSelect | null;
};

type OrderState = (typeof orders.$inferSelect)['state'];

export interface TakeawayOrderRecord {
  order: typeof orders.$inferSelect;
  takeaway: TakeawayOrderRow;
  restaurant: typeof restaurants.$inferSelect;
  lines: TakeawayLineRow[];
}

export async function readTakeawayOrders(
  db: DbOrTx,
  where: SQL | undefined,
  { newestFirst = false, limit = 200 } = {},
): Promise<TakeawayOrderRecord[]> {
  const rows = await db
    .select({ order: orders, takeaway: takeawayOrders, restaurant: restaurants })
    .from(takeawayOrders)
    .innerJoin(orders, eq(orders.id, takeawayOrders.orderId))
    .innerJoin(restaurants, eq(restaurants.id, takeawayOrders.restaurantId))
    .where(where)
    .orderBy(newestFirst ? desc(orders.number) : asc(orders.number))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: orderLineItems, takeaway: takeawayOrderLines })
    .from(orderLineItems)
    .leftJoin(takeawayOrderLines, eq(takeawayOrderLines.lineItemId, orderLineItems.id))
    .where(
      inArray(
        orderLineItems.orderId,
        rows.map((row) => row.order.id),
      ),
    )
    .orderBy(asc(orderLineItems.position));
  return rows.map((row) => ({
    ...row,
    lines: lines
      .filter(({ line }) => line.orderId === row.order.id)
      .map(({ line, takeaway }) => ({ ...line, takeaway })),
  }));
}

export async function readTakeawayOrder(db: DbOrTx, orderId: string): Promise<TakeawayOrderRecord | null> {
  return (await readTakeawayOrders(db, eq(takeawayOrders.orderId, orderId)))[0] ?? null;
}

/** These restaurant orders (a tab's rounds), by number. */
export function readTakeawayOrdersOf(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<TakeawayOrderRecord[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return readTakeawayOrders(db, inArray(takeawayOrders.orderId, [...orderIds]));
}

/** A customer's takeaway order (null for anyone else's, or for another kind of order). */
export async function readCustomerTakeawayOrder(
  db: DbOrTx,
  customerId: string,
  orderId: string,
): Promise<TakeawayOrderRecord | null> {
  return (
    (
      await readTakeawayOrders(
        db,
        and(eq(takeawayOrders.orderId, orderId), eq(orders.customerId, customerId)),
      )
    )[0] ?? null
  );
}

/** The takeaway order a public tracking link names (null for none). */
export async function readTakeawayOrderByToken(
  db: DbOrTx,
  token: string,
): Promise<TakeawayOrderRecord | null> {
  return (await readTakeawayOrders(db, eq(takeawayOrders.trackingToken, token)))[0] ?? null;
}

export async function insertTakeawayOrder(
  db: DbOrTx,
  values: typeof takeawayOrders.$inferInsert,
): Promise<void> {
  await db.insert(takeawayOrders).values(values);
}

export async function insertTakeawayLines(
  db: DbOrTx,
  orderId: string,
  lines: readonly Omit<typeof takeawayOrderLines.$inferInsert, 'lineItemId'>[],
): Promise<void> {
  const items = await db
    .select({ id: orderLineItems.id })
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.position));
  if (items.length !== lines.length)
    throw new Error(`Order ${orderId} has ${items.length} lines, not ${lines.length}`);
  if (lines.length === 0) return;
  await db
    .insert(takeawayOrderLines)
    .values(lines.map((line, index) => ({ ...line, lineItemId: items[index]!.id })));
}

/** Locks a takeaway order's own row (after its order's, in the money path's lock order). */
export async function lockTakeawayRow(tx: DbOrTx, orderId: string): Promise<TakeawayOrderRow | null> {
  const [row] = await tx
    .select()
    .from(takeawayOrders)
    .where(eq(takeawayOrders.orderId, orderId))
    .for('update');
  return row ?? null;
}

/**
 * Changes a takeaway order's own fields; every change takes its kitchen board's next number (the board's row
 * stays locked until commit, so numbers follow commit order: the kitchen screen misses nothing).
 */
export async function touchTakeawayOrder(
  tx: DbOrTx,
  orderId: string,
  changes: Partial<Omit<typeof takeawayOrders.$inferInsert, 'orderId' | 'version'>>,
): Promise<TakeawayOrderRow> {
  const [own] = await tx
    .select({ restaurantId: takeawayOrders.restaurantId })
    .from(takeawayOrders)
    .where(eq(takeawayOrders.orderId, orderId));
  if (!own) throw new Error(`Takeaway order ${orderId} is not there`);
  const [board] = await tx
    .insert(kitchenBoards)
    .values({ restaurantId: own.restaurantId, version: 1 })
    .onConflictDoUpdate({
      target: kitchenBoards.restaurantId,
      set: { version: sql`${kitchenBoards.version} + 1` },
    })
    .returning({ version: kitchenBoards.version });
  const [row] = await tx
    .update(takeawayOrders)
    .set({ ...changes, version: board!.version })
    .where(eq(takeawayOrders.orderId, orderId))
    .returning();
  return row!;
}

// ---- What the kitchen reads (issue 20, part 2: the takeaway tables are this area's; the kitchen asks) ----

/**
 * A restaurant's kitchen tickets: its takeaway orders in none of the `hidden` states; with a board number,
 * those changed since it; without, those in an `open` state or changed since `changedSince`.
 */
export function restaurantTickets(
  db: DbOrTx,
  restaurantId: string,
  query: {
    hidden: readonly OrderState[];
    since: number | null;
    open: readonly OrderState[];
    changedSince: Date;
  },
): Promise<TakeawayOrderRecord[]> {
  const mine = and(
    eq(takeawayOrders.restaurantId, restaurantId),
    notInArray(orders.state, [...query.hidden]),
  );
  return readTakeawayOrders(
    db,
    query.since !== null
      ? and(mine, gt(takeawayOrders.version, query.since))
      : and(mine, or(inArray(orders.state, [...query.open]), gte(orders.updatedAt, query.changedSince))),
  );
}

/** A kitchen board's number now: every ticket change up to it has committed (takeaway_orders.version). */
export async function kitchenBoardVersion(db: DbOrTx, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ version: kitchenBoards.version })
    .from(kitchenBoards)
    .where(eq(kitchenBoards.restaurantId, restaurantId));
  return row?.version ?? 0;
}

/** Submitted takeaway orders nobody accepted or rejected by their accept-by time, oldest first (100). */
export async function unacceptedTakeaways(db: DbOrTx, now: Date): Promise<string[]> {
  const due = await db
    .select({ orderId: takeawayOrders.orderId })
    .from(takeawayOrders)
    .innerJoin(orders, eq(orders.id, takeawayOrders.orderId))
    .where(
      and(
        eq(orders.state, 'submitted'),
        isNull(takeawayOrders.acceptedAt),
        isNull(takeawayOrders.rejectedAt),
        lte(takeawayOrders.acceptBy, now),
      ),
    )
    .orderBy(asc(takeawayOrders.acceptBy))
    .limit(100);
  return due.map((row) => row.orderId);
}
