import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import { AUTHENTICATION_REQUIRED } from '../../../domain/plan-billing';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import {
  HARD_DECLINES,
  PaymentProcessorError,
  type PaymentIntent,
  type PaymentProcessor,
  type PaymentProcessors,
  type ProcessorName,
} from '../../integrations/payments/port';
import {
  firstOrderOf,
  orderNumbersOf,
  lockCheckout,
  moveCheckout,
  moveCheckoutOrders,
  type CheckoutRow,
  type Mover,
  type OrderKinds,
  type PayingAnswer,
} from '../orders';
import { lockPayment, movePayment, type PaymentRow } from './payment-state';
import { recordHold } from './hold-state';
import { CONFIRMING, declineMessage, isBusy, refusalOf, type Refusal } from './processor-answers';
import { tellNotTaken } from './payment-outcome';
import { forgetLostCard } from './provisional-cards';

// The processor's side of a payment (issue 8): charging with the attempt's key, reading an intent again,
// cancelling one the shop gave up on, and recording each answer in one transaction with the checkout (and
// its basket) locked first. Money taken for a checkout already paid, or given up, goes straight back here,
// whichever path saw it (paying, confirm, recovery). A paid checkout is the order kind's to finish.

/** What a charge's request says that comes from the checkout's orders (read once for a batch). */
export interface ChargeRequest {
  orderNumbers: string;
  returnUrl: string;
}

/**
 * The processor's answer to a charge: its intent, why it refused the request outright, or that another
 * request with the same key is still being answered (that one records it).
 */
export type Asked = { intent: PaymentIntent } | { refused: Refusal } | { busy: true };

