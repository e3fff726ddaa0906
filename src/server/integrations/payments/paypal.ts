import { createHash } from 'node:crypto';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  ExperienceContextShippingPreference,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalPaymentTokenUsageType,
  PaypalWalletContextShippingPreference,
  VaultController,
  VaultTokenRequestType,
  type Order,
  type OrdersCapture,
  type PaymentTokenResponse,
  type SetupTokenResponse,
} from '@paypal/paypal-server-sdk';
import { parseDecimalToPence, penceToDecimal } from '../../../domain/money';
import {
  PaymentProcessorError,
  type PaymentError,
  type PaymentIntent,
  type PaymentProcessor,
  type Refund,
  type SetupIntent,
} from './port';

// The production PayPal processor (PAYMENTS=live), through PayPal's official server SDK
// (@paypal/paypal-server-sdk: Orders v2, Payments v2 and Vault v3). In the port's Stripe-shaped terms:
// - a payment intent is a PayPal order (intent CAPTURE). Without a saved account the order waits for the
//   buyer at its payer-action link (requires_action); once approved, retrieving it captures it (PayPal needs
//   that server call) and it reads succeeded. With a vaulted account the order is created and captured in
//   one call.
// - a hold (decision 28) is an order with intent AUTHORIZE: once approved, retrieving it authorises it (the
//   money is held, requires_capture); capturing captures that authorisation once (final_capture, so the
//   rest is let go), cancelling voids it.
// - a setup intent is a vault setup token; once the buyer approves it, retrieving it turns it into a
//   payment token (the saved method's ref).
// - PayPal has no customer objects to create: our customer id is the merchant customer id in the vault.
// - idempotency keys go as PayPal-Request-Id. PayPal replays the first answer to a repeated id (orders for
//   6 hours, vault for 3) but does not refuse other parameters under the same id.
// PayPal's return URLs carry the order id (or setup token id) as `token`.

export interface PaypalProcessorOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  /** Relative return URLs are made absolute against it. */
  publicUrl: string;
  /** Tests only: a fetch that answers in PayPal's shapes (sent through axios's fetch adapter). */
  fetch?: typeof fetch;
}

const CURRENCY = 'GBP';
const PREFER = 'return=representation';
/** PayPal's custom_id holds at most 127 characters: the metadata is kept there as JSON. */
const CUSTOM_ID_MAX = 127;
/** The port's smallest capture (Stripe's 30p minimum), kept here too so both processors refuse alike. */
const MIN_CAPTURE = 30;

function absoluteUrl(url: string, publicUrl: string): string {
  return new URL(url, `${publicUrl.replace(/\/$/, '')}/`).toString();
}

function withParam(url: string, key: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(key, value);
  return parsed.toString();
}

/** The metadata as JSON that fits custom_id; entries that do not fit are left out, last first. */
export function encodeMetadata(metadata: Record<string, string>): string | undefined {
  const entries = Object.entries(metadata);
  while (entries.length > 0) {
    const json = JSON.stringify(Object.fromEntries(entries));
    if (json.length <= CUSTOM_ID_MAX) return json;
    entries.pop();
  }
  return undefined;
}

export function decodeMetadata(customId: string | undefined): Record<string, string> {
  if (!customId) return {};
  try {
    const parsed: unknown = JSON.parse(customId);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  } catch {
    // A custom_id set by something else: not ours to read.
  }
  return {};
}

/** PayPal-Request-Id takes at most 108 characters; a longer key is sent as its SHA-256. */
export function paypalRequestId(key: string): string {
  return key.length <= 108 ? key : createHash('sha256').update(key).digest('hex');
}

function linkOf(links: { rel: string; href: string }[] | undefined, ...rels: string[]): string | null {
  return links?.find((link) => rels.includes(link.rel))?.href ?? null;
}

const PAYPAL_DECLINED: PaymentError = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'PayPal declined this payment. Choose another way to pay.',
};

/** The PayPal issues that mean the buyer's funding was refused (rather than our request being wrong). */
const DECLINE_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_ACTION_REQUIRED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
]);

interface PaypalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
  debug_id?: string;
}

function errorBody(error: ApiError): PaypalErrorBody {
  const result = error.result as PaypalErrorBody | undefined;
  if (result && typeof result === 'object') return result;
  try {
    return typeof error.body === 'string' ? (JSON.parse(error.body) as PaypalErrorBody) : {};
  } catch {
    return {};
  }
}

export function issueOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = errorBody(error);
  return body.details?.[0]?.issue ?? body.name ?? null;
}

