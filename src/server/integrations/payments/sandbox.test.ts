import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import type { FixedClock } from '../../clock';
import { loadConfig, publicConfig, ConfigError } from '../../config';
import { sandboxPaymentIntents, sandboxPaymentMethods } from '../../db/schema/payments-sandbox';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_CARDS } from './card-rules';
import { PaymentProcessorError, type PaymentIntent, type PaymentProcessor, type SetupIntent } from './port';
import { createSandboxPaypal, createSandboxStripe } from './sandbox';

// The embedded processor through its port and through the pages the app serves (app.inject), on a fresh
// database: idempotency, the test cards, 3-D Secure, PayPal, refunds, and what is (never) stored or logged.

let t: TestApp;
let stripe: PaymentProcessor;
let paypal: PaymentProcessor;
/**
 * The processors' clock, which ages holds: the app's own, as its sandbox pages stamp holds with it (app.ts
 * gives both the shop's clock).
 */
let sandboxClock: FixedClock;
let startedAt: Date;

beforeAll(async () => {
  t = await createTestApp();
  sandboxClock = t.clock;
  startedAt = t.clock.now();
  stripe = createSandboxStripe(t.database.db, t.config.publicUrl, sandboxClock);
  paypal = createSandboxPaypal(t.database.db, t.config.publicUrl, sandboxClock);
});
afterAll(() => t.close());

const key = () => randomUUID();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function newCustomer(email = `buyer-${randomUUID().slice(0, 8)}@example.com`): Promise<string> {
  return stripe.createCustomer({ customerId: randomUUID(), email }, key());
}

async function refused(promise: Promise<unknown>): Promise<PaymentProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProcessorError);
  return error as PaymentProcessorError;
}

function cardFormUrl(setupIntent: SetupIntent): string {
  return `/sandbox/stripe/card-form?client_secret=${setupIntent.clientSecret}`;
}

function postCard(url: string, card: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, ...headers },
    payload: new URLSearchParams(card).toString(),
  });
}

