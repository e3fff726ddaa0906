import { and, eq, inArray } from 'drizzle-orm';
import {
  assertMove,
  CHECKOUT_LIFECYCLE,
  ORDER_LIFECYCLE,
  SUBSCRIPTION_LIFECYCLE,
  type CheckoutState,
  type SubscriptionState,
} from '../../../domain/lifecycles';
import type { OrderState } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { subscriptions } from '../../db/schema/subscriptions';
import { stateChanges } from '../../db/schema/state-changes';

// The one way a state is written (issue 10 part 5): each move is checked against its lifecycle in
// src/domain/lifecycles.ts and recorded in state_changes with who or what made it and when. Callers hold the
// rows' locks (the money path's lock order, modules/checkout/payment-state.ts) or take them here.

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

/** Records that orders were made (placed) in their first state. */
export async function recordOrdersMade(
  tx: DbOrTx,
  made: readonly { id: string; state: OrderState }[],
  by: Mover,
): Promise<void> {
  for (const order of made) await recordStateChange(tx, 'order', order.id, null, order.state, by);
}

export type CheckoutStateRow = typeof checkouts.$inferSelect;

/** Moves a locked checkout; `also` writes the fields that change with it (paid at, credit). */
export async function moveCheckout(
  tx: DbOrTx,
  checkout: Pick<CheckoutStateRow, 'id' | 'state'>,
  to: CheckoutState,
  by: Mover,
  also: Partial<Pick<CheckoutStateRow, 'paidAt' | 'creditApplied'>> = {},
): Promise<CheckoutStateRow> {
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

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Moves a plan (locked here); `also` writes the fields that change with it. */
export async function moveSubscription(
  tx: DbOrTx,
  subscriptionId: string,
  to: SubscriptionState,
  by: Mover,
  also: Partial<Pick<SubscriptionRow, 'paymentMethodId'>> = {},
): Promise<SubscriptionRow | null> {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  if (!current) return null;
  if (current.state !== to) assertMove(SUBSCRIPTION_LIFECYCLE, current.state, to);
  const [row] = await tx
    .update(subscriptions)
    .set({ ...also, state: to, updatedAt: by.at })
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  if (current.state !== to)
    await recordStateChange(tx, 'subscription', subscriptionId, current.state, to, by);
  return row!;
}
