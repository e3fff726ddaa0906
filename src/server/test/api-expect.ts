import { expect } from 'vitest';
import type { Response } from './harness';

// Assertions shared by the API tests: the error document (architecture decision 5) and the demo
// catalogue's ids (src/server/db/seed/demo-seed.ts: product 1000+n, variants 10000+n*10+1 and +2).

export const API = '/api/v2';

/** Our variant id for dish `n`: "10011" is dish 1's regular portion. */
export const variantId = (n: number, double = false) => String(10_000 + n * 10 + (double ? 2 : 1));
/** The storefront's global id for dish `n`'s variant. */
export const variantGid = (n: number, double = false) =>
  `gid://shopify/ProductVariant/${variantId(n, double)}`;

/**
 * Asserts an error answer: the status, JSON, `{ errors: [{ status, code, detail }], meta: { request_id } }`
 * with the request id also in the X-Request-Id header, and the first error's code (and detail, if given).
 * Returns the errors for further checks.
 */
export function expectError(
  response: Response<any>,
  status: number,
  code: string,
  detail?: string | RegExp,
): { status: string; code: string; detail: string; source?: any; meta?: any }[] {
  const context = JSON.stringify(response.body);
  expect(response.status, context).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.body;
  expect(Object.keys(body).sort(), context).toEqual(['errors', 'meta']);
  expect(body.meta, context).toEqual({ request_id: expect.any(String) });
  expect(body.meta.request_id.length).toBeGreaterThanOrEqual(8);
  expect(response.headers['x-request-id']).toBe(body.meta.request_id);
  expect(Array.isArray(body.errors) && body.errors.length > 0, context).toBe(true);
  for (const error of body.errors) {
    expect(error.status, context).toBe(String(status));
    expect(typeof error.code).toBe('string');
    expect(typeof error.detail).toBe('string');
    expect(error.detail.length).toBeGreaterThan(0);
  }
  expect(body.errors[0].code, context).toBe(code);
  if (typeof detail === 'string') expect(body.errors[0].detail).toBe(detail);
  else if (detail) expect(body.errors[0].detail).toMatch(detail);
  return body.errors;
}
