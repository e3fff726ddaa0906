import { and, asc, eq, lt, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { putBackStock } from '../menu';
import { releaseVoucher } from '../vouchers';
import type { OrderKinds } from './order-kinds';
import { checkoutLines, deleteCheckoutOrders } from './orders.repo';
import { moveCheckout, moveCheckoutOrders, type CheckoutRow, type Mover } from './state-changes';

// Unpaid checkouts hold stock and a voucher's redemption; given up, they give them back (decision 7): a
// checkout replaced by a changed basket or gift at once, one nobody tried to pay after 2 hours, one whose
// payments failed 48 hours after the last attempt (the customer may come back to /payment/{orderId} until
// then). The `checkouts-release` job runs the sweep on the shop's clock. Orders owns the ending of every kind
// of checkout; what a kind made beside its orders (a plan) it undoes in its own `withdrawn`/`cancelled` hook
// (order-kinds.ts), and the payments under way are ended by payments through the port below.

export const ABANDONED_UNPAID_MS = 2 * 60 * 60 * 1000;
export const ABANDONED_FAILED_MS = 48 * 60 * 60 * 1000;

/** What ending a checkout needs from payments (payments implements it; services.ts wires it). */
export interface CheckoutPayments {
  /**
   * Ends the checkout's payments still waiting for the customer (a 3-D Secure check never finished), giving
   * their store credit back; refuses (CONFLICT) while one waits for the processor's answer.
   */
  abandonInFlight(tx: DbOrTx, checkoutId: string, reason: string, by: Mover): Promise<void>;
  /** The attempts on a checkout, for deciding whether it was abandoned. */
  attempts(tx: DbOrTx, checkoutId: string): Promise<{ status: string; updatedAt: Date }[]>;
}

export class CheckoutEndings {
  constructor(
    private readonly db: Db,
    private readonly kinds: OrderKinds,
    private readonly payments: CheckoutPayments,
  ) {}

  /**
   * An open checkout replaced (the basket changed) or abandoned before any payment: its orders are withdrawn
   * (deleted), their stock and voucher released. One with a payment under way cannot be withdrawn.
   */
  async withdraw(tx: DbOrTx, checkout: CheckoutRow, by: Mover): Promise<void> {
    const reason = by.reason ?? 'Withdrawn: the basket changed';
    await this.payments.abandonInFlight(tx, checkout.id, 'Abandoned: the basket changed', by);
    await releaseHeld(tx, checkout);
    await this.kinds.of(checkout.kind).withdrawn?.(tx, { checkout, by: { ...by, reason } });
    await deleteCheckoutOrders(tx, checkout.id);
    await moveCheckout(tx, checkout, 'cancelled', { ...by, reason });
  }

  /**
   * An open checkout whose payments failed and that was left so: its orders stay in the customer's history
   * as cancelled, their stock and voucher are released, and the kind ends what it would have started.
   */
  async cancel(tx: DbOrTx, checkout: CheckoutRow, by: Mover): Promise<void> {
    await this.payments.abandonInFlight(tx, checkout.id, 'Abandoned: not paid in time', by);
    await releaseHeld(tx, checkout);
    await this.kinds.of(checkout.kind).cancelled?.(tx, { checkout, by });
    await moveCheckoutOrders(tx, checkout.id, 'cancelled', by);
    await moveCheckout(tx, checkout, 'cancelled', by);
  }

  /** Gives back what abandoned checkouts hold, as of `now` on the shop's clock (checkouts and payments are stamped on it). */
  async releaseAbandoned(now: Date): Promise<number> {
    const by: Mover = { actor: 'job:checkouts-release', at: now };
    const candidates = await this.db
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
      if (await this.db.transaction((tx) => this.releaseIfAbandoned(tx, id, now, by))) released += 1;
    }
    return released;
  }

  private async releaseIfAbandoned(tx: DbOrTx, id: string, now: Date, by: Mover): Promise<boolean> {
    // Skipped when someone holds it (a customer paying, placing again, or another server doing this).
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, id), eq(checkouts.state, 'open')))
      .for('update', { skipLocked: true });
    if (!checkout) return false;
    const attempts = await this.payments.attempts(tx, id);
    // A charge under way is the processor's to answer; a card held for the checkout (a tab) is ended by its
    // kind, which knows when it closes.
    if (attempts.some((attempt) => attempt.status === 'processing' || attempt.status === 'held'))
      return false;
    const lastTouched = Math.max(
      checkout.updatedAt.getTime(),
      ...attempts.map((attempt) => attempt.updatedAt.getTime()),
    );
    if (attempts.length === 0) {
      if (now.getTime() - lastTouched < ABANDONED_UNPAID_MS) return false;
      await this.withdraw(tx, checkout, { ...by, reason: 'Not paid within 2 hours' });
      return true;
    }
    if (now.getTime() - lastTouched < ABANDONED_FAILED_MS) return false;
    await this.cancel(tx, checkout, { ...by, reason: 'Not paid within 48 hours of a failed payment' });
    return true;
  }
}

/** What an open checkout holds back from others: its dishes' stock and its voucher's redemption. */
async function releaseHeld(tx: DbOrTx, checkout: CheckoutRow): Promise<void> {
  await putBackStock(tx, await checkoutLines(tx, checkout.id));
  if (checkout.voucherId) await releaseVoucher(tx, checkout.id);
}
