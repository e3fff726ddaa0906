import { and, desc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import { planCharge } from '../../../domain/orders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { paymentMethods, payments } from '../../db/schema/payments';
import { spendCredit } from '../credit';
import { lockCheckout, recordStateChange } from '../orders';
import type { ShopRulesCache } from '../shop';
import type { PaymentRow } from './payment-state';
import { isHardDecline, type PaymentSettlement } from './payment-settlement';
import { ensureProcessorCustomer } from './processor-customers';

// Charging a checkout while its customer is away (issue 12: a plan's weekly box, at its cutoff and at each
// retry). The same three steps as paying at the checkout (payments.service.ts), with a key the caller makes
// from what is being charged (`plan:{weekId}:{attempt}`), so that two workers, a retry or a restart asking
// for the same attempt get the one payment row and, at the processor, the one charge:
//  1. In one transaction with the checkout locked: the payment row with that key (or the one already there),
//     store credit first as at checkout.
//  2. Outside any transaction: the processor charges the saved card off-session with that key.
//  3. The answer is recorded by PaymentSettlement: paid (the order kind's `paid`), or failed (the checkout's
//     orders wait for payment, the kind's `failed`), a crash in between finished by payments recovery.

export interface OffSessionCharge {
  checkoutId: string;
  /** The saved card or PayPal account (payment_methods.id) that is charged. */
  paymentMethodId: string;
  /** Deterministic for what is charged and which try it is; the same key is the same attempt. */
  idempotencyKey: string;
  /** `job:plans-bill`… */
  actor: string;
}

export class OffSessionCharges {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly settlement: PaymentSettlement,
  ) {}

  /**
   * Makes (or replays) one attempt. Answers with its payment as it stands afterwards (`succeeded`, `failed`,
   * or `processing` when the processor could not be reached: recovery finishes it), or null when nothing was
   * charged because the checkout is paid, given up, or being paid by the customer right now. Refuses a card
   * that had a hard decline (PAYMENT_DECLINED): it is never tried again. The processor is never called
   * inside a transaction.
   */
  async charge(input: OffSessionCharge): Promise<PaymentRow | null> {
    const [method] = await this.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, input.paymentMethodId));
    if (!method) {
      throw new DomainError('PAYMENT_METHOD_NOT_FOUND', 'That card is no longer in the account');
    }
    const customerRef = await ensureProcessorCustomer(
      this.db,
      this.settlement.processor(method.processor),
      method.customerId,
    );
    const rules = await this.rules.get();
    const by = this.settlement.by(input.actor);
    const started = await this.db.transaction(async (tx): Promise<PaymentRow | null> => {
      const checkout = await lockCheckout(tx, input.checkoutId);
      if (!checkout) throw new DomainError('ORDER_NOT_FOUND', 'We could not find that order');
      const [same] = await tx
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, input.idempotencyKey))
        .for('update');
      if (same) return same;
      if (checkout.state !== 'open') return null;
      const [inFlight] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.checkoutId, checkout.id),
            inArray(payments.status, ['processing', 'requires_action']),
          ),
        )
        .limit(1);
      if (inFlight) return null;
      await refuseAfterHardDecline(tx, method.id);
      const [customer] = await tx
        .select({ storeCredits: customers.storeCredits })
        .from(customers)
        .where(eq(customers.id, checkout.customerId))
        .for('update');
      const plan = planCharge({
        total: checkout.total,
        creditBalance: customer?.storeCredits ?? 0,
        useCredit: true,
        minimumCardCharge: rules.minimumCardCharge,
        basketRequestsCard: false,
      });
      const [payment] = await tx
        .insert(payments)
        .values({
          checkoutId: checkout.id,
          customerId: checkout.customerId,
          paymentMethodId: plan.charge > 0 ? method.id : null,
          processor: plan.charge > 0 ? method.processor : 'none',
          idempotencyKey: input.idempotencyKey,
          amount: plan.charge,
          creditAmount: plan.creditApplied,
          offSession: plan.charge > 0,
          status: plan.charge > 0 ? 'processing' : 'succeeded',
          updatedAt: by.at,
        })
        .returning();
      await recordStateChange(tx, 'payment', payment!.id, null, payment!.status, by);
      if (plan.creditApplied > 0) {
        await spendCredit(tx, {
          customerId: checkout.customerId,
          amount: plan.creditApplied,
          reason: 'order_payment',
          description: `Paid towards order ${await this.settlement.orderNumbers(tx, checkout.id)}`,
          reference: payment!.id,
        });
      }
      if (plan.charge === 0) await this.settlement.finalise(tx, checkout, payment!, by);
      return payment!;
    });
    if (!started || started.status !== 'processing') return started;
    return this.settlement.charge(started, customerRef, method.processorRef, input.actor);
  }
}

/** Stolen, lost, fraudulent or blacklisted: that card is never charged again (spec §8). */
export async function refuseAfterHardDecline(db: DbOrTx, paymentMethodId: string): Promise<void> {
  const [last] = await db
    .select({ declineCode: payments.declineCode })
    .from(payments)
    .where(and(eq(payments.paymentMethodId, paymentMethodId), eq(payments.status, 'failed')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (last && isHardDecline(last.declineCode)) {
    throw new DomainError('PAYMENT_DECLINED', 'This card was declined. Please use another card.', {
      declineCode: last.declineCode,
      hardDecline: true,
    });
  }
}
