import Stripe from 'stripe';
import {
  PaymentProcessorError,
  type DeclineCode,
  type PaymentError,
  type PaymentIntent,
  type PaymentProcessor,
  type Refund,
  type SavedMethod,
  type SetupIntent,
} from './port';

// The production card processor (PAYMENTS=live): Stripe through its official SDK. Cards are collected by
// Stripe's own fields in the browser (Stripe.js with the publishable key and the setup intent's client
// secret), so no card number ever reaches our server. Charges are created and confirmed in one call; a
// decline comes back from Stripe as an error carrying the payment intent, which is mapped to the intent's
// status and `lastError`, as the port says. Idempotency keys are passed as Stripe's request option.
// A hold (decision 28) is Stripe's manual capture: the intent is confirmed with capture_method manual, waits
// in requires_capture, and is captured once with amount_to_capture (or cancelled, which releases it).

export interface StripeProcessorOptions {
  secretKey: string;
  /** Where the shop lives: relative return URLs are made absolute against it (Stripe needs absolute ones). */
  publicUrl: string;
  /** Stripe's API; unset is the SDK's own (api.stripe.com). Tests and demos point it at the double. */
  apiUrl?: string | null;
  /** Tests pass `Stripe.createFetchHttpClient(fakeFetch)`; production uses the SDK's own Node client. */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
  maxNetworkRetries?: number;
}

const KNOWN_DECLINES = new Set<DeclineCode>([
  'insufficient_funds',
  'lost_card',
  'stolen_card',
  'fraudulent',
  'merchant_blacklist',
  'generic_decline',
  'expired_card',
  'incorrect_cvc',
  'authentication_failed',
]);

/** Stripe's card error codes that are a decline of the card (as opposed to an authentication step). */
const DECLINE_ERROR_CODES = new Set(['card_declined', 'expired_card', 'incorrect_cvc', 'incorrect_number']);

interface StripeLastError {
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
  type?: string | null;
}

export function mapLastError(error: StripeLastError | null | undefined): PaymentError | null {
  if (!error) return null;
  const code = error.code ?? 'processing_error';
  const given = error.decline_code ?? null;
  // authentication_required (off-session, the bank wants its customer) is a step to take, not a decline.
  let declineCode: DeclineCode | null = null;
  if (code === 'payment_intent_authentication_failure') declineCode = 'authentication_failed';
  else if (DECLINE_ERROR_CODES.has(code)) {
    if (given && KNOWN_DECLINES.has(given as DeclineCode)) declineCode = given as DeclineCode;
    else if (code === 'expired_card' || code === 'incorrect_cvc') declineCode = code;
    else declineCode = 'generic_decline';
  }
  return {
    code: DECLINE_ERROR_CODES.has(code) ? 'card_declined' : code,
    declineCode,
    message: error.message ?? 'Your card was declined.',
  };
}

const INTENT_STATUSES = new Set<PaymentIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);

/**
 * What was given back of what was taken. Stripe counts a hold's release in the charge's amount_refunded: all
 * of an uncaptured (cancelled or lapsed) authorisation, and the part of a partial capture that was let go.
 */
function refundedOf(charge: Stripe.Charge | null): number {
  if (!charge) return 0;
  const released =
    charge.captured === false ? charge.amount : charge.amount - (charge.amount_captured ?? charge.amount);
  return Math.max(0, (charge.amount_refunded ?? 0) - released);
}

export function mapPaymentIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const method = pi.payment_method;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    amount: pi.amount,
    amountRefunded: refundedOf(charge),
    // automatic_async is Stripe's later-captured automatic: for the shop, automatic.
    captureMethod: pi.capture_method === 'manual' ? 'manual' : 'automatic',
    amountCapturable: pi.amount_capturable ?? 0,
    amountReceived: pi.amount_received ?? 0,
    // Anything new reads as processing.
    status: INTENT_STATUSES.has(pi.status as PaymentIntent['status'])
      ? (pi.status as PaymentIntent['status'])
      : 'processing',
    nextActionUrl: pi.status === 'requires_action' ? (pi.next_action?.redirect_to_url?.url ?? null) : null,
    paymentMethodRef: typeof method === 'string' ? method : (method?.id ?? null),
    lastError: mapLastError(pi.last_payment_error),
    metadata: { ...pi.metadata },
  };
}

function mapSavedMethod(pm: Stripe.PaymentMethod): SavedMethod {
  if (pm.type === 'paypal') {
    return {
      ref: pm.id,
      type: 'paypal',
      brand: null,
      last4: null,
      expMonth: null,
      expYear: null,
      email: pm.paypal?.payer_email ?? null,
    };
  }
  return {
    ref: pm.id,
    type: 'card',
    brand: pm.card?.brand ?? null,
    last4: pm.card?.last4 ?? null,
    expMonth: pm.card?.exp_month ?? null,
    expYear: pm.card?.exp_year ?? null,
    email: null,
  };
}

export function mapSetupIntent(si: Stripe.SetupIntent): SetupIntent {
  const method = si.payment_method && typeof si.payment_method === 'object' ? si.payment_method : null;
  const customer = si.customer;
  const status: SetupIntent['status'] =
    si.status === 'requires_confirmation'
      ? 'requires_payment_method'
      : ((
          ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'] as const
        ).find((s) => s === si.status) ?? 'processing');
  return {
    id: si.id,
    clientSecret: si.client_secret ?? '',
    customerRef: typeof customer === 'string' ? customer : (customer?.id ?? ''),
    type: method?.type === 'paypal' || si.payment_method_types.includes('paypal') ? 'paypal' : 'card',
    status,
    nextActionUrl: si.status === 'requires_action' ? (si.next_action?.redirect_to_url?.url ?? null) : null,
    paymentMethod: method ? mapSavedMethod(method) : null,
    lastError: mapLastError(si.last_setup_error),
  };
}

