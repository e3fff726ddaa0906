import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createPaypalProcessor, decodeMetadata, encodeMetadata, paypalRequestId } from './paypal';
import { PaymentProcessorError } from './port';

// The PayPal adapter (the official @paypal/paypal-server-sdk) against recorded response shapes
// (fixtures/paypal, written from PayPal's Orders v2, Payments v2 and Vault v3 references), through a fake
// fetch handed to the SDK's HTTP client: no network.

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/paypal/${name}.json`, import.meta.url), 'utf8'));
}

interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | Error;

function fakePaypal(route: (sent: Sent) => Answer) {
  const sent: Sent[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    const url = new URL(request.url);
    const entry: Sent = {
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: request.headers,
      body: text && request.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
    if (url.pathname === '/v1/oauth2/token') {
      return new Response(JSON.stringify(fixture('oauth_token')), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    sent.push(entry);
    const answer = route(entry);
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', 'paypal-debug-id': 'f0bd9a1c2e3b4' },
    });
  }) as typeof fetch;
  const processor = createPaypalProcessor({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    environment: 'sandbox',
    publicUrl: 'https://shop.example',
    fetch: fakeFetch,
  });
  return { processor, sent };
}

const ok = (name: string, status = 200): Answer => ({ status, body: fixture(name) });

async function refusal(promise: Promise<unknown>): Promise<PaymentProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProcessorError);
  return error as PaymentProcessorError;
}

const ORDER = '5O190127TN364715T';
const PAYMENT = {
  amount: 2_499,
  customerRef: 'c-42',
  paymentMethodRef: null,
  returnUrl: '/paypal-confirmation',
  description: 'Sfoglia order',
  metadata: { order_id: '0d4f5a1e-2b3c-4d5e-8f90-1a2b3c4d5e6f' },
};

describe('checkout with PayPal', () => {
  test('creates an order that waits for the buyer at PayPal', async () => {
    const { processor, sent } = fakePaypal(() => ok('order.created'));
    const pi = await processor.createPaymentIntent(PAYMENT, 'order-42-paypal');
    expect(pi).toEqual({
      id: ORDER,
      clientSecret: ORDER,
      amount: 2_499,
      amountRefunded: 0,
      captureMethod: 'automatic',
      amountCapturable: 0,
      amountReceived: 0,
      status: 'requires_action',
      nextActionUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER}`,
      paymentMethodRef: null,
      lastError: null,
      metadata: { order_id: '0d4f5a1e-2b3c-4d5e-8f90-1a2b3c4d5e6f' },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.path).toBe('/v2/checkout/orders');
    expect(sent[0]!.headers.get('paypal-request-id')).toBe('order-42-paypal');
    expect(sent[0]!.headers.get('prefer')).toBe('return=representation');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer A21AAKs9PgW1MtJTb3fakeTokenForTests');
    expect(sent[0]!.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'GBP', value: '24.99' },
          description: 'Sfoglia order',
          custom_id: '{"order_id":"0d4f5a1e-2b3c-4d5e-8f90-1a2b3c4d5e6f"}',
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Sfoglia',
            locale: 'en-GB',
            return_url: 'https://shop.example/paypal-confirmation',
            cancel_url: 'https://shop.example/paypal-confirmation?redirect_status=failed',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
          },
        },
      },
    });
  });

  test('once approved, retrieving the order captures it', async () => {
    const { processor, sent } = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.approved') : ok('order.completed', 201),
    );
    const pi = await processor.retrievePaymentIntent(ORDER);
    expect(pi).toMatchObject({
      id: ORDER,
      status: 'succeeded',
      amount: 2_499,
      nextActionUrl: null,
      lastError: null,
    });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      `GET /v2/checkout/orders/${ORDER}`,
      `POST /v2/checkout/orders/${ORDER}/capture`,
    ]);
    // The capture is idempotent per order: a retry cannot capture twice.
    expect(sent[1]!.headers.get('paypal-request-id')).toBe(`capture-${ORDER}`);
  });

  test('a capture PayPal declines reads as a decline', async () => {
    const { processor } = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.approved') : { status: 422, body: fixture('error.instrument_declined') },
    );
    const pi = await processor.retrievePaymentIntent(ORDER);
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
  });

  test('cancelling an order the buyer has not paid never captures it', async () => {
    for (const name of ['order.created', 'order.approved']) {
      const { processor, sent } = fakePaypal(() => ok(name));
      const pi = await processor.cancelPaymentIntent(ORDER, 'cancel-1');
      expect(pi).toMatchObject({ status: 'canceled', nextActionUrl: null });
      expect(sent.map((r) => r.method)).toEqual(['GET']);
    }
  });

  test('cancelling an order already captured answers succeeded', async () => {
    const { processor } = fakePaypal(() => ok('order.completed'));
    expect((await processor.cancelPaymentIntent(ORDER, 'cancel-2')).status).toBe('succeeded');
  });

  test('a completed order with refunds', async () => {
    const { processor, sent } = fakePaypal(() => ok('order.partly_refunded'));
    const pi = await processor.retrievePaymentIntent(ORDER);
    expect(pi).toMatchObject({ status: 'succeeded', amount: 2_499, amountRefunded: 1_000 });
    expect(sent).toHaveLength(1);
  });
});

