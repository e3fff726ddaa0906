import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildStripeDouble } from '../integrations/payments/stripe-double/stripe-double';
import { createTestApp, type TestApp } from './harness';
import { cardSetup, saveSetUpCard, type Shopper } from './checkout';

// The live Stripe adapter in API tests: the Stripe double (decision 20) listening on a free port, the shop
// built with PAYMENTS=live pointed at it, and what a browser does there (Stripe.js confirming a card, a 3-D
// Secure page answered). Its switches inject faults: an outage (`unreachable`), a reset account (`forget`).

export const DOUBLE_KEY = 'pk_test_double';

export interface RunningDouble {
  app: FastifyInstance;
  url: string;
  /** The shop's environment for PAYMENTS=live against this double. */
  env: Record<string, string>;
  unreachable(on: boolean): Promise<void>;
  forget(): Promise<void>;
  close(): Promise<void>;
}

export async function startStripeDouble(): Promise<RunningDouble> {
  const app = buildStripeDouble();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const post = async (path: string, body: unknown = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
  };
  return {
    app,
    url,
    env: {
      PAYMENTS: 'live',
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_PUBLISHABLE_KEY: DOUBLE_KEY,
      STRIPE_API_URL: url,
      STRIPE_JS_URL: `${url}/v3/`,
      PAYPAL_CLIENT_ID: 'not-used',
      PAYPAL_CLIENT_SECRET: 'not-used',
      PAYPAL_ENVIRONMENT: 'sandbox',
    },
    unreachable: (on) => post('/_double/outage', { unreachable: on }),
    forget: () => post('/_double/forget'),
    close: () => app.close(),
  };
}

/** A shop with PAYMENTS=live against a Stripe double of its own, for a describe block. */
export function liveShop(): { double: () => RunningDouble; t: () => TestApp } {
  let double: RunningDouble;
  let t: TestApp;
  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp(double.env);
  });
  afterAll(async () => {
    await double.unreachable(false);
    await t.close();
    await double.close();
  });
  return { double: () => double, t: () => t };
}

/**
 * A card typed into Stripe's fields (Stripe.js confirming the server's setup intent; a 3-D Secure check on
 * saving is completed), then saved: the payment method's id. `untilPaid` as at a checkout.
 */
export async function saveLiveCard(
  double: RunningDouble,
  s: Shopper,
  number: string,
  options: { untilPaid?: boolean } = {},
): Promise<string> {
  const { id: setupIntentId, clientSecret } = await cardSetup(s);
  const confirmed = await fetch(`${double.url}/browser/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key: DOUBLE_KEY,
      client_secret: clientSecret,
      card: { number, expiry: '12/34', cvc: '123' },
    }),
  });
  const { intent } = (await confirmed.json()) as { intent: { id: string; status: string } };
  if (intent.status === 'requires_action') {
    const challenge = await fetch(
      `${double.url}/3ds/setup/${intent.id}?client_secret=${encodeURIComponent(clientSecret)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: 'complete' }),
      },
    );
    expect(await challenge.json()).toEqual({ status: 'succeeded' });
  } else expect(intent.status).toBe('succeeded');
  return saveSetUpCard(s, setupIntentId, options);
}

/** Answers the double's 3-D Secure page for a payment (the redirect Stripe sends the browser to). */
export async function answerLiveChallenge(nextActionUrl: string, outcome: 'complete' | 'fail'): Promise<URL> {
  const response = await fetch(nextActionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(String(response.headers.get('location')));
}
