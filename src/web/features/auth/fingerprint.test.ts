import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { browserFingerprint } from './device-fingerprint';
import { FINGERPRINT_FAILED, registerFingerprintInBackground } from './fingerprint';

// Spec §7 POST /customers/fingerprint after a sign-in, in the background; §8 "Couldn't register fingerprint".

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: () => Response;
let dataLayer: { event: string; error_message?: string }[];

beforeEach(() => {
  calls = [];
  answer = () => new Response(null, { status: 204 });
  dataLayer = [];
  vi.stubGlobal('window', { location: { origin: 'http://shop.test' }, devicePixelRatio: 2, dataLayer });
  vi.stubGlobal('navigator', {
    userAgent: 'Test/1.0',
    language: 'en-GB',
    languages: ['en-GB', 'en'],
    hardwareConcurrency: 4,
    maxTouchPoints: 5,
  });
  vi.stubGlobal('screen', { width: 412, height: 915, colorDepth: 24 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      calls.push({ url: String(url), init });
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('browserFingerprint', () => {
  test('a SHA-256 of the browser: the same each time, within the API’s 8–200 characters', async () => {
    const first = await browserFingerprint();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await browserFingerprint()).toBe(first);
    vi.stubGlobal('screen', { width: 1920, height: 1080, colorDepth: 24 });
    expect(await browserFingerprint()).not.toBe(first);
  });
});

describe('registerFingerprintInBackground', () => {
  test('posts the fingerprint once per customer', async () => {
    registerFingerprintInBackground('c-once');
    registerFingerprintInBackground('c-once');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://shop.test/api/v2/customers/fingerprint');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ fingerprint: await browserFingerprint() });
    expect(dataLayer).toEqual([]);
  });

  test('a failure is reported as "Couldn\'t register fingerprint", and the next sign-in tries again', async () => {
    answer = () =>
      new Response(JSON.stringify({ errors: [{ status: '500', code: 'INTERNAL', detail: 'Oops' }] }), {
        status: 500,
      });
    registerFingerprintInBackground('c-fails');
    await vi.waitFor(() => expect(dataLayer.map((e) => e.error_message)).toContain(FINGERPRINT_FAILED));
    answer = () => new Response(null, { status: 204 });
    registerFingerprintInBackground('c-fails');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });
});
