import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { penceToPounds, poundsToPence } from './money-input';

describe('money typed in the back office', () => {
  test('pounds and pence, with or without £; a sign only where taking is allowed', () => {
    expect(poundsToPence('12')).toBe(1200);
    expect(poundsToPence('£12.5')).toBe(1250);
    expect(poundsToPence(' 0.07 ')).toBe(7);
    expect(poundsToPence('-3.00')).toBeNull();
    expect(poundsToPence('-3.00', true)).toBe(-300);
    expect(poundsToPence('1.234')).toBeNull();
    expect(poundsToPence('ten')).toBeNull();
    expect(poundsToPence('')).toBeNull();
  });

  test('any amount written back as pounds reads as the same pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (amount) => {
        expect(poundsToPence(penceToPounds(amount))).toBe(amount);
        expect(poundsToPence(`-${penceToPounds(amount)}`, true)).toBe(amount === 0 ? -0 : -amount);
      }),
    );
  });
});
