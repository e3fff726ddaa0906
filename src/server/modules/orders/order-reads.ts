import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orderLineItems, orders } from '../../db/schema/orders';
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

/** An order's first line as stored (a gift's one box); null when it has none. */
export async function firstLineOf(db: DbOrTx, orderId: string) {
  const [line] = await db.select().from(orderLineItems).where(eq(orderLineItems.orderId, orderId)).limit(1);
  return line ?? null;
}
