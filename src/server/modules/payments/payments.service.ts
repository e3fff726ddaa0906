import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Payment } from '../../../contracts/payments';
import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { isPayable, planCharge, type OrderState } from '../../../domain/orders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { paymentMethods, payments, processorCustomers } from '../../db/schema/payments';
import { customers } from '../../db/schema/customers';
import {
  HARD_DECLINES,
  PaymentProcessorError,
  type PaymentIntent,
  type PaymentProcessor,
  type PaymentProcessors,
  type ProcessorName,
} from '../../integrations/payments/port';
import { spendCredit } from '../credit';
import {
  lockCheckout,
  moveCheckout,
  moveCheckoutOrders,
  recordStateChange,
  type CheckoutRow,
  type Mover,
} from '../orders';
import type { ShopRulesCache } from '../shop';
import type { OrderKinds } from './order-kinds';
import { lockPayment, movePayment, type PaymentRow } from './payment-state';
import { ensureProcessorCustomer } from './processor-customers';

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

const DECLINE_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Your card has insufficient funds. Please use another card.',
  lost_card: 'Your card was declined. Please use another card.',
  stolen_card: 'Your card was declined. Please use another card.',
  fraudulent: 'Your card was declined. Please use another card.',
  merchant_blacklist: 'Your card was declined. Please use another card.',
  expired_card: 'Your card has expired. Please use another card.',
  incorrect_cvc: 'Your card’s security code is incorrect.',
  authentication_failed:
    'We couldn’t confirm the payment with your bank. Please try again or use another card.',
  generic_decline: 'Your card was declined. Please use another card.',
};

function declineMessage(intent: PaymentIntent): string {
  const error = intent.lastError;
  if (!error) return 'The payment did not go through. Please try again.';
  if (error.code === 'payment_intent_authentication_failure') return DECLINE_MESSAGES.authentication_failed!;
  return (
    (error.declineCode && DECLINE_MESSAGES[error.declineCode]) ||
    error.message ||
    DECLINE_MESSAGES.generic_decline!
  );
}

export function isHardDecline(code: string | null): boolean {
  return code !== null && (HARD_DECLINES as readonly string[]).includes(code);
}

export type PaymentOutcome = { payment: Payment; orderIds: string[] };

export interface PayInput {
  orderId: string;
  paymentMethodId?: string;
  paymentMethodType?: 'CreditCard' | 'PaypalAccount';
  paymentProcessorName?: ProcessorName;
  useCredit?: boolean;
}

/** Set by the durability test only: the process dies right after the processor charged. */
const CRASH_AFTER_CHARGE = process.env.SFOGLIA_CRASH_AFTER_CHARGE === '1';

/** A 3-D Secure check or PayPal approval left unfinished this long is given up (cancelled at the processor). */
export const UNFINISHED_ACTION_MS = 60 * 60 * 1000;
/** How often recovery asks the processor about an unfinished check (the customer may have left after it). */
const ACTION_CHECK_MS = 10 * 60 * 1000;
/** A charge that has been `processing` this long was interrupted (a crash): recovery replays it. */
export const STUCK_CHARGE_MS = 30_000;

