import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { assertPaymentMove, returnsCredit, type PaymentStatus } from '../../../domain/payments';
import type { DbOrTx } from '../../db/client';
import { countPaymentOutcomes } from '../../observability/instruments';
import { paymentMethods, payments } from '../../db/schema/payments';
import { addCredit, spendCredit } from '../credit';
import { recordStateChanges, type Mover } from '../orders';
import { forgetLostCard, forgetProvisionalCard, keepCard } from './provisional-cards';
import { guestsAmong } from '../customers';

// The payment state machine (issue 8, issue 20): every payment is made by `startPayments` and every change
// of its status goes through `movePayments`, one payment or a batch of them alike (a batch of one is a
// batch). A payment is made with the store credit it spends (taken from the ledger in the same
// transaction); a move the domain does not allow is refused; the attempt's credit is given back when it ends
// without the shop keeping the money, once (a unique index on the ledger holds that even against a bug); a
// card typed for the attempt is kept when it took the money and forgotten when it did not
// (provisional-cards.ts, issue 19). Every start and move is recorded in the state changes.
// Payments are locked after their checkout (orders/state-changes.ts: the money path's one lock order).

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

type PaymentChanges = Partial<
  Pick<
    PaymentRow,
    'intentId' | 'nextActionUrl' | 'declineCode' | 'failureMessage' | 'intentCancel' | 'paymentMethodId'
  >
>;

const CHANGEABLE = {
  intentId: payments.intentId,
  nextActionUrl: payments.nextActionUrl,
  declineCode: payments.declineCode,
  failureMessage: payments.failureMessage,
  intentCancel: payments.intentCancel,
  paymentMethodId: payments.paymentMethodId,
} as const;

/** A payment to make: its row, and the orders its store credit is spent on (the ledger's words). */
export interface PaymentStart {
  values: NewPayment;
  /** "12" or "12, 13": the order numbers the credit pays towards. */
  orderNumbers: string;
}

/** Makes payments in one statement, records their first status and spends their store credit. */
export async function startPayments(
  tx: DbOrTx,
  starts: readonly PaymentStart[],
  by: Mover,
): Promise<PaymentRow[]> {
  if (starts.length === 0) return [];
  const made = await tx
    .insert(payments)
    .values(starts.map((start) => ({ ...start.values, updatedAt: by.at })))
    .returning();
  const byKey = new Map(made.map((row) => [row.idempotencyKey, row]));
  const rows = starts.map((start) => byKey.get(start.values.idempotencyKey)!);
  await recordStateChanges(
    tx,
    rows.map((row) => ({ subject: 'payment', subjectId: row.id, from: null, to: row.status })),
    by,
  );
  countPaymentOutcomes(rows, 'started');
  for (const [at, row] of rows.entries()) {
    if (row.creditAmount <= 0) continue;
    await spendCredit(tx, {
      customerId: row.customerId,
      amount: row.creditAmount,
      reason: 'order_payment',
      description: `Paid towards order ${starts[at]!.orderNumbers}`,
      reference: row.id,
      at: by.at,
    });
  }
  return rows;
}

/** One payment's move: the row the caller locked (or read inside its transaction), and what else changes. */
export interface PaymentMove {
  payment: PaymentRow;
  changes?: PaymentChanges;
}

/**
 * Moves payments that the caller has locked to `to`, in one statement, each with its own changes. Answers
 * the updated rows in the order given. A payment already in `to` only has its changes written. Throws when
 * someone else moved one first (the caller did not hold the lock): never guess; the caller retries.
 */
