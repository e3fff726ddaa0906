import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp } from '../test/harness';
import { contentSecurityPolicy } from './content-security';

// The shop's Content-Security-Policy: our origin only in the sandbox; with PAYMENTS=live, exactly Stripe's
// documented sources for Stripe.js, Elements and 3-D Secure (or the double's one origin, decision 20).

const LIVE = {
  PAYMENTS: 'live',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
};

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name = '', ...sources] = d.split(' ');
      return [name, sources];
    }),
  );

describe('content security policy', () => {
  test('the sandbox allows nothing of Stripe’s', () => {
    const policy = directives(contentSecurityPolicy(loadConfig({ NODE_ENV: 'test' })));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  test('live allows Stripe.js, its frames and its API, and nothing else', () => {
    const policy = directives(contentSecurityPolicy(loadConfig(LIVE)));
    expect(policy['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(policy['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
  });

  test('live against the double allows the double’s origin only', () => {
    const config = loadConfig({
      ...LIVE,
      STRIPE_JS_URL: 'http://127.0.0.1:4194/v3/',
      STRIPE_API_URL: 'http://127.0.0.1:4194/',
    });
    expect(config.payments).toMatchObject({
      stripe: { jsUrl: 'http://127.0.0.1:4194/v3/', apiUrl: 'http://127.0.0.1:4194' },
    });
    const policy = directives(contentSecurityPolicy(config));
    expect(policy['script-src']).toEqual(["'self'", 'http://127.0.0.1:4194']);
    expect(policy['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4194']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:4194']);
  });

  test('an outside storefront may be fetched', () => {
    const policy = directives(
      contentSecurityPolicy(loadConfig({ STOREFRONT_URL: 'https://shop.example.com/api/graphql' })),
    );
    expect(policy['connect-src']).toEqual(["'self'", 'https://shop.example.com']);
  });

  test('production never points at a stand-in for Stripe', () => {
    for (const env of [
      { STRIPE_API_URL: 'http://127.0.0.1:4194' },
      { STRIPE_JS_URL: 'http://127.0.0.1:4194/v3/' },
    ]) {
      expect(() => loadConfig({ ...LIVE, ...env, NODE_ENV: 'production', SOCIAL_SIGN_IN: 'local' })).toThrow(
        ConfigError,
      );
    }
  });

  test('every response carries it; a page with its own policy keeps it', async () => {
    const t = await createTestApp({
      ...LIVE,
      STRIPE_JS_URL: 'http://127.0.0.1:4194/v3/',
      STRIPE_API_URL: 'http://127.0.0.1:4194',
    });
    try {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['content-security-policy']).toContain("script-src 'self' http://127.0.0.1:4194");
      const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(String(mailbox.headers['content-security-policy'])).not.toContain('127.0.0.1:4194');
    } finally {
      await t.close();
    }
  });
});
