import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatPence,
  formatPenceShort,
  multiplyPence,
  parseDecimalToPence,
  pence,
  penceToDecimal,
  prorate,
  sumPence,
  ZERO,
} from './money';

// Amounts a shop can meet: up to £10m either way (the contracts allow ±£1m).
const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

/** Largest-remainder apportionment in exact integer arithmetic, ties to the earlier line: the reference. */
function referenceProrate(weights: readonly number[], total: number): number[] {
  const w = weights.every((x) => x === 0) ? weights.map(() => 1n) : weights.map(BigInt);
  const sum = w.reduce((a, b) => a + b, 0n);
  const abs = BigInt(Math.abs(total));
  const floors = w.map((x) => (abs * x) / sum);
  const remainders = w.map((x, index) => ({ index, rest: (abs * x) % sum }));
  let left = abs - floors.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    floors[index] = floors[index]! + 1n;
    left -= 1n;
  }
  return floors.map((f) => (total < 0 ? -Number(f) : Number(f)) + 0);
}

describe('pence', () => {
  test('accepts safe integers and refuses anything else', () => {
    expect(pence(199)).toBe(199);
    expect(pence(-5)).toBe(-5);
    expect(ZERO).toBe(0);
    expect(() => pence(1.5)).toThrow(RangeError);
    expect(() => pence(Number.NaN)).toThrow(RangeError);
    expect(() => pence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => pence(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('formatPence', () => {
  test.each([
    [199, '£1.99'],
    [123_450, '£1,234.50'],
    [0, '£0.00'],
    [5, '£0.05'],
    [10, '£0.10'],
    [1000, '£10.00'],
    [100_000_000, '£1,000,000.00'],
    [-199, '-£1.99'],
    [-123_450, '-£1,234.50'],
    [-1, '-£0.01'],
  ])('%i → %s', (value, text) => {
    expect(formatPence(pence(value))).toBe(text);
  });

  test('negative zero (e.g. -1 × 0p) reads £0.00, not -£0.00', () => {
    expect(formatPence(multiplyPence(-199, 0))).toBe('£0.00');
    expect(formatPence(-0)).toBe('£0.00');
  });

  test('property: digits agree with penceToDecimal, grouped in thousands, sign in front of the £', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const text = formatPence(value);
        expect(text).toMatch(/^-?£\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(text.replace('£', '').replaceAll(',', '')).toBe(penceToDecimal(value));
      }),
    );
  });
});

describe('pounds written without Intl (issue 24), as en-GB writes them', () => {
  const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  const whole = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  });
  // Up to ±£100bn: beyond it, Intl's pounds (pence ÷ 100 as a float) lose the last penny, and ours do not.
  const anyPence = fc.oneof(
    amount,
    fc.integer({ min: -10_000, max: 10_000 }),
    fc.integer({ min: -1e13, max: 1e13 }),
  );

  test('property: formatPence and formatPenceShort equal Intl.NumberFormat for whole pence', () => {
    fc.assert(
      fc.property(anyPence, (value) => {
        expect(formatPence(value)).toBe(gbp.format(value / 100 + 0));
        expect(formatPenceShort(value)).toBe(
          value % 100 === 0 ? whole.format(value / 100 + 0) : gbp.format(value / 100 + 0),
        );
      }),
      { numRuns: 5000 },
    );
  });

  test('the largest safe amounts keep every penny', () => {
    expect(formatPence(7_662_983_147_678_251)).toBe('£76,629,831,476,782.51');
    expect(formatPence(-Number.MAX_SAFE_INTEGER)).toBe('-£90,071,992,547,409.91');
  });

  test('a fraction of a penny is still written by Intl (rounded)', () => {
    expect(formatPence(199.6)).toBe('£2.00');
    expect(formatPence(-0.4)).toBe(gbp.format(-0.004));
  });
});

describe('formatPenceShort', () => {
  test.each([
    [1000, '£10'],
    [1050, '£10.50'],
    [199, '£1.99'],
    [0, '£0'],
    [-1000, '-£10'],
    [-1050, '-£10.50'],
  ])('%i → %s', (value, text) => {
    expect(formatPenceShort(value)).toBe(text);
  });
});

describe('parseDecimalToPence', () => {
  test.each([
    ['7.5', 750],
    ['12.00', 1200],
    ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ['1.15', 115], // 1.15 * 100 is 114.99999999999999
    ['4.35', 435],
    ['1.1', 110],
    ['0', 0],
    ['0.01', 1],
    ['1234', 123_400],
    ['-3.05', -305],
    ['-0.5', -50],
    [' 2.50 ', 250],
    ['007.10', 710],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('"%s" → %i', (text, value) => {
    expect(parseDecimalToPence(text)).toBe(value);
  });

  test('"-0" and "-0.00" are zero, not negative zero', () => {
    expect(Object.is(parseDecimalToPence('-0'), 0)).toBe(true);
    expect(Object.is(parseDecimalToPence('-0.00'), 0)).toBe(true);
    expect(formatPence(parseDecimalToPence('-0.00'))).toBe('£0.00');
  });

  test.each([
    '1.234',
    '0.001',
    'abc',
    '',
    '   ',
    '1.',
    '.5',
    '+1',
    '--1',
    '1,000.00',
    '£1.99',
    '1e3',
    'NaN',
    'Infinity',
    '0x10',
    '1 000',
    '1.2.3',
    '90071992547409.92',
    '99999999999999999999',
  ])('refuses "%s"', (text) => {
    expect(() => parseDecimalToPence(text)).toThrow(RangeError);
  });

  test('property: round trip with penceToDecimal for every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(parseDecimalToPence(penceToDecimal(value))).toBe(value);
      }),
    );
  });

  test('property: digits are read exactly, never through a float', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 90_000_000_000_000n }),
        fc.stringMatching(/^\d{1,2}$/),
        (negative, whole, fraction) => {
          const text = `${negative ? '-' : ''}${whole}.${fraction}`;
          const exact = whole * 100n + BigInt(fraction.padEnd(2, '0'));
          expect(parseDecimalToPence(text)).toBe(Number(negative ? -exact : exact) + 0);
        },
      ),
    );
  });

  test('property: more than two decimal places is refused, never rounded', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.stringMatching(/^\d{3,6}$/), (whole, fraction) => {
        expect(() => parseDecimalToPence(`${whole}.${fraction}`)).toThrow(RangeError);
      }),
    );
  });
});