export function toProcessorError(error: unknown): PaymentProcessorError {
  if (error instanceof PaymentProcessorError) return error;
  if (error instanceof ApiError) {
    const body = errorBody(error);
    const issue = body.details?.[0]?.issue ?? body.name ?? 'paypal_error';
    if (error.statusCode === 401 || error.statusCode === 403) {
      return new PaymentProcessorError('processor_misconfigured', 'PayPal refused our credentials.', 502);
    }
    if (error.statusCode === 404) {
      return new PaymentProcessorError(
        'resource_missing',
        body.message ?? 'PayPal has no such resource.',
        404,
      );
    }
    if (error.statusCode >= 500 || error.statusCode === 429) {
      return new PaymentProcessorError(
        'processor_unavailable',
        'PayPal could not be reached. Try again in a moment.',
        502,
      );
    }
    const message = body.details?.[0]?.description ?? body.message ?? 'PayPal refused the request.';
    return new PaymentProcessorError(issue.toLowerCase(), message, error.statusCode);
  }
  return new PaymentProcessorError(
    'processor_unavailable',
    'PayPal could not be reached. Try again in a moment.',
    502,
  );
}

/** The capture statuses that mean the money was taken (some of it may have been refunded since). */
const TAKEN = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/** A hold's authorisation: what it means for the intent, before anything was captured. */
function heldStatus(authorizationStatus: string | undefined): PaymentIntent['status'] {
  switch (authorizationStatus) {
    case 'CREATED':
      return 'requires_capture';
    case 'PENDING':
      return 'processing';
    case 'DENIED':
      return 'requires_payment_method';
    case 'CAPTURED':
    case 'PARTIALLY_CAPTURED':
      return 'succeeded';
    default:
      // VOIDED, or EXPIRED (PayPal keeps an authorisation 29 days): let go, nothing taken.
      return 'canceled';
  }
}

/** An order in the port's terms. `declined` marks a capture (or authorisation) PayPal refused. */
export function mapOrder(order: Order, declined = false): PaymentIntent {
  const unit = order.purchaseUnits?.[0];
  const captures = unit?.payments?.captures ?? [];
  const capture = captures[0];
  const manual = order.intent === CheckoutPaymentIntent.Authorize;
  const authorization = unit?.payments?.authorizations?.[0];
  const amount = unit?.amount ? parseDecimalToPence(unit.amount.value) : 0;
  const refunded = (unit?.payments?.refunds ?? [])
    .filter((refund) => refund.status === 'COMPLETED' || refund.status === 'PENDING')
    .reduce((sum, refund) => sum + (refund.amount ? parseDecimalToPence(refund.amount.value) : 0), 0);
  const paypal = order.paymentSource?.paypal;
  const vaultId = paypal?.attributes?.vault?.id ?? null;

  let status: PaymentIntent['status'];
  let lastError: PaymentError | null = null;
  const captureStatus = capture?.status as string | undefined;
  if (declined || captureStatus === 'DECLINED' || captureStatus === 'FAILED') {
    status = 'requires_payment_method';
    lastError = PAYPAL_DECLINED;
  } else if (captureStatus === 'PENDING') {
    status = 'processing';
  } else if (manual && capture) {
    status = 'succeeded';
  } else if (manual && authorization) {
    status = heldStatus(authorization.status as string | undefined);
    if (status === 'requires_payment_method') lastError = PAYPAL_DECLINED;
  } else if (order.status === 'COMPLETED') {
    status = 'succeeded';
  } else if (order.status === 'VOIDED') {
    status = 'canceled';
  } else if (order.status === 'APPROVED') {
    status = 'processing';
  } else {
    status = 'requires_action';
  }
  const taken = captures
    .filter((c) => TAKEN.has(c.status as string))
    .reduce((sum, c) => sum + (c.amount ? parseDecimalToPence(c.amount.value) : 0), 0);
  return {
    id: order.id ?? '',
    clientSecret: order.id ?? '',
    amount,
    amountRefunded: refunded,
    captureMethod: manual ? 'manual' : 'automatic',
    amountCapturable:
      status === 'requires_capture'
        ? authorization?.amount
          ? parseDecimalToPence(authorization.amount.value)
          : amount
        : 0,
    // A hold took what was captured of it; a payment, all of it.
    amountReceived: status !== 'succeeded' ? 0 : manual || captures.length > 0 ? taken : amount,
    status,
    nextActionUrl: status === 'requires_action' ? linkOf(order.links, 'payer-action', 'approve') : null,
    paymentMethodRef: vaultId,
    lastError,
    metadata: decodeMetadata(unit?.customId),
  };
}

