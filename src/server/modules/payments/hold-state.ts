import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import type { CheckoutRow, Mover, OrderKinds } from '../orders';
import { movePayment, movePayments, type PaymentRow } from './payment-state';

// A hold authorised (decision 28), recorded in settlement's transaction with the checkout and the payment
// locked: the payment is `held` and its kind told (a tab opens, or its limit rises). A checkout holds one
// authorisation at a time: an older hold is released, its intent cancelled at the processor after commit
// (`release` collects them) or by recovery. A hold authorised after its checkout was given up, or its attempt
// replaced, is let go at once.

export async function recordHold(
  tx: DbOrTx,
  kinds: OrderKinds,
  {
    current,
    checkout,
    intentId,
    release,
  }: { current: PaymentRow; checkout: CheckoutRow; intentId: string; release: PaymentRow[] },
  by: Mover,
): Promise<PaymentRow> {
  if (current.status === 'held') return current;
  if (checkout.state !== 'open' || current.status === 'failed' || current.status === 'released') {
    const given =
      current.status === 'failed' || current.status === 'released'
        ? current
        : await movePayment(
            tx,
            current,
            'failed',
            { intentId, failureMessage: 'Given up before the card was held', nextActionUrl: null },
            by,
          );
    const marked = await markForCancel(tx, { ...given, intentId });
    release.push(marked);
    return marked;
  }
  const row = await movePayment(tx, current, 'held', { intentId, nextActionUrl: null }, by);
  const older = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkout.id), eq(payments.status, 'held'), ne(payments.id, row.id)))
    .for('update');
  const released = await movePayments(
    tx,
    older.map((payment) => ({ payment, changes: { intentCancel: 'pending' as const } })),
    'released',
    { ...by, reason: 'Replaced by a higher hold' },
  );
  release.push(...released);
  await kinds.of(checkout.kind).held?.(tx, { checkout, payment: row, by });
  return row;
}

/** Marks a let-go hold's intent for cancelling at the processor (after commit, or by recovery). */
async function markForCancel(tx: DbOrTx, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.intentCancel === 'done' || !payment.intentId) return payment;
  const [row] = await tx
    .update(payments)
    .set({ intentId: payment.intentId, intentCancel: 'pending' })
    .where(eq(payments.id, payment.id))
    .returning();
  return row!;
}
