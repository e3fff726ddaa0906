import { describe, expect, test } from 'vitest';
import { confirmationPath, ratePagePath, starsFrom } from './rate-my-takeaway-page';

// The rating page's addresses (issue 23): the stars a link chose, and the way back from the confirmation
// keeping the order and its key.

describe('the rating page’s addresses', () => {
  test('only whole stars 1–5 are chosen from the link', () => {
    expect(['1', '5', '3'].map(starsFrom)).toEqual([1, 5, 3]);
    expect(['0', '6', '4.5', '', 'four', null].map(starsFrom)).toEqual([null, null, null, null, null, null]);
  });

  test('the order and its key are kept, the stars only when given', () => {
    const order = '9b2f6c1e-1111-4a5b-8c9d-0123456789ab';
    expect(ratePagePath(order, 'k'.repeat(32))).toBe(
      `/rate-my-takeaway?order=${order}&key=${'k'.repeat(32)}`,
    );
    expect(ratePagePath(order, null, 4)).toBe(`/rate-my-takeaway?order=${order}&rating=4`);
    expect(ratePagePath(null, null)).toBe('/rate-my-takeaway');
    expect(confirmationPath(order, 'abc', 5)).toBe(
      `/rate-my-takeaway/confirmation?order=${order}&key=abc&rating=5`,
    );
  });
});