function resultMessage(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="sandbox-card-result">(.*?)<\/script>/s.exec(html);
  expect(match, 'the result page carries its message').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/** The card form's state block: how it is framed, and whether it came back with field errors. */
function stateOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="sandbox-card-state">(.*?)<\/script>/s.exec(html);
  expect(match, 'the form page carries its state').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/** Saves a card through the card form, as the browser does. */
async function saveCard(number: string, customerRef?: string): Promise<{ customerRef: string; pm: string }> {
  const customer = customerRef ?? (await newCustomer());
  const si = await stripe.createSetupIntent(
    { customerRef: customer, type: 'card', returnUrl: '/account' },
    key(),
  );
  const cvc = /^3[47]/.test(number) ? '1234' : '123';
  const response = await postCard(cardFormUrl(si), { card_number: number, expiry: '12/30', cvc });
  expect(response.statusCode).toBe(200);
  const saved = await stripe.retrieveSetupIntent(si.id);
  expect(saved.status).toBe('succeeded');
  return { customerRef: customer, pm: saved.paymentMethod!.ref };
}

function chargeInput(
  customerRef: string,
  pm: string | null,
  extra: Partial<Parameters<PaymentProcessor['createPaymentIntent']>[0]> = {},
) {
  return {
    amount: 2_499,
    customerRef,
    paymentMethodRef: pm,
    returnUrl: '/payment/success',
    description: 'Sfoglia order',
    metadata: { order_id: randomUUID() },
    ...extra,
  };
}

async function charge(
  number: string,
  extra: Partial<Parameters<PaymentProcessor['createPaymentIntent']>[0]> = {},
) {
  const { customerRef, pm } = await saveCard(number);
  return stripe.createPaymentIntent(chargeInput(customerRef, pm, extra), key());
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

describe('ids and idempotency', () => {
  test('ids look like Stripe’s', async () => {
    const customer = await newCustomer();
    expect(customer).toMatch(/^cus_[0-9A-Za-z]{24}$/);
    const si = await stripe.createSetupIntent(
      { customerRef: customer, type: 'card', returnUrl: '/account' },
      key(),
    );
    expect(si.id).toMatch(/^seti_[0-9A-Za-z]{24}$/);
    expect(si.clientSecret).toMatch(new RegExp(`^${si.id}_secret_[0-9A-Za-z]{25}$`));
    expect(si).toMatchObject({ status: 'requires_payment_method', nextActionUrl: null, paymentMethod: null });
    const { pm } = await saveCard('4242424242424242', customer);
    expect(pm).toMatch(/^pm_/);
    const pi = await stripe.createPaymentIntent(chargeInput(customer, pm), key());
    expect(pi.id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    const refund = await stripe.refund({ paymentIntentId: pi.id }, key());
    expect(refund.id).toMatch(/^re_[0-9A-Za-z]{24}$/);
  });

  test('the same key and parameters replay the first answer; other parameters are refused', async () => {
    const { customerRef, pm } = await saveCard('4242424242424242');
    const k = key();
    const input = chargeInput(customerRef, pm);
    const first = await stripe.createPaymentIntent(input, k);
    // The same request with its fields in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(input).reverse()) as typeof input;
    expect(await stripe.createPaymentIntent(reordered, k)).toEqual(first);
    const error = await refused(stripe.createPaymentIntent({ ...input, amount: 2_500 }, k));
    expect(error.code).toBe('idempotency_key_reused');
    expect(error.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.customerId, customerRef));
    expect(row?.n).toBe(1);
  });

  test('a replayed customer is the same customer; a key is scoped to its endpoint and processor', async () => {
    const k = key();
    const input = { customerId: randomUUID(), email: 'same@example.com' };
    const first = await stripe.createCustomer(input, k);
    expect(await stripe.createCustomer(input, k)).toBe(first);
    // The same key at PayPal, or for a setup intent, is another request altogether.
    expect(await paypal.createCustomer(input, k)).not.toBe(first);
    const si = await stripe.createSetupIntent({ customerRef: first, type: 'card', returnUrl: '/account' }, k);
    expect(si.id).toMatch(/^seti_/);
  });

  test('a call that fails keeps nothing, so its key can be used again', async () => {
    const k = key();
    const missing = await refused(
      stripe.createSetupIntent({ customerRef: 'cus_nobody', type: 'card', returnUrl: '/account' }, k),
    );
    expect(missing).toMatchObject({ code: 'resource_missing', statusCode: 404 });
    const customer = await newCustomer();
    const si = await stripe.createSetupIntent(
      { customerRef: customer, type: 'card', returnUrl: '/account' },
      k,
    );
    expect(si.customerRef).toBe(customer);
  });

  test('50 concurrent creates with one key make one intent', async () => {
    const { customerRef, pm } = await saveCard('4242424242424242');
    const k = key();
    const input = chargeInput(customerRef, pm);
    const results = await Promise.all(Array.from({ length: 50 }, () => stripe.createPaymentIntent(input, k)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.every((r) => r.status === 'succeeded')).toBe(true);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.customerId, customerRef));
    expect(row?.n).toBe(1);
  });

  test('keys must be 1 to 255 characters', async () => {
    expect((await refused(stripe.createCustomer({ customerId: 'c', email: 'a@example.com' }, ''))).code).toBe(
      'idempotency_key_invalid',
    );
    expect(
      (await refused(stripe.createCustomer({ customerId: 'c', email: 'a@example.com' }, 'k'.repeat(256))))
        .code,
    ).toBe('idempotency_key_invalid');
  });
});

describe('test cards', () => {
  const declines = [
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000009987', 'lost_card', 'Your card was declined.'],
    ['4000000000009979', 'stolen_card', 'Your card was declined.'],
    ['4100000000000019', 'fraudulent', 'Your card was declined.'],
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009961', 'merchant_blacklist', 'Your card was declined.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', 'Your card’s security code is incorrect.'],
    // Stripe's "decline after attaching": saving works everywhere (the Stripe double too), charging does not.
    ['4000000000000341', 'generic_decline', 'Your card was declined.'],
  ] as const;

  test.each(declines)(
    '%s saves, then is declined with %s when charged',
    async (number, declineCode, message) => {
      const pi = await charge(number);
      expect(pi).toMatchObject({
        status: 'requires_payment_method',
        nextActionUrl: null,
        lastError: { code: 'card_declined', declineCode, message },
      });
      expect(await stripe.retrievePaymentIntent(pi.id)).toEqual(pi);
    },
  );

  test.each(['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'])(
    '%s is charged',
    async (number) => {
      const pi = await charge(number);
      expect(pi).toMatchObject({ status: 'succeeded', amount: 2_499, amountRefunded: 0, lastError: null });
    },
  );

  test('a card saves with brand, last4 and expiry only', async () => {
    const customer = await newCustomer();
    const si = await stripe.createSetupIntent(
      { customerRef: customer, type: 'card', returnUrl: '/account' },
      key(),
    );
    await postCard(cardFormUrl(si), {
      card_number: '3782 822463 10005',
      expiry: '07/31',
      cvc: '1234',
      postcode: 'SW1A 1AA',
    });
    expect((await stripe.retrieveSetupIntent(si.id)).paymentMethod).toEqual({
      ref: expect.stringMatching(/^pm_/),
      type: 'card',
      brand: 'amex',
      last4: '0005',
      expMonth: 7,
      expYear: 2031,
      email: null,
    });
  });

  test.each(['4000002500003155', '4000002760003184'])('%s needs 3-D Secure on-session', async (number) => {
    const pi = await charge(number);
    expect(pi.status).toBe('requires_action');
    expect(pi.nextActionUrl).toBe(
      `${t.config.publicUrl}/sandbox/stripe/3ds/${pi.id}?client_secret=${pi.clientSecret}`,
    );
  });

  test('off-session, 4000002500003155 goes through and 4000002760003184 needs the customer', async () => {
    expect((await charge('4000002500003155', { offSession: true })).status).toBe('succeeded');
    expect(await charge('4000002760003184', { offSession: true })).toMatchObject({
      status: 'requires_payment_method',
      nextActionUrl: null,
      lastError: { code: 'authentication_required', declineCode: null },
    });
  });

  test('every test number is covered above', () => {
    const covered = new Set([
      ...declines.map(([n]) => n),
      '4242424242424242',
      '4000002500003155',
      '4000002760003184',
    ]);
    expect(Object.keys(TEST_CARDS).filter((n) => !covered.has(n))).toEqual([]);
  });
});

describe('charging rules', () => {
  test('amounts under 30p are refused', async () => {
    const { customerRef, pm } = await saveCard('4242424242424242');
    const error = await refused(
      stripe.createPaymentIntent(chargeInput(customerRef, pm, { amount: 29 }), key()),
    );
    expect(error.code).toBe('amount_too_small');
    expect(
      (await stripe.createPaymentIntent(chargeInput(customerRef, pm, { amount: 30 }), key())).status,
    ).toBe('succeeded');
    expect(
      (await refused(stripe.createPaymentIntent(chargeInput(customerRef, pm, { amount: 12.5 }), key()))).code,
    ).toBe('parameter_invalid_integer');
  });

  test('a card charge needs a saved card of that customer, still attached', async () => {
    const mine = await saveCard('4242424242424242');
    const theirs = await saveCard('4242424242424242');
    expect((await refused(stripe.createPaymentIntent(chargeInput(mine.customerRef, null), key()))).code).toBe(
      'parameter_missing',
    );
    expect(
      (await refused(stripe.createPaymentIntent(chargeInput(mine.customerRef, theirs.pm), key()))).code,
    ).toBe('payment_method_not_attached');
    expect(
      (await refused(stripe.createPaymentIntent(chargeInput(mine.customerRef, 'pm_nothing'), key()))).code,
    ).toBe('resource_missing');
    await stripe.detachPaymentMethod(mine.pm);
    await stripe.detachPaymentMethod(mine.pm); // detaching twice is harmless
    expect(
      (await refused(stripe.createPaymentIntent(chargeInput(mine.customerRef, mine.pm), key()))).code,
    ).toBe('payment_method_not_attached');
    expect((await refused(stripe.detachPaymentMethod('pm_nothing'))).code).toBe('resource_missing');
  });

  test('each processor sees only its own intents and method types', async () => {
    const pi = await charge('4242424242424242');
    expect((await refused(paypal.retrievePaymentIntent(pi.id))).code).toBe('resource_missing');
    expect((await refused(stripe.retrievePaymentIntent('pi_nothing'))).statusCode).toBe(404);
    const customer = await newCustomer();
    expect(
      (
        await refused(
          stripe.createSetupIntent({ customerRef: customer, type: 'paypal', returnUrl: '/x' }, key()),
        )
      ).code,
    ).toBe('payment_method_type_unsupported');
    expect(
      (
        await refused(
          paypal.createSetupIntent({ customerRef: customer, type: 'card', returnUrl: '/x' }, key()),
        )
      ).code,
    ).toBe('payment_method_type_unsupported');
  });

  test('return URLs must be paths or http(s) URLs', async () => {
    const customer = await newCustomer();
    for (const returnUrl of ['javascript:alert(1)', '//evil.example/x', 'not a url']) {
      expect(
        (await refused(stripe.createSetupIntent({ customerRef: customer, type: 'card', returnUrl }, key())))
          .code,
      ).toBe('url_invalid');
    }
  });
});

describe('the card form page', () => {
  async function freshIntent() {
    const customer = await newCustomer();
    return stripe.createSetupIntent({ customerRef: customer, type: 'card', returnUrl: '/account' }, key());
  }

  test('is a labelled form that only our own pages may frame', async () => {
    const si = await freshIntent();
    const response = await t.app.inject({ method: 'GET', url: cardFormUrl(si) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const html = response.body;
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    for (const [id, label] of [
      ['card_number', 'Card number'],
      ['expiry', 'Expiry date'],
      ['cvc', 'Security code (CVC)'],
      ['postcode', 'Billing postcode (optional)'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}`);
      expect(html).toContain(`id="${id}" name="${id}"`);
    }
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain(`action="/sandbox/stripe/card-form?client_secret=${si.clientSecret}"`);
  });

  test('at checkout (mode=pay) it has no button of its own, and stays so after a field error', async () => {
    const si = await freshIntent();
    const saving = await t.app.inject({ method: 'GET', url: cardFormUrl(si) });
    expect(saving.body).toContain('>Save card</button>');
    expect(stateOf(saving.body)).toMatchObject({ mode: 'save', invalid: false });

    const url = `${cardFormUrl(si)}&mode=pay`;
    const paying = await t.app.inject({ method: 'GET', url });
    expect(paying.statusCode).toBe(200);
    expect(paying.body).not.toContain('<button');
    expect(stateOf(paying.body)).toMatchObject({ mode: 'pay', invalid: false });
    expect(paying.body).toContain(
      `action="/sandbox/stripe/card-form?client_secret=${si.clientSecret}&amp;mode=pay"`,
    );

    const wrong = await postCard(url, { card_number: '4242', expiry: '12/30', cvc: '123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).not.toContain('<button');
    expect(stateOf(wrong.body)).toMatchObject({ mode: 'pay', invalid: true });

    const saved = await postCard(url, { card_number: '4242424242424242', expiry: '12/30', cvc: '123' });
    expect(resultMessage(saved.body)).toMatchObject({ status: 'succeeded', setupIntentId: si.id });
  });

  test('its script reports its height and takes "submit" only from the page of its own origin', async () => {
    const si = await freshIntent();
    const html = (await t.app.inject({ method: 'GET', url: `${cardFormUrl(si)}&mode=pay` })).body;
    const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).toContain('new ResizeObserver(size).observe(main)');
    expect(script).toContain("post({type:'resize',height:h})");
    expect(script).toContain('window.parent.postMessage(m,origin)');
    expect(script).toContain('if(e.source!==window.parent||e.origin!==origin){return;}');
    expect(script).toContain("d.source!=='sfoglia-card-parent'||d.type!=='submit'");
    expect(script).toContain('form.requestSubmit()');
    // Nothing typed ever leaves the frame: the messages carry no field's value.
    expect(script).not.toMatch(/post\(\{[^}]*\.value/);
  });

  test('other pages of the app still refuse to be framed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  test('shows field errors itself, keeps what was typed but never the security code', async () => {
    const si = await freshIntent();
    const response = await postCard(cardFormUrl(si), {
      card_number: '4242 4242 4242 4241',
      expiry: '10/26',
      cvc: '98',
      postcode: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const html = response.body;
    expect(html).toContain('<title>Error: Card details (sandbox)</title>');
    expect(html).toContain('Your card number is not valid. Check it and try again');
    expect(html).toContain('Your card’s expiry date is in the past');
    expect(html).toContain('Enter the 3-digit security code from the back of your card');
    expect(html).toMatch(
      /id="card_number"[^>]*aria-describedby="card_number-error" aria-invalid="true" autofocus/,
    );
    expect(html).toContain('value="4242 4242 4242 4241"');
    expect(html).not.toContain('value="98"');
    expect((await stripe.retrieveSetupIntent(si.id)).status).toBe('requires_payment_method');
  });

  test('on success tells the parent window, once saved', async () => {
    const si = await freshIntent();
    const response = await postCard(cardFormUrl(si), {
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Card saved: Visa ending 4242.');
    expect(resultMessage(response.body)).toEqual({
      source: 'sfoglia-sandbox-card',
      status: 'succeeded',
      setupIntentId: si.id,
      message: 'Card saved',
    });
    expect(response.body).toContain('window.parent.postMessage(m,window.location.origin)');
    // Sent twice (a double click): the same answer, one card.
    const again = await postCard(cardFormUrl(si), {
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(resultMessage(again.body)).toMatchObject({ status: 'succeeded', setupIntentId: si.id });
    // Reloaded after saving: told again, and no form to fill in.
    const shown = await t.app.inject({ method: 'GET', url: cardFormUrl(si) });
    expect(shown.statusCode).toBe(200);
    expect(resultMessage(shown.body)).toMatchObject({ status: 'succeeded', setupIntentId: si.id });
    expect(shown.body).not.toContain('<form');
    expect(
      (
        await t.database.db
          .select()
          .from(sandboxPaymentMethods)
          .where(eq(sandboxPaymentMethods.customerId, si.customerRef))
      ).length,
    ).toBe(1);
  });

  test('a wrong or missing client secret is reported to the parent as failed', async () => {
    const si = await freshIntent();
    for (const url of [
      '/sandbox/stripe/card-form',
      `/sandbox/stripe/card-form?client_secret=${si.id}_secret_wrongwrongwrongwrongwrong0`,
      '/sandbox/stripe/card-form?client_secret=%3Cscript%3E',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(resultMessage(response.body)).toMatchObject({
        source: 'sfoglia-sandbox-card',
        status: 'failed',
      });
      expect(response.body).not.toContain('<script>');
    }
    const posted = await postCard('/sandbox/stripe/card-form?client_secret=nope', {
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(posted.statusCode).toBe(404);
  });

  test('a form sent from another site is refused', async () => {
    const si = await freshIntent();
    const response = await postCard(
      cardFormUrl(si),
      { card_number: '4242424242424242', expiry: '12/30', cvc: '123' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect((await stripe.retrieveSetupIntent(si.id)).status).toBe('requires_payment_method');
  });
});

describe('3-D Secure', () => {
  async function challenged(number = '4000002500003155'): Promise<PaymentIntent> {
    const pi = await charge(number, { returnUrl: '/checkout/payment' });
    expect(pi.status).toBe('requires_action');
    return pi;
  }

  test('the challenge page shows the payment and two answers', async () => {
    const pi = await challenged();
    const response = await t.app.inject({ method: 'GET', url: pathOf(pi.nextActionUrl!) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(response.body).toContain('£24.99');
    expect(response.body).toContain('Visa ending 3155');
    expect(response.body).toContain('>Complete authentication</button>');
    expect(response.body).toContain('>Fail authentication</button>');
  });

  test('completing it succeeds the payment and returns to the shop', async () => {
    const pi = await challenged();
    const response = await postCard(pathOf(pi.nextActionUrl!), { action: 'complete' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/checkout/payment?payment_intent=${pi.id}&redirect_status=succeeded`,
    );
    expect(await stripe.retrievePaymentIntent(pi.id)).toMatchObject({
      status: 'succeeded',
      nextActionUrl: null,
      lastError: null,
    });
    // Answering again changes nothing.
    const again = await postCard(pathOf(pi.nextActionUrl!), { action: 'fail' });
    expect(again.headers.location).toContain('redirect_status=succeeded');
    expect((await stripe.retrievePaymentIntent(pi.id)).status).toBe('succeeded');
  });

  test('failing it leaves the payment needing another card', async () => {
    const pi = await challenged('4000002760003184');
    const response = await postCard(pathOf(pi.nextActionUrl!), { action: 'fail' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/checkout/payment?payment_intent=${pi.id}&redirect_status=failed`,
    );
    expect(await stripe.retrievePaymentIntent(pi.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'payment_intent_authentication_failure', declineCode: 'authentication_failed' },
    });
  });

  test('a cancelled challenge can no longer be completed; a taken payment cannot be cancelled', async () => {
    const pi = await challenged();
    expect(await stripe.cancelPaymentIntent(pi.id, key())).toMatchObject({
      status: 'canceled',
      nextActionUrl: null,
    });
    const response = await postCard(pathOf(pi.nextActionUrl!), { action: 'complete' });
    expect(response.headers.location).toContain('redirect_status=failed');
    expect((await stripe.retrievePaymentIntent(pi.id)).status).toBe('canceled');
    expect((await stripe.cancelPaymentIntent(pi.id, key())).status).toBe('canceled');

    const paid = await challenged();
    await postCard(pathOf(paid.nextActionUrl!), { action: 'complete' });
    expect((await stripe.cancelPaymentIntent(paid.id, key())).status).toBe('succeeded');
    expect((await refused(stripe.cancelPaymentIntent('pi_nothing', key()))).code).toBe('resource_missing');
    expect((await refused(paypal.cancelPaymentIntent(paid.id, key()))).code).toBe('resource_missing');
  });

  test('the page needs the intent’s client secret', async () => {
    const pi = await challenged();
    const wrong = `/sandbox/stripe/3ds/${pi.id}?client_secret=${pi.id}_secret_0000000000000000000000000`;
    expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    expect((await postCard(wrong, { action: 'complete' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/stripe/3ds/${pi.id}` })).statusCode).toBe(404);
    expect((await postCard(pathOf(pi.nextActionUrl!), { action: 'maybe' })).statusCode).toBe(400);
    expect((await stripe.retrievePaymentIntent(pi.id)).status).toBe('requires_action');
  });
});

describe('PayPal', () => {
  async function paypalPayment(): Promise<PaymentIntent> {
    const customer = await newCustomer('pat@example.com');
    const pi = await paypal.createPaymentIntent(
      chargeInput(customer, null, { returnUrl: '/paypal-confirmation' }),
      key(),
    );
    expect(pi).toMatchObject({ status: 'requires_action', paymentMethodRef: null });
    expect(pi.nextActionUrl).toBe(
      `${t.config.publicUrl}/sandbox/paypal/approve/${pi.id}?client_secret=${pi.clientSecret}`,
    );
    return pi;
  }

  test('the approval page asks a demo buyer to sign in, with the customer’s email suggested', async () => {
    const pi = await paypalPayment();
    const response = await t.app.inject({ method: 'GET', url: pathOf(pi.nextActionUrl!) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 id="title">Pay with PayPal</h1>');
    expect(response.body).toContain('value="pat@example.com"');
    expect(response.body).toContain('Approve and pay £24.99');
    expect(response.body).toContain('Cancel and return to Sfoglia');
  });

  test('approving pays and returns to /paypal-confirmation with the token and the intent', async () => {
    const pi = await paypalPayment();
    const response = await postCard(pathOf(pi.nextActionUrl!), {
      action: 'approve',
      email: 'Pat@Example.com',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/paypal-confirmation?token=${pi.id}&payment_intent=${pi.id}&redirect_status=succeeded`,
    );
    const paid = await paypal.retrievePaymentIntent(pi.id);
    expect(paid).toMatchObject({ status: 'succeeded', nextActionUrl: null, lastError: null });
    expect(paid.paymentMethodRef).toMatch(/^pm_/);
    expect((await refused(stripe.retrievePaymentIntent(pi.id))).code).toBe('resource_missing');
  });

  test('cancelling returns to the shop without paying', async () => {
    const pi = await paypalPayment();
    const response = await postCard(pathOf(pi.nextActionUrl!), { action: 'cancel' });
    expect(response.headers.location).toBe(
      `/paypal-confirmation?token=${pi.id}&payment_intent=${pi.id}&redirect_status=failed`,
    );
    expect(await paypal.retrievePaymentIntent(pi.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: {
        code: 'payment_intent_authentication_failure',
        message: 'You cancelled the PayPal payment.',
      },
    });
    // The page now only offers the way back.
    const shown = await t.app.inject({ method: 'GET', url: pathOf(pi.nextActionUrl!) });
    expect(shown.body).toContain('This request has already been answered.');
  });

  test('the buyer’s email is checked', async () => {
    const pi = await paypalPayment();
    const response = await postCard(pathOf(pi.nextActionUrl!), { action: 'approve', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter an email address in the correct format, like name@example.com');
    expect(response.body).toContain('value="not-an-email"');
    expect((await paypal.retrievePaymentIntent(pi.id)).status).toBe('requires_action');
  });

  test('saving a PayPal account returns to /paypal-setup-confirmation; the account is then charged at once', async () => {
    const customer = await newCustomer();
    const si = await paypal.createSetupIntent(
      { customerRef: customer, type: 'paypal', returnUrl: '/paypal-setup-confirmation' },
      key(),
    );
    expect(si).toMatchObject({ status: 'requires_action', type: 'paypal' });
    expect(si.id).toMatch(/^seti_/);
    const page = await t.app.inject({ method: 'GET', url: pathOf(si.nextActionUrl!) });
    expect(page.body).toContain('Save PayPal for future payments');
    const response = await postCard(pathOf(si.nextActionUrl!), {
      action: 'approve',
      email: 'saver@example.com',
    });
    expect(response.headers.location).toBe(
      `/paypal-setup-confirmation?token=${si.id}&setup_intent=${si.id}&redirect_status=succeeded`,
    );
    const saved = await paypal.retrieveSetupIntent(si.id);
    expect(saved).toMatchObject({
      status: 'succeeded',
      nextActionUrl: null,
      paymentMethod: { type: 'paypal', email: 'saver@example.com', brand: null, last4: null },
    });
    const pi = await paypal.createPaymentIntent(chargeInput(customer, saved.paymentMethod!.ref), key());
    expect(pi).toMatchObject({ status: 'succeeded', paymentMethodRef: saved.paymentMethod!.ref });
    // A PayPal account is not a card.
    expect(
      (await refused(stripe.createPaymentIntent(chargeInput(customer, saved.paymentMethod!.ref), key())))
        .code,
    ).toBe('resource_missing');
  });

  test('cancelling a save leaves nothing saved', async () => {
    const customer = await newCustomer();
    const si = await paypal.createSetupIntent(
      { customerRef: customer, type: 'paypal', returnUrl: '/paypal-setup-confirmation' },
      key(),
    );
    const response = await postCard(pathOf(si.nextActionUrl!), { action: 'cancel' });
    expect(response.headers.location).toContain('redirect_status=failed');
    expect(await paypal.retrieveSetupIntent(si.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethod: null,
      lastError: { code: 'setup_intent_authentication_failure' },
    });
  });

  test('a demo buyer whose email starts with "declined" is declined by PayPal', async () => {
    const pi = await paypalPayment();
    await postCard(pathOf(pi.nextActionUrl!), { action: 'approve', email: 'declined@example.com' });
    expect(await paypal.retrievePaymentIntent(pi.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
  });
});

describe('refunds', () => {
  test('partial refunds add up to the charge and never beyond it', async () => {
    const pi = await charge('4242424242424242');
    const first = await stripe.refund({ paymentIntentId: pi.id, amount: 1_000 }, key());
    expect(first).toMatchObject({ paymentIntentId: pi.id, amount: 1_000, status: 'succeeded' });
    expect((await stripe.retrievePaymentIntent(pi.id)).amountRefunded).toBe(1_000);
    const tooMuch = await refused(stripe.refund({ paymentIntentId: pi.id, amount: 1_500 }, key()));
    expect(tooMuch.code).toBe('amount_too_large');
    expect(tooMuch.message).toContain('£14.99');
    const rest = await stripe.refund({ paymentIntentId: pi.id }, key());
    expect(rest.amount).toBe(1_499);
    expect((await stripe.retrievePaymentIntent(pi.id)).amountRefunded).toBe(2_499);
    expect((await refused(stripe.refund({ paymentIntentId: pi.id, amount: 1 }, key()))).code).toBe(
      'charge_already_refunded',
    );
  });

  test('a full refund; replayed with its key it refunds once', async () => {
    const pi = await charge('4242424242424242');
    const k = key();
    const refund = await stripe.refund({ paymentIntentId: pi.id }, k);
    expect(refund.amount).toBe(2_499);
    expect(await stripe.refund({ paymentIntentId: pi.id }, k)).toEqual(refund);
    expect((await stripe.retrievePaymentIntent(pi.id)).amountRefunded).toBe(2_499);
  });

  test('concurrent refunds never return more than was charged', async () => {
    const pi = await charge('4242424242424242');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => stripe.refund({ paymentIntentId: pi.id, amount: 700 }, key())),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(3);
    expect((await stripe.retrievePaymentIntent(pi.id)).amountRefunded).toBe(2_100);
  });

  test('only a payment that was taken can be refunded', async () => {
    const declined = await charge('4000000000009995');
    expect((await refused(stripe.refund({ paymentIntentId: declined.id }, key()))).code).toBe(
      'payment_intent_unexpected_state',
    );
    expect((await refused(stripe.refund({ paymentIntentId: 'pi_nothing' }, key()))).code).toBe(
      'resource_missing',
    );
    const pi = await charge('4242424242424242');
    for (const amount of [0, -5, 1.5]) {
      expect((await refused(stripe.refund({ paymentIntentId: pi.id, amount }, key()))).code).toBe(
        'parameter_invalid_integer',
      );
    }
  });
});

describe('holds (manual capture)', () => {
  const DAY = 24 * 60 * 60 * 1_000;
  const hold = (
    number: string,
    extra: Partial<Parameters<PaymentProcessor['createPaymentIntent']>[0]> = {},
  ) => charge(number, { amount: 5_000, captureMethod: 'manual', ...extra });

  test('a hold on 4242… is authorised, not taken; capturing £32.10 of £50 takes £32.10 and refunds up to it only', async () => {
    const held = await hold('4242424242424242');
    expect(held).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
      amount: 5_000,
      amountCapturable: 5_000,
      amountReceived: 0,
      amountRefunded: 0,
      nextActionUrl: null,
      lastError: null,
    });
    expect(await stripe.retrievePaymentIntent(held.id)).toEqual(held);
    const [row] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, held.id));
    expect(row).toMatchObject({
      captureMethod: 'manual',
      authorizedAt: sandboxClock.now(),
      amountCaptured: null,
    });
    // Nothing was taken, so nothing can be refunded yet.
    expect((await refused(stripe.refund({ paymentIntentId: held.id }, key()))).code).toBe(
      'payment_intent_unexpected_state',
    );

    const captured = await stripe.capturePaymentIntent(held.id, { amount: 3_210 }, key());
    expect(captured).toMatchObject({
      id: held.id,
      status: 'succeeded',
      captureMethod: 'manual',
      amount: 5_000,
      amountCapturable: 0,
      amountReceived: 3_210,
    });
    expect(await stripe.retrievePaymentIntent(held.id)).toEqual(captured);

    const tooMuch = await refused(stripe.refund({ paymentIntentId: held.id, amount: 3_211 }, key()));
    expect(tooMuch.code).toBe('amount_too_large');
    expect(tooMuch.message).toContain('£32.10');
    expect(await stripe.refund({ paymentIntentId: held.id, amount: 1_000 }, key())).toMatchObject({
      amount: 1_000,
    });
    // A refund without an amount is what is left of the capture, not of the hold.
    expect((await stripe.refund({ paymentIntentId: held.id }, key())).amount).toBe(2_210);
    expect((await stripe.retrievePaymentIntent(held.id)).amountRefunded).toBe(3_210);
    expect((await refused(stripe.refund({ paymentIntentId: held.id, amount: 1 }, key()))).code).toBe(
      'charge_already_refunded',
    );
  });

  test('an automatic charge took its amount and has nothing to capture; asking for automatic is not asking', async () => {
    const { customerRef, pm } = await saveCard('4242424242424242');
    const k = key();
    const input = chargeInput(customerRef, pm);
    const paid = await stripe.createPaymentIntent(input, k);
    expect(paid).toMatchObject({
      status: 'succeeded',
      captureMethod: 'automatic',
      amountCapturable: 0,
      amountReceived: 2_499,
    });
    expect(await stripe.createPaymentIntent({ ...input, captureMethod: 'automatic' }, k)).toEqual(paid);
    expect((await refused(stripe.createPaymentIntent({ ...input, captureMethod: 'manual' }, k))).code).toBe(
      'idempotency_key_reused',
    );
    expect((await refused(stripe.capturePaymentIntent(paid.id, { amount: 2_499 }, key()))).code).toBe(
      'payment_intent_unexpected_state',
    );
  });

  test('4000 0027 6000 3184 is held once its 3-D Secure check is completed, then captured', async () => {
    const pending = await hold('4000002760003184', { returnUrl: '/dine-in-checkout' });
    expect(pending).toMatchObject({ status: 'requires_action', amountCapturable: 0, amountReceived: 0 });
    const response = await postCard(pathOf(pending.nextActionUrl!), { action: 'complete' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/dine-in-checkout?payment_intent=${pending.id}&redirect_status=succeeded`,
    );
    const held = await stripe.retrievePaymentIntent(pending.id);
    expect(held).toMatchObject({
      status: 'requires_capture',
      amountCapturable: 5_000,
      amountReceived: 0,
      nextActionUrl: null,
      lastError: null,
    });
    // Answering the check again changes nothing.
    await postCard(pathOf(pending.nextActionUrl!), { action: 'fail' });
    expect((await stripe.retrievePaymentIntent(pending.id)).status).toBe('requires_capture');
    expect(await stripe.capturePaymentIntent(pending.id, { amount: 5_000 }, key())).toMatchObject({
      status: 'succeeded',
      amountReceived: 5_000,
    });
  });

  test('a failed 3-D Secure check holds nothing', async () => {
    const pending = await hold('4000002760003184');
    await postCard(pathOf(pending.nextActionUrl!), { action: 'fail' });
    expect(await stripe.retrievePaymentIntent(pending.id)).toMatchObject({
      status: 'requires_payment_method',
      amountCapturable: 0,
      lastError: { code: 'payment_intent_authentication_failure' },
    });
  });

  test('4000 0000 0000 9995 is declined when held, and there is nothing to capture', async () => {
    const declined = await hold('4000000000009995');
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      captureMethod: 'manual',
      amountCapturable: 0,
      amountReceived: 0,
      lastError: { code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    expect((await refused(stripe.capturePaymentIntent(declined.id, { amount: 5_000 }, key()))).code).toBe(
      'payment_intent_unexpected_state',
    );
  });

  test('a capture above the hold or under 30p is refused and leaves the hold as it was', async () => {
    const held = await hold('4242424242424242');
    const above = await refused(stripe.capturePaymentIntent(held.id, { amount: 5_001 }, key()));
    expect(above).toMatchObject({ code: 'amount_too_large', statusCode: 400 });
    const under = await refused(stripe.capturePaymentIntent(held.id, { amount: 29 }, key()));
    expect(under).toMatchObject({ code: 'amount_too_small', statusCode: 400 });
    expect((await refused(stripe.capturePaymentIntent(held.id, { amount: 12.5 }, key()))).code).toBe(
      'parameter_invalid_integer',
    );
    expect(await stripe.retrievePaymentIntent(held.id)).toEqual(held);
    expect((await stripe.capturePaymentIntent(held.id, { amount: 30 }, key())).amountReceived).toBe(30);
  });

  test('a hold is captured once: the same key replays the answer, another key is refused', async () => {
    const held = await hold('4242424242424242');
    const k = key();
    const first = await stripe.capturePaymentIntent(held.id, { amount: 4_000 }, k);
    expect(await stripe.capturePaymentIntent(held.id, { amount: 4_000 }, k)).toEqual(first);
    expect((await refused(stripe.capturePaymentIntent(held.id, { amount: 4_500 }, k))).code).toBe(
      'idempotency_key_reused',
    );
    const second = await refused(stripe.capturePaymentIntent(held.id, { amount: 1_000 }, key()));
    expect(second).toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 });
    expect((await stripe.retrievePaymentIntent(held.id)).amountReceived).toBe(4_000);
    expect((await refused(stripe.capturePaymentIntent('pi_nothing', { amount: 100 }, key()))).code).toBe(
      'resource_missing',
    );
    expect((await refused(paypal.capturePaymentIntent(held.id, { amount: 100 }, key()))).code).toBe(
      'resource_missing',
    );
  });

  test('concurrent captures with different keys take the money once', async () => {
    const held = await hold('4242424242424242');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => stripe.capturePaymentIntent(held.id, { amount: 2_000 }, key())),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stripe.retrievePaymentIntent(held.id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 2_000,
    });
  });

  test('cancelling a hold lets it go: nothing was taken and nothing can be', async () => {
    const held = await hold('4242424242424242');
    const released = await stripe.cancelPaymentIntent(held.id, key());
    expect(released).toMatchObject({
      status: 'canceled',
      amountCapturable: 0,
      amountReceived: 0,
      nextActionUrl: null,
    });
    expect((await refused(stripe.capturePaymentIntent(held.id, { amount: 5_000 }, key()))).code).toBe(
      'payment_intent_unexpected_state',
    );
    expect((await refused(stripe.refund({ paymentIntentId: held.id }, key()))).code).toBe(
      'payment_intent_unexpected_state',
    );
    expect(await stripe.cancelPaymentIntent(held.id, key())).toEqual(released);
  });

  test('a captured hold is not cancelled: it comes back succeeded', async () => {
    const held = await hold('4242424242424242');
    await stripe.capturePaymentIntent(held.id, { amount: 1_500 }, key());
    expect(await stripe.cancelPaymentIntent(held.id, key())).toMatchObject({
      status: 'succeeded',
      amountReceived: 1_500,
    });
  });

  test('a hold lapses after 7 days on the sandbox’s clock: its capture is refused and it is cancelled', async () => {
    const kept = await hold('4242424242424242');
    const lapsing = await hold('4242424242424242');
    try {
      sandboxClock.advance(7 * DAY - 60_000);
      expect((await stripe.capturePaymentIntent(kept.id, { amount: 5_000 }, key())).status).toBe('succeeded');

      sandboxClock.advance(DAY + 60_000);
      const k = key();
      const expired = await refused(stripe.capturePaymentIntent(lapsing.id, { amount: 5_000 }, k));
      expect(expired).toMatchObject({ code: 'charge_expired_for_capture', statusCode: 400 });
      expect(await stripe.retrievePaymentIntent(lapsing.id)).toMatchObject({
        status: 'canceled',
        amountCapturable: 0,
        amountReceived: 0,
      });
      // The refusal is the key's answer; another key finds the intent cancelled.
      expect((await refused(stripe.capturePaymentIntent(lapsing.id, { amount: 5_000 }, k))).code).toBe(
        'charge_expired_for_capture',
      );
      expect((await refused(stripe.capturePaymentIntent(lapsing.id, { amount: 5_000 }, key()))).code).toBe(
        'payment_intent_unexpected_state',
      );
    } finally {
      sandboxClock.set(startedAt);
    }
  });

  test('off-session, 4000 0025 0000 3155 is held without a check', async () => {
    expect((await hold('4000002500003155', { offSession: true })).status).toBe('requires_capture');
  });

  test('captureMethod must be automatic or manual', async () => {
    const { customerRef, pm } = await saveCard('4242424242424242');
    const input = { ...chargeInput(customerRef, pm), captureMethod: 'later' as 'manual' };
    expect((await refused(stripe.createPaymentIntent(input, key()))).code).toBe('parameter_invalid');
  });

  describe('with PayPal', () => {
    async function paypalHold(): Promise<PaymentIntent> {
      const customer = await newCustomer('pat@example.com');
      const pi = await paypal.createPaymentIntent(
        chargeInput(customer, null, {
          amount: 6_000,
          captureMethod: 'manual',
          returnUrl: '/paypal-dine-in-setup',
        }),
        key(),
      );
      expect(pi).toMatchObject({ status: 'requires_action', captureMethod: 'manual', amountCapturable: 0 });
      return pi;
    }

    test('approving on the same page authorises the account; capturing takes part of it', async () => {
      const pi = await paypalHold();
      const page = await t.app.inject({ method: 'GET', url: pathOf(pi.nextActionUrl!) });
      expect(page.statusCode).toBe(200);
      const response = await postCard(pathOf(pi.nextActionUrl!), {
        action: 'approve',
        email: 'pat@example.com',
      });
      expect(response.headers.location).toBe(
        `/paypal-dine-in-setup?token=${pi.id}&payment_intent=${pi.id}&redirect_status=succeeded`,
      );
      const held = await paypal.retrievePaymentIntent(pi.id);
      expect(held).toMatchObject({
        status: 'requires_capture',
        amountCapturable: 6_000,
        amountReceived: 0,
        nextActionUrl: null,
      });
      expect(held.paymentMethodRef).toMatch(/^pm_/);
      const captured = await paypal.capturePaymentIntent(pi.id, { amount: 4_250 }, key());
      expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 4_250, amountCapturable: 0 });
      expect((await refused(paypal.refund({ paymentIntentId: pi.id, amount: 4_251 }, key()))).code).toBe(
        'amount_too_large',
      );
    });

    test('a declining buyer holds nothing; a cancelled hold is let go', async () => {
      const declined = await paypalHold();
      await postCard(pathOf(declined.nextActionUrl!), { action: 'approve', email: 'declined@example.com' });
      expect(await paypal.retrievePaymentIntent(declined.id)).toMatchObject({
        status: 'requires_payment_method',
        amountCapturable: 0,
        lastError: { code: 'card_declined', declineCode: 'generic_decline' },
      });

      const pi = await paypalHold();
      await postCard(pathOf(pi.nextActionUrl!), { action: 'approve', email: 'pat@example.com' });
      expect(await paypal.cancelPaymentIntent(pi.id, key())).toMatchObject({
        status: 'canceled',
        amountCapturable: 0,
      });
      expect((await refused(paypal.capturePaymentIntent(pi.id, { amount: 100 }, key()))).code).toBe(
        'payment_intent_unexpected_state',
      );
    });

    test('a saved PayPal account is held at once', async () => {
      const customer = await newCustomer();
      const si = await paypal.createSetupIntent(
        { customerRef: customer, type: 'paypal', returnUrl: '/paypal-setup-confirmation' },
        key(),
      );
      await postCard(pathOf(si.nextActionUrl!), { action: 'approve', email: 'saver@example.com' });
      const ref = (await paypal.retrieveSetupIntent(si.id)).paymentMethod!.ref;
      const pi = await paypal.createPaymentIntent(
        chargeInput(customer, ref, { captureMethod: 'manual' }),
        key(),
      );
      expect(pi).toMatchObject({ status: 'requires_capture', amountCapturable: 2_499 });
    });
  });
});