const REPLACED = 'Replaced by another payment attempt';
const RECOVERY = 'job:payments-recover';

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly processors: PaymentProcessors,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly kinds: OrderKinds,
  ) {}

  /** Who or what makes a change, now on the shop's clock. */
  private by(actor: string, reason: string | null = null): Mover {
    return { actor, reason, at: this.clock.now() };
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
      await this.cancelIntent(replaced, 'customer');
    }
    // The processor's customer is made (once) before the transaction: the processor is never called inside one.
    const customerRef = wanted
      ? await ensureProcessorCustomer(this.db, this.processor(wanted), customerId)
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
      if (checkout.state === 'cancelled') {
        throw new DomainError(
          'ORDER_INVALID',
          'This order was cancelled because it wasn’t paid in time. Please order again.',
        );
      }
      const [current] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, order.id));
      if (!current || !isPayable(current.state as OrderState)) {
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
          this.by('customer', REPLACED),
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
      if (method) await this.refuseAfterHardDecline(tx, method.id);

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
      await recordStateChange(tx, 'payment', payment!.id, null, payment!.status, this.by('customer'));
      if (plan.creditApplied > 0) {
        await spendCredit(tx, {
          customerId,
          amount: plan.creditApplied,
          reason: 'order_payment',
          description: `Paid towards order ${await this.orderNumbers(tx, checkout.id)}`,
          reference: payment!.id,
        });
      }
      if (plan.charge === 0) {
        await this.finalise(tx, payment!, this.by('customer'));
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
    for (const row of started.toCancel) await this.cancelIntent(row, 'customer');
    const settled = await this.charge(started.charge, started.customerRef, started.methodRef, 'customer');
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
    const reconciled = payment ? await this.reconcile(payment, 'customer') : null;
    const paid = await this.latest(this.db, order.checkoutId, ['succeeded']);
    if (paid) return this.view(paid);
    const [checkout] = await this.db
      .select({ state: checkouts.state })
      .from(checkouts)
      .where(eq(checkouts.id, order.checkoutId));
    if (checkout?.state === 'cancelled') {
      throw new DomainError(
        'ORDER_INVALID',
        'This order was cancelled because it wasn’t paid in time. Please order again.',
      );
    }
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
        const ref = await this.processorCustomerOf(payment);
        if (!ref) continue;
        const method = payment.paymentMethodId
          ? (
              await this.db
                .select()
                .from(paymentMethods)
                .where(eq(paymentMethods.id, payment.paymentMethodId))
            )[0]
          : undefined;
        await this.charge(payment, ref, method?.processorRef ?? null, RECOVERY);
        finished += 1;
      } catch {
        // The processor is still unreachable: the next pass tries again.
      }
    }
    for (const payment of unfinished) {
      try {
        const row = await this.reconcile(payment, RECOVERY);
        if (row.status !== 'requires_action') {
          finished += 1;
        } else if (now - payment.updatedAt.getTime() >= UNFINISHED_ACTION_MS) {
          await this.giveUp(row, 'The payment was not completed in time. Please try again.', RECOVERY);
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
        await this.cancelIntent(payment, actor);
        cancelled += 1;
      } catch {
        // The processor is unreachable: the next recovery pass tries again.
      }
    }
    return cancelled;
  }

  // ---- steps ---------------------------------------------------------------------------------------------

  private async charge(
    payment: PaymentRow,
    customerRef: string,
    methodRef: string | null,
    actor: string,
  ): Promise<PaymentRow> {
    const processor = this.processor(payment.processor);
    let intent: PaymentIntent;
    try {
      intent = await processor.createPaymentIntent(
        {
          amount: payment.amount,
          customerRef,
          paymentMethodRef: methodRef,
          returnUrl: await this.returnUrl(payment),
          description: `Sfoglia order ${await this.orderNumbers(this.db, payment.checkoutId)}`,
          metadata: { paymentId: payment.id, checkoutId: payment.checkoutId },
        },
        payment.idempotencyKey,
      );
    } catch (error) {
      if (error instanceof PaymentProcessorError && error.statusCode < 500) {
        return this.record(payment, (tx, current) =>
          current.status === 'processing'
            ? this.fail(tx, current, null, error.message, false, this.by(actor))
            : Promise.resolve(current),
        );
      }
      throw new DomainError(
        'PAYMENT_PROCESSOR_ERROR',
        'We couldn’t reach the payment provider. You have not been charged; please try again in a moment.',
      );
    }
    if (CRASH_AFTER_CHARGE) process.kill(process.pid, 'SIGKILL');
    return this.settle(payment, intent, actor);
  }

  /** Asks the processor where an attempt stands and records it (a payment already ended is left alone). */
  private async reconcile(payment: PaymentRow, actor: string): Promise<PaymentRow> {
    if (payment.status === 'succeeded' || payment.status === 'refunded' || !payment.intentId) return payment;
    // A given-up attempt is cancelled rather than read: reading a PayPal approval would capture it.
    if (payment.status === 'failed') {
      return payment.intentCancel === 'pending' ? this.cancelIntent(payment, actor) : payment;
    }
    const intent = await this.processor(payment.processor).retrievePaymentIntent(payment.intentId);
    return this.settle(payment, intent, actor);
  }

  /**
   * Cancels an attempt's intent at the processor. If the customer completed it first, the money was taken:
   * it pays the checkout when the checkout still needs it, and is refunded otherwise (settle).
   */
  private async cancelIntent(payment: PaymentRow, actor: string): Promise<PaymentRow> {
    if (!payment.intentId || payment.intentCancel === 'done') return payment;
    const intent = await this.processor(payment.processor).cancelPaymentIntent(
      payment.intentId,
      `cancel:${payment.id}`,
    );
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      return this.settle(payment, intent, actor);
    }
    const [row] = await this.db
      .update(payments)
      .set({ intentCancel: 'done', nextActionUrl: null })
      .where(eq(payments.id, payment.id))
      .returning();
    return row ?? payment;
  }

  /** An unfinished check given up on: cancelled at the processor first, then failed with its credit back. */
  private async giveUp(payment: PaymentRow, message: string, actor: string): Promise<PaymentRow> {
    const cancelled = await this.cancelIntent(payment, actor);
    if (cancelled.status !== 'requires_action') return cancelled;
    return this.record(payment, (tx, current) =>
      current.status === 'requires_action'
        ? this.fail(tx, current, null, message, true, this.by(actor, message))
        : Promise.resolve(current),
    );
  }

  /**
   * Runs `work` on the payment in one transaction, with its checkout (and the checkout's basket) locked first
   * and then the payment: the money path's one lock order (payment-state.ts).
   */
  private record(
    payment: PaymentRow,
    work: (tx: DbOrTx, current: PaymentRow, checkout: CheckoutRow) => Promise<PaymentRow>,
  ): Promise<PaymentRow> {
    return this.db.transaction(async (tx) => {
      const checkout = await lockCheckout(tx, payment.checkoutId);
      const current = await lockPayment(tx, payment.id);
      if (!current || !checkout) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment');
      return work(tx, current, checkout);
    });
  }

  /** Records the processor's answer; refunds a charge whose checkout was paid by another attempt or given up. */
  private async settle(payment: PaymentRow, intent: PaymentIntent, actor: string): Promise<PaymentRow> {
    let refund = false;
    const by = this.by(actor);
    const row = await this.record(payment, async (tx, current, checkout) => {
      if (current.status === 'succeeded' || current.status === 'refunded') return current;
      const changes = { intentId: intent.id } as const;
      if (intent.status === 'succeeded') {
        if (checkout.state !== 'open' || current.status === 'failed') {
          refund = true;
          return current;
        }
        const paid = await movePayment(tx, current, 'succeeded', { ...changes, nextActionUrl: null }, by);
        await this.finalise(tx, paid, by);
        return paid;
      }
      if (current.status === 'failed') return current;
      if (intent.status === 'requires_action') {
        // Still waiting for the customer: nothing to write (its age counts from when it started waiting).
        if (current.status === 'requires_action' && current.intentId === intent.id) return current;
        return movePayment(
          tx,
          current,
          'requires_action',
          { ...changes, nextActionUrl: intent.nextActionUrl },
          by,
        );
      }
      if (intent.status === 'processing') return movePayment(tx, current, current.status, changes, by);
      const declineCode = intent.lastError?.declineCode ?? null;
      return this.fail(
        tx,
        { ...current, intentId: intent.id },
        declineCode,
        declineMessage(intent),
        true,
        by,
      );
    });
    if (!refund) return row;
    // Charged, but the checkout was paid by another attempt or given up: the money goes straight back.
    await this.processor(payment.processor).refund({ paymentIntentId: intent.id }, `refund:${payment.id}`);
    return this.record(payment, async (tx, current) =>
      current.status === 'refunded'
        ? current
        : movePayment(
            tx,
            current,
            'refunded',
            { intentId: intent.id, nextActionUrl: null },
            this.by(actor, 'Paid by another attempt, or given up'),
          ),
    );
  }

  private async fail(
    tx: DbOrTx,
    payment: PaymentRow,
    declineCode: string | null,
    message: string,
    markOrders: boolean,
    by: Mover,
  ): Promise<PaymentRow> {
    const row = await movePayment(
      tx,
      payment,
      'failed',
      { intentId: payment.intentId, declineCode, failureMessage: message, nextActionUrl: null },
      by,
    );
    if (markOrders) {
      await moveCheckoutOrders(
        tx,
        payment.checkoutId,
        isHardDecline(declineCode) ? 'not_authorized' : 'payment_pending',
        { ...by, reason: message },
        ['created', 'payment_pending'],
      );
      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, payment.checkoutId));
      if (checkout) await this.kinds.of(checkout.kind).failed?.(tx, { checkout, payment: row, by });
    }
    return row;
  }

  /** The checkout and its orders are paid; the order kind does what else that means. */
  private async finalise(tx: DbOrTx, payment: PaymentRow, by: Mover): Promise<void> {
    const [current] = await tx.select().from(checkouts).where(eq(checkouts.id, payment.checkoutId));
    if (!current || current.state !== 'open') {
      throw new DomainError('ALREADY_PAID', 'This order is already paid');
    }
    const checkout = await moveCheckout(tx, current, 'paid', by, {
      creditApplied: payment.creditAmount,
      paidAt: by.at,
    });
    const paidOrders = await moveCheckoutOrders(tx, checkout.id, 'paid', by);
    await this.kinds.of(checkout.kind).paid(tx, { checkout, payment, orders: paidOrders, by });
  }

  // ---- helpers -------------------------------------------------------------------------------------------

  private processor(name: string): PaymentProcessor {
    const processor = this.processors[name as ProcessorName];
    if (!processor) throw new Error(`No payment processor called ${name}`);
    return processor;
  }

  private async processorCustomerOf(payment: PaymentRow): Promise<string | null> {
    const [ref] = await this.db
      .select({ ref: processorCustomers.ref })
      .from(processorCustomers)
      .where(
        and(
          eq(processorCustomers.customerId, payment.customerId),
          eq(processorCustomers.processor, payment.processor as ProcessorName),
        ),
      );
    return ref?.ref ?? null;
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

  /** Stolen, lost, fraudulent or blacklisted: that card is never tried again. */
  private async refuseAfterHardDecline(db: DbOrTx, paymentMethodId: string): Promise<void> {
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

  private async latest(db: DbOrTx, checkoutId: string, statuses: PaymentRow['status'][]) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.checkoutId, checkoutId), inArray(payments.status, statuses)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ?? null;
  }

  private async orderNumbers(db: DbOrTx, checkoutId: string): Promise<string> {
    const rows = await db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.checkoutId, checkoutId))
      .orderBy(asc(orders.number));
    return rows.map((row) => `#${row.number}`).join(', ');
  }

  private async returnUrl(payment: PaymentRow): Promise<string> {
    const [first] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.checkoutId, payment.checkoutId))
      .orderBy(asc(orders.number))
      .limit(1);
    const orderId = first?.id ?? '';
    return payment.processor === 'paypal'
      ? `${this.publicUrl}/paypal-confirmation?order_id=${orderId}`
      : `${this.publicUrl}/payment/${orderId}`;
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