/** The states an order is paid from. */
const PAYABLE_STATES = ['created', 'billed', 'payment_pending', 'not_authorized'] as const;

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
   * or why it refused the request outright. When it could not be reached (or failed itself) the charge may
   * or may not have been made: the payment stays `processing`, stamped `unansweredAt` so that recovery and
   * the customer's own requests replay it at once (the same key: never a second charge), and this throws
   * PAYMENT_PROCESSOR_ERROR saying so, with the order to follow (issue 19 items 25 and 26).
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
          // A hold (a table's tab): the card authorised for the amount, captured later (decision 28).
          ...(payment.captureMethod === 'manual' ? { captureMethod: 'manual' as const } : {}),
          description: `Sfoglia order ${known?.orderNumbers ?? (await this.orderNumbers(this.db, payment.checkoutId))}`,
          metadata: { paymentId: payment.id, checkoutId: payment.checkoutId },
        },
        payment.idempotencyKey,
      );
      return { intent };
    } catch (error) {
      if (isBusy(error)) return { busy: true };
      if (error instanceof PaymentProcessorError && error.statusCode < 500) {
        return { refused: refusalOf(error) };
      }
      await this.db
        .update(payments)
        .set({ unansweredAt: this.clock.now() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'processing')));
      throw new DomainError('PAYMENT_PROCESSOR_ERROR', CONFIRMING, {
        orderId: await this.firstOrderId(payment.checkoutId),
        paymentId: payment.id,
        paymentStatus: 'processing',
      });
    }
  }

  /** Records what the processor answered to `ask`. */
  answer(payment: PaymentRow, asked: Asked, actor: string): Promise<PaymentRow> {
    if ('intent' in asked) return this.settle(payment, asked.intent, actor);
    if ('busy' in asked) return this.record(payment, (_tx, current) => Promise.resolve(current));
    const { reason, message } = asked.refused;
    // Refused outright: on-session the customer reads why and the order stays as it was; off-session (a
    // weekly box) the box waits for payment like any failed charge. A card the processor no longer has is
    // no longer saved (tidied away by recovery; what it paid for moves to the default card).
    return this.record(payment, async (tx, current, checkout) => {
      if (current.status !== 'processing') return current;
      if (reason === 'payment_method_unavailable' && current.paymentMethodId) {
        await forgetLostCard(tx, current.paymentMethodId);
      }
      // A hold refused tells its kind (a higher limit not held: the tab keeps the one it has).
      const tell = current.offSession || current.captureMethod === 'manual';
      return this.fail(tx, current, reason, message, tell ? checkout : null, this.by(actor));
    });
  }

  /** Where the customer comes back to, and the order numbers the processor shows, for a checkout's attempt. */
  chargeRequest(processor: string, orderRows: readonly { id: string; number: number }[]): ChargeRequest {
    const sorted = [...orderRows].sort((a, b) => a.number - b.number);
    const orderId = sorted[0]?.id ?? '';
    return {
      orderNumbers: sorted.map((row) => `#${row.number}`).join(', '),
      returnUrl: this.returnTo(processor, 'automatic', orderId),
    };
  }

  /** Where the browser comes back after a 3-D Secure check or PayPal approval (a hold's PayPal has its own). */
  private returnTo(processor: string, captureMethod: PaymentRow['captureMethod'], orderId: string): string {
    if (processor !== 'paypal') return `${this.publicUrl}/payment/${orderId}`;
    return captureMethod === 'manual'
      ? `${this.publicUrl}/paypal-dine-in-setup?order_id=${orderId}`
      : `${this.publicUrl}/paypal-confirmation?order_id=${orderId}`;
  }

  /** Asks the processor where an attempt stands and records it (a payment already ended is left alone). */
  async reconcile(payment: PaymentRow, actor: string): Promise<PaymentRow> {
    const ended = ['succeeded', 'refunded', 'held', 'released'].includes(payment.status);
    if (ended || !payment.intentId) return payment;
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
    const release: PaymentRow[] = [];
    const by = this.by(actor);
    const row = await this.record(payment, async (tx, current, checkout) => {
      if (current.status === 'succeeded' || current.status === 'refunded') return current;
      const changes = { intentId: intent.id } as const;
      if (intent.status === 'requires_capture') {
        return recordHold(tx, this.kinds, { current, checkout, intentId: intent.id, release }, by);
      }
      if (current.status === 'released') return current;
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
    // Holds let go (replaced by a newer one, or authorised after their checkout was given up).
    for (const old of release) await this.cancelIntent(old, actor).catch(() => old);
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
    // The customer was told we were confirming it: now they are told it was not taken.
    await tellNotTaken(tx, payment, message, this.publicUrl);
    // A hold that failed (a tab's card, a higher limit) leaves the orders to the kind.
    if (checkout && payment.captureMethod === 'manual') {
      await this.kinds.of(checkout.kind).failed?.(tx, { checkout, payment: row, by });
    } else if (checkout) {
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

  /**
   * A customer starts paying the (locked) checkout: its order kind takes again what paying needs, or refuses;
   * it may answer that the payment is a hold (a tab's card).
   */
  async paying(tx: DbOrTx, checkout: CheckoutRow): Promise<PayingAnswer | null> {
    return (await this.kinds.of(checkout.kind).paying?.(tx, { checkout, by: this.by('customer') })) ?? null;
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
    // Orders already past payment (a tab's rounds, cooked while its card was held) stay where they are.
    const paidOrders = await moveCheckoutOrders(tx, checkout.id, 'paid', by, PAYABLE_STATES);
    await this.kinds.of(checkout.kind).paid(tx, { checkout, payment, orders: paidOrders, by });
  }

  // ---- helpers -------------------------------------------------------------------------------------------

  processor(name: string): PaymentProcessor {
    const processor = this.processors[name as ProcessorName];
    if (!processor) throw new Error(`No payment processor called ${name}`);
    return processor;
  }

  async orderNumbers(db: DbOrTx, checkoutId: string): Promise<string> {
    return (await orderNumbersOf(db, checkoutId)).map((number) => `#${number}`).join(', ');
  }

  /** The checkout's first order: what the customer follows it by. */
  async firstOrderId(checkoutId: string): Promise<string> {
    return (await firstOrderOf(this.db, checkoutId))?.id ?? '';
  }

  async returnUrl(payment: PaymentRow): Promise<string> {
    return this.returnTo(
      payment.processor,
      payment.captureMethod,
      await this.firstOrderId(payment.checkoutId),
    );
  }
}
