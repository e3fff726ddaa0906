import * as Sentry from '@sentry/node';
import type { ErrorEvent } from '@sentry/node';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { noErrorReporter, startErrorReporting } from './error-reporting';
import { scrubEvent } from './scrub';

// Error reports (issue 25 part 6): nowhere without SENTRY_DSN (Sentry never initialised), and nothing
// personal in what would leave with one (the scrubber Sentry's beforeSend runs).

describe('without SENTRY_DSN', () => {
  test('errors are reported nowhere, and Sentry is never initialised', async () => {
    const reporter = await startErrorReporting(loadConfig({ NODE_ENV: 'production', ...LIVE }));
    expect(reporter).toBe(noErrorReporter);
    expect(reporter.enabled).toBe(false);
    reporter.report(new Error('nobody hears this'), { requestId: 'request-0001' });
    expect(Sentry.isInitialized()).toBe(false);
    expect(Sentry.getClient()).toBeUndefined();
  });

  test('SENTRY_DSN and SENTRY_BROWSER_DSN must be URLs; METRICS_TOKEN at least 16 characters', () => {
    expect(() => loadConfig({ SENTRY_DSN: 'not a dsn' })).toThrow(
      /SENTRY_DSN="not a dsn": must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ SENTRY_BROWSER_DSN: 'nope' })).toThrow(/SENTRY_BROWSER_DSN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN="short"/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, sixteen+' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({}).observability).toEqual({
      metricsToken: null,
      sentryDsn: null,
      sentryBrowserDsn: null,
    });
    expect(
      loadConfig({ METRICS_TOKEN: 'abcdefghijklmnop', SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2' })
        .observability,
    ).toEqual({
      metricsToken: 'abcdefghijklmnop',
      sentryDsn: 'https://k@o1.ingest.sentry.io/2',
      sentryBrowserDsn: null,
    });
  });
});

const LIVE = {
  PAYMENTS: 'live',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
  SOCIAL_SIGN_IN: 'local',
};

describe("the scrubber (Sentry's beforeSend)", () => {
  const personal = (): ErrorEvent =>
    ({
      type: undefined,
      event_id: 'abc',
      message: 'Could not email maria.rossi@example.co.uk',
      tags: { request_id: 'request-0001', route: '/api/v2/orders/:id' },
      user: { id: 'c-1', email: 'maria.rossi@example.co.uk', ip_address: '203.0.113.7' },
      request: {
        method: 'POST',
        url: 'https://shop.example/api/v2/sessions?email=maria.rossi@example.co.uk#top',
        cookies: { sfoglia_sid: 'secret-session' },
        headers: {
          cookie: 'sfoglia_sid=secret-session',
          authorization: 'Bearer x',
          'x-forwarded-for': '203.0.113.7',
        },
        data: { password: 'gnocchi on a tuesday' },
        query_string: 'email=maria.rossi@example.co.uk',
        env: { REMOTE_ADDR: '203.0.113.7' },
      },
      breadcrumbs: [{ category: 'http', data: { url: '/reset?token=abc' } }],
      contexts: { user: { name: 'Maria' }, runtime: { name: 'node' } },
      exception: {
        values: [
          { type: 'Error', value: 'No customer maria.rossi@example.co.uk', stacktrace: { frames: [] } },
        ],
      },
    }) as unknown as ErrorEvent;

  test('removes the user, cookies, headers, body, query, address and breadcrumbs; masks email addresses', () => {
    const event = scrubEvent(personal());
    expect(event.user).toBeUndefined();
    expect(event.breadcrumbs).toBeUndefined();
    expect(event.request).toEqual({ method: 'POST', url: 'https://shop.example/api/v2/sessions' });
    expect(event.contexts).toEqual({ runtime: { name: 'node' } });
    expect(event.message).toBe('Could not email [email]');
    expect(event.exception!.values![0]!.value).toBe('No customer [email]');
    // What says where the fault is stays: the request id and route tags, the exception's type and stack.
    expect(event.tags).toEqual({ request_id: 'request-0001', route: '/api/v2/orders/:id' });
    expect(event.exception!.values![0]!.type).toBe('Error');
    const text = JSON.stringify(event);
    for (const secret of [
      'maria.rossi',
      'secret-session',
      'gnocchi',
      '203.0.113.7',
      'Bearer',
      'token=abc',
      'Maria',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  test('an event without a request or exception passes through', () => {
    const plain = { message: 'just words' } as ErrorEvent;
    expect(scrubEvent(plain)).toEqual({ message: 'just words' });
  });
});
