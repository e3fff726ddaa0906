import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Payment } from '../../../contracts/payments';
import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { isPayable, planCharge, type OrderState } from '../../../domain/orders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { paymentMethods, payments } from '../../db/schema/payments';
import { customers } from '../../db/schema/customers';
import { type PaymentProcessors, type ProcessorName } from '../../integrations/payments/port';
import { spendCredit } from '../credit';
import { lockCheckout, recordStateChange, type Mover } from '../orders';
import type { ShopRulesCache } from '../shop';
import type { OrderKinds } from './order-kinds';
import { movePayment, type PaymentRow } from './payment-state';
import { ensureProcessorCustomer } from './processor-customers';
import { PaymentRecovery, STUCK_CHARGE_MS } from './payment-recovery';
import { isHardDecline, PaymentSettlement } from './payment-settlement';
import { PaymentRefunds } from './refunds';
import { OffSessionCharges, refuseAfterHardDecline, type OffSessionCharge } from './off-session';
import { chargeOffSessionMany, type BatchAnswer } from './off-session-batch';

// Paying a checkout (issue 4 parts 1, 5, 6, 8; issue 8). The order of things is what makes it safe:
//  0. A 3-D Secure check or PayPal approval that this attempt replaces is cancelled at the processor first,
//     so that it can never be completed later and charge a second time.
//  1. In one transaction, with the checkout locked: refuse if paid or a payment is already under way, spend
//     the credit, and write the payment row with the idempotency key the processor will see.
//  2. Outside any transaction: ask the processor to charge, with that key.
//  3. In one transaction: record the answer; on success mark the checkout and its orders paid and let the
//     order kind do the rest (order-kinds.ts: empty the basket, start the plan, send the emails…); on a
//     decline give the credit back.
// A crash between 2 and 3 leaves the payment `processing`; `recoverPayments` (at start and every minute)
// asks the processor again with the same key (a replay, never a second charge) and finishes step 3. Money
// taken for a checkout that is already paid, or was given up, goes straight back, whichever path sees it
// first: paying, the return from 3-D Secure or PayPal (`confirm`), or recovery. Every status change goes
// through `movePayment`, which settles the attempt's credit (payment-state.ts).

export type { PaymentRow };
export { isHardDecline } from './payment-settlement';
export { STUCK_CHARGE_MS, UNFINISHED_ACTION_MS } from './payment-recovery';

export type PaymentOutcome = { payment: Payment; orderIds: string[] };

export interface PayInput {
  orderId: string;
  paymentMethodId?: string;
  paymentMethodType?: 'CreditCard' | 'PaypalAccount';
  paymentProcessorName?: ProcessorName;
  useCredit?: boolean;
}

const REPLACED = 'Replaced by another payment attempt';
const CANCELLED = 'This order was cancelled because it wasn’t paid in time. Please order again.';

export class PaymentsService {
  private readonly settlement: PaymentSettlement;
  private readonly recovery: PaymentRecovery;
  private readonly refunds: PaymentRefunds;
  private readonly offSession: OffSessionCharges;

  constructor(
    private readonly db: Db,
    private readonly processors: PaymentProcessors,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    publicUrl: string,
    kinds: OrderKinds,
  ) {
    this.settlement = new PaymentSettlement(db, processors, clock, publicUrl, kinds);
    this.recovery = new PaymentRecovery(db, clock, this.settlement);
    this.refunds = new PaymentRefunds(db, clock, this.settlement, kinds);
    this.offSession = new OffSessionCharges(db, rules, clock, this.settlement);
  }

  /** Charges a checkout while its customer is away (a plan's weekly box); see off-session.ts. */
  chargeOffSession(charge: OffSessionCharge): Promise<PaymentRow | null> {
    return this.offSession.charge(charge);
  }

  /** Many such charges at once, `concurrency` at the processor at a time; see off-session-batch.ts. */
  chargeOffSessionMany(charges: readonly OffSessionCharge[], concurrency: number): Promise<BatchAnswer[]> {
    return chargeOffSessionMany(
      { db: this.db, rules: this.rules, settlement: this.settlement },
      charges,
      concurrency,
    );
  }

  /** See payment-recovery.ts; refunds still owed (refunds.ts) are finished on the same pass. */
  async recoverPayments(processingOlderThanMs = STUCK_CHARGE_MS): Promise<number> {
    return (await this.recovery.recoverPayments(processingOlderThanMs)) + (await this.refunds.refundOwed());
  }