describe('holds: AUTHORIZE orders (manual capture)', () => {
  const HOLD = '2KS61478XD3098254';
  const AUTHORIZATION = '0VF52814937998046';
  const CAPTURE_PATH = `/v2/payments/authorizations/${AUTHORIZATION}/capture`;
  const TAB = { ...PAYMENT, amount: 5_000, captureMethod: 'manual' as const };
  const calls = (sent: Sent[]) => sent.map((s) => `${s.method} ${s.path}`);

  test('a hold is an order with intent AUTHORIZE that waits for the buyer', async () => {
    const { processor, sent } = fakePaypal(() => ok('order.hold_created'));
    const pi = await processor.createPaymentIntent(TAB, 'tab-1-hold');
    expect(pi).toMatchObject({
      id: HOLD,
      status: 'requires_action',
      captureMethod: 'manual',
      amount: 5_000,
      amountCapturable: 0,
      amountReceived: 0,
      nextActionUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${HOLD}`,
    });
    expect(sent[0]!.headers.get('paypal-request-id')).toBe('tab-1-hold');
    expect(sent[0]!.body).toMatchObject({
      intent: 'AUTHORIZE',
      purchase_units: [{ amount: { currency_code: 'GBP', value: '50.00' } }],
    });
  });

  test('once approved, retrieving a hold authorises it, never captures it', async () => {
    const { processor, sent } = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.hold_approved') : ok('order.authorized', 201),
    );
    const pi = await processor.retrievePaymentIntent(HOLD);
    expect(pi).toEqual({
      id: HOLD,
      clientSecret: HOLD,
      amount: 5_000,
      amountRefunded: 0,
      captureMethod: 'manual',
      amountCapturable: 5_000,
      amountReceived: 0,
      status: 'requires_capture',
      nextActionUrl: null,
      paymentMethodRef: null,
      lastError: null,
      metadata: { checkout_id: '7c1e9a42-5b3d-4f6e-8a90-2b3c4d5e6f7a' },
    });
    expect(calls(sent)).toEqual([
      `GET /v2/checkout/orders/${HOLD}`,
      `POST /v2/checkout/orders/${HOLD}/authorize`,
    ]);
    // Authorised once per order, however often it is read.
    expect(sent[1]!.headers.get('paypal-request-id')).toBe(`authorize-${HOLD}`);
  });

  test('an authorised hold reads as requires_capture without another call', async () => {
    const { processor, sent } = fakePaypal(() => ok('order.authorized'));
    expect((await processor.retrievePaymentIntent(HOLD)).status).toBe('requires_capture');
    expect(sent).toHaveLength(1);
  });

  test('an authorisation PayPal declines reads as a decline', async () => {
    const { processor } = fakePaypal((r) =>
      r.method === 'GET'
        ? ok('order.hold_approved')
        : { status: 422, body: fixture('error.instrument_declined') },
    );
    expect(await processor.retrievePaymentIntent(HOLD)).toMatchObject({
      status: 'requires_payment_method',
      amountCapturable: 0,
      lastError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
  });

  test('captures part of the authorisation once, with final_capture and the key as PayPal-Request-Id', async () => {
    const { processor, sent } = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.authorized') : ok('authorization.captured', 201),
    );
    const pi = await processor.capturePaymentIntent(HOLD, { amount: 3_210 }, `capture:${HOLD}`);
    expect(pi).toMatchObject({
      id: HOLD,
      status: 'succeeded',
      captureMethod: 'manual',
      amount: 5_000,
      amountCapturable: 0,
      amountReceived: 3_210,
      amountRefunded: 0,
    });
    expect(calls(sent)).toEqual([`GET /v2/checkout/orders/${HOLD}`, `POST ${CAPTURE_PATH}`]);
    expect(sent[1]!.headers.get('paypal-request-id')).toBe(`capture:${HOLD}`);
    expect(sent[1]!.body).toEqual({ amount: { currency_code: 'GBP', value: '32.10' }, final_capture: true });
  });

  test('a capture above the hold, under 30p or of a hold not authorised is refused before PayPal', async () => {
    const authorised = fakePaypal(() => ok('order.authorized'));
    const above = await refusal(authorised.processor.capturePaymentIntent(HOLD, { amount: 5_001 }, 'k1'));
    expect(above).toMatchObject({ code: 'amount_too_large', statusCode: 400 });
    const under = await refusal(authorised.processor.capturePaymentIntent(HOLD, { amount: 29 }, 'k2'));
    expect(under.code).toBe('amount_too_small');
    expect(calls(authorised.sent)).toEqual([`GET /v2/checkout/orders/${HOLD}`]);

    for (const name of ['order.hold_created', 'order.hold_voided', 'order.completed']) {
      const { processor, sent } = fakePaypal(() => ok(name));
      expect((await refusal(processor.capturePaymentIntent(HOLD, { amount: 1_000 }, 'k3'))).code).toBe(
        'payment_intent_unexpected_state',
      );
      expect(sent.map((r) => r.method)).toEqual(['GET']);
    }
  });

  test('replayed with its key a capture answers the same; another key is refused', async () => {
    const replay = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.hold_captured') : ok('authorization.captured', 201),
    );
    expect(
      await replay.processor.capturePaymentIntent(HOLD, { amount: 3_210 }, `capture:${HOLD}`),
    ).toMatchObject({ status: 'succeeded', amountReceived: 3_210, amountCapturable: 0 });
    expect(replay.sent[1]!.headers.get('paypal-request-id')).toBe(`capture:${HOLD}`);

    const again = fakePaypal((r) =>
      r.method === 'GET'
        ? ok('order.hold_captured')
        : { status: 422, body: fixture('error.authorization_already_captured') },
    );
    expect(
      await refusal(again.processor.capturePaymentIntent(HOLD, { amount: 1_000 }, 'capture-again')),
    ).toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 });
  });

  test('an expired authorisation is refused, and the hold then reads as cancelled', async () => {
    const { processor } = fakePaypal((r) =>
      r.method === 'GET'
        ? ok('order.authorized')
        : { status: 422, body: fixture('error.authorization_expired') },
    );
    expect((await refusal(processor.capturePaymentIntent(HOLD, { amount: 5_000 }, 'k'))).code).toBe(
      'charge_expired_for_capture',
    );
    const lapsed = fakePaypal(() => ok('order.hold_expired'));
    expect(await lapsed.processor.retrievePaymentIntent(HOLD)).toMatchObject({
      status: 'canceled',
      amountCapturable: 0,
      amountReceived: 0,
    });
  });

  test('cancelling a hold voids its authorisation', async () => {
    const { processor, sent } = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.authorized') : ok('authorization.voided'),
    );
    const pi = await processor.cancelPaymentIntent(HOLD, `release:${HOLD}`);
    expect(pi).toMatchObject({
      status: 'canceled',
      amountCapturable: 0,
      amountReceived: 0,
      nextActionUrl: null,
    });
    expect(calls(sent)).toEqual([
      `GET /v2/checkout/orders/${HOLD}`,
      `POST /v2/payments/authorizations/${AUTHORIZATION}/void`,
    ]);
    expect(sent[1]!.headers.get('paypal-request-id')).toBe(`release:${HOLD}`);
  });

  test('a hold voided or captured already is not voided again', async () => {
    const voided = fakePaypal(() => ok('order.hold_voided'));
    expect((await voided.processor.cancelPaymentIntent(HOLD, 'release-2')).status).toBe('canceled');
    expect(voided.sent.map((r) => r.method)).toEqual(['GET']);
    const captured = fakePaypal(() => ok('order.hold_captured'));
    expect(await captured.processor.cancelPaymentIntent(HOLD, 'release-3')).toMatchObject({
      status: 'succeeded',
      amountReceived: 3_210,
    });
    expect(captured.sent.map((r) => r.method)).toEqual(['GET']);
  });

  test('a captured hold refunds from its capture', async () => {
    const { processor, sent } = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.hold_captured') : ok('refund', 201),
    );
    await processor.refund({ paymentIntentId: HOLD, amount: 1_000 }, 'refund-hold');
    expect(sent[1]!.path).toBe('/v2/payments/captures/7TK53561YB803214S/refund');
  });
});

describe('saved PayPal accounts', () => {
  test('a setup token waits for the buyer; once approved it becomes a payment token', async () => {
    const { processor, sent } = fakePaypal((r) => {
      if (r.method === 'POST' && r.path === '/v3/vault/setup-tokens') return ok('setup_token.created');
      if (r.method === 'GET') return ok('setup_token.approved');
      return ok('payment_token');
    });
    const si = await processor.createSetupIntent(
      { customerRef: 'c-42', type: 'paypal', returnUrl: '/paypal-setup-confirmation' },
      'setup-c-42',
    );
    expect(si).toEqual({
      id: '5C991763VB2781612',
      clientSecret: '5C991763VB2781612',
      customerRef: 'c-42',
      type: 'paypal',
      status: 'requires_action',
      nextActionUrl:
        'https://www.sandbox.paypal.com/agreements/approve?approval_session_id=5C991763VB2781612',
      paymentMethod: null,
      lastError: null,
    });
    expect(sent[0]!.headers.get('paypal-request-id')).toBe('setup-c-42');
    expect(sent[0]!.body).toEqual({
      customer: { merchant_customer_id: 'c-42' },
      payment_source: {
        paypal: {
          description: 'Sfoglia orders',
          permit_multiple_payment_tokens: false,
          usage_type: 'MERCHANT',
          experience_context: {
            brand_name: 'Sfoglia',
            locale: 'en-GB',
            return_url: 'https://shop.example/paypal-setup-confirmation',
            cancel_url: 'https://shop.example/paypal-setup-confirmation?redirect_status=failed',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });

    const saved = await processor.retrieveSetupIntent(si.id);
    expect(saved).toMatchObject({
      status: 'succeeded',
      customerRef: 'c-42',
      nextActionUrl: null,
      paymentMethod: { ref: '8kk8451t', type: 'paypal', email: 'buyer@example.com', last4: null },
    });
    expect(sent[2]!.path).toBe('/v3/vault/payment-tokens');
    expect(sent[2]!.headers.get('paypal-request-id')).toBe(`payment-token-${si.id}`);
    expect(sent[2]!.body).toEqual({ payment_source: { token: { id: si.id, type: 'SETUP_TOKEN' } } });
  });

  test('a saved account is charged at once', async () => {
    const { processor, sent } = fakePaypal(() => ok('order.vaulted_completed', 201));
    const pi = await processor.createPaymentIntent({ ...PAYMENT, paymentMethodRef: '8kk8451t' }, 'weekly-1');
    expect(pi).toMatchObject({ id: '8WX12345AB678901C', status: 'succeeded', paymentMethodRef: '8kk8451t' });
    expect((sent[0]!.body as { payment_source: unknown }).payment_source).toEqual({
      paypal: { vault_id: '8kk8451t' },
    });
  });

  test('cards are not saved through PayPal', async () => {
    const { processor, sent } = fakePaypal(() => ok('setup_token.created'));
    expect(
      (await refusal(processor.createSetupIntent({ customerRef: 'c', type: 'card', returnUrl: '/x' }, 'k')))
        .code,
    ).toBe('payment_method_type_unsupported');
    expect(sent).toHaveLength(0);
  });

  test('detaching deletes the payment token', async () => {
    const { processor, sent } = fakePaypal(() => ({ status: 204 }));
    await processor.detachPaymentMethod('8kk8451t');
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['DELETE /v3/vault/payment-tokens/8kk8451t']);
  });

  test('PayPal has no customers to create: ours is the merchant customer id', async () => {
    const { processor, sent } = fakePaypal(() => ok('order.created'));
    expect(await processor.createCustomer({ customerId: 'c-42', email: 'a@example.com' }, 'k')).toBe('c-42');
    expect(sent).toHaveLength(0);
  });
});

describe('refunds', () => {
  test('refunds part of the capture with the idempotency key', async () => {
    const { processor, sent } = fakePaypal((r) =>
      r.method === 'GET' ? ok('order.completed') : ok('refund', 201),
    );
    const refund = await processor.refund({ paymentIntentId: ORDER, amount: 1_000 }, 'refund-1');
    expect(refund).toEqual({
      id: '1JU08902781691411',
      paymentIntentId: ORDER,
      amount: 1_000,
      status: 'succeeded',
    });
    expect(sent[1]!.path).toBe('/v2/payments/captures/3C679366HH908993F/refund');
    expect(sent[1]!.headers.get('paypal-request-id')).toBe('refund-1');
    expect(sent[1]!.body).toEqual({ amount: { currency_code: 'GBP', value: '10.00' } });
  });

  test('an order never captured has nothing to refund', async () => {
    const { processor } = fakePaypal(() => ok('order.created'));
    expect((await refusal(processor.refund({ paymentIntentId: ORDER }, 'k'))).code).toBe(
      'payment_intent_unexpected_state',
    );
  });
});

describe('errors and encodings', () => {
  test('an unknown order', async () => {
    const { processor } = fakePaypal(() => ({ status: 404, body: fixture('error.not_found') }));
    expect(await refusal(processor.retrievePaymentIntent('NOTANORDER'))).toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  test('PayPal down is a 502 that says to try again', async () => {
    const { processor } = fakePaypal(() => ({
      status: 503,
      body: { name: 'SERVICE_UNAVAILABLE', message: 'x' },
    }));
    expect(await refusal(processor.createPaymentIntent(PAYMENT, 'k'))).toMatchObject({
      code: 'processor_unavailable',
      statusCode: 502,
    });
  });

  test('metadata fits PayPal’s custom_id or loses its last entries', () => {
    expect(decodeMetadata(encodeMetadata({ a: '1', b: '2' }))).toEqual({ a: '1', b: '2' });
    const long = { order_id: 'x'.repeat(45), customer_id: 'y'.repeat(45), extra: 'z' };
    expect(encodeMetadata(long)!.length).toBeLessThanOrEqual(127);
    expect(decodeMetadata(encodeMetadata(long))).toEqual({
      order_id: 'x'.repeat(45),
      customer_id: 'y'.repeat(45),
    });
    expect(decodeMetadata('INV-2026-001')).toEqual({});
  });

  test('long idempotency keys are hashed to fit PayPal-Request-Id', () => {
    expect(paypalRequestId('short')).toBe('short');
    expect(paypalRequestId('k'.repeat(200))).toMatch(/^[0-9a-f]{64}$/);
  });
});