/** The order as it is once `captured` (an authorisation's capture) is in it: the answer to a capture. */
export function withCapture(order: Order, captured: OrdersCapture): Order {
  const [unit, ...rest] = order.purchaseUnits ?? [];
  if (!unit) return order;
  const captures = (unit.payments?.captures ?? []).filter((c) => c.id !== captured.id);
  return {
    ...order,
    purchaseUnits: [{ ...unit, payments: { ...unit.payments, captures: [...captures, captured] } }, ...rest],
  };
}

/** PayPal's refusals of an authorisation's capture, in the port's (Stripe's) words and as its 400s. */
const CAPTURE_REFUSALS: Record<string, { code: string; message: string }> = {
  AUTHORIZATION_ALREADY_CAPTURED: {
    code: 'payment_intent_unexpected_state',
    message: 'This hold has already been captured.',
  },
  PREVIOUSLY_CAPTURED: {
    code: 'payment_intent_unexpected_state',
    message: 'This hold has already been captured.',
  },
  AUTHORIZATION_VOIDED: {
    code: 'payment_intent_unexpected_state',
    message: 'This hold was released, so it cannot be captured.',
  },
  PREVIOUSLY_VOIDED: {
    code: 'payment_intent_unexpected_state',
    message: 'This hold was released, so it cannot be captured.',
  },
  AUTHORIZATION_EXPIRED: {
    code: 'charge_expired_for_capture',
    message: 'The hold cannot be captured as its authorisation has expired.',
  },
  MAX_CAPTURE_AMOUNT_EXCEEDED: {
    code: 'amount_too_large',
    message: 'The amount to capture is more than the amount held.',
  },
};

export function mapSetupToken(
  token: SetupTokenResponse,
  customerRef: string,
  saved: PaymentTokenResponse | null,
): SetupIntent {
  const status = token.status as string | undefined;
  const succeeded = saved !== null;
  const paypal = saved?.paymentSource?.paypal;
  return {
    id: token.id ?? '',
    clientSecret: token.id ?? '',
    customerRef,
    type: 'paypal',
    status: succeeded
      ? 'succeeded'
      : status === 'APPROVED' || status === 'VAULTED'
        ? 'processing'
        : 'requires_action',
    nextActionUrl: succeeded ? null : linkOf(token.links, 'approve'),
    paymentMethod: saved
      ? {
          ref: saved.id ?? '',
          type: 'paypal',
          brand: null,
          last4: null,
          expMonth: null,
          expYear: null,
          email: paypal?.emailAddress ?? null,
        }
      : null,
    lastError: null,
  };
}

