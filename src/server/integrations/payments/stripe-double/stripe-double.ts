import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  behaviourOf,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  declineCodeOf,
  type CardBehaviour,
} from '../card-rules';
import { doublePage } from './pages';

// A local double of Stripe (decision 20): the HTTP API our live adapter calls through the stripe SDK
// (pointed here by STRIPE_API_URL) and a Stripe.js-compatible script with card fields, 3-D Secure and the
// Payment Request API (loaded by the browser from STRIPE_JS_URL). Both sides share one memory, so a setup
// intent the browser confirms is succeeded when the server reads it. Only the subset the shop uses is here;
// it never talks to the network. Card numbers reach it from its own card frame only, are checked in memory
// and never kept (brand, last4 and expiry are, as Stripe's payment methods show them).
// Holds (decision 28): an intent made with capture_method=manual is authorised into requires_capture and
// captured once with amount_to_capture, within 7 days on the double's clock (moved on by tests).

type Json = Record<string, unknown>;

interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'authentication_error';
  code?: string;
  /** What a refusal is about ('payment_method', 'customer'), as Stripe says it. */
  param?: string;
  decline_code?: string;
  message: string;
}

interface Method {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  customer: string | null;
  wallet: 'google_pay' | 'apple_pay' | null;
}

interface SetupIntentState {
  id: string;
  secret: string;
  customer: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  method: string | null;
  lastError: StripeErrorBody | null;
  created: number;
}

interface PaymentIntentState {
  id: string;
  secret: string;
  amount: number;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  method: string | null;
  returnUrl: string | null;
  lastError: StripeErrorBody | null;
  charge: string | null;
  captureMethod: 'automatic' | 'manual';
  /** When a hold was authorised, on the double's clock (ms). */
  authorizedAt: number | null;
  /** What was taken: the amount once charged, what was captured of a hold. */
  received: number;
  refunded: number;
  created: number;
}

/** Test cards the shop's e2e journeys use, as Stripe documents them (see card-rules.ts for the rest). */
export const DOUBLE_TEST_CARDS = {
  succeeds: '4242424242424242',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
} as const;

const DECLINE_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  fraudulent: 'Your card was declined.',
  merchant_blacklist: 'Your card was declined.',
  generic_decline: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
};

const AUTHENTICATION_FAILED: StripeErrorBody = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

const SCRIPTS = {
  stripeJs: readFileSync(new URL('./stripe-js.browser.js', import.meta.url), 'utf8'),
  frames: readFileSync(new URL('./frames.browser.js', import.meta.url), 'utf8'),
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
/** As at Stripe, a card authorisation not captured within 7 days lapses. */
const HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1_000;

/** Stripe's form encoding (`metadata[order]=1`, `expand[0]=x`) as nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let at: Json = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Json;
    });
  }
  return out;
}

const listOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.values(value as Json).map(String) : [];

class DoubleError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody & { payment_intent?: Json; setup_intent?: Json },
  ) {
    super(body.message);
  }
}

const invalidRequest = (code: string, message: string, param?: string) =>
  new DoubleError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

export interface StripeDoubleOptions {
  /** Wallets the browser is said to have (canMakePayment); tests change them with POST /_double/wallets. */
  wallets?: { googlePay: boolean; applePay: boolean };
  logger?: boolean;
  /** The double's clock (ms), which ages holds; system time when not given. POST /_double/clock moves it on. */
  now?: () => number;
}

