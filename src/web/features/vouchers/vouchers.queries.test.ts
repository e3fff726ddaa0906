import { describe, expect, test } from 'vitest';
import { ApiError, NetworkError } from '../../shared/api/client';
import { INVALID_CODE, voucherErrorMessage } from './vouchers.queries';

describe('voucher messages (spec §8)', () => {
  test("a 400 shows the server's message; anything else says Invalid code", () => {
    expect(voucherErrorMessage(new ApiError(400, 'VOUCHER_INVALID', 'This code has expired'))).toBe(
      'This code has expired',
    );
    expect(voucherErrorMessage(new ApiError(404, 'VOUCHER_NOT_FOUND', 'Not found'))).toBe(INVALID_CODE);
    expect(voucherErrorMessage(new ApiError(500, 'INTERNAL', 'Something went wrong'))).toBe('Invalid code');
    expect(voucherErrorMessage(new NetworkError('offline'))).toBe('Invalid code');
  });
});
