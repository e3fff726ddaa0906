import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Payment } from '../../../contracts/payments';
import { DomainError } from '../../../domain/errors';
import { isPayable, planCharge, type OrderState } from '../../../domain/orders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { paymentMethods, payments } from '../../db/schema/payments';
import { type PaymentProcessors, type ProcessorName } from '../../integrations/payments/port';
import {
  checkoutStateOf,
  customerOrderRow,
  orderStateOf,
  lockCheckout,
  type CheckoutRow,
  type Mover,
  type OrderKinds,
} from '../orders';
import type { ShopRulesCache } from '../shop';
import { movePayment, startPayments, type PaymentRow } from './payment-state';
import { ensureProcessorCustomer } from './processor-customers';
import { PaymentRecovery, STUCK_CHARGE_MS } from './payment-recovery';
import { askProcessor, CARD_UNAVAILABLE } from './processor-answers';
import { paymentView } from './payment-view';
import { PaymentSettlement } from './payment-settlement';
import { PaymentRefunds } from './refunds';
import { PaymentHolds, type CaptureOutcome } from './holds';
import {
  chargeOffSession,
  refuseAfterHardDecline,
  type BatchAnswer,
  type OffSessionCharge,
} from './off-session';
import { lockCustomerCredit } from '../customers';

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

