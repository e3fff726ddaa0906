import { asc, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import { AUTHENTICATION_REQUIRED } from '../../../domain/plan-billing';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import {
  HARD_DECLINES,
  PaymentProcessorError,
  type PaymentIntent,
  type PaymentProcessor,
  type PaymentProcessors,
  type ProcessorName,
} from '../../integrations/payments/port';
import { lockCheckout, moveCheckout, moveCheckoutOrders, type CheckoutRow, type Mover } from '../orders';
import type { OrderKinds } from './order-kinds';
import { lockPayment, movePayment, type PaymentRow } from './payment-state';

// The processor's side of a payment (issue 8): charging with the attempt's key, reading an intent again,
// cancelling one the shop gave up on, and recording each answer in one transaction with the checkout (and
// its basket) locked first. Money taken for a checkout already paid, or given up, goes straight back here,
// whichever path saw it (paying, confirm, recovery). A paid checkout is the order kind's to finish.

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

/** What a charge's request says that comes from the checkout's orders (read once for a batch). */
export interface ChargeRequest {
  orderNumbers: string;
  returnUrl: string;
}

/** The processor's answer to a charge: its intent, or why it refused the request outright. */
export type Asked = { intent: PaymentIntent } | { refused: string };

export function isHardDecline(code: string | null): boolean {
  return code !== null && (HARD_DECLINES as readonly string[]).includes(code);
}

/** Set by the durability test only: the process dies right after the processor charged. */
const CRASH_AFTER_CHARGE = process.env.SFOGLIA_CRASH_AFTER_CHARGE === '1';

export class PaymentSettlement {
  constructor(
    private readonly db: Db,
    private readonly processors: PaymentProcessors,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    readonly kinds: OrderKinds,
  ) {}

  /** Who or what makes a change, now on the shop's clock. */
  by(actor: string, reason: string | null = null): Mover {
    return { actor, reason, at: this.clock.now() };
  }

  async charge(
    payment: PaymentRow,
    customerRef: string,
    methodRef: string | null,
    actor: string,
    known?: ChargeRequest,
  ): Promise<PaymentRow> {
    const asked = await this.ask(payment, customerRef, methodRef, known);
    if (CRASH_AFTER_CHARGE) process.kill(process.pid, 'SIGKILL');
    return this.answer(payment, asked, actor);
  }

  /**
   * Asks the processor to charge an attempt with its key (never inside a transaction). Answers its intent,
   * or why it refused the request outright; throws PAYMENT_PROCESSOR_ERROR when it could not be reached.
   * `known` saves reading the checkout's orders when the caller has them.
   */
  async ask(
    payment: PaymentRow,
    customerRef: string,
    methodRef: string | null,
    known?: ChargeRequest,
  ): Promise<Asked> {
    const processor = this.processor(payment.processor);
    try {
      const intent = await processor.createPaymentIntent(
        {
          amount: payment.amount,
          customerRef,
          paymentMethodRef: methodRef,
          returnUrl: known?.returnUrl ?? (await this.returnUrl(payment)),
          // A weekly box is charged while its customer is away; a replay sends the same request.
          ...(payment.offSession ? { offSession: true } : {}),
          description: `Sfoglia order ${known?.orderNumbers ?? (await this.orderNumbers(this.db, payment.checkoutId))}`,
          metadata: { paymentId: payment.id, checkoutId: payment.checkoutId },
        },
        payment.idempotencyKey,
      );
      return { intent };
    } catch (error) {
      if (error instanceof PaymentProcessorError && error.statusCode < 500) return { refused: error.message };
      throw new DomainError(
        'PAYMENT_PROCESSOR_ERROR',
        'We couldn’t reach the payment provider. You have not been charged; please try again in a moment.',
      );
    }
  }

  /** Records what the processor answered to `ask`. */
  answer(payment: PaymentRow, asked: Asked, actor: string): Promise<PaymentRow> {
    if ('intent' in asked) return this.settle(payment, asked.intent, actor);
    // Refused outright: on-session the customer reads why and the order stays as it was; off-session (a
    // weekly box) the box waits for payment like any failed charge.
    return this.record(payment, (tx, current, checkout) =>
      current.status === 'processing'
        ? this.fail(tx, current, null, asked.refused, current.offSession ? checkout : null, this.by(actor))
        : Promise.resolve(current),
    );
  }

  /** Where the customer comes back to, and the order numbers the processor shows, for a checkout's attempt. */
  chargeRequest(processor: string, orderRows: readonly { id: string; number: number }[]): ChargeRequest {
    const sorted = [...orderRows].sort((a, b) => a.number - b.number);
    const orderId = sorted[0]?.id ?? '';
    return {
      orderNumbers: sorted.map((row) => `#${row.number}`).join(', '),
      returnUrl:
        processor === 'paypal'
          ? `${this.publicUrl}/paypal-confirmation?order_id=${orderId}`
          : `${this.publicUrl}/payment/${orderId}`,
    };
  }

  /** Asks the processor where an attempt stands and records it (a payment already ended is left alone). */
  async reconcile(payment: PaymentRow, actor: string): Promise<PaymentRow> {
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
  async cancelIntent(payment: PaymentRow, actor: string): Promise<PaymentRow> {
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
  async giveUp(payment: PaymentRow, message: string, actor: string): Promise<PaymentRow> {
    const cancelled = await this.cancelIntent(payment, actor);
    if (cancelled.status !== 'requires_action') return cancelled;
    return this.record(payment, (tx, current, checkout) =>
      current.status === 'requires_action'
        ? this.fail(tx, current, null, message, checkout, this.by(actor, message))
        : Promise.resolve(current),
    );
  }

  /**
   * Runs `work` on the payment in one transaction, with its checkout (and the checkout's basket) locked first
   * and then the payment: the money path's one lock order (payment-state.ts).
   */
  record(
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
  async settle(payment: PaymentRow, intent: PaymentIntent, actor: string): Promise<PaymentRow> {
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
        await this.finalise(tx, checkout, paid, by);
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
      // Off-session, a bank that wants its customer answers authentication_required: kept as the decline
      // code, so billing knows to wait for the customer (pay-again page) rather than try again.
      const declineCode =
        intent.lastError?.declineCode ??
        (intent.lastError?.code === AUTHENTICATION_REQUIRED ? AUTHENTICATION_REQUIRED : null);
      return this.fail(
        tx,
        { ...current, intentId: intent.id },
        declineCode,
        declineMessage(intent),
        checkout,
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

  async fail(
    tx: DbOrTx,
    payment: PaymentRow,
    declineCode: string | null,
    message: string,
    /** The payment's checkout (locked), whose orders then wait for payment again; null leaves them be. */
    checkout: CheckoutRow | null,
    by: Mover,
  ): Promise<PaymentRow> {
    const row = await movePayment(
      tx,
      payment,
      'failed',
      { intentId: payment.intentId, declineCode, failureMessage: message, nextActionUrl: null },
      by,
    );
    if (checkout) {
      await moveCheckoutOrders(
        tx,
        payment.checkoutId,
        isHardDecline(declineCode) ? 'not_authorized' : 'payment_pending',
        { ...by, reason: message },
        // A plan's box is `billed` when its weekly charge is made (issue 12).
        ['created', 'billed', 'payment_pending'],
      );
      await this.kinds.of(checkout.kind).failed?.(tx, { checkout, payment: row, by });
    }
    return row;
  }

  /** A customer starts paying the (locked) checkout: its order kind takes again what paying needs, or refuses. */
  async paying(tx: DbOrTx, checkout: CheckoutRow): Promise<void> {
    await this.kinds.of(checkout.kind).paying?.(tx, { checkout, by: this.by('customer') });
  }

  /** The checkout and its orders are paid; the order kind does what else that means. */
  async finalise(tx: DbOrTx, current: CheckoutRow, payment: PaymentRow, by: Mover): Promise<void> {
    if (current.state !== 'open') {
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

  processor(name: string): PaymentProcessor {
    const processor = this.processors[name as ProcessorName];
    if (!processor) throw new Error(`No payment processor called ${name}`);
    return processor;
  }

  async orderNumbers(db: DbOrTx, checkoutId: string): Promise<string> {
    const rows = await db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.checkoutId, checkoutId))
      .orderBy(asc(orders.number));
    return rows.map((row) => `#${row.number}`).join(', ');
  }

  async returnUrl(payment: PaymentRow): Promise<string> {
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
}
