// The payments port (architecture decision 8; issue 4 part 1). The shop talks to a processor only through
// this interface: the embedded sandbox (Stripe's semantics, a PayPal approval page) on a bare machine, the
// official Stripe and PayPal SDKs in production. Amounts are integer pence; currency is always GBP.
//
// Rules every implementation keeps:
// - Calls with an idempotency key replay the first answer when the key and parameters match; the same key
//   with other parameters throws PaymentProcessorError with code 'idempotency_key_reused'.
// - A declined charge is not an exception: the intent comes back with status 'requires_payment_method' and
//   `lastError` (code 'card_declined' and a decline code such as insufficient_funds, lost_card,
//   stolen_card, fraudulent, merchant_blacklist). Exceptions are for the processor being unreachable or a
//   request it refuses (PaymentProcessorError).
// - Never called inside a shop database transaction.

import { HARD_DECLINE_CODES } from '../../../domain/plan-billing';

export type ProcessorName = 'stripe' | 'paypal';

export type DeclineCode =
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'fraudulent'
  | 'merchant_blacklist'
  | 'generic_decline'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'authentication_failed';

/** Declines that must never be retried with the same card (spec §8). */
export const HARD_DECLINES: readonly DeclineCode[] = HARD_DECLINE_CODES;

export interface PaymentError {
  /** card_declined, authentication_required, payment_intent_authentication_failure, … */
  code: string;
  declineCode: DeclineCode | null;
  /** A sentence a customer understands ("Your card has insufficient funds."). */
  message: string;
}

export interface SavedMethod {
  /** pm_… for cards; the PayPal vault token for PayPal. */
  ref: string;
  type: 'card' | 'paypal';
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  /** PayPal: the account's email. */
  email: string | null;
}

export interface SetupIntent {
  /** seti_… */
  id: string;
  /** What the card form (or PayPal approval) is given; never logged. */
  clientSecret: string;
  customerRef: string;
  type: 'card' | 'paypal';
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  /** Where the browser goes to approve (PayPal, or a 3-D Secure check); null when nothing is needed. */
  nextActionUrl: string | null;
  paymentMethod: SavedMethod | null;
  lastError: PaymentError | null;
}

export interface PaymentIntent {
  /** pi_… (or the PayPal order id) */
  id: string;
  clientSecret: string;
  amount: number;
  amountRefunded: number;
  /** `manual`: a hold (decision 28): authorised, then captured once or cancelled. */
  captureMethod: 'automatic' | 'manual';
  /** What a `requires_capture` intent can still capture (0 otherwise). */
  amountCapturable: number;
  /** What was taken: `amount` once an automatic intent succeeds, the captured amount for a hold, else 0. */
  amountReceived: number;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    /** A hold's card is authorised for `amount`; nothing is taken until `capturePaymentIntent`. */
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  /** The 3-D Secure challenge or the PayPal approval page; the browser comes back to `returnUrl`. */
  nextActionUrl: string | null;
  paymentMethodRef: string | null;
  lastError: PaymentError | null;
  metadata: Record<string, string>;
}

export interface Refund {
  /** re_… */
  id: string;
  paymentIntentId: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface PaymentProcessor {
  readonly name: ProcessorName;
  /** The processor's customer (cus_…) for our customer; call once and keep the ref. */
  createCustomer(input: { customerId: string; email: string }, idempotencyKey: string): Promise<string>;
  /** To save a card (the card form confirms it) or a PayPal account (approval page). */
  createSetupIntent(
    input: { customerRef: string; type: 'card' | 'paypal'; returnUrl: string },
    idempotencyKey: string,
  ): Promise<SetupIntent>;
  retrieveSetupIntent(id: string): Promise<SetupIntent>;
  /**
   * Creates and confirms a charge, on-session. With a saved method it is charged at once (or needs
   * 3-D Secure: status requires_action with nextActionUrl); without one (PayPal checkout), the customer
   * approves at nextActionUrl and comes back to returnUrl.
   */
  createPaymentIntent(
    input: {
      amount: number;
      customerRef: string;
      paymentMethodRef: string | null;
      returnUrl: string;
      description: string;
      metadata: Record<string, string>;
      /**
       * The customer is not at the checkout (weekly billing): no 3-D Secure challenge can be shown, so a
       * card that insists on one comes back requires_payment_method with code 'authentication_required'.
       * Default false (on-session).
       */
      offSession?: boolean;
      /**
       * `manual` holds `amount` on the card (Stripe's capture_method manual, PayPal's AUTHORIZE intent): once
       * authorised (after 3-D Secure or PayPal approval when needed) the intent is `requires_capture`, and
       * nothing is taken until `capturePaymentIntent`. Default `automatic`.
       */
      captureMethod?: 'automatic' | 'manual';
    },
    idempotencyKey: string,
  ): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /**
   * Captures `amount` (at least the 30p minimum, at most `amountCapturable`) of a `requires_capture` intent,
   * once: the rest of the hold is released, and the intent is `succeeded` with `amountReceived = amount`.
   * Replayed with the same key it answers the same; a second capture with another key, or an intent not
   * `requires_capture`, is refused (PaymentProcessorError 'payment_intent_unexpected_state'); an amount above
   * the hold is 'amount_too_large'; an authorisation that expired (7 days) is 'charge_expired_for_capture'
   * and the intent is then `canceled`.
   */
  capturePaymentIntent(id: string, input: { amount: number }, idempotencyKey: string): Promise<PaymentIntent>;
  /**
   * Cancels an intent that has not taken money (a 3-D Secure check or PayPal approval the shop gave up on,
   * or a hold let go: `requires_capture` releases the authorisation), so that it can never succeed later. Answers with the intent as it ends: 'canceled', or 'succeeded' when
   * the money was taken first (the caller then refunds it). Cancelling twice is not an error.
   */
  cancelPaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntent>;
  refund(input: { paymentIntentId: string; amount?: number }, idempotencyKey: string): Promise<Refund>;
  /** Forget a saved method at the processor (detach). */
  detachPaymentMethod(ref: string): Promise<void>;
}

export class PaymentProcessorError extends Error {
  constructor(
    readonly code: string,
    /** The processor's own words: for logs and tests, never shown to a customer (issue 19). */
    message: string,
    readonly statusCode = 400,
    /** What the refusal is about, as Stripe's `param` says it: 'payment_method', 'customer', … */
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentProcessorError';
  }
}

/** Both processors the shop can use, by name. */
export type PaymentProcessors = Record<ProcessorName, PaymentProcessor>;
