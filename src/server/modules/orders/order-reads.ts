import { and, asc, eq, gte, inArray, lte, min, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderSource, OrderState } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orderLineItems, orders } from '../../db/schema/orders';
import { stateChanges } from '../../db/schema/state-changes';
import { voucherCodeOf } from '../vouchers';
import type { OrderRow } from './orders.repo';
import type { CheckoutRow } from './state-changes';

// What other areas read of orders and checkouts (issue 20, part 2: those tables are this area's alone).
// Only the lock… functions lock; a caller that decides takes lockCheckout first, as the money path says.

/** The checkout's first order (by number): what the customer follows a payment by; null when none. */
export async function firstOrderOf(
  db: DbOrTx,
  checkoutId: string,
): Promise<{ id: string; number: number } | null> {
  const [first] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.number))
    .limit(1);
  return first ?? null;
}

/** The numbers of the checkout's orders, in order. */
export async function orderNumbersOf(db: DbOrTx, checkoutId: string): Promise<number[]> {
  const rows = await db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.number));
  return rows.map((row) => row.number);
}

/** The checkouts' orders (id and number), by checkout. */
export async function ordersOfCheckouts(
  db: DbOrTx,
  checkoutIds: readonly string[],
): Promise<Map<string, { id: string; number: number }[]>> {
  const byCheckout = new Map<string, { id: string; number: number }[]>();
  if (checkoutIds.length === 0) return byCheckout;
  const rows = await db
    .select({ id: orders.id, number: orders.number, checkoutId: orders.checkoutId })
    .from(orders)
    .where(inArray(orders.checkoutId, [...checkoutIds]));
  for (const row of rows) {
    const list = byCheckout.get(row.checkoutId) ?? [];
    list.push({ id: row.id, number: row.number });
    byCheckout.set(row.checkoutId, list);
  }
  return byCheckout;
}

/** An order's state and source now; null when there is no such order. */
export async function orderStateOf(
  db: DbOrTx,
  orderId: string,
): Promise<Pick<OrderRow, 'state' | 'source'> | null> {
  const [row] = await db
    .select({ state: orders.state, source: orders.source })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** A checkout's state now; null when there is no such checkout. */
export async function checkoutStateOf(db: DbOrTx, checkoutId: string): Promise<CheckoutRow['state'] | null> {
  const [row] = await db
    .select({ state: checkouts.state })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row?.state ?? null;
}

/** The customer's order as it is stored; null for another customer's or none (the caller answers 404). */
export async function customerOrderRow(
  db: DbOrTx,
  customerId: string,
  orderId: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  return row ?? null;
}

/** The checkout an order belongs to; null when there is no such order. */
export async function checkoutIdOfOrder(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, orderId));
  return row?.checkoutId ?? null;
}

/** Locks an order's row (`for update`; orders come after checkouts in the lock order): its state, or null. */
export async function lockOrderState(tx: DbOrTx, orderId: string): Promise<OrderRow['state'] | null> {
  const [row] = await tx
    .select({ state: orders.state })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row?.state ?? null;
}

/** The ids of the checkout's orders. */
export async function orderIdsOf(db: DbOrTx, checkoutId: string): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
  return rows.map((row) => row.id);
}

/** Whose order it is and its number; null when there is no such order. */
export async function orderOwnerOf(
  db: DbOrTx,
  orderId: string,
): Promise<{ customerId: string; number: number } | null> {
  const [row] = await db
    .select({ customerId: orders.customerId, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** Locks the basket's open checkout (`for update`), or null when it has none. */
/** A checkout as it is stored; null when there is none. */
export async function checkoutOf(db: DbOrTx, checkoutId: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return row ?? null;
}

export async function lockOpenCheckoutOfBasket(tx: DbOrTx, basketId: string): Promise<CheckoutRow | null> {
  const [open] = await tx
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.basketId, basketId), eq(checkouts.state, 'open')))
    .for('update');
  return open ?? null;
}

/** An order as it is stored; null when there is no such order. */
export async function orderRowOf(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** One order of the checkout as it is stored (a plan's week has one); null when it has none. */
export async function checkoutOrderRow(db: DbOrTx, checkoutId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).limit(1);
  return row ?? null;
}

/** A customer's open checkouts of a kind, locked, oldest first (two tabs placing at once take turns). */
export async function lockOpenCheckoutsOf(
  tx: DbOrTx,
  customerId: string,
  kind: CheckoutRow['kind'],
): Promise<CheckoutRow[]> {
  return tx
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.customerId, customerId), eq(checkouts.kind, kind), eq(checkouts.state, 'open')))
    .orderBy(asc(checkouts.createdAt))
    .for('update');
}

/** An order line as stored, with its order's id; null when there is no such line. */
export async function orderLineRowOf(db: DbOrTx, lineItemId: string) {
  const [line] = await db.select().from(orderLineItems).where(eq(orderLineItems.id, lineItemId));
  return line ?? null;
}

/** An order's first line as stored (a gift's one box); null when it has none. */
export async function firstLineOf(db: DbOrTx, orderId: string) {
  const [line] = await db.select().from(orderLineItems).where(eq(orderLineItems.orderId, orderId)).limit(1);
  return line ?? null;
}

