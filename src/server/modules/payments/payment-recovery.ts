import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { paymentMethods, payments } from '../../db/schema/payments';
import { type ProcessorName } from '../../integrations/payments/port';
import type { PaymentSettlement } from './payment-settlement';
import { processorCustomerRef } from './processor-customers';

// Finishing what was left half-done (the payments-recover job, at start and every minute): charges a crash
// interrupted, 3-D Secure checks and PayPal approvals left unanswered, and cancels still owed at the processor.

/** A 3-D Secure check or PayPal approval left unfinished this long is given up (cancelled at the processor). */
export const UNFINISHED_ACTION_MS = 60 * 60 * 1000;
/** How often recovery asks the processor about an unfinished check (the customer may have left after it). */
const ACTION_CHECK_MS = 10 * 60 * 1000;
/** A charge that has been `processing` this long was interrupted (a crash): recovery replays it. */
export const STUCK_CHARGE_MS = 30_000;

const RECOVERY = 'job:payments-recover';

export class PaymentRecovery {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settlement: PaymentSettlement,
  ) {}

  /**
   * Finishes what was left half-done, at start and every minute: charges a crash left `processing` (the same
   * request with the same key is a replay at the processor, never a second charge); 3-D Secure checks and
   * PayPal approvals the customer finished without coming back (asked every 10 minutes, given up after an
   * hour); and intents of abandoned attempts not yet cancelled. Returns how many payments it finished.
   * `processingOlderThanMs` 0 replays every charge under way (at start, no other process is mid-charge).
   * Payments are stamped on the shop's clock, and their age is read on it.
   */
  async recoverPayments(processingOlderThanMs = STUCK_CHARGE_MS): Promise<number> {
    const now = this.clock.now().getTime();
    const stuck = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'processing'),
          // At start every charge under way is replayed, however recent (no other process is mid-charge).
          processingOlderThanMs > 0
            ? lt(payments.updatedAt, new Date(now - processingOlderThanMs))
            : undefined,
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(50);
    const unfinished = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'requires_action'),
          sql`coalesce(${payments.checkedAt}, ${payments.updatedAt}) < ${new Date(now - ACTION_CHECK_MS)}`,
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(50);
    let finished = 0;
    for (const payment of stuck) {
      try {
        const ref = await processorCustomerRef(
          this.db,
          payment.customerId,
          payment.processor as ProcessorName,
        );
        if (!ref) continue;
        const method = payment.paymentMethodId
          ? (
              await this.db
                .select()
                .from(paymentMethods)
                .where(eq(paymentMethods.id, payment.paymentMethodId))
            )[0]
          : undefined;
        await this.settlement.charge(payment, ref, method?.processorRef ?? null, RECOVERY);
        finished += 1;
      } catch {
        // The processor is still unreachable: the next pass tries again.
      }
    }
    for (const payment of unfinished) {
      try {
        const row = await this.settlement.reconcile(payment, RECOVERY);
        if (row.status !== 'requires_action') {
          finished += 1;
        } else if (now - payment.updatedAt.getTime() >= UNFINISHED_ACTION_MS) {
          await this.settlement.giveUp(
            row,
            'The payment was not completed in time. Please try again.',
            RECOVERY,
          );
          finished += 1;
        } else {
          await this.db
            .update(payments)
            .set({ checkedAt: new Date(now) })
            .where(eq(payments.id, payment.id));
        }
      } catch {
        // Asked again on the next pass.
      }
    }
    return finished + (await this.cancelAbandonedIntents(undefined, RECOVERY));
  }

  /**
   * Cancels at the processor the intents of attempts the shop gave up on inside a transaction (a changed
   * basket, a checkout cancelled after 48 hours): until then the customer could still complete them.
   */
  async cancelAbandonedIntents(
    customerId?: string,
    actor = customerId ? 'customer' : RECOVERY,
  ): Promise<number> {
    const pending = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.intentCancel, 'pending'),
          customerId ? eq(payments.customerId, customerId) : undefined,
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(50);
    let cancelled = 0;
    for (const payment of pending) {
      try {
        await this.settlement.cancelIntent(payment, actor);
        cancelled += 1;
      } catch {
        // The processor is unreachable: the next recovery pass tries again.
      }
    }
    return cancelled;
  }
}
