import { and, eq, inArray } from 'drizzle-orm';
import {
  assertMove,
  CHECKOUT_LIFECYCLE,
  ORDER_LIFECYCLE,
  type CheckoutState,
} from '../../../domain/lifecycles';
import type { OrderState } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { baskets } from '../../db/schema/baskets';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { stateChanges } from '../../db/schema/state-changes';

// The one way a state is written (issue 10 part 5): each move is checked against its lifecycle in
// src/domain/lifecycles.ts and recorded in state_changes with who or what made it and when. The orders area
// owns orders and the checkouts that group them; payments and plans record their moves here too.
//
// The one lock order of the money path, for every transaction that touches more than one of these rows:
//   basket → checkout → payments → customer → orders and plans → product variants → vouchers.
// Placing locks the basket then its checkout; paying and recording a processor's answer lock the checkout's
// basket first too (`lockCheckout`), so that the two never wait on each other in a cycle (issue 8).

export interface Mover {
  /** `customer`, `processor`, `job:<name>`, `staff:<id>`… */
  actor: string;
  reason?: string | null;
  /** On the shop's clock. */
  at: Date;
}

type Subject = (typeof stateChanges.$inferInsert)['subject'];

export async function recordStateChange(
  tx: DbOrTx,
  subject: Subject,
  subjectId: string,
  from: string | null,
  to: string,
  by: Mover,
): Promise<void> {
  await tx.insert(stateChanges).values({
    subject,
    subjectId,
    fromState: from,
    toState: to,
    actor: by.actor,
    reason: by.reason ?? null,
    at: by.at,
  });
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * Moves a checkout's orders to `to`: those in `from` (all when not given). Each is locked, checked and
 * recorded; one already in `to` is left as it is. Returns the orders as they are now.
 */
export async function moveCheckoutOrders(
  tx: DbOrTx,
  checkoutId: string,
  to: OrderState,
  by: Mover,
  from?: readonly OrderState[],
): Promise<OrderRow[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), from ? inArray(orders.state, [...from]) : undefined))
    .orderBy(orders.number)
    .for('update');
  const moved: OrderRow[] = [];
  for (const row of rows) {
    if (row.state === to) {
      moved.push(row);
      continue;
    }
    assertMove(ORDER_LIFECYCLE, row.state, to);
    const [updated] = await tx
      .update(orders)
      .set({ state: to, updatedAt: by.at })
      .where(eq(orders.id, row.id))
      .returning();
    await recordStateChange(tx, 'order', row.id, row.state, to, by);
    moved.push(updated!);
  }
  return moved;
}

/**
 * Moves one order (fulfilment moves each box on its own day, while its checkout's other weeks wait): locked,
 * checked and recorded; null when it is not in `from` (someone moved it first). One already in `to` is
 * returned as it is.
 */
export async function moveOrder(
  tx: DbOrTx,
  orderId: string,
  to: OrderState,
  by: Mover,
  from?: readonly OrderState[],
): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) return null;
  if (row.state === to) return row;
  if (from && !from.includes(row.state)) return null;
  assertMove(ORDER_LIFECYCLE, row.state, to);
  const [updated] = await tx
    .update(orders)
    .set({ state: to, updatedAt: by.at })
    .where(eq(orders.id, row.id))
    .returning();
  await recordStateChange(tx, 'order', row.id, row.state, to, by);
  return updated!;
}

/** Records that orders were made (placed) in their first state. */
export async function recordOrdersMade(
  tx: DbOrTx,
  made: readonly { id: string; state: OrderState }[],
  by: Mover,
): Promise<void> {
  for (const order of made) await recordStateChange(tx, 'order', order.id, null, order.state, by);
}

/** Moves a locked checkout; `also` writes the fields that change with it (paid at, credit). */
export async function moveCheckout(
  tx: DbOrTx,
  checkout: Pick<CheckoutRow, 'id' | 'state'>,
  to: CheckoutState,
  by: Mover,
  also: Partial<Pick<CheckoutRow, 'paidAt' | 'creditApplied'>> = {},
): Promise<CheckoutRow> {
  assertMove(CHECKOUT_LIFECYCLE, checkout.state, to);
  const [row] = await tx
    .update(checkouts)
    .set({ ...also, state: to, updatedAt: by.at })
    .where(and(eq(checkouts.id, checkout.id), eq(checkouts.state, checkout.state)))
    .returning();
  if (!row) throw new Error(`Checkout ${checkout.id} was changed by someone else`);
  await recordStateChange(tx, 'checkout', checkout.id, checkout.state, to, by);
  return row;
}

export type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * Locks a checkout for the rest of the transaction, after its basket (the lock order above). A checkout's
 * basket never changes, so reading it first without a lock is safe.
 */
export async function lockCheckout(tx: DbOrTx, checkoutId: string): Promise<CheckoutRow | null> {
  const [ref] = await tx
    .select({ basketId: checkouts.basketId })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  if (!ref) return null;
  if (ref.basketId) {
    await tx.select({ id: baskets.id }).from(baskets).where(eq(baskets.id, ref.basketId)).for('update');
  }
  const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
  return checkout ?? null;
}
