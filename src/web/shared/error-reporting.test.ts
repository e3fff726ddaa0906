// @vitest-environment jsdom
import type { ErrorEvent } from '@sentry/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startErrorReporting } from './error-reporting';
import { scrubBrowserEvent } from './error-reporting-sentry';

// The browser's error reporting (issue 25 part 6): nothing at all without a DSN on the page; with one, it
// listens once per page and waits for the page to be idle before loading Sentry; nothing personal is sent.

function nameDsn(dsn: string) {
  const meta = document.createElement('meta');
  meta.name = 'sfoglia-error-reports';
  meta.content = dsn;
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta').forEach((meta) => meta.remove());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('without a DSN on the page', () => {
  test('nothing listens, nothing is scheduled, and the React root keeps its own behaviour', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    vi.useFakeTimers();
    expect(startErrorReporting()).toEqual({});
    expect(listen).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('with a DSN on the page', () => {
  test('listens for the window’s errors once per page and loads Sentry only when the page is idle', () => {
    nameDsn('https://public@o1.ingest.sentry.io/2');
    const listen = vi.spyOn(window, 'addEventListener');
    // Fake timers, never run: Sentry is not loaded here (the idle callback stays waiting, then is dropped).
    vi.useFakeTimers();
    const options = startErrorReporting();
    expect(startErrorReporting().onCaughtError).toBeTypeOf('function');
    expect(listen.mock.calls.map(([type]) => type)).toEqual(['error', 'unhandledrejection']);
    expect(vi.getTimerCount()).toBe(1);
    expect(options.onCaughtError).toBeTypeOf('function');
  });
});

describe('the scrubber', () => {
  test('removes the user, breadcrumbs and the query; masks email addresses', () => {
    const event = scrubBrowserEvent({
      type: undefined,
      message: 'Signed in as maria.rossi@example.co.uk',
      user: { ip_address: '203.0.113.7', email: 'maria.rossi@example.co.uk' },
      breadcrumbs: [{ category: 'navigation', data: { to: '/reset-password?token=abc' } }],
      request: {
        url: 'https://shop.example/reset-password?token=abc#x',
        headers: { 'User-Agent': 'Mozilla', Referer: 'https://shop.example/account?email=x@y.z' },
      },
      exception: { values: [{ type: 'TypeError', value: 'no basket for maria.rossi@example.co.uk' }] },
    } as unknown as ErrorEvent);
    expect(event.user).toBeUndefined();
    expect(event.breadcrumbs).toBeUndefined();
    expect(event.request).toEqual({ url: 'https://shop.example/reset-password' });
    expect(event.message).toBe('Signed in as [email]');
    expect(event.exception!.values![0]).toEqual({ type: 'TypeError', value: 'no basket for [email]' });
    expect(JSON.stringify(event)).not.toMatch(/maria|token=|203\.0\.113\.7|x@y\.z/);
  });
});