export async function movePayments(
  tx: DbOrTx,
  moves: readonly PaymentMove[],
  to: PaymentStatus,
  by: Mover,
): Promise<PaymentRow[]> {
  if (moves.length === 0) return [];
  for (const { payment } of moves) if (payment.status !== to) assertPaymentMove(payment.status, to);
  const ids = moves.map(({ payment }) => payment.id);
  const perPayment = (value: (move: PaymentMove) => SQL, otherwise: SQL) =>
    sql`case ${payments.id} ${sql.join(
      moves.map((move) => sql`when ${move.payment.id}::uuid then ${value(move)}`),
      sql` `,
    )} else ${otherwise} end`;
  const set: Record<string, SQL | string | Date> = { status: to, updatedAt: by.at };
  for (const [name, column] of Object.entries(CHANGEABLE)) {
    const key = name as keyof PaymentChanges;
    const given = (move: PaymentMove) => move.changes?.[key] !== undefined;
    if (!moves.some(given)) continue;
    set[key] = perPayment(
      (move) => (given(move) ? sql`${move.changes![key]}` : sql`${column}`),
      sql`${column}`,
    );
  }
  const updated = await tx
    .update(payments)
    .set(set)
    .where(
      and(
        inArray(payments.id, ids),
        sql`${payments.status} = ${perPayment((move) => sql`${move.payment.status}`, sql`null`)}`,
      ),
    )
    .returning();
  if (updated.length !== moves.length) {
    throw new Error(`A payment of ${ids.join(', ')} was changed by someone else`);
  }
  const rows = new Map(updated.map((row) => [row.id, row]));
  const moved = moves.filter(({ payment }) => payment.status !== to).map(({ payment }) => payment);
  await recordStateChanges(
    tx,
    moved.map((payment) => ({ subject: 'payment', subjectId: payment.id, from: payment.status, to })),
    by,
  );
  await settleCards(tx, moved, to);
  // Each payment that moved, counted by where it went (/metrics: sfoglia_payment_outcomes_total).
  countPaymentOutcomes(moved, to);
  for (const payment of moved) {
    if (payment.creditAmount <= 0 || !returnsCredit(payment.status, to)) continue;
    await addCredit(tx, {
      customerId: payment.customerId,
      amount: payment.creditAmount,
      reason: 'payment_failed',
      description:
        to === 'refunded'
          ? 'Credit returned: the payment was refunded'
          : 'Credit returned: the payment did not go through',
      reference: payment.id,
      at: by.at,
    });
  }
  return ids.map((id) => rows.get(id)!);
}

/** One payment's move (a batch of one). */
export async function movePayment(
  tx: DbOrTx,
  payment: PaymentRow,
  to: PaymentStatus,
  changes: PaymentChanges,
  by: Mover,
): Promise<PaymentRow> {
  const [row] = await movePayments(tx, [{ payment, changes }], to, by);
  return row!;
}

/** The cards of payments that took the money are kept; those of payments that failed are not. */
async function settleCards(tx: DbOrTx, moved: readonly PaymentRow[], to: PaymentStatus): Promise<void> {
  const withCards = moved.filter((payment) => payment.paymentMethodId);
  if (withCards.length === 0) return;
  if (to === 'failed') {
    for (const payment of withCards) await forgetProvisionalCard(tx, payment.paymentMethodId!);
    return;
  }
  // A card held for a tab is kept like one that paid: the tab's money is taken from it at close.
  const keeping = withCards.filter(
    (payment) => to === 'succeeded' || to === 'held' || (to === 'refunded' && payment.status !== 'succeeded'),
  );
  if (keeping.length === 0) return;
  // A saved card (every weekly charge's) needs nothing and takes no lock: one look finds the provisional.
  const provisional = new Set(
    (
      await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(
          and(
            inArray(
              paymentMethods.id,
              keeping.map((payment) => payment.paymentMethodId!),
            ),
            eq(paymentMethods.provisional, 'until_paid'),
          ),
        )
    ).map((row) => row.id),
  );
  for (const payment of keeping) {
    if (provisional.has(payment.paymentMethodId!)) {
      await keepCard(tx, payment.paymentMethodId!, payment.customerId);
    }
  }
  // A guest's card is theirs for the visit only (decision 28): once the money is taken (a pay-now order, a
  // tab captured) it is forgotten, detached at the processor by the next tidy; a card held for a tab stays
  // until then (a higher limit is held on it).
  if (to !== 'succeeded') return;
  const guests = await guestsAmong(
    tx,
    keeping.map((payment) => payment.customerId),
  );
  for (const payment of keeping) {
    if (guests.has(payment.customerId)) await forgetLostCard(tx, payment.paymentMethodId!);
  }
}

/** A payment row, locked (after its checkout, in the lock order). */
export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}