export function createPaypalProcessor(options: PaypalProcessorOptions): PaymentProcessor {
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    environment: options.environment === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    httpClientOptions: { retryConfig: { maxNumberOfRetries: 2 } },
    ...(options.fetch
      ? { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: options.fetch } } }
      : {}),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  const vault = new VaultController(client);

  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toProcessorError(error);
    }
  };

  /** Authorises an approved hold (intent AUTHORIZE); a refusal of the buyer's funding reads as a decline. */
  const authorize = async (id: string): Promise<PaymentIntent> => {
    try {
      const { result } = await orders.authorizeOrder({
        id,
        paypalRequestId: `authorize-${id}`,
        prefer: PREFER,
      });
      return mapOrder(result);
    } catch (error) {
      const issue = issueOf(error);
      if (issue && DECLINE_ISSUES.has(issue)) {
        const { result } = await orders.getOrder({ id });
        return mapOrder(result, true);
      }
      if (issue === 'ORDER_ALREADY_AUTHORIZED') return mapOrder((await orders.getOrder({ id })).result);
      throw error;
    }
  };

  /** An approved order goes through: a hold is authorised, a payment captured. */
  const complete = (order: Order, id: string) =>
    order.intent === CheckoutPaymentIntent.Authorize ? authorize(id) : capture(id);

  /** Captures an approved order; a refusal of the buyer's funding reads as a decline. */
  const capture = async (id: string): Promise<PaymentIntent> => {
    try {
      const { result } = await orders.captureOrder({ id, paypalRequestId: `capture-${id}`, prefer: PREFER });
      return mapOrder(result);
    } catch (error) {
      const issue = issueOf(error);
      if (issue && DECLINE_ISSUES.has(issue)) {
        const { result } = await orders.getOrder({ id });
        return mapOrder(result, true);
      }
      if (issue === 'ORDER_ALREADY_CAPTURED') return mapOrder((await orders.getOrder({ id })).result);
      throw error;
    }
  };

  return {
    name: 'paypal',

    // Vault customers are created by PayPal with the first saved account; ours is the merchant customer id.
    createCustomer: async (input) => {
      if (!input.customerId) throw new PaymentProcessorError('parameter_missing', 'customerId is required.');
      return input.customerId;
    },

    createSetupIntent: (input, idempotencyKey) =>
      call(async () => {
        if (input.type !== 'paypal') {
          throw new PaymentProcessorError(
            'payment_method_type_unsupported',
            'PayPal saves PayPal accounts only.',
          );
        }
        const returnUrl = absoluteUrl(input.returnUrl, options.publicUrl);
        const { result } = await vault.createSetupToken({
          paypalRequestId: paypalRequestId(idempotencyKey),
          body: {
            customer: { merchantCustomerId: input.customerRef },
            paymentSource: {
              paypal: {
                usageType: PaypalPaymentTokenUsageType.Merchant,
                permitMultiplePaymentTokens: false,
                description: 'Sfoglia orders',
                experienceContext: {
                  brandName: 'Sfoglia',
                  locale: 'en-GB',
                  returnUrl,
                  cancelUrl: withParam(returnUrl, 'redirect_status', 'failed'),
                  shippingPreference: ExperienceContextShippingPreference.NoShipping,
                },
              },
            },
          },
        });
        return mapSetupToken(result, input.customerRef, null);
      }),

    retrieveSetupIntent: (id) =>
      call(async () => {
        const { result } = await vault.getSetupToken(id);
        const customerRef = result.customer?.merchantCustomerId ?? result.customer?.id ?? '';
        const status = result.status as string | undefined;
        if (status !== 'APPROVED' && status !== 'VAULTED') return mapSetupToken(result, customerRef, null);
        // Approved: make (or, with the same request id, fetch again) the payment token.
        const { result: saved } = await vault.createPaymentToken({
          paypalRequestId: `payment-token-${id}`,
          body: { paymentSource: { token: { id, type: VaultTokenRequestType.SetupToken } } },
        });
        return mapSetupToken(result, customerRef, saved);
      }),

    createPaymentIntent: (input, idempotencyKey) =>
      call(async () => {
        if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
          throw new PaymentProcessorError(
            'parameter_invalid_integer',
            'The amount must be a positive whole number of pence.',
          );
        }
        const returnUrl = absoluteUrl(input.returnUrl, options.publicUrl);
        const customId = encodeMetadata(input.metadata);
        const { result } = await orders.createOrder({
          paypalRequestId: paypalRequestId(idempotencyKey),
          prefer: PREFER,
          body: {
            intent:
              input.captureMethod === 'manual'
                ? CheckoutPaymentIntent.Authorize
                : CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: { currencyCode: CURRENCY, value: penceToDecimal(input.amount) },
                description: input.description.slice(0, 127),
                ...(customId ? { customId } : {}),
              },
            ],
            paymentSource: {
              paypal: input.paymentMethodRef
                ? { vaultId: input.paymentMethodRef }
                : {
                    experienceContext: {
                      brandName: 'Sfoglia',
                      locale: 'en-GB',
                      returnUrl,
                      cancelUrl: withParam(returnUrl, 'redirect_status', 'failed'),
                      shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                      userAction: PaypalExperienceUserAction.PayNow,
                    },
                  },
            },
          },
        });
        // A vaulted account is charged (or held) at once; should PayPal leave it approved, finish it now.
        if (input.paymentMethodRef && result.status === 'APPROVED' && result.id)
          return complete(result, result.id);
        return mapOrder(result);
      }),

    retrievePaymentIntent: (id) =>
      call(async () => {
        const { result } = await orders.getOrder({ id });
        if (result.status === 'APPROVED') return complete(result, id);
        return mapOrder(result);
      }),

    // The hold's authorisation is captured once (final_capture: what is not taken is let go). A hold
    // already captured is PayPal's to answer: the same PayPal-Request-Id replays its capture, another is
    // refused (AUTHORIZATION_ALREADY_CAPTURED).
    capturePaymentIntent: (id, input, idempotencyKey) =>
      call(async () => {
        if (!Number.isSafeInteger(input.amount)) {
          throw new PaymentProcessorError(
            'parameter_invalid_integer',
            'The amount to capture must be a whole number of pence.',
          );
        }
        if (input.amount < MIN_CAPTURE) {
          throw new PaymentProcessorError('amount_too_small', 'Amount must be at least £0.30.');
        }
        const { result: order } = await orders.getOrder({ id });
        const held = mapOrder(order);
        const authorizationId = order.purchaseUnits?.[0]?.payments?.authorizations?.[0]?.id;
        const replayable = held.status === 'succeeded' && held.captureMethod === 'manual';
        if (!authorizationId || (held.status !== 'requires_capture' && !replayable)) {
          throw new PaymentProcessorError(
            'payment_intent_unexpected_state',
            `This payment could not be captured because it has a status of ${held.status}.`,
          );
        }
        if (held.status === 'requires_capture' && input.amount > held.amountCapturable) {
          throw new PaymentProcessorError(
            'amount_too_large',
            `The amount to capture (${penceToDecimal(input.amount)}) is more than the amount held (${penceToDecimal(held.amountCapturable)}).`,
          );
        }
        try {
          const { result } = await payments.captureAuthorizedPayment({
            authorizationId,
            paypalRequestId: paypalRequestId(idempotencyKey),
            prefer: PREFER,
            body: {
              amount: { currencyCode: CURRENCY, value: penceToDecimal(input.amount) },
              finalCapture: true,
            },
          });
          return mapOrder(withCapture(order, result));
        } catch (error) {
          const issue = issueOf(error);
          const refusal = issue ? CAPTURE_REFUSALS[issue] : undefined;
          if (refusal) throw new PaymentProcessorError(refusal.code, refusal.message, 400);
          if (issue && DECLINE_ISSUES.has(issue)) return mapOrder(order, true);
          throw error;
        }
      }),

    // A PayPal order with intent CAPTURE takes no money until we capture it, and we never capture one we
    // gave up on: reading it without capturing tells whether money was taken (COMPLETED) or never will be.
    // A hold's authorisation is voided, so the buyer's money is let go at once.
    cancelPaymentIntent: (id, idempotencyKey) =>
      call(async () => {
        const { result } = await orders.getOrder({ id });
        const intent = mapOrder(result);
        const released: PaymentIntent = {
          ...intent,
          status: 'canceled',
          nextActionUrl: null,
          amountCapturable: 0,
        };
        const authorizationId = result.purchaseUnits?.[0]?.payments?.authorizations?.[0]?.id;
        if (intent.status === 'requires_capture' && authorizationId) {
          try {
            await payments.voidPayment({
              authorizationId,
              paypalRequestId: paypalRequestId(idempotencyKey),
              prefer: PREFER,
            });
          } catch (error) {
            const issue = issueOf(error);
            // Captured meanwhile: the money was taken, and the caller refunds it.
            if (issue === 'PREVIOUSLY_CAPTURED' || issue === 'AUTHORIZATION_ALREADY_CAPTURED') {
              return mapOrder((await orders.getOrder({ id })).result);
            }
            if (issue !== 'PREVIOUSLY_VOIDED' && issue !== 'AUTHORIZATION_EXPIRED') throw error;
          }
          return released;
        }
        const captured = (result.purchaseUnits?.[0]?.payments?.captures ?? []).length > 0;
        return captured ? intent : released;
      }),

    refund: (input, idempotencyKey) =>
      call(async () => {
        const { result: order } = await orders.getOrder({ id: input.paymentIntentId });
        const captured = order.purchaseUnits?.[0]?.payments?.captures?.find((c) => c.id);
        if (!captured?.id) {
          throw new PaymentProcessorError(
            'payment_intent_unexpected_state',
            'This payment has not been taken, so there is nothing to refund.',
          );
        }
        const { result } = await payments.refundCapturedPayment({
          captureId: captured.id,
          paypalRequestId: paypalRequestId(idempotencyKey),
          prefer: PREFER,
          body:
            input.amount === undefined
              ? {}
              : { amount: { currencyCode: CURRENCY, value: penceToDecimal(input.amount) } },
        });
        const status: Refund['status'] =
          result.status === 'COMPLETED' ? 'succeeded' : result.status === 'PENDING' ? 'pending' : 'failed';
        return {
          id: result.id ?? '',
          paymentIntentId: input.paymentIntentId,
          amount: result.amount
            ? parseDecimalToPence(result.amount.value)
            : (input.amount ?? (captured.amount ? parseDecimalToPence(captured.amount.value) : 0)),
          status,
        };
      }),

    detachPaymentMethod: (ref) =>
      call(async () => {
        await vault.deletePaymentToken(ref);
      }),
  };
}
