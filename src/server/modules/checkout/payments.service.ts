import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Payment } from '../../../contracts/payments';
import { isoDate, londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import { isPayable, planCharge, type OrderState } from '../../../domain/orders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import {
  checkouts,
  orderLineItems,
  orders,
  paymentMethods,
  payments,
  processorCustomers,
  scheduleWeeks,
  subscriptions,
} from '../../db/schema/checkout';
import { customers } from '../../db/schema/customers';
import { enqueueEmail } from '../../integrations/email';
import { giftOnItsWay, orderConfirmation } from '../../integrations/email/templates';
import {
  HARD_DECLINES,
  PaymentProcessorError,
  type PaymentIntent,
  type PaymentProcessor,
  type PaymentProcessors,
  type ProcessorName,
} from '../../integrations/payments/port';
import { addCredit, spendCredit } from '../credit/credit.service';
import type { ShopRulesCache } from '../shop/shop.service';
import { emptyBasket, followingWeeks } from './checkout.service';
import { ensureProcessorCustomer } from './processor-customers';

// Paying a checkout (issue 4 parts 1, 5, 6, 8). The order of things is what makes it safe:
//  1. In one transaction, with the checkout locked: refuse if paid or a payment is already under way, spend
//     the credit, and write the payment row with the idempotency key the processor will see.
//  2. Outside any transaction: ask the processor to charge, with that key.
//  3. In one transaction: record the answer; on success mark the orders paid, empty the basket, start the
//     subscription and queue the confirmation email; on a decline give the credit back.
// A crash between 2 and 3 leaves the payment `processing`; `recoverPayments` (at start and every minute)
// asks the processor again with the same key (a replay, never a second charge) and finishes step 3, or
// refunds the charge when the orders can no longer be paid.

