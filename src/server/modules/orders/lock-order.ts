import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { lockBaskets } from '../baskets';
import type { CheckoutRow, OrderRow } from './state-changes';

// The money path's one lock order (docs/architecture.md, "The money path"; decisions 8, 22 and 23), for
// every transaction that holds more than one of these rows:
//   basket → takeaway slot → checkout → payments → customer → orders and plans → takeaway order →
//   kitchen board → product variants → vouchers.
// Orders owns it: `lockInOrder` takes a set of checkouts' locks in that order (their baskets, the checkouts,
// what the caller holds between them and their orders, then the orders), so that no two transactions ever
// wait on each other in a cycle. `lockCheckout` and `lockCheckouts` are its first two steps alone.

/** The checkouts to lock: named, or found from their orders. */
export type LockTarget = { checkoutIds: readonly string[] } | { orderIds: readonly string[] };

export interface Held<T> {
  /** The checkouts, locked, by id (one named but not found is not in it). */
  checkouts: Map<string, CheckoutRow>;
  /** What `between` answered. */
  between: T;
  /** The checkouts' orders, locked, by number (only when `orders` was asked for). */
  orders: OrderRow[];
}

/** The checkouts (id and basket) of the target, read without a lock: a checkout's basket never changes. */
async function checkoutRefs(tx: DbOrTx, target: LockTarget) {
  if ('checkoutIds' in target) {
    const ids = [...new Set(target.checkoutIds)];
    if (ids.length === 0) return [];
    return tx
      .select({ id: checkouts.id, basketId: checkouts.basketId })
      .from(checkouts)
      .where(ids.length === 1 ? eq(checkouts.id, ids[0]!) : inArray(checkouts.id, ids));
  }
  const ids = [...new Set(target.orderIds)];
  if (ids.length === 0) return [];
  return tx
    .selectDistinct({ id: checkouts.id, basketId: checkouts.basketId })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(inArray(orders.id, ids));
}

/**
 * Locks checkouts in the money path's order for the rest of the transaction: their baskets (id order), the
 * checkouts (id order), then `between` (what the caller holds after the checkouts and before their orders:
 * payments, the customer, plans and their weeks, each kind in id order), then, when `orders` is asked for,
 * the checkouts' orders (by number). `between` runs even when there is no checkout to lock.
 */
export async function lockInOrder<T = undefined>(
  tx: DbOrTx,
  target: LockTarget,
  steps: {
    between?: (checkouts: ReadonlyMap<string, CheckoutRow>) => Promise<T>;
    orders?: boolean;
  } = {},
): Promise<Held<T>> {
  const refs = await checkoutRefs(tx, target);
  await lockBaskets(
    tx,
    refs.flatMap((ref) => (ref.basketId ? [ref.basketId] : [])),
  );
  const ids = [...new Set(refs.map((ref) => ref.id))].sort();
  const held =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(checkouts)
          .where(ids.length === 1 ? eq(checkouts.id, ids[0]!) : inArray(checkouts.id, ids))
          .orderBy(asc(checkouts.id))
          .for('update');
  const locked = new Map(held.map((row) => [row.id, row]));
  const between = (steps.between ? await steps.between(locked) : undefined) as T;
  const boxes =
    steps.orders && ids.length > 0
      ? await tx
          .select()
          .from(orders)
          .where(inArray(orders.checkoutId, ids))
          .orderBy(asc(orders.number))
          .for('update')
      : [];
  return { checkouts: locked, between, orders: boxes };
}

/**
 * Locks a checkout for the rest of the transaction, after its basket (the lock order above); null when
 * there is no such checkout.
 */
export async function lockCheckout(tx: DbOrTx, checkoutId: string): Promise<CheckoutRow | null> {
  return (await lockInOrder(tx, { checkoutIds: [checkoutId] })).checkouts.get(checkoutId) ?? null;
}

/**
 * Locks many checkouts for the rest of the transaction: their baskets first (id order), then the checkouts
 * in id order, so that two batches, or a batch and a single payment, never wait on each other in a cycle.
 */
export async function lockCheckouts(
  tx: DbOrTx,
  checkoutIds: readonly string[],
): Promise<Map<string, CheckoutRow>> {
  return (await lockInOrder(tx, { checkoutIds })).checkouts;
}