/** Orders as they are stored, by id (those that exist). */
export async function orderRowsOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, OrderRow>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Orders as they are stored, each with its voucher's code (null when none), by id: one statement. */
export async function ordersWithVoucherCodes(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, { order: OrderRow; voucherCode: string | null }>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ order: orders, voucherCode: voucherCodeOf(orders.voucherId) })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.order.id, row]));
}

export type OrderLineRow = typeof orderLineItems.$inferSelect;

/**
 * The lines of these orders as they are stored, by order and then in their order (`dishesOnly`: without
 * a voucher's free add-on).
 */
export async function orderLinesOf(
  db: DbOrTx,
  orderIds: readonly string[],
  { dishesOnly = false }: { dishesOnly?: boolean } = {},
): Promise<OrderLineRow[]> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orderLineItems)
    .where(
      and(
        ids.length === 1 ? eq(orderLineItems.orderId, ids[0]!) : inArray(orderLineItems.orderId, ids),
        dishesOnly ? eq(orderLineItems.isAddon, false) : undefined,
      ),
    )
    .orderBy(asc(orderLineItems.orderId), asc(orderLineItems.position));
}

/** Locks an order's row (`for update`; orders come after checkouts in the lock order): the order, or null. */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

/**
 * SQL for another area's where clause: the order `orderId` names (a column of that area's row) is of
 * `source` and in one of `states`.
 */
export function orderIsIn(
  orderId: SQL | AnyPgColumn,
  source: OrderSource,
  states: readonly OrderState[],
): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.source} = ${source} and ${inArray(orders.state, [...states])})`;
}

/**
 * Paid orders of `sources` to be delivered by `through` that another area has not yet taken on (`taken`: SQL
 * on an order's id, true once it has, e.g. fulfilment's parcel for it), by delivery date and number.
 */
export function paidOrdersDue(
  db: DbOrTx,
  {
    sources,
    through,
    taken,
    limit,
  }: {
    sources: readonly OrderSource[];
    through: string;
    taken: (orderId: AnyPgColumn) => SQL;
    limit: number;
  },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.state, 'paid'),
        inArray(orders.source, [...sources]),
        lte(orders.deliveryDate, through),
        not(taken(orders.id)),
      ),
    )
    .orderBy(asc(orders.deliveryDate), asc(orders.number))
    .limit(limit);
}

/** What a checkout's orders come to, leaving out those in `except` (a tab's rounds turned down). */
export async function checkoutTotalExcept(
  db: DbOrTx,
  checkoutId: string,
  except: readonly OrderState[],
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), not(inArray(orders.state, [...except]))));
  return Number(row?.total ?? 0);
}

/** A customer's order as a line to pick it from (support's "Which order is it about?"). */
export interface OrderSummary {
  id: string;
  number: number;
  source: OrderSource;
  state: OrderState;
  deliveryDate: string;
}

/**
 * The customer's orders to choose from, the latest date first: every one but checkouts never paid
 * (`created`) and a plan's skipped weeks, which were never orders to the customer.
 */
export async function customerOrderSummaries(
  db: DbOrTx,
  customerId: string,
  limit: number,
): Promise<OrderSummary[]> {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      source: orders.source,
      state: orders.state,
      deliveryDate: orders.deliveryDate,
    })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), not(inArray(orders.state, ['created', 'skipped']))))
    .orderBy(sql`${orders.deliveryDate} desc`, sql`${orders.number} desc`)
    .limit(limit);
}

/** When each of these orders was delivered (or collected): its first move to `delivered`, by order id. */
export async function deliveredAtOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, Date>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ orderId: stateChanges.subjectId, at: min(stateChanges.at) })
    .from(stateChanges)
    .where(
      and(
        eq(stateChanges.subject, 'order'),
        inArray(stateChanges.subjectId, ids),
        eq(stateChanges.toState, 'delivered'),
      ),
    )
    .groupBy(stateChanges.subjectId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.orderId, row.at] as const] : [])));
}

/**
 * Delivered orders of `sources`, delivered from `since` up to `until`, that another area has not yet taken on
 * (`taken`: SQL on an order's id, e.g. ratings' ask for it), each with when it was delivered, oldest first.
 */
export async function deliveredOrdersSince(
  db: DbOrTx,
  {
    sources,
    since,
    until,
    taken,
    limit,
  }: {
    sources: readonly OrderSource[];
    since: Date;
    until: Date;
    taken: (orderId: AnyPgColumn) => SQL;
    limit: number;
  },
): Promise<{ order: OrderRow; deliveredAt: Date }[]> {
  const delivered = db
    .select({ orderId: stateChanges.subjectId, at: min(stateChanges.at).as('delivered_at') })
    .from(stateChanges)
    .where(
      and(
        eq(stateChanges.subject, 'order'),
        eq(stateChanges.toState, 'delivered'),
        gte(stateChanges.at, since),
      ),
    )
    .groupBy(stateChanges.subjectId)
    .having(lte(min(stateChanges.at), until))
    .as('delivered');
  const rows = await db
    .select({ order: orders, deliveredAt: delivered.at })
    .from(orders)
    .innerJoin(delivered, eq(delivered.orderId, orders.id))
    .where(and(eq(orders.state, 'delivered'), inArray(orders.source, [...sources]), not(taken(orders.id))))
    .orderBy(asc(delivered.at), asc(orders.number))
    .limit(limit);
  return rows.flatMap((row) => (row.deliveredAt ? [{ order: row.order, deliveredAt: row.deliveredAt }] : []));
}
