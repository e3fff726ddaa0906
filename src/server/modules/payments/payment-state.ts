import { and, eq } from 'drizzle-orm';
import { assertPaymentMove, returnsCredit, type PaymentStatus } from '../../../domain/payments';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { addCredit } from '../credit';
import { recordStateChange, type Mover } from '../orders';
import { forgetProvisionalCard, keepCard } from './provisional-cards';

// Every change of a payment's status goes through `movePayment` (issue 8): it refuses a move the domain does
// not allow, and gives the attempt's store credit back when the attempt ends without the shop keeping the
// money, once (a unique index on the ledger holds that even against a bug). A card typed for this attempt is
// kept when it took the money and forgotten when it did not (provisional-cards.ts, issue 19).
// Payments are locked after their checkout (orders/state-changes.ts: the money path's one lock order).

export type PaymentRow = typeof payments.$inferSelect;

type PaymentChanges = Partial<
  Pick<
    PaymentRow,
    'intentId' | 'nextActionUrl' | 'declineCode' | 'failureMessage' | 'intentCancel' | 'paymentMethodId'
  >
>;

/**
 * Moves a payment that the caller has locked (or just read inside its transaction) to `to`. Returns the
 * updated row. Moving to the status it already has only writes the changes.
 */
export async function movePayment(
  tx: DbOrTx,
  payment: PaymentRow,
  to: PaymentStatus,
  changes: PaymentChanges,
  by: Mover,
): Promise<PaymentRow> {
  if (payment.status !== to) assertPaymentMove(payment.status, to);
  const [row] = await tx
    .update(payments)
    .set({ ...changes, status: to, updatedAt: by.at })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  if (!row) {
    // Someone moved it first: the caller did not hold the lock. Never guess; let the caller retry.
    throw new Error(`Payment ${payment.id} was changed by someone else`);
  }
  if (payment.status !== to) await recordStateChange(tx, 'payment', payment.id, payment.status, to, by);
  if (payment.paymentMethodId && payment.status !== to) {
    if (to === 'succeeded' || (to === 'refunded' && payment.status !== 'succeeded')) {
      await keepCard(tx, payment.paymentMethodId, payment.customerId);
    } else if (to === 'failed') {
      await forgetProvisionalCard(tx, payment.paymentMethodId);
    }
  }
  if (payment.creditAmount > 0 && returnsCredit(payment.status, to)) {
    await addCredit(tx, {
      customerId: payment.customerId,
      amount: payment.creditAmount,
      reason: 'payment_failed',
      description:
        to === 'refunded'
          ? 'Credit returned: the payment was refunded'
          : 'Credit returned: the payment did not go through',
      reference: payment.id,
    });
  }
  return row;
}

/** A payment row, locked (after its checkout, in the lock order). */
export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}