describe('penceToDecimal', () => {
  test.each([
    [750, '7.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-5, '-0.05'],
    [-199, '-1.99'],
    [123_456, '1234.56'],
  ])('%i → "%s"', (value, text) => {
    expect(penceToDecimal(value)).toBe(text);
  });
});

describe('sumPence', () => {
  test('adds any iterable of pence', () => {
    expect(sumPence([])).toBe(0);
    expect(sumPence([pence(199), pence(1), pence(-50)])).toBe(150);
    expect(sumPence(new Set([100, 250]))).toBe(350);
    function* amounts() {
      yield 1;
      yield 2;
      yield 3;
    }
    expect(sumPence(amounts())).toBe(6);
  });

  test('refuses a sum beyond the safe integers', () => {
    expect(() => sumPence([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  test('property: matches exact integer addition', () => {
    fc.assert(
      fc.property(fc.array(amount), (values) => {
        expect(sumPence(values)).toBe(Number(values.reduce((s, v) => s + BigInt(v), 0n)));
      }),
    );
  });
});

describe('multiplyPence', () => {
  test('multiplies by whole quantities', () => {
    expect(multiplyPence(pence(199), 3)).toBe(597);
    expect(multiplyPence(pence(-199), 2)).toBe(-398);
    expect(multiplyPence(pence(750), 0)).toBe(0);
  });

  test('refuses fractional or non-finite quantities and unsafe results', () => {
    expect(() => multiplyPence(pence(199), 1.5)).toThrow(RangeError);
    expect(() => multiplyPence(pence(199), Number.NaN)).toThrow(RangeError);
    expect(() => multiplyPence(pence(199), Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => multiplyPence(pence(Number.MAX_SAFE_INTEGER), 2)).toThrow(RangeError);
  });
});

describe('prorate', () => {
  test('examples', () => {
    expect(prorate([], pence(100))).toEqual([]);
    expect(prorate([pence(500), pence(300), pence(200)], pence(100))).toEqual([50, 30, 20]);
    expect(prorate([1, 1, 1], pence(100))).toEqual([34, 33, 33]);
    expect(prorate([1, 1, 1], pence(-100))).toEqual([-34, -33, -33]);
    expect(prorate([2, 1], pence(1))).toEqual([1, 0]);
    expect(prorate([1, 2], pence(1))).toEqual([0, 1]);
    expect(prorate([999, 0, 1], pence(10))).toEqual([10, 0, 0]);
  });

  test('ties in the remainder go to the earlier line', () => {
    // Exact shares 4/3, 1/3, 1/3: all three remainders are 1/3.
    expect(prorate([4, 1, 1], pence(2))).toEqual([2, 0, 0]);
    expect(prorate([1, 4, 1], pence(2))).toEqual([1, 1, 0]);
    expect(prorate([1, 1, 4], pence(-2))).toEqual([-1, 0, -1]);
  });

  test('zero weights share equally, the extra pennies to the earliest lines', () => {
    expect(prorate([0, 0], pence(5))).toEqual([3, 2]);
    expect(prorate([0, 0, 0], pence(-7))).toEqual([-3, -2, -2]);
    expect(prorate([0, 0, 0], ZERO)).toEqual([0, 0, 0]);
  });

  test('a single line gets everything', () => {
    expect(prorate([pence(1234)], pence(-99))).toEqual([-99]);
    expect(prorate([0], pence(7))).toEqual([7]);
  });

  test('refuses negative weights', () => {
    expect(() => prorate([100, -1], pence(10))).toThrow(RangeError);
    expect(() => prorate([-1, 1], pence(10))).toThrow(RangeError);
  });

  test('never yields negative zero', () => {
    for (const part of prorate([1, 1, 1], pence(-1))) expect(Object.is(part, -0)).toBe(false);
  });

  const weights = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 });
  const total = fc.integer({ min: -1_000_000, max: 1_000_000 });

  test('property: the parts always sum to the total exactly and are whole pence', () => {
    fc.assert(
      fc.property(weights, total, (w, t) => {
        const parts = prorate(w, t);
        expect(parts).toHaveLength(w.length);
        expect(parts.every(Number.isSafeInteger)).toBe(true);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(t);
      }),
    );
  });

  test('property: each part is within 1p of its exact proportional share', () => {
    fc.assert(
      fc.property(weights, total, (w, t) => {
        const weightSum = BigInt(w.reduce((s, x) => s + x, 0));
        fc.pre(weightSum > 0n);
        prorate(w, t).forEach((part, i) => {
          // |part − t·w/Σw| < 1, in integers: |part·Σw − t·w| < Σw.
          const error = BigInt(part) * weightSum - BigInt(t) * BigInt(w[i]!);
          expect(error < weightSum && -error < weightSum).toBe(true);
        });
      }),
    );
  });

  test('property: zero weights give an equal share (differing by at most 1p, earlier lines first)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), total, (n, t) => {
        const parts = prorate(
          Array.from({ length: n }, () => 0),
          t,
        ).map(Math.abs);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect(parts).toEqual([...parts].sort((a, b) => b - a));
      }),
    );
  });

  test('property: a negative total mirrors the positive one; a zero weight gets nothing', () => {
    fc.assert(
      fc.property(weights, total, (w, t) => {
        expect(prorate(w, -t)).toEqual(prorate(w, t).map((p) => -p + 0));
        if (w.some((x) => x > 0)) {
          prorate(w, t).forEach((part, i) => {
            if (w[i] === 0) expect(part).toBe(0);
          });
        }
      }),
    );
  });

  test('property: agrees with exact largest-remainder apportionment, ties to the earlier line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -60, max: 60 }),
        (w, t) => {
          expect(prorate(w, t)).toEqual(referenceProrate(w, t));
        },
      ),
    );
    fc.assert(
      fc.property(weights, total, (w, t) => {
        expect(prorate(w, t)).toEqual(referenceProrate(w, t));
      }),
    );
  });
});
