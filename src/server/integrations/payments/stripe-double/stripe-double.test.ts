import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStripeProcessor } from '../stripe';
import { PaymentProcessorError, type PaymentProcessor } from '../port';
import { buildStripeDouble, DOUBLE_TEST_CARDS, parseStripeForm } from './stripe-double';

// The live Stripe adapter (the official SDK) against the Stripe double (decision 20), and the double's
// browser side confirming what the server created: both see one state.

let double: FastifyInstance;
let base: string;
let stripe: PaymentProcessor;
const KEY = 'pk_test_double';

beforeAll(async () => {
  double = buildStripeDouble();
  await double.listen({ port: 0, host: '127.0.0.1' });
  const address = double.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  stripe = createStripeProcessor({
    secretKey: 'sk_test_double',
    publicUrl: 'http://shop.test',
    apiUrl: base,
    maxNetworkRetries: 0,
  });
});
afterAll(() => double.close());

/** What the double's card frame sends when the page's Stripe.js confirms an intent. */
async function confirmInBrowser(clientSecret: string, number: string) {
  const response = await fetch(`${base}/browser/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key: KEY,
      client_secret: clientSecret,
      card: { number, expiry: '12/34', cvc: '123' },
    }),
  });
  return { status: response.status, body: (await response.json()) as { intent: Record<string, unknown> } };
}

let made = 0;
async function savedCard(number: string) {
  made += 1;
  const customerRef = await stripe.createCustomer(
    { customerId: 'c1', email: 'ada@example.com' },
    `cus:${number}:${made}`,
  );
  const si = await stripe.createSetupIntent(
    { customerRef, type: 'card', returnUrl: '/x' },
    `si:${number}:${made}`,
  );
  return { customerRef, si };
}

describe('the Stripe double behind the live adapter', () => {
  test('a setup intent the browser confirms is succeeded for the server, with the card it saved', async () => {
    const { customerRef, si } = await savedCard(DOUBLE_TEST_CARDS.succeeds);
    expect(si).toMatchObject({ status: 'requires_payment_method', customerRef });
    expect(si.id).toMatch(/^seti_/);
    const confirmed = await confirmInBrowser(si.clientSecret, DOUBLE_TEST_CARDS.succeeds);
    expect(confirmed.body.intent).toMatchObject({ status: 'succeeded' });
    const seen = await stripe.retrieveSetupIntent(si.id);
    expect(seen).toMatchObject({
      status: 'succeeded',
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const pi = await stripe.createPaymentIntent(
      {
        amount: 1200,
        customerRef,
        paymentMethodRef: seen.paymentMethod!.ref,
        returnUrl: '/payment/o1',
        description: 'Order',
        metadata: { order: 'o1' },
      },
      'pay:1',
    );
    expect(pi).toMatchObject({ status: 'succeeded', amount: 1200, metadata: { order: 'o1' } });
    const refund = await stripe.refund({ paymentIntentId: pi.id, amount: 200 }, 'refund:1');
    expect(refund).toMatchObject({ status: 'succeeded', amount: 200 });
    expect(await stripe.retrievePaymentIntent(pi.id)).toMatchObject({ amountRefunded: 200 });
  });

  test('4000 0027 6000 3184 asks for 3-D Secure when saved and when charged; completing it succeeds', async () => {
    const { customerRef, si } = await savedCard(DOUBLE_TEST_CARDS.threeDSecure);
    const confirmed = await confirmInBrowser(si.clientSecret, DOUBLE_TEST_CARDS.threeDSecure);
    expect(confirmed.body.intent).toMatchObject({ status: 'requires_action' });
    expect((await stripe.retrieveSetupIntent(si.id)).status).toBe('requires_action');
    const challenge = `${base}/3ds/setup/${si.id}?client_secret=${encodeURIComponent(si.clientSecret)}`;
    expect(await (await fetch(challenge)).text()).toContain('Complete authentication');
    await fetch(challenge, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'complete' }),
    });
    const saved = await stripe.retrieveSetupIntent(si.id);
    expect(saved.status).toBe('succeeded');

    const input = {
      amount: 1500,
      customerRef,
      paymentMethodRef: saved.paymentMethod!.ref,
      returnUrl: '/payment/o2',
      description: 'Order',
      metadata: {},
    };
    const pi = await stripe.createPaymentIntent(input, 'pay:3ds');
    expect(pi.status).toBe('requires_action');
    expect(pi.nextActionUrl).toContain(`${base}/3ds/payment/${pi.id}`);
    const back = await fetch(pi.nextActionUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const returned = new URL(back.headers.get('location')!);
    expect(`${returned.origin}${returned.pathname}`).toBe('http://shop.test/payment/o2');
    expect(returned.searchParams.get('payment_intent')).toBe(pi.id);
    expect(returned.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await stripe.retrievePaymentIntent(pi.id)).status).toBe('succeeded');

    // Off-session (weekly billing) the bank cannot ask: Stripe's authentication_required.
    const offSession = await stripe.createPaymentIntent({ ...input, offSession: true }, 'pay:off');
    expect(offSession).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'authentication_required' },
    });
  });

  test('a failed 3-D Secure check can be cancelled; a paid intent cannot', async () => {
    const { customerRef, si } = await savedCard('4000002760003184');
    await confirmInBrowser(si.clientSecret, DOUBLE_TEST_CARDS.threeDSecure);
    await fetch(`${base}/3ds/setup/${si.id}?client_secret=${encodeURIComponent(si.clientSecret)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'fail' }),
    });
    const failed = await stripe.retrieveSetupIntent(si.id);
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'payment_intent_authentication_failure', declineCode: 'authentication_failed' },
    });

    const ok = await savedCard('4242 4242 4242 4242');
    await confirmInBrowser(ok.si.clientSecret, DOUBLE_TEST_CARDS.succeeds);
    const method = (await stripe.retrieveSetupIntent(ok.si.id)).paymentMethod!.ref;
    const paid = await stripe.createPaymentIntent(
      {
        amount: 900,
        customerRef: ok.customerRef,
        paymentMethodRef: method,
        returnUrl: '/r',
        description: 'd',
        metadata: {},
      },
      'pay:cancel',
    );
    // Stripe refuses to cancel a succeeded intent; the adapter answers with its state.
    expect((await stripe.cancelPaymentIntent(paid.id, 'cancel:1')).status).toBe('succeeded');
    expect(customerRef).toMatch(/^cus_/);
  });

  test('4000 0000 0000 0002 is declined when saved, with Stripe’s codes', async () => {
    const { si } = await savedCard(DOUBLE_TEST_CARDS.declined);
    const confirmed = await confirmInBrowser(si.clientSecret, DOUBLE_TEST_CARDS.declined);
    expect(confirmed.body.intent).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(await stripe.retrieveSetupIntent(si.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: {
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    // The same intent can be confirmed again with another card, as Stripe allows.
    await confirmInBrowser(si.clientSecret, DOUBLE_TEST_CARDS.succeeds);
    expect((await stripe.retrieveSetupIntent(si.id)).status).toBe('succeeded');
  });

  test('4000 0000 0000 0341 saves, then every charge is declined (Stripe’s decline after attaching)', async () => {
    const { customerRef, si } = await savedCard('4000000000000341');
    await confirmInBrowser(si.clientSecret, '4000000000000341');
    const saved = await stripe.retrieveSetupIntent(si.id);
    expect(saved.status).toBe('succeeded');
    const pi = await stripe.createPaymentIntent(
      {
        amount: 1200,
        customerRef,
        paymentMethodRef: saved.paymentMethod!.ref,
        returnUrl: '/payment/o3',
        description: 'Order',
        metadata: {},
      },
      'pay:0341',
    );
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
  });

  test('its switches: an outage drops every API call; a reset forgets customers and cards', async () => {
    const { customerRef } = await savedCard('switches');
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/_double/outage', { unreachable: true });
    try {
      await expect(
        stripe.createSetupIntent({ customerRef, type: 'card', returnUrl: '/x' }, 'outage:1'),
      ).rejects.toMatchObject({ code: 'processor_unavailable', statusCode: 502 });
    } finally {
      await post('/_double/outage', { unreachable: false });
    }
    await post('/_double/forget', {});
    await expect(
      stripe.createSetupIntent({ customerRef, type: 'card', returnUrl: '/x' }, 'outage:2'),
    ).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404, param: 'customer' });
  });

  test('idempotency keys replay the first answer and refuse other parameters', async () => {
    const first = await stripe.createCustomer({ customerId: 'c9', email: 'a@example.com' }, 'same-key');
    const again = await stripe.createCustomer({ customerId: 'c9', email: 'a@example.com' }, 'same-key');
    expect(again).toBe(first);
    await expect(
      stripe.createCustomer({ customerId: 'c9', email: 'b@example.com' }, 'same-key'),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });

  test('the browser side needs a publishable key and the intent’s own secret', async () => {
    const { si } = await savedCard('secret-check');
    const wrongKey = await fetch(`${base}/browser/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'sk_test_double', client_secret: si.clientSecret, card: {} }),
    });
    expect(wrongKey.status).toBe(401);
    const wrongSecret = await confirmInBrowser(`${si.id}_secret_wrong`, DOUBLE_TEST_CARDS.succeeds);
    expect(wrongSecret.status).toBe(400);
    expect((await stripe.retrieveSetupIntent(si.id)).status).toBe('requires_payment_method');
  });

  test('serves Stripe.js, and wallets only when told the browser has one', async () => {
    const script = await fetch(`${base}/v3/`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.Stripe = Stripe');
    expect(await (await fetch(`${base}/browser/wallets`)).json()).toEqual({
      googlePay: false,
      applePay: false,
    });
    await fetch(`${base}/_double/wallets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ googlePay: true }),
    });
    expect(await (await fetch(`${base}/browser/wallets`)).json()).toEqual({
      googlePay: true,
      applePay: false,
    });
  });

  describe('holds (manual capture)', () => {
    const DAY_S = 24 * 60 * 60;

    /** A card saved through the browser (its 3-D Secure check on saving completed): its payment method. */
    async function savedMethod(number: string) {
      const { customerRef, si } = await savedCard(number);
      const confirmed = await confirmInBrowser(si.clientSecret, number);
      if (confirmed.body.intent.status === 'requires_action') {
        await fetch(`${base}/3ds/setup/${si.id}?client_secret=${encodeURIComponent(si.clientSecret)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ outcome: 'complete' }),
        });
      }
      const saved = await stripe.retrieveSetupIntent(si.id);
      expect(saved.status).toBe('succeeded');
      return { customerRef, pm: saved.paymentMethod!.ref };
    }

    async function hold(number: string, key: string, amount = 5_000) {
      const { customerRef, pm } = await savedMethod(number);
      return stripe.createPaymentIntent(
        {
          amount,
          customerRef,
          paymentMethodRef: pm,
          returnUrl: '/dine-in-checkout',
          description: 'Tab',
          metadata: { tab: key },
          captureMethod: 'manual',
        },
        key,
      );
    }

    const moveClock = (advanceSeconds: number) =>
      fetch(`${base}/_double/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds }),
      });

    test('a hold on 4242… is requires_capture; capturing £32.10 of £50 takes £32.10, refundable up to it', async () => {
      const held = await hold(DOUBLE_TEST_CARDS.succeeds, 'hold:4242');
      expect(held).toMatchObject({
        status: 'requires_capture',
        captureMethod: 'manual',
        amount: 5_000,
        amountCapturable: 5_000,
        amountReceived: 0,
        amountRefunded: 0,
      });
      await expect(stripe.refund({ paymentIntentId: held.id }, 'refund:held')).rejects.toBeInstanceOf(
        PaymentProcessorError,
      );
      const captured = await stripe.capturePaymentIntent(held.id, { amount: 3_210 }, `capture:${held.id}`);
      expect(captured).toMatchObject({
        status: 'succeeded',
        amountCapturable: 0,
        amountReceived: 3_210,
        amountRefunded: 0,
      });
      await expect(
        stripe.refund({ paymentIntentId: held.id, amount: 3_211 }, 'refund:too-much'),
      ).rejects.toBeInstanceOf(PaymentProcessorError);
      expect(await stripe.refund({ paymentIntentId: held.id }, 'refund:rest')).toMatchObject({
        amount: 3_210,
      });
      expect(await stripe.retrievePaymentIntent(held.id)).toMatchObject({
        amountReceived: 3_210,
        amountRefunded: 3_210,
      });
    });

    test('4000 0027 6000 3184 is held once its 3-D Secure check is completed', async () => {
      const pending = await hold(DOUBLE_TEST_CARDS.threeDSecure, 'hold:3ds');
      expect(pending).toMatchObject({ status: 'requires_action', amountCapturable: 0 });
      const back = await fetch(pending.nextActionUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=complete',
        redirect: 'manual',
      });
      expect(back.status).toBe(303);
      expect(new URL(back.headers.get('location')!).searchParams.get('redirect_status')).toBe('succeeded');
      expect(await stripe.retrievePaymentIntent(pending.id)).toMatchObject({
        status: 'requires_capture',
        amountCapturable: 5_000,
        amountReceived: 0,
      });
      expect(
        await stripe.capturePaymentIntent(pending.id, { amount: 5_000 }, `capture:${pending.id}`),
      ).toMatchObject({ status: 'succeeded', amountReceived: 5_000 });
    });

    test('a card that declines once charged (4000 0000 0000 0341) declines at authorisation', async () => {
      // The double, like Stripe, checks a card when it is saved: 9995 never gets that far; 0341 does.
      const declined = await hold('4000000000000341', 'hold:0341');
      expect(declined).toMatchObject({
        status: 'requires_payment_method',
        amountCapturable: 0,
        lastError: { code: 'card_declined', declineCode: 'generic_decline' },
      });
      await expect(
        stripe.capturePaymentIntent(declined.id, { amount: 5_000 }, `capture:${declined.id}`),
      ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    });

    test('capture is once and never above the hold; replayed with its key it answers the same', async () => {
      const held = await hold(DOUBLE_TEST_CARDS.succeeds, 'hold:once');
      await expect(
        stripe.capturePaymentIntent(held.id, { amount: 5_001 }, 'capture:above'),
      ).rejects.toMatchObject({ code: 'amount_too_large', statusCode: 400 });
      await expect(
        stripe.capturePaymentIntent(held.id, { amount: 29 }, 'capture:under'),
      ).rejects.toMatchObject({ code: 'amount_too_small' });
      const first = await stripe.capturePaymentIntent(held.id, { amount: 4_000 }, 'capture:once');
      expect(first).toMatchObject({ status: 'succeeded', amountReceived: 4_000 });
      expect(await stripe.capturePaymentIntent(held.id, { amount: 4_000 }, 'capture:once')).toEqual(first);
      await expect(
        stripe.capturePaymentIntent(held.id, { amount: 4_500 }, 'capture:once'),
      ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
      await expect(
        stripe.capturePaymentIntent(held.id, { amount: 1_000 }, 'capture:again'),
      ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 });
    });

    test('cancelling a hold releases it; it can then never be captured', async () => {
      const held = await hold(DOUBLE_TEST_CARDS.succeeds, 'hold:cancel');
      expect(await stripe.cancelPaymentIntent(held.id, 'release:1')).toMatchObject({
        status: 'canceled',
        amountCapturable: 0,
        amountReceived: 0,
        amountRefunded: 0,
      });
      await expect(
        stripe.capturePaymentIntent(held.id, { amount: 5_000 }, 'capture:released'),
      ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
      // Cancelling again answers with its state.
      expect((await stripe.cancelPaymentIntent(held.id, 'release:2')).status).toBe('canceled');
    });

    test('a hold lapses after 7 days on the double’s clock: refused and cancelled', async () => {
      const kept = await hold(DOUBLE_TEST_CARDS.succeeds, 'hold:kept');
      const lapsing = await hold(DOUBLE_TEST_CARDS.succeeds, 'hold:lapsing');
      let moved = 0;
      try {
        await moveClock(7 * DAY_S - 60);
        moved += 7 * DAY_S - 60;
        expect((await stripe.capturePaymentIntent(kept.id, { amount: 5_000 }, 'capture:kept')).status).toBe(
          'succeeded',
        );
        await moveClock(DAY_S + 60);
        moved += DAY_S + 60;
        await expect(
          stripe.capturePaymentIntent(lapsing.id, { amount: 5_000 }, 'capture:lapsed'),
        ).rejects.toMatchObject({ code: 'charge_expired_for_capture', statusCode: 400 });
        expect(await stripe.retrievePaymentIntent(lapsing.id)).toMatchObject({
          status: 'canceled',
          amountCapturable: 0,
          amountReceived: 0,
          amountRefunded: 0,
        });
      } finally {
        await moveClock(-moved);
      }
    });
  });

  test('reads Stripe’s form encoding', () => {
    expect(parseStripeForm('a=1&metadata[order]=o1&expand[0]=latest_charge&expand[1]=x')).toEqual({
      a: '1',
      metadata: { order: 'o1' },
      expand: { 0: 'latest_charge', 1: 'x' },
    });
  });
});