export function buildStripeDouble(options: StripeDoubleOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  const customers = new Map<string, Json>();
  const methods = new Map<string, Method>();
  const setupIntents = new Map<string, SetupIntentState>();
  const paymentIntents = new Map<string, PaymentIntentState>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  let wallets = options.wallets ?? { googlePay: false, applePay: false };
  /** Set by tests (POST /_double/outage): the server-side API drops every connection, as an outage would. */
  let unreachable = false;
  /** How far tests have moved the clock on (POST /_double/clock). */
  let clockShift = 0;
  const clock = () => (options.now?.() ?? Date.now()) + clockShift;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseStripeForm(String(body))),
  );

  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  // An outage: the connection is dropped before anything is done (nothing charged, nothing saved).
  app.addHook('onRequest', async (request, reply) => {
    if (!unreachable || !request.url.startsWith('/v1/')) return;
    reply.hijack();
    request.raw.socket.destroy();
  });

  // ---- Objects as Stripe's API shows them ------------------------------------------------------------

  const methodJson = (m: Method): Json => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    customer: m.customer,
    card: {
      brand: m.brand,
      last4: m.last4,
      exp_month: m.expMonth,
      exp_year: m.expYear,
      wallet: m.wallet ? { type: m.wallet } : null,
    },
    livemode: false,
  });

  const setupJson = (si: SetupIntentState, origin: string, expand: string[] = []): Json => ({
    id: si.id,
    object: 'setup_intent',
    client_secret: si.secret,
    customer: si.customer,
    status: si.status,
    usage: 'off_session',
    payment_method_types: ['card'],
    payment_method:
      si.method && expand.includes('payment_method') ? methodJson(methods.get(si.method)!) : si.method,
    next_action:
      si.status === 'requires_action'
        ? {
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${origin}/3ds/setup/${si.id}` },
          }
        : null,
    last_setup_error: si.lastError,
    created: si.created,
    livemode: false,
    metadata: {},
  });

  /**
   * The charge as Stripe shows it: a hold's is uncaptured until captured; what a hold lets go (all of it when
   * cancelled, the rest of a partial capture) is counted in amount_refunded, as Stripe counts it.
   */
  const chargeJson = (pi: PaymentIntentState, chargeId: string): Json => {
    const captured = pi.captureMethod === 'automatic' || pi.status === 'succeeded';
    const released = captured ? pi.amount - pi.received : pi.status === 'canceled' ? pi.amount : 0;
    return {
      id: chargeId,
      object: 'charge',
      amount: pi.amount,
      amount_captured: captured ? pi.received : 0,
      amount_refunded: pi.refunded + released,
      captured,
      refunded: pi.refunded + released === pi.amount,
    };
  };

  const paymentJson = (pi: PaymentIntentState, origin: string, expand: string[] = []): Json => ({
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_capturable: pi.status === 'requires_capture' ? pi.amount : 0,
    amount_received: pi.received,
    capture_method: pi.captureMethod,
    currency: 'gbp',
    customer: pi.customer,
    description: pi.description,
    client_secret: pi.secret,
    status: pi.status,
    payment_method: pi.method,
    payment_method_types: ['card'],
    latest_charge: pi.charge && expand.includes('latest_charge') ? chargeJson(pi, pi.charge) : pi.charge,
    next_action:
      pi.status === 'requires_action'
        ? {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `${origin}/3ds/payment/${pi.id}?client_secret=${encodeURIComponent(pi.secret)}`,
              return_url: pi.returnUrl,
            },
          }
        : null,
    last_payment_error: pi.lastError,
    metadata: pi.metadata,
    created: pi.created,
    livemode: false,
  });

  const missing = (kind: string, given: string) =>
    new DoubleError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      ...(kind === 'payment_method' || kind === 'customer' ? { param: kind } : {}),
      message: `No such ${kind}: '${given}'`,
    });

  const cardDecline = (code: string): StripeErrorBody => ({
    type: 'card_error',
    code: code === 'expired_card' || code === 'incorrect_cvc' ? code : 'card_declined',
    decline_code: code,
    message: DECLINE_MESSAGES[code] ?? 'Your card was declined.',
  });

  // ---- What happens to a card --------------------------------------------------------------------------

  /** A card typed in the double's card frame becomes a payment method, or a field error (as Stripe's). */
  const methodFromCard = (card: Json, wallet: Method['wallet'] = null): Method => {
    const number = checkCardNumber(String(card.number ?? ''));
    if (!number.ok) {
      throw new DoubleError(402, { type: 'card_error', code: 'incorrect_number', message: number.message });
    }
    const expiry = checkExpiry(String(card.expiry ?? ''), new Date());
    if (!expiry.ok) {
      throw new DoubleError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: expiry.message,
      });
    }
    const cvc = checkCvc(String(card.cvc ?? ''), number.brand);
    if (!cvc.ok)
      throw new DoubleError(402, { type: 'card_error', code: 'invalid_cvc', message: cvc.message });
    const method: Method = {
      id: id('pm'),
      brand: number.brand,
      last4: number.digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      behaviour: behaviourOf(number.digits),
      customer: null,
      wallet,
    };
    methods.set(method.id, method);
    return method;
  };

  const confirmSetup = (si: SetupIntentState, method: Method) => {
    si.method = method.id;
    // As at Stripe, a card is checked when it is saved, except the one that declines only once charged.
    const decline = method.behaviour === 'decline_after_attach' ? null : declineCodeOf(method.behaviour);
    if (decline) {
      si.status = 'requires_payment_method';
      si.lastError = cardDecline(decline);
      return;
    }
    si.lastError = null;
    if (method.behaviour.startsWith('authenticate')) si.status = 'requires_action';
    else {
      si.status = 'succeeded';
      method.customer = si.customer;
    }
  };

  /** The card goes through: charged, or for a hold authorised (an uncaptured charge). */
  const charge = (pi: PaymentIntentState) => {
    pi.lastError = null;
    pi.charge = id('ch');
    if (pi.captureMethod === 'manual') {
      pi.status = 'requires_capture';
      pi.authorizedAt = clock();
    } else {
      pi.status = 'succeeded';
      pi.received = pi.amount;
    }
  };

  const confirmPayment = (pi: PaymentIntentState, method: Method, offSession: boolean) => {
    pi.method = method.id;
    const decline = declineCodeOf(method.behaviour);
    if (decline) {
      pi.status = 'requires_payment_method';
      pi.lastError = cardDecline(decline);
    } else if (
      method.behaviour === 'authenticate_always' ||
      (method.behaviour === 'authenticate_on_session' && !offSession)
    ) {
      if (offSession) {
        pi.status = 'requires_payment_method';
        pi.lastError = {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
      } else pi.status = 'requires_action';
    } else charge(pi);
  };

  // ---- Errors and idempotency, as the SDK expects them -------------------------------------------------

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof DoubleError) return reply.status(error.status).send({ error: error.body });
    return reply
      .status(500)
      .send({ error: { type: 'api_error', message: error instanceof Error ? error.message : 'error' } });
  });

  const secretKey = (request: FastifyRequest) => {
    const auth = request.headers.authorization ?? '';
    if (!/^Bearer (sk|rk)_test_\w+$/.test(auth)) {
      throw new DoubleError(401, { type: 'authentication_error', message: 'Invalid API Key provided.' });
    }
  };

  /** Same key and body: the first answer again; same key, other body: Stripe's idempotency error. */
  const once = async (request: FastifyRequest, reply: FastifyReply, work: () => Json) => {
    secretKey(request);
    const key = request.headers['idempotency-key'];
    const body = JSON.stringify(request.body ?? {});
    const slot = typeof key === 'string' ? `${request.url}:${key}` : null;
    const seen = slot ? idempotent.get(slot) : undefined;
    if (seen) {
      if (seen.body !== body) {
        throw new DoubleError(400, {
          type: 'idempotency_error',
          message:
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      }
      return reply.status(seen.status).header('idempotent-replayed', 'true').send(seen.answer);
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = work();
    } catch (error) {
      if (!(error instanceof DoubleError)) throw error;
      status = error.status;
      answer = { error: error.body };
    }
    if (slot) idempotent.set(slot, { body, status, answer });
    return reply.status(status).send(answer);
  };

  const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Json;
  /** `expand[0]=x` in a query string, as the SDK sends it on GETs. */
  const expandOf = (request: FastifyRequest) =>
    listOf(parseStripeForm(request.url.split('?')[1] ?? '').expand);

  // ---- The HTTP API (server side, secret key) ----------------------------------------------------------

  app.post('/v1/customers', (request, reply) =>
    once(request, reply, () => {
      const body = bodyOf(request);
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return customer;
    }),
  );

  app.post('/v1/setup_intents', (request, reply) =>
    once(request, reply, () => {
      const body = bodyOf(request);
      const customer = String(body.customer ?? '');
      if (!customers.has(customer)) throw missing('customer', customer);
      const si: SetupIntentState = {
        id: id('seti'),
        secret: '',
        customer,
        status: 'requires_payment_method',
        method: null,
        lastError: null,
        created: now(),
      };
      si.secret = `${si.id}_secret_${randomBytes(12).toString('hex')}`;
      setupIntents.set(si.id, si);
      return setupJson(si, originOf(request), listOf(body.expand));
    }),
  );

  app.get<{ Params: { id: string }; Querystring: Json }>('/v1/setup_intents/:id', async (request) => {
    secretKey(request);
    const si = setupIntents.get(request.params.id);
    if (!si) throw missing('setupintent', request.params.id);
    return setupJson(si, originOf(request), expandOf(request));
  });

  const intentOf = (given: string) => {
    const pi = paymentIntents.get(given);
    if (!pi) throw missing('payment_intent', given);
    return pi;
  };

  app.post('/v1/payment_intents', (request, reply) =>
    once(request, reply, () => {
      const body = bodyOf(request);
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 30) {
        throw new DoubleError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          message: 'Amount must be at least £0.30 gbp',
        });
      }
      const pi: PaymentIntentState = {
        id: id('pi'),
        secret: '',
        amount,
        customer: typeof body.customer === 'string' ? body.customer : null,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        status: 'requires_payment_method',
        method: null,
        returnUrl: typeof body.return_url === 'string' ? body.return_url : null,
        lastError: null,
        charge: null,
        captureMethod: body.capture_method === 'manual' ? 'manual' : 'automatic',
        authorizedAt: null,
        received: 0,
        refunded: 0,
        created: now(),
      };
      pi.secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
      paymentIntents.set(pi.id, pi);
      const origin = originOf(request);
      const expand = listOf(body.expand);
      if (body.confirm === 'true' && typeof body.payment_method === 'string') {
        const method = methods.get(body.payment_method);
        if (!method || method.customer !== pi.customer) throw missing('payment_method', body.payment_method);
        confirmPayment(pi, method, body.off_session === 'true');
        if (pi.lastError) {
          throw new DoubleError(402, { ...pi.lastError, payment_intent: paymentJson(pi, origin, expand) });
        }
      }
      return paymentJson(pi, origin, expand);
    }),
  );

  app.get<{ Params: { id: string }; Querystring: Json }>('/v1/payment_intents/:id', async (request) => {
    secretKey(request);
    return paymentJson(intentOf(request.params.id), originOf(request), expandOf(request));
  });

  app.post<{ Params: { id: string } }>('/v1/payment_intents/:id/cancel', (request, reply) =>
    once(request, reply, () => {
      const pi = intentOf(request.params.id);
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw new DoubleError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
        });
      }
      // A hold is released: nothing was taken.
      pi.status = 'canceled';
      return paymentJson(pi, originOf(request), listOf(bodyOf(request).expand));
    }),
  );

  app.post<{ Params: { id: string } }>('/v1/payment_intents/:id/capture', (request, reply) =>
    once(request, reply, () => {
      const pi = intentOf(request.params.id);
      const body = bodyOf(request);
      if (pi.status !== 'requires_capture') {
        throw invalidRequest(
          'payment_intent_unexpected_state',
          `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      if (clock() - (pi.authorizedAt ?? clock()) > HOLD_LIFETIME_MS) {
        pi.status = 'canceled';
        throw invalidRequest(
          'charge_expired_for_capture',
          'The charge cannot be captured as the authorization has expired. Auth and capture charges must be captured within a set number of days (7 by default).',
        );
      }
      const amount = body.amount_to_capture === undefined ? pi.amount : Number(body.amount_to_capture);
      if (!Number.isInteger(amount) || amount < 30) {
        throw invalidRequest('amount_too_small', 'Amount must be at least £0.30 gbp', 'amount_to_capture');
      }
      if (amount > pi.amount) {
        throw invalidRequest(
          'amount_too_large',
          `The amount to capture (${amount}) must be less than or equal to the amount capturable (${pi.amount}).`,
          'amount_to_capture',
        );
      }
      pi.status = 'succeeded';
      pi.received = amount;
      return paymentJson(pi, originOf(request), listOf(body.expand));
    }),
  );

  app.post('/v1/refunds', (request, reply) =>
    once(request, reply, () => {
      const body = bodyOf(request);
      const pi = intentOf(String(body.payment_intent ?? ''));
      // Only what was taken can be given back: a hold's capture, not the part of it let go.
      const left = pi.received - pi.refunded;
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (pi.status !== 'succeeded' || amount <= 0 || amount > left) {
        throw new DoubleError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'This charge cannot be refunded for that amount.',
        });
      }
      pi.refunded += amount;
      return { id: id('re'), object: 'refund', amount, payment_intent: pi.id, status: 'succeeded' };
    }),
  );

  app.post<{ Params: { id: string } }>('/v1/payment_methods/:id/detach', async (request) => {
    secretKey(request);
    const method = methods.get(request.params.id);
    if (!method) throw missing('payment_method', request.params.id);
    method.customer = null;
    return methodJson(method);
  });

  // ---- The browser side (publishable key, any origin, as Stripe's API allows) --------------------------

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/browser/')) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-allow-headers', 'content-type');
  });
  app.options('/browser/*', async (_request, reply) => reply.status(204).send());

  const publishable = (body: Json) => {
    if (!/^pk_test_\w+$/.test(String(body.key ?? ''))) {
      throw new DoubleError(401, { type: 'authentication_error', message: 'Invalid API Key provided.' });
    }
  };

  /** The intent a client secret belongs to: the secret is what lets a browser act on it. */
  const bySecret = (secret: string) => {
    const intentId = secret.split('_secret_')[0] ?? '';
    const si = setupIntents.get(intentId);
    if (si && si.secret === secret) return { kind: 'setup' as const, si };
    const pi = paymentIntents.get(intentId);
    if (pi && pi.secret === secret) return { kind: 'payment' as const, pi };
    throw new DoubleError(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'The client secret provided does not match any intent.',
    });
  };

  const browserJson = (found: ReturnType<typeof bySecret>, origin: string) =>
    found.kind === 'setup'
      ? { kind: 'setup', intent: setupJson(found.si, origin) }
      : { kind: 'payment', intent: paymentJson(found.pi, origin) };

  /** Confirms an intent with a typed card (from the card frame) or an existing payment method. */
  app.post('/browser/confirm', async (request) => {
    const body = bodyOf(request);
    publishable(body);
    const found = bySecret(String(body.client_secret ?? ''));
    const state = found.kind === 'setup' ? found.si : found.pi;
    if (state.status === 'succeeded' || state.status === 'canceled' || state.status === 'requires_capture') {
      throw new DoubleError(400, {
        type: 'invalid_request_error',
        code: found.kind === 'setup' ? 'setup_intent_unexpected_state' : 'payment_intent_unexpected_state',
        message: `This intent has a status of ${state.status} and cannot be confirmed.`,
      });
    }
    let method: Method | undefined;
    if (typeof body.payment_method === 'string') {
      method = methods.get(body.payment_method);
      if (!method) throw missing('payment_method', body.payment_method);
    } else method = methodFromCard((body.card ?? {}) as Json);
    if (found.kind === 'setup') confirmSetup(found.si, method);
    else confirmPayment(found.pi, method, false);
    return browserJson(found, originOf(request));
  });

  app.get<{ Querystring: Json }>('/browser/intent', async (request) => {
    publishable(request.query);
    return browserJson(bySecret(String(request.query.client_secret ?? '')), originOf(request));
  });

  /** A wallet's sheet gives a card: Stripe's test Visa, as the wallet's own payment method. */
  app.post('/browser/wallet_payment_method', async (request) => {
    const body = bodyOf(request);
    publishable(body);
    const wallet = body.wallet === 'apple_pay' ? 'apple_pay' : 'google_pay';
    const method = methodFromCard(
      { number: DOUBLE_TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' },
      wallet,
    );
    return { paymentMethod: methodJson(method) };
  });

  app.get('/browser/wallets', async () => wallets);

  // ---- 3-D Secure challenges: a frame over the page (setup, from Stripe.js) or a redirect (payment) ----

  const finishChallenge = (
    intent: SetupIntentState | PaymentIntentState,
    outcome: string,
    kind: 'setup' | 'payment',
  ) => {
    if (intent.status !== 'requires_action') return;
    if (outcome === 'complete') {
      if (kind === 'payment') charge(intent as PaymentIntentState);
      else {
        const si = intent as SetupIntentState;
        si.status = 'succeeded';
        const method = si.method ? methods.get(si.method) : undefined;
        if (method) method.customer = si.customer;
      }
    } else {
      intent.status = 'requires_payment_method';
      intent.lastError = AUTHENTICATION_FAILED;
    }
  };

  const challengeOf = (kind: string, given: string, secret: unknown) => {
    const intent = kind === 'setup' ? setupIntents.get(given) : paymentIntents.get(given);
    if (!intent || intent.secret !== secret)
      throw missing(kind === 'setup' ? 'setupintent' : 'payment_intent', given);
    return intent;
  };

  app.get<{ Params: { kind: string; id: string }; Querystring: Json }>(
    '/3ds/:kind/:id',
    async (request, reply) => {
      const { kind, id: given } = request.params;
      const intent = challengeOf(kind, given, request.query.client_secret);
      return reply.type('text/html; charset=utf-8').send(
        doublePage('challenge', {
          kind,
          amount: 'amount' in intent ? intent.amount : null,
          open: intent.status === 'requires_action',
          action: `/3ds/${kind}/${given}?client_secret=${encodeURIComponent(intent.secret)}`,
        }),
      );
    },
  );

  app.post<{ Params: { kind: string; id: string }; Querystring: Json }>(
    '/3ds/:kind/:id',
    async (request, reply) => {
      const { kind, id: given } = request.params;
      const intent = challengeOf(kind, given, request.query.client_secret);
      const outcome = String(bodyOf(request).outcome ?? '');
      finishChallenge(intent, outcome, kind === 'setup' ? 'setup' : 'payment');
      // From the frame over the page (Stripe.js): an answer; from the page a redirect opened: back to the shop.
      if (request.headers['content-type']?.startsWith('application/json')) return { status: intent.status };
      if (kind === 'setup') return reply.type('text/html; charset=utf-8').send(doublePage('challenge', {}));
      const pi = intent as PaymentIntentState;
      const back = new URL(pi.returnUrl ?? '/', originOf(request));
      back.searchParams.set('payment_intent', pi.id);
      back.searchParams.set('payment_intent_client_secret', pi.secret);
      const through = pi.status === 'succeeded' || pi.status === 'requires_capture';
      back.searchParams.set('redirect_status', through ? 'succeeded' : 'failed');
      return reply.redirect(back.toString(), 303);
    },
  );

  // ---- Stripe.js and its frames ------------------------------------------------------------------------

  const script = (reply: FastifyReply, source: string) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(source);
  app.get('/v3', async (_request, reply) => script(reply, SCRIPTS.stripeJs));
  app.get('/v3/', async (_request, reply) => script(reply, SCRIPTS.stripeJs));
  app.get('/frames.js', async (_request, reply) => script(reply, SCRIPTS.frames));
  app.get<{ Querystring: Json }>('/elements/card', async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(doublePage('card', {})),
  );
  app.get<{ Querystring: Json }>('/wallet-sheet', async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      doublePage('wallet', {
        wallet: request.query.wallet === 'apple_pay' ? 'apple_pay' : 'google_pay',
        amount: Number(request.query.amount ?? 0),
      }),
    ),
  );

  // ---- Controls for tests --------------------------------------------------------------------------------

  app.post('/_double/wallets', async (request) => {
    const body = bodyOf(request);
    wallets = { googlePay: body.googlePay === true, applePay: body.applePay === true };
    return wallets;
  });
  /** Moves the double's clock on (`advanceSeconds`), as time passing would: holds lapse after 7 days. */
  app.post('/_double/clock', async (request) => {
    const seconds = Number(bodyOf(request).advanceSeconds ?? 0);
    if (Number.isFinite(seconds)) clockShift += seconds * 1_000;
    return { now: new Date(clock()).toISOString() };
  });
  app.post('/_double/outage', async (request) => {
    unreachable = bodyOf(request).unreachable === true;
    return { unreachable };
  });
  /** Forgets every customer, card and intent, as a Stripe account that was reset (a processor restart). */
  app.post('/_double/forget', async () => {
    for (const store of [customers, methods, setupIntents, paymentIntents, idempotent]) store.clear();
    return { forgotten: true };
  });
  app.get('/_double/healthz', async () => ({ status: 'ok' }));

  return app;
}