export type PaymentRow = typeof payments.$inferSelect;

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

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
/** "Wednesday 25 November". */
const longDeliveryDate = (date: string) => LONG_DATE.format(new Date(`${date}T12:00:00Z`));

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

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly processors: PaymentProcessors,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async pay(customerId: string, input: PayInput): Promise<Payment> {
    const rules = await this.rules.get();
    // The processor's customer is made (once) before the transaction: the processor is never called inside one.
    const wanted = input.paymentMethodId
      ? (await this.ownedMethod(this.db, customerId, input.paymentMethodId)).processor
      : input.paymentMethodType === 'PaypalAccount' || input.paymentProcessorName === 'paypal'
        ? 'paypal'
        : null;
    const customerRef = wanted
      ? await ensureProcessorCustomer(this.db, this.processor(wanted), customerId)
      : null;
    type Started =
      { done: PaymentRow } | { charge: PaymentRow; customerRef: string; methodRef: string | null };
    const started = await this.db.transaction(async (tx): Promise<Started> => {
      const order = await this.ownedOrder(tx, customerId, input.orderId);
      const [checkout] = await tx
        .select()
        .from(checkouts)
        .where(eq(checkouts.id, order.checkoutId))
        .for('update');
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
      if (!isPayable(order.state as OrderState)) {
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
      if (inFlight) {
        await this.fail(tx, inFlight, null, 'Replaced by another payment attempt', false);
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
          idempotencyKey: `payment:${checkout.id}:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 10)}`,
          amount: plan.charge,
          creditAmount: plan.creditApplied,
          status: plan.charge > 0 ? 'processing' : 'succeeded',
        })
        .returning();
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
        await this.finalise(tx, payment!);
        return { done: payment! };
      }
      return { charge: payment!, customerRef: customerRef!, methodRef: method?.processorRef ?? null };
    });
    if ('done' in started) return this.view(started.done);
    const settled = await this.charge(started.charge, started.customerRef, started.methodRef);
    return this.view(settled);
  }

  /** After a 3-D Secure check or PayPal approval: look at the intent again and finish the payment. */
  async confirm(customerId: string, orderId: string, paymentIntentId?: string): Promise<Payment> {
    const order = await this.ownedOrder(this.db, customerId, orderId);
    const [checkout] = await this.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId));
    if (checkout?.state === 'paid') {
      const paid = await this.latest(this.db, order.checkoutId, ['succeeded']);
      if (paid) return this.view(paid);
    }
    const candidates = await this.db
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
    const payment = candidates[0];
    if (!payment) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment');
    if (payment.status === 'succeeded' || payment.status === 'refunded' || !payment.intentId)
      return this.view(payment);
    const intent = await this.processor(payment.processor).retrievePaymentIntent(payment.intentId);
    return this.view(await this.settle(payment, intent));
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
   * Finishes payments a crash left `processing` (the charge may or may not have happened): the same
   * request with the same key is a replay at the processor, so it never charges twice.
   */
  async recoverPayments(olderThanMs = 30_000): Promise<number> {
    const stale = await this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.status, 'processing'), lt(payments.updatedAt, new Date(Date.now() - olderThanMs))),
      )
      .orderBy(asc(payments.createdAt))
      .limit(50);
    let finished = 0;
    for (const payment of stale) {
      try {
        const [customer] = await this.db.select().from(customers).where(eq(customers.id, payment.customerId));
        const [ref] = await this.db
          .select()
          .from(processorCustomers)
          .where(
            and(
              eq(processorCustomers.customerId, payment.customerId),
              eq(processorCustomers.processor, payment.processor as ProcessorName),
            ),
          );
        const method = payment.paymentMethodId
          ? (
              await this.db
                .select()
                .from(paymentMethods)
                .where(eq(paymentMethods.id, payment.paymentMethodId))
            )[0]
          : undefined;
        if (!customer || !ref) continue;
        await this.charge(payment, ref.ref, method?.processorRef ?? null);
        finished += 1;
      } catch {
        // The processor is still unreachable: the next pass tries again.
      }
    }
    return finished;
  }

  // ---- steps ---------------------------------------------------------------------------------------------

  private async charge(
    payment: PaymentRow,
    customerRef: string,
    methodRef: string | null,
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
        return this.db.transaction(async (tx) => this.fail(tx, payment, null, error.message, false));
      }
      throw new DomainError(
        'PAYMENT_PROCESSOR_ERROR',
        'We couldn’t reach the payment provider. You have not been charged; please try again in a moment.',
      );
    }
    if (CRASH_AFTER_CHARGE) process.kill(process.pid, 'SIGKILL');
    return this.settle(payment, intent);
  }

  /** Records the processor's answer; refunds a charge whose orders can no longer be paid. */
  private async settle(payment: PaymentRow, intent: PaymentIntent): Promise<PaymentRow> {
    const result = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      const [checkout] = await tx
        .select()
        .from(checkouts)
        .where(eq(checkouts.id, payment.checkoutId))
        .for('update');
      if (!current || !checkout) throw new DomainError('PAYMENT_NOT_FOUND', 'We could not find that payment');
      if (current.status === 'succeeded' || current.status === 'refunded')
        return { row: current, refund: false };
      const base = { intentId: intent.id, updatedAt: sql`now()` } as const;
      if (intent.status === 'succeeded') {
        const paidElsewhere = checkout.state !== 'open' || current.status === 'failed';
        if (paidElsewhere) return { row: current, refund: true };
        const [row] = await tx
          .update(payments)
          .set({ ...base, status: 'succeeded', nextActionUrl: null })
          .where(eq(payments.id, payment.id))
          .returning();
        await this.finalise(tx, row!);
        return { row: row!, refund: false };
      }
      if (intent.status === 'requires_action' && current.status !== 'failed') {
        const [row] = await tx
          .update(payments)
          .set({ ...base, status: 'requires_action', nextActionUrl: intent.nextActionUrl })
          .where(eq(payments.id, payment.id))
          .returning();
        return { row: row!, refund: false };
      }
      if (intent.status === 'processing') {
        const [row] = await tx.update(payments).set(base).where(eq(payments.id, payment.id)).returning();
        return { row: row!, refund: false };
      }
      if (current.status === 'failed') return { row: current, refund: false };
      await tx.update(payments).set(base).where(eq(payments.id, payment.id));
      const declineCode = intent.lastError?.declineCode ?? null;
      const row = await this.fail(
        tx,
        { ...current, intentId: intent.id },
        declineCode,
        declineMessage(intent),
        true,
      );
      return { row, refund: false };
    });
    if (!result.refund) return result.row;
    // Charged, but the orders were replaced or already paid: the money goes straight back.
    await this.processor(payment.processor).refund({ paymentIntentId: intent.id }, `refund:${payment.id}`);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ status: 'refunded', intentId: intent.id, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id))
        .returning();
      if (payment.creditAmount > 0 && result.row.status !== 'failed') {
        await this.returnCredit(tx, payment);
      }
      return row!;
    });
  }

  private async fail(
    tx: DbOrTx,
    payment: PaymentRow,
    declineCode: string | null,
    message: string,
    markOrders: boolean,
  ): Promise<PaymentRow> {
    const [row] = await tx
      .update(payments)
      .set({
        status: 'failed',
        declineCode,
        failureMessage: message,
        nextActionUrl: null,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    if (payment.creditAmount > 0) await this.returnCredit(tx, payment);
    if (markOrders) {
      await tx
        .update(orders)
        .set({
          state: isHardDecline(declineCode) ? 'not_authorized' : 'payment_pending',
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(orders.checkoutId, payment.checkoutId),
            inArray(orders.state, ['created', 'payment_pending']),
          ),
        );
    }
    return row!;
  }

  private async returnCredit(tx: DbOrTx, payment: PaymentRow): Promise<void> {
    await addCredit(tx, {
      customerId: payment.customerId,
      amount: payment.creditAmount,
      reason: 'payment_failed',
      description: 'Credit returned: the payment did not go through',
      reference: payment.id,
    });
  }

  /** The checkout is paid: orders paid, basket emptied, subscription started, confirmation queued. */
  private async finalise(tx: DbOrTx, payment: PaymentRow): Promise<void> {
    const [checkout] = await tx
      .update(checkouts)
      .set({ state: 'paid', creditApplied: payment.creditAmount, paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(checkouts.id, payment.checkoutId), eq(checkouts.state, 'open')))
      .returning();
    if (!checkout) throw new DomainError('ALREADY_PAID', 'This order is already paid');
    const paidOrders = await tx
      .update(orders)
      .set({ state: 'paid', updatedAt: sql`now()` })
      .where(eq(orders.checkoutId, checkout.id))
      .returning();
    await emptyBasket(tx, checkout.basketId);
    if (checkout.subscriptionId) {
      const [subscription] = await tx
        .update(subscriptions)
        .set({ state: 'active', paymentMethodId: payment.paymentMethodId, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, checkout.subscriptionId))
        .returning();
      const lastWeek = paidOrders
        .map((order) => order.mealWeek!)
        .sort()
        .at(-1);
      if (subscription && lastWeek) {
        for (const week of followingWeeks(isoDate(lastWeek), subscription.frequency)) {
          const offset = (subscription.deliveryDay + 6) % 7;
          const delivery = isoDate(
            new Date(Date.parse(`${week}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10),
          );
          await tx
            .insert(scheduleWeeks)
            .values({
              subscriptionId: subscription.id,
              startDate: week,
              deliveryDate: delivery,
              originalDeliveryDate: delivery,
              billingDate: week,
            })
            .onConflictDoNothing();
        }
      }
    }
    const [customer] = await tx.select().from(customers).where(eq(customers.id, checkout.customerId));
    const lines = await tx
      .select()
      .from(orderLineItems)
      .where(
        inArray(
          orderLineItems.orderId,
          paidOrders.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderLineItems.position));
    if (customer) {
      await enqueueEmail(
        tx,
        orderConfirmation({
          to: customer.email,
          firstName: customer.firstName,
          orders: paidOrders
            .sort((a, b) => a.number - b.number)
            .map((order) => ({
              number: order.number,
              deliveryDate: longDeliveryDate(order.deliveryDate),
              total: formatPence(order.total),
              giftFor: order.giftRecipient?.name ?? null,
              lines: lines
                .filter((line) => line.orderId === order.id)
                .map((line) => `${line.quantity} × ${line.title} (${line.variantTitle})`),
            })),
          charged: formatPence(payment.amount),
          credit: payment.creditAmount > 0 ? formatPence(payment.creditAmount) : null,
          link: `${this.publicUrl}/account`,
        }),
      );
      for (const order of paidOrders) {
        const gift = order.giftRecipient;
        if (!gift?.email) continue;
        await enqueueEmail(
          tx,
          giftOnItsWay({
            to: gift.email,
            recipientName: gift.name,
            senderName: [customer.firstName, customer.lastName].filter(Boolean).join(' ') || 'A friend',
            box: lines.find((line) => line.orderId === order.id)?.title ?? 'a gift box',
            deliveryDate: longDeliveryDate(order.deliveryDate),
            message: gift.message,
          }),
        );
      }
    }
  }

  // ---- helpers -------------------------------------------------------------------------------------------

  private processor(name: string): PaymentProcessor {
    const processor = this.processors[name as ProcessorName];
    if (!processor) throw new Error(`No payment processor called ${name}`);
    return processor;
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
