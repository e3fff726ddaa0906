import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ApiError, NetworkError } from '../shared/api/client';
import { StorefrontError } from '../shared/storefront';
import { createQueryClient, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError(status, 'INTERNAL', 'Something went wrong');

describe('shouldRetry', () => {
  const retryable: [string, unknown][] = [
    ['ApiError 500', apiError(500)],
    ['ApiError 502', apiError(502)],
    ['ApiError 503', apiError(503)],
    ['NetworkError', new NetworkError('offline')],
    ['TypeError from fetch', new TypeError('Failed to fetch')],
    ['StorefrontError 0 (network)', new StorefrontError("Couldn't fetch menu", 0)],
    ['StorefrontError 500', new StorefrontError("Couldn't fetch menu", 500)],
  ];

  test.each(retryable)('%s: retried up to 3 times', (_, error) => {
    expect([0, 1, 2, 3, 4].map((failures) => shouldRetry(failures, error))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  test.each([429, 400, 401, 403, 404, 409, 422])('ApiError %i: never retried', (status) => {
    expect(shouldRetry(0, apiError(status))).toBe(false);
    expect(shouldRetry(1, apiError(status))).toBe(false);
  });

  test('StorefrontError 429: never retried', () => {
    expect(shouldRetry(0, new StorefrontError('Too many requests', 429))).toBe(false);
  });

  test('property: never more than 3 retries, whatever the error', () => {
    const errorArb = fc.oneof(
      fc.integer({ min: 0, max: 599 }).map((status) => apiError(status) as unknown),
      fc.integer({ min: 0, max: 599 }).map((status) => new StorefrontError('x', status) as unknown),
      fc.constant(new NetworkError('offline') as unknown),
      fc.anything(),
    );
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 1000 }), errorArb, (failures, error) => {
        expect(shouldRetry(failures, error)).toBe(false);
      }),
    );
  });

  /** How many times the configured client calls a query function that always fails with `error`. */
  async function attempts(error: unknown): Promise<number> {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['test', String(error)],
        queryFn: () => {
          calls += 1;
          return Promise.reject(error);
        },
        retryDelay: 0,
      }),
    ).rejects.toBe(error);
    client.clear();
    return calls;
  }

  test('through the query client: a 500 is tried 4 times in all, a 429 or 404 once', async () => {
    expect(await attempts(apiError(500))).toBe(4);
    expect(await attempts(new NetworkError('offline'))).toBe(4);
    expect(await attempts(apiError(429))).toBe(1);
    expect(await attempts(apiError(404))).toBe(1);
  });
});
