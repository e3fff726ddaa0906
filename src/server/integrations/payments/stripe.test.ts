import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import { PaymentProcessorError } from './port';
import { createStripeProcessor, mapLastError } from './stripe';

// The Stripe adapter against recorded response shapes (fixtures/stripe, written from Stripe's API reference
// for the SDK's API version), through the SDK's own fetch client with a fake fetch: no network.

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/stripe/${name}.json`, import.meta.url), 'utf8'));
}

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  form: URLSearchParams;
}

type Answer = { status?: number; body: unknown } | Error;

/** A Stripe that answers each request from `route` and remembers what it was sent. */
function fakeStripe(route: (sent: Sent) => Answer) {
  const sent: Sent[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init?.headers),
      form: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    };
    sent.push(request);
    const answer = route(request);
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  }) as typeof fetch;
  const processor = createStripeProcessor({
    secretKey: 'sk_test_51Nv0FGQ9RKHgCVdKfake',
    publicUrl: 'https://shop.example',
    httpClient: Stripe.createFetchHttpClient(fakeFetch),
    maxNetworkRetries: 0,
  });
  return { processor, sent };
}

const ok = (name: string): Answer => ({ body: fixture(name) });

async function refusal(promise: Promise<unknown>): Promise<PaymentProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProcessorError);
  return error as PaymentProcessorError;
}

const CHARGE = {
  amount: 2_499,
  customerRef: 'cus_TQ8b2nWcLyG5rA',
  paymentMethodRef: 'pm_1SUa3cLkdIwHu7ixVb8n2QwE',
  returnUrl: '/checkout/payment',
  description: 'Sfoglia order',
  metadata: { order_id: '0d4f5a1e-2b3c-4d5e-8f90-1a2b3c4d5e6f' },
};

describe('customers and setup intents', () => {
  test('creates a customer with our id in its metadata and the idempotency key', async () => {
    const { processor, sent } = fakeStripe(() => ok('customer'));
    const ref = await processor.createCustomer(
      { customerId: 'c-1', email: 'ada@example.com' },
      'customer-c-1',
    );
    expect(ref).toBe('cus_TQ8b2nWcLyG5rA');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.toString()).toBe('https://api.stripe.com/v1/customers');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('customer-c-1');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer sk_test_51Nv0FGQ9RKHgCVdKfake');
    expect(Object.fromEntries(sent[0]!.form)).toEqual({
      email: 'ada@example.com',
      'metadata[customer_id]': 'c-1',
    });
  });

  test('a card setup intent, then the saved card’s brand, last4 and expiry', async () => {
    const { processor, sent } = fakeStripe((r) =>
      r.method === 'POST' ? ok('setup_intent.created') : ok('setup_intent.succeeded'),
    );
    const si = await processor.createSetupIntent(
      { customerRef: 'cus_TQ8b2nWcLyG5rA', type: 'card', returnUrl: '/account' },
      'setup-1',
    );
    expect(si).toEqual({
      id: 'seti_1SUa2bLkdIwHu7ixq4yQ0c9P',
      clientSecret: 'seti_1SUa2bLkdIwHu7ixq4yQ0c9P_secret_TQ8bXkV1n3B7m0dWq8yZ2a4c6e8g0iK',
      customerRef: 'cus_TQ8b2nWcLyG5rA',
      type: 'card',
      status: 'requires_payment_method',
      nextActionUrl: null,
      paymentMethod: null,
      lastError: null,
    });
    expect(Object.fromEntries(sent[0]!.form)).toEqual({
      customer: 'cus_TQ8b2nWcLyG5rA',
      'allowed_payment_method_types[0]': 'card',
      usage: 'off_session',
    });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('setup-1');

    const saved = await processor.retrieveSetupIntent(si.id);
    expect(sent[1]!.method).toBe('GET');
    expect(sent[1]!.url.pathname).toBe('/v1/setup_intents/seti_1SUa2bLkdIwHu7ixq4yQ0c9P');
    expect(sent[1]!.url.searchParams.get('expand[0]')).toBe('payment_method');
    expect(saved).toMatchObject({
      status: 'succeeded',
      paymentMethod: {
        ref: 'pm_1SUa3cLkdIwHu7ixVb8n2QwE',
        type: 'card',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        email: null,
      },
    });
  });

  test('PayPal is not saved through Stripe', async () => {
    const { processor, sent } = fakeStripe(() => ok('setup_intent.created'));
    const error = await refusal(
      processor.createSetupIntent({ customerRef: 'cus_x', type: 'paypal', returnUrl: '/x' }, 'k'),
    );
    expect(error.code).toBe('payment_method_type_unsupported');
    expect(sent).toHaveLength(0);
  });
});

describe('payment intents', () => {
  test('creates and confirms a charge on-session, with an absolute return URL', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.succeeded'));
    const pi = await processor.createPaymentIntent(CHARGE, 'order-42-charge');
    expect(pi).toEqual({
      id: 'pi_3SUa4dLkdIwHu7ix1Xy2Zb3C',
      clientSecret: 'pi_3SUa4dLkdIwHu7ix1Xy2Zb3C_secret_f9Tq2LmZ8xWv4Rb6Yc1Nd3Pe5',
      amount: 2_499,
      amountRefunded: 0,
      captureMethod: 'automatic',
      amountCapturable: 0,
      amountReceived: 2_499,
      status: 'succeeded',
      nextActionUrl: null,
      paymentMethodRef: 'pm_1SUa3cLkdIwHu7ixVb8n2QwE',
      lastError: null,
      metadata: { order_id: '0d4f5a1e-2b3c-4d5e-8f90-1a2b3c4d5e6f' },
    });
    expect(sent[0]!.url.pathname).toBe('/v1/payment_intents');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('order-42-charge');
    expect(Object.fromEntries(sent[0]!.form)).toEqual({
      amount: '2499',
      currency: 'gbp',
      customer: 'cus_TQ8b2nWcLyG5rA',
      payment_method: 'pm_1SUa3cLkdIwHu7ixVb8n2QwE',
      'allowed_payment_method_types[0]': 'card',
      confirm: 'true',
      description: 'Sfoglia order',
      'metadata[order_id]': '0d4f5a1e-2b3c-4d5e-8f90-1a2b3c4d5e6f',
      'expand[0]': 'latest_charge',
      return_url: 'https://shop.example/checkout/payment',
    });
  });

  test('off-session charges say so and send no return URL', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.succeeded'));
    await processor.createPaymentIntent({ ...CHARGE, offSession: true }, 'weekly-1');
    expect(sent[0]!.form.get('off_session')).toBe('true');
    expect(sent[0]!.form.has('return_url')).toBe(false);
  });

  test('3-D Secure: requires_action with Stripe’s redirect URL', async () => {
    const { processor } = fakeStripe(() => ok('payment_intent.requires_action'));
    const pi = await processor.createPaymentIntent(CHARGE, 'k');
    expect(pi.status).toBe('requires_action');
    expect(pi.nextActionUrl).toMatch(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/hosted\?/);
  });

  test('a decline is an answer: the intent with its decline code, not an exception', async () => {
    const { processor } = fakeStripe(() => ({ status: 402, body: fixture('error.card_declined') }));
    const pi = await processor.createPaymentIntent(CHARGE, 'k');
    expect(pi).toMatchObject({
      id: 'pi_3SUa6fLkdIwHu7ix1Yz2Ab3C',
      status: 'requires_payment_method',
      lastError: {
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
  });

  test('off-session, a card that needs its owner comes back authentication_required', async () => {
    const { processor } = fakeStripe(() => ({ status: 402, body: fixture('error.authentication_required') }));
    const pi = await processor.createPaymentIntent({ ...CHARGE, offSession: true }, 'k');
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'authentication_required', declineCode: null },
    });
  });

  test('retrieving reads the refunded amount from the latest charge', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.partly_refunded'));
    const pi = await processor.retrievePaymentIntent('pi_3SUa4dLkdIwHu7ix1Xy2Zb3C');
    expect(pi).toMatchObject({ amount: 2_499, amountRefunded: 1_000, status: 'succeeded' });
    expect(sent[0]!.url.searchParams.get('expand[0]')).toBe('latest_charge');
  });

  test('a charge needs a saved card', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.succeeded'));
    expect(
      (await refusal(processor.createPaymentIntent({ ...CHARGE, paymentMethodRef: null }, 'k'))).code,
    ).toBe('parameter_missing');
    expect(sent).toHaveLength(0);
  });
});

describe('cancelling', () => {
  test('an intent waiting for 3-D Secure is cancelled with the idempotency key', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.canceled'));
    const pi = await processor.cancelPaymentIntent('pi_3SUa5eLkdIwHu7ix0Wv9Xa8B', 'cancel-1');
    expect(pi).toMatchObject({ id: 'pi_3SUa5eLkdIwHu7ix0Wv9Xa8B', status: 'canceled', nextActionUrl: null });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/v1/payment_intents/pi_3SUa5eLkdIwHu7ix0Wv9Xa8B/cancel');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('cancel-1');
  });

  test('an intent that took the money first is not an error: it comes back succeeded', async () => {
    const { processor, sent } = fakeStripe((r) =>
      r.url.pathname.endsWith('/cancel')
        ? { status: 400, body: fixture('error.unexpected_state') }
        : ok('payment_intent.succeeded'),
    );
    const pi = await processor.cancelPaymentIntent('pi_3SUa4dLkdIwHu7ix1Xy2Zb3C', 'cancel-2');
    expect(pi.status).toBe('succeeded');
    expect(sent.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  test('an unknown intent is refused', async () => {
    const { processor } = fakeStripe(() => ({ status: 404, body: fixture('error.resource_missing') }));
    expect((await refusal(processor.cancelPaymentIntent('pi_nothing', 'cancel-3'))).code).toBe(
      'resource_missing',
    );
  });
});

describe('holds (manual capture)', () => {
  const HOLD = 'pi_3SUb7gLkdIwHu7ix0Tb8Hd2K';
  const TAB = { ...CHARGE, amount: 5_000, captureMethod: 'manual' as const };

  test('a hold is confirmed with capture_method manual and comes back requires_capture', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.requires_capture'));
    const pi = await processor.createPaymentIntent(TAB, 'tab-1-hold');
    expect(pi).toEqual({
      id: HOLD,
      clientSecret: `${HOLD}_secret_Lm3Nb5Vc7Xz9Qa2Ws4Ed6Rf8T`,
      amount: 5_000,
      amountRefunded: 0,
      captureMethod: 'manual',
      amountCapturable: 5_000,
      amountReceived: 0,
      status: 'requires_capture',
      nextActionUrl: null,
      paymentMethodRef: 'pm_1SUa3cLkdIwHu7ixVb8n2QwE',
      lastError: null,
      metadata: { checkout_id: '7c1e9a42-5b3d-4f6e-8a90-2b3c4d5e6f7a' },
    });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('tab-1-hold');
    expect(sent[0]!.form.get('capture_method')).toBe('manual');
    expect(sent[0]!.form.get('confirm')).toBe('true');
    expect(sent[0]!.form.get('amount')).toBe('5000');
  });

  test('an automatic charge sends no capture_method', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.succeeded'));
    await processor.createPaymentIntent({ ...CHARGE, captureMethod: 'automatic' }, 'k');
    expect(sent[0]!.form.has('capture_method')).toBe(false);
  });

  test('captures part of a hold with amount_to_capture and the key; the part let go is not a refund', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.hold_captured'));
    const pi = await processor.capturePaymentIntent(HOLD, { amount: 3_210 }, `capture:${HOLD}`);
    expect(pi).toMatchObject({
      id: HOLD,
      status: 'succeeded',
      captureMethod: 'manual',
      amount: 5_000,
      amountCapturable: 0,
      amountReceived: 3_210,
      // Stripe's charge counts the £17.90 released as refunded; nothing was given back of what was taken.
      amountRefunded: 0,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe(`/v1/payment_intents/${HOLD}/capture`);
    expect(sent[0]!.headers.get('idempotency-key')).toBe(`capture:${HOLD}`);
    expect(Object.fromEntries(sent[0]!.form)).toEqual({
      amount_to_capture: '3210',
      'expand[0]': 'latest_charge',
    });
  });

  test.each([
    ['error.amount_too_large', 'amount_too_large'],
    ['error.capture_unexpected_state', 'payment_intent_unexpected_state'],
    ['error.charge_expired_for_capture', 'charge_expired_for_capture'],
  ])('a capture Stripe refuses (%s) keeps Stripe’s code', async (name, code) => {
    const { processor } = fakeStripe(() => ({ status: 400, body: fixture(name) }));
    const error = await refusal(processor.capturePaymentIntent(HOLD, { amount: 5_001 }, 'capture-1'));
    expect(error).toMatchObject({ code, statusCode: 400 });
  });

  test('cancelling a hold releases it: canceled, with nothing taken or refunded', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_intent.hold_released'));
    const pi = await processor.cancelPaymentIntent(HOLD, `release:${HOLD}`);
    expect(pi).toMatchObject({
      status: 'canceled',
      captureMethod: 'manual',
      amountCapturable: 0,
      amountReceived: 0,
      amountRefunded: 0,
    });
    expect(sent[0]!.url.pathname).toBe(`/v1/payment_intents/${HOLD}/cancel`);
    expect(sent[0]!.headers.get('idempotency-key')).toBe(`release:${HOLD}`);
  });
});

describe('refunds and detaching', () => {
  test('refunds part of a payment with the idempotency key', async () => {
    const { processor, sent } = fakeStripe(() => ok('refund'));
    const refund = await processor.refund(
      { paymentIntentId: 'pi_3SUa4dLkdIwHu7ix1Xy2Zb3C', amount: 1_000 },
      'refund-1',
    );
    expect(refund).toEqual({
      id: 're_3SUa4dLkdIwHu7ix1Hj5Kl7M',
      paymentIntentId: 'pi_3SUa4dLkdIwHu7ix1Xy2Zb3C',
      amount: 1_000,
      status: 'succeeded',
    });
    expect(sent[0]!.url.pathname).toBe('/v1/refunds');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('refund-1');
    expect(Object.fromEntries(sent[0]!.form)).toEqual({
      payment_intent: 'pi_3SUa4dLkdIwHu7ix1Xy2Zb3C',
      amount: '1000',
    });
  });

  test('a full refund sends no amount', async () => {
    const { processor, sent } = fakeStripe(() => ok('refund'));
    await processor.refund({ paymentIntentId: 'pi_3SUa4dLkdIwHu7ix1Xy2Zb3C' }, 'refund-2');
    expect(sent[0]!.form.has('amount')).toBe(false);
  });

  test('detaches a saved card', async () => {
    const { processor, sent } = fakeStripe(() => ok('payment_method.detached'));
    await processor.detachPaymentMethod('pm_1SUa3cLkdIwHu7ixVb8n2QwE');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/v1/payment_methods/pm_1SUa3cLkdIwHu7ixVb8n2QwE/detach');
  });
});

describe('errors', () => {
  test('a reused idempotency key', async () => {
    const { processor } = fakeStripe(() => ({ status: 400, body: fixture('error.idempotency') }));
    const error = await refusal(processor.createPaymentIntent(CHARGE, 'order-42-charge'));
    expect(error).toMatchObject({ code: 'idempotency_key_reused', statusCode: 400 });
  });

  test('an unknown intent', async () => {
    const { processor } = fakeStripe(() => ({ status: 404, body: fixture('error.resource_missing') }));
    const error = await refusal(processor.retrievePaymentIntent('pi_nothing'));
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 });
    expect(error.message).toBe("No such payment_intent: 'pi_nothing'");
  });

  test('Stripe unreachable is a 502 that says to try again', async () => {
    const { processor } = fakeStripe(() => new TypeError('fetch failed'));
    const error = await refusal(processor.createCustomer({ customerId: 'c', email: 'a@example.com' }, 'k'));
    expect(error).toMatchObject({ code: 'processor_unavailable', statusCode: 502 });
  });

  test('a revoked key is reported as misconfiguration, without the key', async () => {
    const { processor } = fakeStripe(() => ({
      status: 401,
      body: {
        error: { message: 'Invalid API Key provided: sk_test_***fake', type: 'invalid_request_error' },
      },
    }));
    const error = await refusal(processor.retrievePaymentIntent('pi_x'));
    expect(error).toMatchObject({ code: 'processor_misconfigured', statusCode: 502 });
    expect(error.message).not.toContain('sk_test');
  });
});

describe('decline codes from last_payment_error', () => {
  test.each([
    [{ code: 'card_declined', decline_code: 'lost_card' }, 'card_declined', 'lost_card'],
    [{ code: 'card_declined', decline_code: 'do_not_honor' }, 'card_declined', 'generic_decline'],
    [{ code: 'expired_card', decline_code: null }, 'card_declined', 'expired_card'],
    [{ code: 'incorrect_cvc' }, 'card_declined', 'incorrect_cvc'],
    [
      { code: 'payment_intent_authentication_failure' },
      'payment_intent_authentication_failure',
      'authentication_failed',
    ],
    [
      { code: 'authentication_required', decline_code: 'authentication_required' },
      'authentication_required',
      null,
    ],
  ])('%o reads as %s / %s', (error, code, declineCode) => {
    expect(mapLastError({ ...error, message: 'm', type: 'card_error' })).toEqual({
      code,
      declineCode,
      message: 'm',
    });
  });
});
