import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import type { Mover, OrderKinds } from '../orders';
import { movePayment, type PaymentRow } from './payment-state';
import type { PaymentSettlement } from './payment-settlement';
import { refundPartsOwed } from './part-refunds';

// Giving back a paid checkout's money (issue 13: a takeaway the kitchen rejects). The decision is made in
// the caller's transaction (`requestRefund`, with the checkout locked, in the money path's lock order), which
// marks the successful payment as owed back; the processor is called after commit with the key
// `refund:<payment>` (`refundOwed`), and the answer recorded in a transaction of its own: the payment becomes
// `refunded`, its store credit comes back (movePayment), and the order kind hears of it (`reversed`). A crash
// in between leaves the payment owed; every recovery pass finishes it, and the key makes a second ask a replay.

/**
 * Marks the checkout's successful payment as owed back (the caller holds the checkout's lock). Returns it, or
 * null when nothing was paid. Asking twice changes nothing.
 */
export async function requestRefund(
  tx: DbOrTx,
  checkoutId: string,
  reason: string,
  by: Mover,
): Promise<PaymentRow | null> {
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'succeeded')))
    .for('update');
  if (!paid) return null;
  if (paid.refundRequestedAt) return paid;
  const [row] = await tx
    .update(payments)
    .set({ refundRequestedAt: by.at, refundReason: reason, updatedAt: by.at })
    .where(eq(payments.id, paid.id))
    .returning();
  return row!;
}

export class PaymentRefunds {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settlement: PaymentSettlement,
    private readonly kinds: OrderKinds,
  ) {}

  /**
   * Refunds what is owed back (of one checkout, or all): part refunds first (part-refunds.ts), then whole
   * payments; answers how many were refunded. Failures wait for the next pass.
   */
  async refundOwed(checkoutId?: string, actor = 'job:payments-recover'): Promise<number> {
    const parts = await refundPartsOwed(this.db, this.settlement, this.clock, checkoutId);
    const owed = await this.db
      .select()
      .from(payments)
      .where(
        and(
          isNotNull(payments.refundRequestedAt),
          eq(payments.status, 'succeeded'),
          checkoutId ? eq(payments.checkoutId, checkoutId) : undefined,
        ),
      )
      .orderBy(asc(payments.refundRequestedAt))
      .limit(50);
    let refunded = 0;
    for (const payment of owed) {
      try {
        await this.refund(payment, actor);
        refunded += 1;
      } catch {
        // The processor is unreachable: the payment stays owed and the next recovery pass asks again.
      }
    }
    return parts + refunded;
  }

  private async refund(payment: PaymentRow, actor: string): Promise<PaymentRow> {
    if (payment.amount > 0 && payment.intentId && payment.processor !== 'none') {
      await this.settlement
        .processor(payment.processor)
        .refund({ paymentIntentId: payment.intentId }, `refund:${payment.id}`);
    }
    return this.settlement.record(payment, async (tx, current, checkout) => {
      if (current.status !== 'succeeded' || !current.refundRequestedAt) return current;
      const by: Mover = { actor, reason: current.refundReason, at: this.clock.now() };
      const row = await movePayment(tx, current, 'refunded', {}, by);
      await this.kinds.of(checkout.kind).reversed?.(tx, { checkout, payment: row, by });
      return row;
    });
  }
}
