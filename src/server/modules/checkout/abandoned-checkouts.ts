import { and, asc, eq, lt, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { putBackStock } from '../menu';
import {
  checkoutLines,
  deleteCheckoutOrders,
  moveCheckout,
  moveCheckoutOrders,
  type CheckoutRow,
  type Mover,
} from '../orders';
import { abandonPaymentsInFlight, paymentAttempts } from '../payments';
import { deletePlan, moveSubscription } from '../subscriptions';
import { releaseVoucher } from '../vouchers';

// Unpaid checkouts hold stock and a voucher's redemption; given up, they give them back (decision 7): a
// checkout replaced by a changed basket or gift at once, one nobody tried to pay after 2 hours, one whose
// payments failed 48 hours after the last attempt (the customer may come back to /payment/{orderId} until
// then). The `checkouts-release` job runs the sweep on the shop's clock.

export const ABANDONED_UNPAID_MS = 2 * 60 * 60 * 1000;
export const ABANDONED_FAILED_MS = 48 * 60 * 60 * 1000;

/**
 * An open checkout replaced (the basket changed) or abandoned before any payment: its orders are withdrawn
 * (deleted), their stock and voucher released. One with a payment under way cannot be withdrawn.
 */
export async function withdrawCheckout(tx: DbOrTx, checkout: CheckoutRow, by: Mover): Promise<void> {
  const reason = by.reason ?? 'Withdrawn: the basket changed';
  await abandonPaymentsInFlight(tx, checkout.id, 'Abandoned: the basket changed', by);
  await releaseHeld(tx, checkout);
  if (checkout.subscriptionId) await deletePlan(tx, checkout.subscriptionId);
  await deleteCheckoutOrders(tx, checkout.id);
  await moveCheckout(tx, checkout, 'cancelled', { ...by, reason });
}

/**
 * An open checkout whose payments failed and that was left so: its orders stay in the customer's history as
 * cancelled, their stock and voucher are released and the plan it would have started is cancelled.
 */
export async function cancelCheckout(tx: DbOrTx, checkout: CheckoutRow, by: Mover): Promise<void> {
  await abandonPaymentsInFlight(tx, checkout.id, 'Abandoned: not paid in time', by);
  await releaseHeld(tx, checkout);
  if (checkout.subscriptionId) await moveSubscription(tx, checkout.subscriptionId, 'cancelled', by);
  await moveCheckoutOrders(tx, checkout.id, 'cancelled', by);
  await moveCheckout(tx, checkout, 'cancelled', by);
}

/** What an open checkout holds back from others: its dishes' stock and its voucher's redemption. */
async function releaseHeld(tx: DbOrTx, checkout: CheckoutRow): Promise<void> {
  await putBackStock(tx, await checkoutLines(tx, checkout.id));
  if (checkout.voucherId) await releaseVoucher(tx, checkout.id);
}

/** Gives back what abandoned checkouts hold, as of `now` on the shop's clock (checkouts and payments are stamped on it). */
export async function releaseAbandonedCheckouts(db: Db, now: Date): Promise<number> {
  const by: Mover = { actor: 'job:checkouts-release', at: now };
  const candidates = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.state, 'open'),
        // A plan's weekly box is open until its cutoff and then billed: the billing job owns its ending.
        ne(checkouts.kind, 'plan_week'),
        lt(checkouts.updatedAt, new Date(now.getTime() - ABANDONED_UNPAID_MS)),
      ),
    )
    .orderBy(asc(checkouts.updatedAt))
    .limit(100);
  let released = 0;
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      // Skipped when someone holds it (a customer paying, placing again, or another server doing this).
      const [checkout] = await tx
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, id), eq(checkouts.state, 'open')))
        .for('update', { skipLocked: true });
      if (!checkout) return false;
      const attempts = await paymentAttempts(tx, id);
      if (attempts.some((attempt) => attempt.status === 'processing')) return false;
      const lastTouched = Math.max(
        checkout.updatedAt.getTime(),
        ...attempts.map((attempt) => attempt.updatedAt.getTime()),
      );
      if (attempts.length === 0) {
        if (now.getTime() - lastTouched < ABANDONED_UNPAID_MS) return false;
        await withdrawCheckout(tx, checkout, { ...by, reason: 'Not paid within 2 hours' });
        return true;
      }
      if (now.getTime() - lastTouched < ABANDONED_FAILED_MS) return false;
      await cancelCheckout(tx, checkout, { ...by, reason: 'Not paid within 48 hours of a failed payment' });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}
