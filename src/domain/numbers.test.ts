import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [2000, '2,000'],
    [1_234_567, '1,234,567'],
    [-1200, '-1,200'],
    [-0, '0'],
  ])('%i → %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });

  test('property: equals en-GB toLocaleString for any safe integer', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.integer({ min: -5000, max: 5000 })),
        (value) => {
          expect(formatCount(value)).toBe(value.toLocaleString('en-GB'));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
