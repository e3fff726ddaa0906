import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  assertMove,
  CHECKOUT_LIFECYCLE,
  ORDER_LIFECYCLE,
  type CheckoutState,
} from '../../../domain/lifecycles';
import type { OrderState } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { stateChanges } from '../../db/schema/state-changes';

// The one way a state is written (issue 10 part 5): each move is checked against its lifecycle in
// src/domain/lifecycles.ts and recorded in state_changes with who or what made it and when. The orders area
// owns orders and the checkouts that group them; payments and plans record their moves here too.
//
// Every move here is made under the money path's one lock order, which lock-order.ts keeps (`lockInOrder`,
// `lockCheckout`, `lockCheckouts`): placing locks the basket then its checkout; paying and recording a
// processor's answer lock the checkout's basket first too, so that the two never wait on each other in a
// cycle (issue 8).

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

/** Records many moves, made by one mover, in one statement (weekly billing's batches). */
export async function recordStateChanges(
  tx: DbOrTx,
  moves: readonly { subject: Subject; subjectId: string; from: string | null; to: string }[],
  by: Mover,
): Promise<void> {
  if (moves.length === 0) return;
  await tx.insert(stateChanges).values(
    moves.map((move) => ({
      subject: move.subject,
      subjectId: move.subjectId,
      fromState: move.from,
      toState: move.to,
      actor: by.actor,
      reason: by.reason ?? null,
      at: by.at,
    })),
  );
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

/**
 * Moves the orders of many checkouts (locked by the caller) that are in `from` to `to`, each move checked and
 * recorded: two statements for the whole batch (weekly billing's boxes at their cutoff). Answers the ids moved.
 */
export async function moveOrdersOfCheckouts(
  tx: DbOrTx,
  checkoutIds: readonly string[],
  from: OrderState,
  to: OrderState,
  by: Mover,
): Promise<string[]> {
  assertMove(ORDER_LIFECYCLE, from, to);
  if (checkoutIds.length === 0) return [];
  const moved = await tx
    .update(orders)
    .set({ state: to, updatedAt: by.at })
    .where(and(inArray(orders.checkoutId, [...checkoutIds]), eq(orders.state, from)))
    .returning({ id: orders.id });
  await recordStateChanges(
    tx,
    moved.map((row) => ({ subject: 'order', subjectId: row.id, from, to })),
    by,
  );
  return moved.map((row) => row.id);
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
 * Moves many locked open checkouts, and all their orders, to paid, each move checked and recorded: six
 * statements for the whole batch (weekly billing). Answers each checkout as it is now with its orders.
 */
export async function payCheckouts(
  tx: DbOrTx,
  paid: readonly { checkout: Pick<CheckoutRow, 'id' | 'state'>; creditApplied: number }[],
  by: Mover,
): Promise<Map<string, { checkout: CheckoutRow; orders: OrderRow[] }>> {
  const answer = new Map<string, { checkout: CheckoutRow; orders: OrderRow[] }>();
  if (paid.length === 0) return answer;
  for (const { checkout } of paid) assertMove(CHECKOUT_LIFECYCLE, checkout.state, 'paid');
  const ids = paid.map(({ checkout }) => checkout.id);
  const credit = sql.join(
    paid.map(({ checkout, creditApplied }) => sql`when ${checkout.id}::uuid then ${creditApplied}::int`),
    sql` `,
  );
  const rows = await tx
    .update(checkouts)
    .set({
      state: 'paid',
      paidAt: by.at,
      updatedAt: by.at,
      creditApplied: sql`case ${checkouts.id} ${credit} end` as SQL<number>,
    })
    .where(and(inArray(checkouts.id, ids), eq(checkouts.state, 'open')))
    .returning();
  if (rows.length !== paid.length) throw new Error('A checkout being paid was changed by someone else');
  await recordStateChanges(
    tx,
    paid.map(({ checkout }) => ({
      subject: 'checkout',
      subjectId: checkout.id,
      from: checkout.state,
      to: 'paid',
    })),
    by,
  );
  const held = await tx
    .select()
    .from(orders)
    .where(inArray(orders.checkoutId, ids))
    .orderBy(orders.number)
    .for('update');
  const moving = held.filter((row) => row.state !== 'paid');
  for (const row of moving) assertMove(ORDER_LIFECYCLE, row.state, 'paid');
  const moved =
    moving.length > 0
      ? await tx
          .update(orders)
          .set({ state: 'paid', updatedAt: by.at })
          .where(
            inArray(
              orders.id,
              moving.map((row) => row.id),
            ),
          )
          .returning()
      : [];
  await recordStateChanges(
    tx,
    moving.map((row) => ({ subject: 'order', subjectId: row.id, from: row.state, to: 'paid' })),
    by,
  );
  const now = new Map([...held, ...moved].map((row) => [row.id, row]));
  for (const checkout of rows) {
    answer.set(checkout.id, {
      checkout,
      orders: held.filter((row) => row.checkoutId === checkout.id).map((row) => now.get(row.id)!),
    });
  }
  return answer;
}