describe('card numbers are never kept', () => {
  test('no stored row in any table holds a full card number', async () => {
    for (const number of Object.keys(TEST_CARDS)) await saveCard(number);
    await saveCard('5555 5555 5555 4444');
    const tables = await t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toContain('sandbox_payment_methods');
    const numbers = [...Object.keys(TEST_CARDS), '5555555555554444'];
    for (const name of names) {
      const rows = await t.database.db.execute(
        sql.raw(`select row_to_json(t)::text as row from "${name}" t`),
      );
      const text = (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join('\n');
      for (const number of numbers) expect(text.includes(number), `${number} in ${name}`).toBe(false);
    }
  });

  test('nor does any log line, nor a client secret', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const app = await buildApp({
      config,
      database: t.database,
      clock: t.clock,
      serveWeb: false,
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
    try {
      const customer = await newCustomer();
      const si = await stripe.createSetupIntent(
        { customerRef: customer, type: 'card', returnUrl: '/account' },
        key(),
      );
      const url = cardFormUrl(si);
      for (const card of [
        { card_number: '4000 0000 0000 9995', expiry: '01/20', cvc: '123' },
        { card_number: '4000000000009995', expiry: '12/30', cvc: '123' },
      ]) {
        await app.inject({
          method: 'POST',
          url,
          headers: FORM,
          payload: new URLSearchParams(card).toString(),
        });
      }
      // A body that is not a form at all.
      await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"card_number":"4000000000009995"',
      });
      expect(lines.length).toBeGreaterThan(0);
      const text = lines.join('');
      expect(text).toContain('client_secret=[redacted]');
      expect(text).not.toContain(si.clientSecret);
      expect(text).not.toContain('4000000000009995');
      expect(text).not.toContain('4000 0000 0000 9995');
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  test('PAYMENTS is sandbox by default and the browser learns the mode', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.payments).toEqual({ mode: 'sandbox' });
    expect(publicConfig(config).payments).toEqual({
      mode: 'sandbox',
      stripePublishableKey: null,
      stripeJsUrl: null,
    });
  });

  test('live needs the Stripe and PayPal keys, and names the missing ones', () => {
    expect(() => loadConfig({ PAYMENTS: 'live', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS: 'live', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      'PAYMENTS=live needs STRIPE_PUBLISHABLE_KEY, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET',
    );
    const config = loadConfig({
      PAYMENTS: 'live',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect(config.payments).toMatchObject({ mode: 'live', paypal: { environment: 'production' } });
    const browser = publicConfig(config);
    expect(browser.payments).toEqual({
      mode: 'live',
      stripePublishableKey: 'pk_live_abc',
      stripeJsUrl: 'https://js.stripe.com/v3/',
    });
    expect(config.payments).toMatchObject({ stripe: { apiUrl: null } });
    expect(JSON.stringify(browser)).not.toContain('sk_live_abc');
    expect(JSON.stringify(browser)).not.toContain('"secret"');
  });

  test('a secret key in the publishable slot is refused', () => {
    expect(() =>
      loadConfig({
        PAYMENTS: 'live',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'sk_live_abc',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
      }),
    ).toThrow('STRIPE_PUBLISHABLE_KEY');
  });

  test('with PAYMENTS=live the sandbox pages are not served', async () => {
    const live = await createTestApp({
      PAYMENTS: 'live',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    try {
      const response = await live.app.inject({
        method: 'GET',
        url: '/sandbox/stripe/card-form?client_secret=x',
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Card details');
    } finally {
      await live.close();
    }
  });
});