  /** Gives back what a checkout's payment is owed (after `requestRefund` committed): see refunds.ts. */
  refundOwed(checkoutId: string, actor: string): Promise<number> {
    return this.refunds.refundOwed(checkoutId, actor);
  }

  /** See payment-recovery.ts. */
  cancelAbandonedIntents(customerId?: string, actor?: string): Promise<number> {
    return this.recovery.cancelAbandonedIntents(customerId, actor);
  }

  async pay(customerId: string, input: PayInput): Promise<Payment> {
    const rules = await this.rules.get();
    const wanted = input.paymentMethodId
      ? (await this.ownedMethod(this.db, customerId, input.paymentMethodId)).processor
      : input.paymentMethodType === 'PaypalAccount' || input.paymentProcessorName === 'paypal'
        ? 'paypal'
        : null;
    const order = await this.ownedOrder(this.db, customerId, input.orderId);
    // 0. What this attempt replaces can no longer be completed (and if it was, the checkout is paid now).
    const replaced = await this.latest(this.db, order.checkoutId, ['requires_action']);
    if (replaced && replaced.paymentMethodId !== (input.paymentMethodId ?? null)) {
      await this.settlement.cancelIntent(replaced, 'customer');
    }
    // The processor's customer is made (once) before the transaction: the processor is never called inside one.
    const customerRef = wanted
      ? await ensureProcessorCustomer(this.db, this.settlement.processor(wanted), customerId)
      : null;
    type Started =
      | { done: PaymentRow }
      | { charge: PaymentRow; customerRef: string; methodRef: string | null; toCancel: PaymentRow[] };
    const started = await this.db.transaction(async (tx): Promise<Started> => {
      const checkout = await lockCheckout(tx, order.checkoutId);
      if (!checkout) throw new DomainError('ORDER_NOT_FOUND', 'We could not find that order');
      if (checkout.state === 'paid') {
        const paid = await this.latest(tx, checkout.id, ['succeeded']);
        if (paid) return { done: paid };
        throw new DomainError('ALREADY_PAID', 'This order is already paid');
      }
      if (checkout.state === 'cancelled') throw new DomainError('ORDER_INVALID', CANCELLED);
      const [current] = await tx
        .select({ state: orders.state, source: orders.source })
        .from(orders)
        .where(eq(orders.id, order.id));
      if (!current || !isPayable(current.state as OrderState, current.source)) {
        throw new DomainError('ORDER_INVALID', 'This order cannot be paid now');
      }
      // Someone (another tab, a double click) is paying right now: that attempt is the answer.
      const inFlight = await this.latest(tx, checkout.id, ['processing', 'requires_action']);
      if (
        inFlight &&
        (inFlight.status === 'processing' || inFlight.paymentMethodId === (input.paymentMethodId ?? null))
      ) {
        return { done: inFlight };
      }
      // What the orders need to be paid now is taken again, or the payment refused (order-kinds.ts).
      await this.settlement.paying(tx, checkout);
      const toCancel: PaymentRow[] = [];
      if (inFlight) {
        // Cancelled at step 0, unless another tab started it since: then it is cancelled before charging.
        const row = await movePayment(
          tx,
          inFlight,
          'failed',
          {
            failureMessage: REPLACED,
            nextActionUrl: null,
            intentCancel: inFlight.intentCancel ?? (inFlight.intentId ? 'pending' : null),
          },
          this.settlement.by('customer', REPLACED),
        );
        if (row.intentCancel === 'pending') toCancel.push(row);
      }

      const method = input.paymentMethodId
        ? await this.ownedMethod(tx, customerId, input.paymentMethodId)
        : null;
      const processorName: ProcessorName | null = method
        ? method.processor
        : input.paymentMethodType === 'PaypalAccount' || input.paymentProcessorName === 'paypal'
          ? 'paypal'
          : null;
      if (method) await refuseAfterHardDecline(tx, method.id);

      const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
      const plan = planCharge({
        total: checkout.total,
        creditBalance: customer!.storeCredits,
        useCredit: input.useCredit ?? true,
        minimumCardCharge: rules.minimumCardCharge,
        basketRequestsCard: false,
      });
      if (plan.charge > 0 && !processorName) {
        throw new DomainError('VALIDATION_FAILED', 'Choose a card or PayPal to pay with');
      }
      const [payment] = await tx
        .insert(payments)
        .values({
          checkoutId: checkout.id,
          customerId,
          paymentMethodId: plan.charge > 0 ? (method?.id ?? null) : null,
          processor: plan.charge > 0 ? processorName! : 'none',
          idempotencyKey: `payment:${checkout.id}:${randomUUID()}`,
          amount: plan.charge,
          creditAmount: plan.creditApplied,
          status: plan.charge > 0 ? 'processing' : 'succeeded',
          updatedAt: this.clock.now(),
        })
        .returning();
      await recordStateChange(
        tx,
        'payment',
        payment!.id,
        null,
        payment!.status,
        this.settlement.by('customer'),
      );
      if (plan.creditApplied > 0) {
        await spendCredit(tx, {
          customerId,
          amount: plan.creditApplied,
          reason: 'order_payment',
          description: `Paid towards order ${await this.settlement.orderNumbers(tx, checkout.id)}`,
          reference: payment!.id,
        });
      }
      if (plan.charge === 0) {
        await this.settlement.finalise(tx, checkout, payment!, this.settlement.by('customer'));
        return { done: payment! };
      }
      return {
        charge: payment!,
        customerRef: customerRef!,
        methodRef: method?.processorRef ?? null,
        toCancel,
      };
    });
    if ('done' in started) return this.view(started.done);
    for (const row of started.toCancel) await this.settlement.cancelIntent(row, 'customer');
    const settled = await this.settlement.charge(
      started.charge,
      started.customerRef,
      started.methodRef,
      'customer',
    );
    return this.view(settled);
  }

