import { and, asc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { firstOrderOf, type CheckoutPayments, type Mover } from '../orders';
import { movePayment } from './payment-state';

// Attempts in flight when their checkout is given up (a basket placed again with a change, a checkout not
// paid in time), and the attempts a checkout had.

/**
 * A 3-D Secure check or PayPal approval left unfinished when its checkout is given up (placed again with a
 * change, or cancelled after 48 hours): the payment fails with its credit back, and its intent is marked
 * for cancelling at the processor (`cancelAbandonedIntents`, right after the transaction and in every
 * recovery pass); should the customer complete it first, the charge is refunded. A charge being made right
 * now cannot be abandoned. The caller holds the checkout's lock.
 */
export async function abandonPaymentsInFlight(
  tx: DbOrTx,
  checkoutId: string,
  reason: string,
  by: Mover,
): Promise<void> {
  const inFlight = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.checkoutId, checkoutId),
        inArray(payments.status, ['processing', 'requires_action', 'held']),
      ),
    )
    .for('update');
  if (inFlight.some((payment) => payment.status === 'processing')) {
    // The processor owes its answer (recovery and the order's page ask again at once): say what is true,
    // and where to follow it (issue 19 item 26).
    const first = await firstOrderOf(tx, checkoutId);
    throw new DomainError(
      'CONFLICT',
      first
        ? `We’re still confirming your payment for order #${first.number} with our payment provider. You won’t be charged twice: follow it on the order’s page, then order again if it didn’t go through.`
        : 'We’re still confirming your payment with our payment provider. Please wait a moment.',
      first ? { orderId: first.id } : undefined,
    );
  }
  for (const payment of inFlight) {
    await movePayment(
      tx,
      payment,
      // A card held for the checkout is let go (nothing was taken).
      payment.status === 'held' ? 'released' : 'failed',
      {
        failureMessage: reason,
        nextActionUrl: null,
        intentCancel: payment.intentCancel ?? (payment.intentId ? 'pending' : null),
      },
      { ...by, reason },
    );
  }
}

/** The attempts on a checkout, for deciding whether it was abandoned (newest last). */
export function paymentAttempts(db: DbOrTx, checkoutId: string) {
  return db
    .select({ status: payments.status, updatedAt: payments.updatedAt })
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.createdAt));
}

/**
 * Locks the checkout's payments still waiting for the processor or the customer (payments before customer);
 * whether there were any.
 */
export async function lockPaymentsInFlight(tx: DbOrTx, checkoutId: string): Promise<boolean> {
  const inFlight = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.checkoutId, checkoutId), inArray(payments.status, ['processing', 'requires_action'])),
    )
    .for('update');
  return inFlight.length > 0;
}

/** The checkout's failed payments: each one's decline code and when it was made. */
export function failedPaymentsOf(db: DbOrTx, checkoutId: string) {
  return db
    .select({ declineCode: payments.declineCode, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'failed')));
}

/** What orders needs from payments to end an unpaid checkout (orders' CheckoutEndings; wired in services.ts). */
export const checkoutPayments: CheckoutPayments = {
  abandonInFlight: abandonPaymentsInFlight,
  attempts: paymentAttempts,
};
