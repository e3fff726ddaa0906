import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { PaymentProcessorError } from '../../integrations/payments/port';
import { describePayment, lockCheckout } from '../orders';
import type { ShopRulesCache } from '../shop';
import type { PaymentSettlement } from './payment-settlement';
import { movePayment, startPayments, type PaymentRow } from './payment-state';
import { isBusy } from './processor-answers';

// Capturing a hold once (decision 28): a table's tab holds its card for a limit; when the tab closes, what it
// came to is captured, and the rest of the hold goes back to the card. The order of things keeps it to one
// capture whatever crashes or retries:
//  1. under the checkout's lock, the amount is written on the held payment (`capture_amount`,
//     `capture_requested_at`): asked again, the same amount is the same capture; another amount is refused;
//  2. outside any transaction, the processor captures it with the key `capture:<payment>`;
//  3. the answer is recorded like any charge's (settlement: `held → succeeded`, the checkout paid, the kind
//     told). A crash between 2 and 3 is finished by `payments-recover` (finishCaptures) with the same key.
// Nothing is captured above what was held, and nothing under the 30p a card can be charged: a smaller
// amount (or nothing) releases the hold and the checkout is paid with nothing charged (spec §5).

/** What a capture did: the money taken, the hold let go with nothing to take, or refused by the processor. */
export type CaptureOutcome =
  | { status: 'captured'; payment: PaymentRow }
  | { status: 'released'; payment: PaymentRow }
  | { status: 'failed'; payment: PaymentRow; message: string };

/** A capture asked for this long ago and not recorded was interrupted: recovery finishes it. */
const CAPTURE_STUCK_MS = 30_000;
const RECOVERY = 'job:payments-recover';

