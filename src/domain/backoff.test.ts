import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { backoffDelayMs, type Backoff } from './backoff';

// The sign-in backoff's rule (decision 9's addendum): free failures, then doubling waits up to a cap.

const SIGN_IN: Backoff = { free: 10, baseMs: 1_000, maxMs: 15 * 60_000, forgetAfterMs: 3_600_000 };

const policies = fc.record({
  free: fc.integer({ min: 0, max: 50 }),
  baseMs: fc.integer({ min: 1, max: 60_000 }),
  maxMs: fc.integer({ min: 1, max: 86_400_000 }),
  forgetAfterMs: fc.constant(3_600_000),
});

describe('backoffDelayMs', () => {
  test('the sign-in policy: ten free, then 1 s, 2 s, 4 s… and never more than 15 minutes', () => {
    expect([1, 10, 11, 12, 13, 20, 21].map((n) => backoffDelayMs(SIGN_IN, n))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 512_000, 900_000,
    ]);
    expect(backoffDelayMs(SIGN_IN, 10_000)).toBe(900_000);
  });

  test('free failures cost nothing; after them the wait never shrinks, doubles until the cap, and never passes it', () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 0, max: 2_000 }), (policy, n) => {
        const wait = backoffDelayMs(policy, n);
        const next = backoffDelayMs(policy, n + 1);
        if (n <= policy.free) expect(wait).toBe(0);
        expect(next).toBeGreaterThanOrEqual(wait);
        expect(next).toBeLessThanOrEqual(Math.max(policy.maxMs, 0));
        if (n > policy.free && next < policy.maxMs) expect(next).toBe(wait * 2);
      }),
    );
  });
});