/** Saved cards' tidy-up (PaymentMethodsService.tidy): forgotten and abandoned provisional cards go. */
export interface CardTidying {
  tidy(customerId?: string): Promise<number>;
}

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
  private readonly holds: PaymentHolds;

  constructor(
    private readonly db: Db,
    private readonly processors: PaymentProcessors,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    publicUrl: string,
    kinds: OrderKinds,
    private readonly cards: CardTidying = { tidy: async () => 0 },
  ) {
    this.settlement = new PaymentSettlement(db, processors, clock, publicUrl, kinds);
    this.recovery = new PaymentRecovery(db, clock, this.settlement);
    this.refunds = new PaymentRefunds(db, clock, this.settlement, kinds);
    this.holds = new PaymentHolds(db, this.settlement, rules, clock);
  }

  /**
   * Captures `amount` of the card held for a checkout (a table's tab at close), once, whoever asks again; the
   * rest of the hold goes back to the card (holds.ts).
   */
  captureHeld(checkoutId: string, amount: number, actor: string): Promise<CaptureOutcome> {
    return this.holds.capture(checkoutId, amount, actor);
  }

  /**
   * Charges a checkout while its customer is away (a plan's weekly box): a batch of one (off-session.ts).
   * Throws why it was refused.
   */
  async chargeOffSession(charge: OffSessionCharge): Promise<PaymentRow | null> {
    const [answer] = await this.chargeOffSessionMany([charge], 1);
    if (answer instanceof DomainError) throw answer;
    return answer ?? null;
  }

  /** Many such charges at once, `concurrency` at the processor at a time (off-session.ts). */
  chargeOffSessionMany(charges: readonly OffSessionCharge[], concurrency: number): Promise<BatchAnswer[]> {
    return chargeOffSession(
      { db: this.db, rules: this.rules, settlement: this.settlement },
      charges,
      concurrency,
    );
  }

  /**
   * See payment-recovery.ts; refunds still owed (refunds.ts) are finished on the same pass, and cards that
   * were not kept are tidied away (provisional-cards.ts).
   */
  async recoverPayments(processingOlderThanMs = STUCK_CHARGE_MS): Promise<number> {
    const recovered = await this.recovery.recoverPayments(processingOlderThanMs);
    const captured = await this.holds.finishCaptures();
    const refunded = await this.refunds.refundOwed();
    await this.cards.tidy();
    return recovered + captured + refunded;
  }

  /** Whether a charge still waits for the processor's answer: the recovery job then looks again in seconds. */
  chargesAwaitingProcessor(): Promise<boolean> {
    return this.recovery.waiting();
  }

  /** Whether a checkout's kind lets one of its orders be turned down by the kitchen (kitchen's rejection.ts). */
  async rejecting(tx: DbOrTx, checkout: CheckoutRow, orderId: string, by: Mover): Promise<void> {
    await this.settlement.kinds.of(checkout.kind).rejecting?.(tx, { checkout, orderId, by });
  }

  /** Gives back what a checkout's payment is owed (after `requestRefund` or `requestPartRefund`): refunds.ts. */
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
      await askProcessor('pay', () => this.settlement.cancelIntent(replaced, 'customer'));
    }
    // The processor's customer is made (once) before the transaction: the processor is never called inside one.
    const customerRef = wanted
      ? await askProcessor('pay', () =>
          ensureProcessorCustomer(this.db, this.settlement.processor(wanted), customerId),
        )
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
      const current = await orderStateOf(tx, order.id);
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
      // What the orders need to be paid now is taken again, or the payment refused (order-kinds.ts); a kind
      // may answer that this payment is a hold (a table's tab: the card authorised, captured at close).
      const answer = await this.settlement.paying(tx, checkout);
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

      const creditBalance = await lockCustomerCredit(tx, customerId);
      // A hold spends no credit (nothing is taken until it is captured); it needs a card or PayPal.
      const plan = answer
        ? { charge: answer.hold, creditApplied: 0 }
        : planCharge({
            total: checkout.total,
            creditBalance: creditBalance!,
            useCredit: input.useCredit ?? true,
            minimumCardCharge: rules.minimumCardCharge,
            basketRequestsCard: false,
          });
      if (plan.charge > 0 && !processorName) {
        throw new DomainError('VALIDATION_FAILED', 'Choose a card or PayPal to pay with');
      }
      const [payment] = await startPayments(
        tx,
        [
          {
            values: {
              checkoutId: checkout.id,
              customerId,
              paymentMethodId: plan.charge > 0 ? (method?.id ?? null) : null,
              processor: plan.charge > 0 ? processorName! : 'none',
              idempotencyKey: `payment:${checkout.id}:${randomUUID()}`,
              amount: plan.charge,
              creditAmount: plan.creditApplied,
              captureMethod: answer ? 'manual' : 'automatic',
              status: plan.charge > 0 ? 'processing' : 'succeeded',
            },
            orderNumbers: await this.settlement.orderNumbers(tx, checkout.id),
          },
        ],
        this.settlement.by('customer'),
      );
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
    // A charge already under way that the processor did not answer: this request asks again (issue 19).
    if ('done' in started) return this.view(await this.settleOwn(started.done));
    for (const row of started.toCancel) {
      await askProcessor('pay', () => this.settlement.cancelIntent(row, 'customer'));
    }
    try {
      const settled = await this.settlement.charge(
        started.charge,
        started.customerRef,
        started.methodRef,
        'customer',
      );
      return this.view(settled);
    } finally {
      // A card typed for this payment that was not kept goes now, not at the next recovery pass.
      await this.cards.tidy(customerId).catch(() => 0);
    }
  }

  /**
   * The customer's own request settles their own charge when the processor owes an answer (it did not
   * answer, or the charge has waited STUCK_CHARGE_MS): asked again with its key, at most every few seconds
   * whoever asks (payment-recovery.ts `replay`). A charge being made right now is left to its request.
   */
  private async settleOwn(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'processing') return payment;
    const waited = this.clock.now().getTime() - payment.updatedAt.getTime();
    if (!payment.unansweredAt && waited < STUCK_CHARGE_MS) return payment;
    const answer = await this.recovery.replay(payment, 'customer');
    if (typeof answer !== 'string') {
      await this.cards.tidy(payment.customerId).catch(() => 0);
      return answer;
    }
    return payment;
  }

  /**
   * The latest payment of the order's checkout (GET /orders/{id}/payment), as the order's page shows how it
   * ended; one the processor owes an answer for is asked about first (settleOwn).
   */
  async orderPayment(customerId: string, orderId: string): Promise<Payment> {
    const order = await this.ownedOrder(this.db, customerId, orderId);
    const [latest] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutId, order.checkoutId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!latest) throw new DomainError('PAYMENT_NOT_FOUND', 'This order has no payment yet');
    const paid =
      latest.status === 'succeeded' ? latest : await this.latest(this.db, order.checkoutId, ['succeeded']);
    return this.view(paid ?? (await this.settleOwn(latest)));
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
    const reconciled = !payment
      ? null
      : payment.status === 'processing' && !payment.intentId
        ? await this.settleOwn(payment)
        : await askProcessor('confirm the payment', () => this.settlement.reconcile(payment, 'customer'));
    const paid = await this.latest(this.db, order.checkoutId, ['succeeded']);
    if (paid) return this.view(paid);
    if ((await checkoutStateOf(this.db, order.checkoutId)) === 'cancelled')
      throw new DomainError('ORDER_INVALID', CANCELLED);
    if (!reconciled) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment');
    return this.view(reconciled);
  }

  async details(customerId: string, paymentId: string): Promise<Payment> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
    if (!payment) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment');
    return this.view(await this.settleOwn(payment));
  }

  private async ownedOrder(db: DbOrTx, customerId: string, orderId: string) {
    const order = await customerOrderRow(db, customerId, orderId);
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'We could not find that order');
    return order;
  }

  /** A saved card, or one typed for this payment (provisional); not one that was not kept. */
  private async ownedMethod(db: DbOrTx, customerId: string, id: string) {
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId)));
    if (!method || method.provisional === 'forget') {
      throw new DomainError('PAYMENT_METHOD_NOT_FOUND', CARD_UNAVAILABLE);
    }
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

  view(row: PaymentRow): Promise<Payment> {
    return paymentView(this.db, row);
  }
}