export function mapRefund(refund: Stripe.Refund): Refund {
  const pi = refund.payment_intent;
  const status: Refund['status'] =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return {
    id: refund.id,
    paymentIntentId: typeof pi === 'string' ? pi : (pi?.id ?? ''),
    amount: refund.amount,
    status,
  };
}

/** Stripe's errors as the port's: what Stripe refused keeps its code; an outage is a 502. */
export function toProcessorError(error: unknown): PaymentProcessorError {
  if (error instanceof PaymentProcessorError) return error;
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProcessorError('idempotency_key_reused', error.message, 400);
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeCardError
  ) {
    return new PaymentProcessorError(
      error.code ?? 'invalid_request',
      error.message,
      error.statusCode ?? 400,
      error.param ?? null,
    );
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new PaymentProcessorError(
      'processor_misconfigured',
      'The card processor refused our credentials.',
      502,
    );
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new PaymentProcessorError(
      'rate_limited',
      'The card processor is busy. Try again in a moment.',
      502,
    );
  }
  return new PaymentProcessorError(
    'processor_unavailable',
    'The card processor could not be reached. Try again in a moment.',
    502,
  );
}

function absoluteUrl(url: string, publicUrl: string): string {
  return new URL(url, `${publicUrl.replace(/\/$/, '')}/`).toString();
}

/** The SDK's host, port and protocol options for an API URL (http://127.0.0.1:4194 for the double). */
export function apiHost(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

export function createStripeProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Sfoglia' },
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    ...(options.apiUrl ? apiHost(options.apiUrl) : {}),
  });

  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toProcessorError(error);
    }
  };

  return {
    name: 'stripe',

    createCustomer: (input, idempotencyKey) =>
      call(async () => {
        const customer = await stripe.customers.create(
          { email: input.email, metadata: { customer_id: input.customerId } },
          { idempotencyKey },
        );
        return customer.id;
      }),

    createSetupIntent: (input, idempotencyKey) =>
      call(async () => {
        if (input.type !== 'card') {
          throw new PaymentProcessorError(
            'payment_method_type_unsupported',
            'Stripe is used for cards only.',
          );
        }
        const si = await stripe.setupIntents.create(
          { customer: input.customerRef, allowed_payment_method_types: ['card'], usage: 'off_session' },
          { idempotencyKey },
        );
        return mapSetupIntent(si);
      }),

    retrieveSetupIntent: (id) =>
      call(async () =>
        mapSetupIntent(await stripe.setupIntents.retrieve(id, { expand: ['payment_method'] })),
      ),

    createPaymentIntent: async (input, idempotencyKey) => {
      if (!input.paymentMethodRef) {
        throw new PaymentProcessorError(
          'parameter_missing',
          'A saved card (paymentMethodRef) is needed to charge a card.',
        );
      }
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amount,
        currency: 'gbp',
        customer: input.customerRef,
        payment_method: input.paymentMethodRef,
        allowed_payment_method_types: ['card'],
        confirm: true,
        description: input.description,
        metadata: input.metadata,
        expand: ['latest_charge'],
        ...(input.captureMethod === 'manual' ? { capture_method: 'manual' as const } : {}),
        ...(input.offSession
          ? { off_session: true }
          : { return_url: absoluteUrl(input.returnUrl, options.publicUrl) }),
      };
      try {
        return mapPaymentIntent(await stripe.paymentIntents.create(params, { idempotencyKey }));
      } catch (error) {
        // A decline (or an off-session charge that needs authentication) is an answer, not a failure.
        if (error instanceof Stripe.errors.StripeError && error.payment_intent) {
          return mapPaymentIntent(error.payment_intent);
        }
        throw toProcessorError(error);
      }
    },

    retrievePaymentIntent: (id) =>
      call(async () =>
        mapPaymentIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })),
      ),

    // Stripe's own refusals keep their codes: payment_intent_unexpected_state (not held, or captured
    // already), amount_too_large, charge_expired_for_capture (the intent is then canceled).
    capturePaymentIntent: (id, input, idempotencyKey) =>
      call(async () =>
        mapPaymentIntent(
          await stripe.paymentIntents.capture(
            id,
            { amount_to_capture: input.amount, expand: ['latest_charge'] },
            { idempotencyKey },
          ),
        ),
      ),

    cancelPaymentIntent: async (id, idempotencyKey) => {
      try {
        return mapPaymentIntent(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey }));
      } catch (error) {
        // Stripe refuses to cancel a succeeded (or cancelled) intent: then its state is the answer.
        if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state') {
          return call(async () =>
            mapPaymentIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })),
          );
        }
        throw toProcessorError(error);
      }
    },

    refund: (input, idempotencyKey) =>
      call(async () =>
        mapRefund(
          await stripe.refunds.create(
            {
              payment_intent: input.paymentIntentId,
              ...(input.amount === undefined ? {} : { amount: input.amount }),
            },
            { idempotencyKey },
          ),
        ),
      ),

    detachPaymentMethod: (ref) =>
      call(async () => {
        await stripe.paymentMethods.detach(ref);
      }),
  };
}
