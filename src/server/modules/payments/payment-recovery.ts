import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { paymentMethods, payments } from '../../db/schema/payments';
import { type ProcessorName } from '../../integrations/payments/port';
import type { PaymentSettlement } from './payment-settlement';
import type { PaymentRow } from './payment-state';
import { processorCustomerRef } from './processor-customers';

// Finishing what was left half-done (the payments-recover job, at start, every minute, and every few
// seconds while the processor owes an answer): charges a crash interrupted or the processor did not answer,
// 3-D Secure checks and PayPal approvals left unanswered, and cancels still owed at the processor.

/** A 3-D Secure check or PayPal approval left unfinished this long is given up (cancelled at the processor). */
export const UNFINISHED_ACTION_MS = 60 * 60 * 1000;
/** How often recovery asks the processor about an unfinished check (the customer may have left after it). */
const ACTION_CHECK_MS = 10 * 60 * 1000;
/** A charge that has been `processing` this long was interrupted (a crash): recovery replays it. */
export const STUCK_CHARGE_MS = 30_000;
/** A charge is replayed at most this often, whoever asks (recovery, the customer's page): one asker at once. */
export const REPLAY_GAP_MS = 5_000;
/** Charges replayed at once in a pass (the processor answers each in well under a second when it is up). */
const REPLAYS_AT_ONCE = 4;
/** A pass that finds the processor still unreachable this many times in a row stops: it is down. */
const STILL_DOWN_AFTER = 3;
/** A pass works through the backlog for at most this long; the next one (seconds later) goes on. */
const PASS_MS = 40_000;
const BATCH = 50;

const RECOVERY = 'job:payments-recover';

export class PaymentRecovery {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settlement: PaymentSettlement,
  ) {}

  /**
   * Finishes what was left half-done. Charges still `processing` are replayed with their own key (the
   * processor answers a replay with the first result: never a second charge): at once when the processor
   * did not answer them (`unansweredAt`), and after STUCK_CHARGE_MS otherwise (a crash mid-charge); the
   * whole backlog in one pass, a few at a time, until it is done or the processor is found still down
   * (issue 19 item 26). Then 3-D Secure checks and PayPal approvals the customer finished without coming
   * back (asked every 10 minutes, given up after an hour), and intents of abandoned attempts not yet
   * cancelled. Returns how many payments it finished. `processingOlderThanMs` 0 replays every charge under
   * way (at start, no other process is mid-charge). Payments are stamped on the shop's clock.
   */
  async recoverPayments(processingOlderThanMs = STUCK_CHARGE_MS): Promise<number> {
    const started = Date.now();
    let finished = 0;
    let down = 0;
    const tried = new Set<string>();
    while (down < STILL_DOWN_AFTER && Date.now() - started < PASS_MS) {
      const now = this.clock.now().getTime();
      const stuck = (
        await this.db
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.status, 'processing'),
              processingOlderThanMs > 0
                ? or(
                    isNotNull(payments.unansweredAt),
                    lt(payments.updatedAt, new Date(now - processingOlderThanMs)),
                  )
                : undefined,
            ),
          )
          .orderBy(asc(payments.createdAt))
          .limit(BATCH + tried.size)
      ).filter((payment) => !tried.has(payment.id));
      if (stuck.length === 0) break;
      for (let at = 0; at < stuck.length && down < STILL_DOWN_AFTER; at += REPLAYS_AT_ONCE) {
        const answers = await Promise.all(
          stuck.slice(at, at + REPLAYS_AT_ONCE).map((payment) => {
            tried.add(payment.id);
            return this.replay(payment, RECOVERY);
          }),
        );
        for (const answer of answers) {
          if (answer === 'unanswered') down += 1;
          else if (answer !== 'skipped') {
            down = 0;
            finished += 1;
          }
        }
      }
      if (stuck.length < BATCH) break;
    }
    return finished + (await this.finishActions()) + (await this.cancelAbandonedIntents(undefined, RECOVERY));
  }

  /** Whether a charge is still waiting for the processor's answer (recovery then looks again in seconds). */
  async waiting(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.status, 'processing'), isNotNull(payments.unansweredAt)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Asks the processor about a charge still `processing`, with its own key, and records the answer. One
   * asker at a time (a claim on `checkedAt`, REPLAY_GAP_MS apart); answers the payment as recorded,
   * 'unanswered' when the processor is still unreachable, 'skipped' when someone asked moments ago.
   */
  async replay(payment: PaymentRow, actor: string): Promise<PaymentRow | 'unanswered' | 'skipped'> {
    const now = this.clock.now();
    const [claimed] = await this.db
      .update(payments)
      .set({ checkedAt: now })
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.status, 'processing'),
          or(isNull(payments.checkedAt), lte(payments.checkedAt, new Date(now.getTime() - REPLAY_GAP_MS))),
        ),
      )
      .returning();
    if (!claimed) return 'skipped';
    try {
      const ref = await processorCustomerRef(this.db, claimed.customerId, claimed.processor as ProcessorName);
      if (!ref) return 'skipped';
      const [method] = claimed.paymentMethodId
        ? await this.db
            .select({ ref: paymentMethods.processorRef })
            .from(paymentMethods)
            .where(eq(paymentMethods.id, claimed.paymentMethodId))
        : [];
      return await this.settlement.charge(claimed, ref, method?.ref ?? null, actor);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'PAYMENT_PROCESSOR_ERROR') return 'unanswered';
      // Anything else (a lock lost to a concurrent ending, a database hiccup): the next pass asks again.
      return 'skipped';
    }
  }

  /** 3-D Secure checks and PayPal approvals left unanswered: asked again, given up after an hour. */
  private async finishActions(): Promise<number> {
    const now = this.clock.now().getTime();
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
      .limit(BATCH);
    let finished = 0;
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
    return finished;
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
      .limit(BATCH);
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