export class PaymentHolds {
  constructor(
    private readonly db: Db,
    private readonly settlement: PaymentSettlement,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {}

  /** Captures `amount` of the checkout's hold (see above); the same call again answers the same. */
  async capture(checkoutId: string, amount: number, actor: string): Promise<CaptureOutcome> {
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw new RangeError('A capture is whole pence, not below zero');
    const { minimumCardCharge } = await this.rules.get();
    type Asked = { done: PaymentRow } | { held: PaymentRow | undefined };
    const asked = await this.db.transaction(async (tx): Promise<Asked> => {
      const checkout = await lockCheckout(tx, checkoutId);
      if (!checkout) throw new DomainError('ORDER_NOT_FOUND', 'We could not find that tab');
      const done = await latest(tx, checkoutId, ['succeeded', 'refunded']);
      if (done) return { done };
      const held = await latest(tx, checkoutId, ['held'], true);
      if (!held) throw new DomainError('CONFLICT', 'No card is held for this tab');
      if (amount > held.amount) {
        throw new DomainError('TAB_LIMIT_REACHED', 'That is more than the card holds', { needs: amount });
      }
      if (held.captureAmount !== null) {
        if (held.captureAmount !== amount)
          throw new Error(`Hold ${held.id} is being captured for another amount`);
        return { held };
      }
      const [row] = await tx
        .update(payments)
        .set({ captureAmount: amount, captureRequestedAt: this.clock.now(), updatedAt: this.clock.now() })
        .where(eq(payments.id, held.id))
        .returning();
      return { held: row };
    });
    if ('done' in asked) return { status: 'captured', payment: asked.done };
    if (!asked.held) throw new Error(`Checkout ${checkoutId}'s hold went while it was being captured`);
    const held = asked.held;
    if (amount < minimumCardCharge) return this.releaseAndPay(held, actor);
    return this.take(held, actor);
  }

  /** Captures still owed (a crash or an unreachable processor between asking and recording): finished here. */
  async finishCaptures(): Promise<number> {
    const owed = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'held'),
          isNotNull(payments.captureRequestedAt),
          lt(payments.captureRequestedAt, new Date(this.clock.now().getTime() - CAPTURE_STUCK_MS)),
        ),
      )
      .orderBy(asc(payments.captureRequestedAt))
      .limit(50);
    let finished = 0;
    for (const payment of owed) {
      try {
        const outcome =
          payment.captureAmount! < (await this.rules.get()).minimumCardCharge
            ? await this.releaseAndPay(payment, RECOVERY)
            : await this.take(payment, RECOVERY);
        if (outcome.payment.status !== 'held') finished += 1;
      } catch {
        // Asked again on the next pass.
      }
    }
    return finished;
  }

  /** Step 2 and 3: the processor captures with the payment's key, and the answer is recorded. */
  private async take(held: PaymentRow, actor: string): Promise<CaptureOutcome> {
    const processor = this.settlement.processor(held.processor);
    try {
      const intent = await processor.capturePaymentIntent(
        held.intentId!,
        { amount: held.captureAmount! },
        `capture:${held.id}`,
      );
      const row = await this.settlement.settle(held, intent, actor);
      return row.status === 'succeeded'
        ? { status: 'captured', payment: row }
        : { status: 'failed', payment: row, message: row.failureMessage ?? 'The card could not be charged' };
    } catch (error) {
      if (isBusy(error) || !(error instanceof PaymentProcessorError) || error.statusCode >= 500) throw error;
      // Refused for good (the authorisation expired or was voided): the hold is no more.
      const message = 'The card held for this tab could not be charged';
      const row = await this.settlement.record(held, async (tx, current, checkout) =>
        current.status === 'held'
          ? this.settlement.fail(
              tx,
              current,
              error.code,
              message,
              checkout,
              this.settlement.by(actor, message),
            )
          : current,
      );
      return { status: 'failed', payment: row, message };
    }
  }

  /** Too little to charge a card: the hold goes back whole and the checkout is paid with nothing charged. */
  private async releaseAndPay(held: PaymentRow, actor: string): Promise<CaptureOutcome> {
    await this.settlement.cancelIntent({ ...held, intentCancel: 'pending' }, actor);
    const by = this.settlement.by(actor, 'Nothing left to charge to the card');
    const row = await this.settlement.record(held, async (tx, current, checkout) => {
      if (current.status !== 'held') return current;
      const released = await movePayment(tx, current, 'released', { intentCancel: 'done' }, by);
      if (checkout.state === 'open') {
        const [nothing] = await startPayments(
          tx,
          [
            {
              values: {
                checkoutId: checkout.id,
                customerId: checkout.customerId,
                processor: 'none',
                idempotencyKey: `capture-none:${held.id}`,
                amount: 0,
                creditAmount: 0,
                status: 'succeeded',
              },
              orderNumbers: await this.settlement.orderNumbers(tx, checkout.id),
            },
          ],
          by,
        );
        await this.settlement.finalise(tx, checkout, nothing!, by);
      }
      return released;
    });
    return { status: 'released', payment: row };
  }
}

async function latest(
  tx: DbOrTx,
  checkoutId: string,
  statuses: PaymentRow['status'][],
  lock = false,
): Promise<PaymentRow | null> {
  const query = tx
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), inArray(payments.status, statuses)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A checkout's hold as its tab shows it: where it stands and the card or PayPal it is on. */
export interface HoldView {
  status: 'none' | 'pending' | 'held' | 'failed' | 'captured' | 'released';
  /** "Visa ending 4242", "PayPal (ana@example.com)"; null when nothing names it. */
  paidWith: string | null;
  /** What is held (what was captured, once captured). */
  amount: number;
}

/** The newest hold of a checkout (or the nothing-to-charge payment that ended one), for its tab's screens. */
export async function holdOf(db: DbOrTx, checkoutId: string): Promise<HoldView> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.checkoutId, checkoutId),
        or(eq(payments.captureMethod, 'manual'), eq(payments.status, 'succeeded')),
      ),
    )
    .orderBy(
      sql`case ${payments.status} when 'succeeded' then 0 when 'held' then 1 else 2 end`,
      desc(payments.createdAt),
    )
    .limit(1);
  if (!row) return { status: 'none', paidWith: null, amount: 0 };
  const described = await describePayment(db, row);
  const status: HoldView['status'] =
    row.status === 'succeeded' || row.status === 'refunded'
      ? 'captured'
      : row.status === 'processing' || row.status === 'requires_action'
        ? 'pending'
        : row.status;
  return {
    status,
    paidWith: described.paidWith,
    amount: status === 'captured' ? described.charged : row.amount,
  };
}
