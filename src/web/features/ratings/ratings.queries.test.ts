import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { setTransport } from '../../shared/api/transport';
import { ratingQueries } from './ratings.queries';

// The rating page's order is read by its loader as the page loads, before the page observes it (issue 24).

const ORDER = '0b7c9a52-3f1e-4d8a-9c61-5e2f8a7d4b10';

describe("the rating page's order", () => {
  test('a read that failed is not made again as the page mounts (the page offers to try again)', async () => {
    const client = new QueryClient();
    let reads = 0;
    const options = {
      ...ratingQueries.order(ORDER, 'cut-short'),
      queryFn: async () => {
        reads += 1;
        throw new Error('the shop failed');
      },
    };
    await client.prefetchQuery(options);
    expect(client.getQueryState(options.queryKey)?.status).toBe('error');

    const observer = new QueryObserver(client, options);
    const stop = observer.subscribe(() => {});
    // A read on mount starts within subscribe.
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');
    expect(observer.getCurrentResult().status).toBe('error');
    stop();
    expect(reads).toBe(1);
  });

  test('a read that arrived is shown as it is, not read again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    let reads = 0;
    const options = {
      ...ratingQueries.order(ORDER, 'key'),
      queryFn: async () => {
        reads += 1;
        return { orderId: ORDER } as never;
      },
    };
    await client.prefetchQuery(options);
    const observer = new QueryObserver(client, options);
    const stop = observer.subscribe(() => {});
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');
    expect(observer.getCurrentResult().data).toEqual({ orderId: ORDER });
    stop();
    expect(reads).toBe(1);
  });
});

describe("the rating page's order, as the shop answers it", () => {
  afterEach(() => setTransport((url, init) => fetch(url, init)));
  /** The shop answering the order's read with `status` and an error of `code`. */
  const answering = (status: number, code: string) =>
    setTransport(async () =>
      Response.json({ errors: [{ status: String(status), code, detail: code }] }, { status }),
    );
  const read = () => new QueryClient().fetchQuery(ratingQueries.order(ORDER, 'key'));

  test.each([
    [404, 'ORDER_NOT_FOUND'],
    [404, 'NOT_FOUND'],
    [422, 'VALIDATION_FAILED'],
  ])(
    'a link to no order it may see (%i %s) is an answer: null, which the server renders',
    async (status, code) => {
      answering(status, code);
      expect(await read()).toBeNull();
    },
  );

  test.each([
    [503, 'DATABASE_UNAVAILABLE'],
    [500, 'INTERNAL'],
    [429, 'RATE_LIMITED'],
  ])('a failure (%i %s) stays a failure: the page offers to try again', async (status, code) => {
    answering(status, code);
    await expect(read()).rejects.toBeInstanceOf(ApiError);
  });

  test('it is marked personal: a page the server renders with it is never kept (decision 39)', () => {
    expect(ratingQueries.order(ORDER, 'key').meta).toEqual({ personal: true });
  });
});
