import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, LIVE_PAYMENTS as LIVE, PRODUCTION } from '../test/harness';
import { contentSecurityPolicy } from './content-security';

// The shop's Content-Security-Policy: our origin only in the sandbox; with PAYMENTS=live, exactly Stripe's
// documented sources for Stripe.js, Elements and 3-D Secure (or the double's one origin, decision 20).
// Complete (issue 19, item 23): a default, and images, styles, fonts and form posts named. And production
// takes real payments on the real clock: never the test processor, never a pinned clock.

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name = '', ...sources] = d.split(' ');
      return [name, sources];
    }),
  );

describe('content security policy', () => {
  test('it is complete: our own origin by default, and every kind of source named', () => {
    for (const config of [loadConfig({ NODE_ENV: 'test' }), loadConfig(PRODUCTION)]) {
      const policy = directives(contentSecurityPolicy(config));
      expect(policy['default-src']).toEqual(["'self'"]);
      // Inline style attributes (React's, written by server rendering), but no stylesheet from elsewhere.
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:']);
      expect(policy['font-src']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      // No directive allows any origin at all.
      expect(Object.values(policy).flat()).not.toContain('*');
    }
  });

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
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://shop.example.com']);
  });

  test('production refuses to start with the test processor or a pinned clock, and says what to do', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`started with ${JSON.stringify(env)}`);
    };
    const bare = { NODE_ENV: 'production', SOCIAL_SIGN_IN: 'local' };
    // Nothing said: production means live payments, which need their keys (no longer the sandbox).
    expect(refusal(bare)).toBe(
      'Invalid configuration:\n  PAYMENTS=live needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, PAYPAL_CLIENT_ID,' +
        ' PAYPAL_CLIENT_SECRET (NODE_ENV=production takes real payments only)',
    );
    expect(refusal({ ...PRODUCTION, PAYMENTS: 'sandbox' })).toBe(
      'Invalid configuration:\n  NODE_ENV=production takes real payments: PAYMENTS=sandbox is the test processor' +
        ' (set PAYMENTS=live with the Stripe and PayPal keys)',
    );
    expect(refusal({ ...PRODUCTION, SFOGLIA_NOW: '2026-11-18T10:00:00Z' })).toBe(
      'Invalid configuration:\n  NODE_ENV=production runs on the real clock: unset SFOGLIA_NOW' +
        ' (2026-11-18T10:00:00Z pins it)',
    );
    expect(
      refusal({ ...bare, PAYMENTS: 'sandbox', SFOGLIA_NOW: '2026-11-18T10:00:00Z' }).split('\n'),
    ).toHaveLength(3);
    // With live payments and the real clock it starts; outside production the sandbox stays the default.
    expect(loadConfig(PRODUCTION)).toMatchObject({
      env: 'production',
      payments: { mode: 'live' },
      pinnedNow: null,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).payments.mode).toBe('sandbox');
    expect(loadConfig({ SFOGLIA_NOW: '2026-11-18T10:00:00Z' }).pinnedNow).toEqual(
      new Date('2026-11-18T10:00:00Z'),
    );
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