  /**
   * After a 3-D Secure check or PayPal approval: look at the intent again and finish the payment. The
   * checkout's successful payment is the answer once it is paid, whichever attempt paid it; an attempt that
   * took money after another had paid is refunded on the way.
   */
  async confirm(customerId: string, orderId: string, paymentIntentId?: string): Promise<Payment> {
    const order = await this.ownedOrder(this.db, customerId, orderId);
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.checkoutId, order.checkoutId),
          paymentIntentId
            ? eq(payments.intentId, paymentIntentId)
            : inArray(payments.status, ['requires_action', 'processing']),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    const reconciled = payment ? await this.settlement.reconcile(payment, 'customer') : null;
    const paid = await this.latest(this.db, order.checkoutId, ['succeeded']);
    if (paid) return this.view(paid);
    const [checkout] = await this.db
      .select({ state: checkouts.state })
      .from(checkouts)
      .where(eq(checkouts.id, order.checkoutId));
    if (checkout?.state === 'cancelled') throw new DomainError('ORDER_INVALID', CANCELLED);
    if (!reconciled) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment');
    return this.view(reconciled);
  }

  async details(customerId: string, paymentId: string): Promise<Payment> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
    if (!payment) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment');
    return this.view(payment);
  }

  private async ownedOrder(db: DbOrTx, customerId: string, orderId: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'We could not find that order');
    return order;
  }

  private async ownedMethod(db: DbOrTx, customerId: string, id: string) {
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId)));
    if (!method) throw new DomainError('PAYMENT_METHOD_NOT_FOUND', 'That card is no longer in your account');
    return method;
  }

  private async latest(db: DbOrTx, checkoutId: string, statuses: PaymentRow['status'][]) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.checkoutId, checkoutId), inArray(payments.status, statuses)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ?? null;
  }

  async view(row: PaymentRow): Promise<Payment> {
    const [first] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.checkoutId, row.checkoutId))
      .orderBy(asc(orders.number))
      .limit(1);
    const method = row.paymentMethodId
      ? (await this.db.select().from(paymentMethods).where(eq(paymentMethods.id, row.paymentMethodId)))[0]
      : undefined;
    return {
      id: row.id,
      orderId: first?.id ?? '',
      checkoutId: row.checkoutId,
      status: row.status,
      paymentProcessorName: row.processor,
      amount: row.amount,
      creditAmount: row.creditAmount,
      nextActionUrl: row.nextActionUrl,
      declineCode: row.declineCode,
      hardDecline: isHardDecline(row.declineCode),
      message: row.failureMessage,
      paymentMethod: method
        ? { id: method.id, type: method.type, brand: method.brand, last4: method.last4 }
        : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  today(): string {
    return londonDate(this.clock.now());
  }
}

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
      and(eq(payments.checkoutId, checkoutId), inArray(payments.status, ['processing', 'requires_action'])),
    )
    .for('update');
  if (inFlight.some((payment) => payment.status === 'processing')) {
    throw new DomainError('CONFLICT', 'Your payment is being processed. Please wait a moment.');
  }
  for (const payment of inFlight) {
    await movePayment(
      tx,
      payment,
      'failed',
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
