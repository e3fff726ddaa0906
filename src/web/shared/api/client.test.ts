import { describe, expect, test } from 'vitest';
import { apiErrorFrom, isApiError, isRefusal, isShopFailure } from './client';

// How an error answer becomes an ApiError the screens branch on: by its code, one of the contracts'.

describe('apiErrorFrom', () => {
  test('a known code, with its detail, the field it is about, its meta and the request id', () => {
    const error = apiErrorFrom(400, {
      errors: [
        { status: '400', code: 'INVALID_EMAIL', detail: 'Invalid email', source: { pointer: '/email' } },
        {
          status: '400',
          code: 'VALIDATION_FAILED',
          detail: 'Enter your first name',
          source: { pointer: '/first_name' },
          meta: { max_length: 100 },
        },
      ],
      meta: { request_id: 'req-42' },
    });
    expect(error.code).toBe('INVALID_EMAIL');
    expect(error.message).toBe('Invalid email');
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('req-42');
    expect(error.errors).toEqual([
      { code: 'INVALID_EMAIL', detail: 'Invalid email', pointer: '/email' },
      {
        code: 'VALIDATION_FAILED',
        detail: 'Enter your first name',
        pointer: '/firstName',
        meta: { maxLength: 100 },
      },
    ]);
  });

  test('an unknown code becomes INTERNAL, with the server’s words kept', () => {
    const error = apiErrorFrom(503, {
      errors: [{ status: '503', code: 'SOMETHING_NEW', detail: 'Please type your address.' }],
    });
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('Please type your address.');
    expect(isShopFailure(error)).toBe(true);
  });

  test('no error document (a proxy’s page, an empty body) is INTERNAL with a general sentence', () => {
    for (const body of [null, '<html>Bad gateway</html>', { message: 'nope' }, { errors: 'x' }]) {
      const error = apiErrorFrom(502, body);
      expect(error.code).toBe('INTERNAL');
      expect(error.message).toBe('Something went wrong');
      expect(error.errors).toEqual([]);
    }
  });
});

describe('telling answers apart by code', () => {
  const answer = (code: string, status: number) =>
    apiErrorFrom(status, { errors: [{ status: String(status), code, detail: code }] });

  test('isApiError matches the code, never the status', () => {
    expect(isApiError(answer('RATE_LIMITED', 429), 'RATE_LIMITED')).toBe(true);
    expect(isApiError(answer('RATE_LIMITED', 429), 'VOUCHER_INVALID', 'VALIDATION_FAILED')).toBe(false);
    expect(isApiError(new Error('RATE_LIMITED'), 'RATE_LIMITED')).toBe(false);
  });

  test('a refusal is a stated reason the customer can act on; not a failure, not a sign-in', () => {
    expect(isRefusal(answer('DELIVERY_DATE_UNAVAILABLE', 400))).toBe(true);
    expect(isRefusal(answer('OUT_OF_STOCK', 409))).toBe(true);
    expect(isRefusal(answer('RATE_LIMITED', 429))).toBe(true);
    expect(isRefusal(answer('INTERNAL', 500))).toBe(false);
    expect(isRefusal(answer('PAYMENT_PROCESSOR_ERROR', 502))).toBe(false);
    expect(isRefusal(answer('UNAUTHENTICATED', 401))).toBe(false);
    // A newer server's code this page does not know: still a refusal, in the server's words.
    expect(isRefusal(answer('SOMETHING_NEW', 409))).toBe(true);
    expect(isRefusal(answer('SOMETHING_NEW', 503))).toBe(false);
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });
});
