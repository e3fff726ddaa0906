import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pence, prorate, sumPence } from './money';
import {
  autoCloseAt,
  limitProblem,
  maxTip,
  roundFits,
  splitBill,
  splitByItems,
  splitEvenly,
  tipChoices,
  tipProblem,
  type BillLine,
} from './tabs';

// Dine-in's money rules (issue 21 part 7): tips, limits, when a forgotten tab closes, and splits in which
// every penny is accounted for whatever the number of payers.

const money = fc.integer({ min: 0, max: 5_000_000 }).map(pence);

describe('honest tips', () => {
  test('"No tip" first, then each percentage of the food and drink, to the nearest penny', () => {
    expect(tipChoices(pence(4250))).toEqual([
      { percent: 0, amount: 0 },
      { percent: 10, amount: 425 },
      { percent: 12.5, amount: 531 },
      { percent: 15, amount: 638 },
    ]);
  });

  test('property: tips are never negative, grow with the percentage and stay within a penny of exact', () => {
    fc.assert(
      fc.property(money, (bill) => {
        const choices = tipChoices(bill);
        expect(choices[0]).toEqual({ percent: 0, amount: 0 });
        for (const [index, choice] of choices.entries()) {
          expect(choice.amount).toBeGreaterThanOrEqual(0);
          expect(Math.abs(choice.amount - (bill * choice.percent) / 100)).toBeLessThanOrEqual(0.5);
          if (index > 0) expect(choice.amount).toBeGreaterThanOrEqual(choices[index - 1]!.amount);
          expect(tipProblem(choice.amount, bill)).toBeNull();
        }
      }),
    );
  });

  test('a tip below zero, in fractions of a penny or above the most is refused with a reason', () => {
    expect(tipProblem(-1, pence(3000))).toMatch(/below zero/);
    expect(tipProblem(1.5, pence(3000))).toMatch(/whole number/);
    expect(maxTip(pence(3000))).toBe(3000);
    expect(maxTip(pence(500))).toBe(2000);
    expect(tipProblem(3001, pence(3000))).toBe('A tip can be at most £30.00: check the amount');
    expect(tipProblem(3000, pence(3000))).toBeNull();
  });
});

describe('a tab’s held limit', () => {
  test('the limit covers the first round and stays under the ceiling', () => {
    expect(limitProblem(0, pence(1000), pence(50_000))).toMatch(/how much/);
    expect(limitProblem(999, pence(1000), pence(50_000))).toBe('The limit must cover your first order');
    expect(limitProblem(50_001, pence(1000), pence(50_000))).toBe('A tab can hold at most £500.00');
    expect(limitProblem(5000, pence(1000), pence(50_000))).toBeNull();
  });

  test('property: a round fits exactly when the tab stays within its limit, else it says what it needs', () => {
    fc.assert(
      fc.property(money, money, money, (limit, sofar, round) => {
        const fit = roundFits(limit, sofar, round);
        if (sofar + round <= limit) expect(fit).toEqual({ fits: true });
        else expect(fit).toEqual({ fits: false, needs: sofar + round });
      }),
    );
  });
});

describe('when a forgotten tab closes', () => {
  const opened = new Date('2026-11-18T19:00:00Z');
  const rules = { defaultHours: 4, maxHours: 8 };

  test('the default, the guest’s hours or time, never past the maximum nor before it opened', () => {
    expect(autoCloseAt(opened, {}, rules).toISOString()).toBe('2026-11-18T23:00:00.000Z');
    expect(autoCloseAt(opened, { afterHours: 2 }, rules).toISOString()).toBe('2026-11-18T21:00:00.000Z');
    expect(autoCloseAt(opened, { at: new Date('2026-11-18T22:30:00Z') }, rules).toISOString()).toBe(
      '2026-11-18T22:30:00.000Z',
    );
    expect(autoCloseAt(opened, { afterHours: 24 }, rules).toISOString()).toBe('2026-11-19T03:00:00.000Z');
    expect(autoCloseAt(opened, { at: new Date('2026-11-18T18:00:00Z') }, rules)).toEqual(opened);
  });
});

describe('splitting the bill: every penny accounted for', () => {
  test('evenly: £100 three ways is £33.34, £33.33, £33.33', () => {
    expect(splitEvenly(pence(10_000), 3)).toEqual([3334, 3333, 3333]);
  });

  test('property: even parts add up to the bill and differ by at most a penny, whatever N', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: 1, max: 40 }), (total, n) => {
        const parts = splitEvenly(total, n);
        expect(parts).toHaveLength(n);
        expect(sumPence(parts)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  test('property: even parts are prorate’s with equal weights (the extra pence to the earliest parts)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5_000_000, max: 5_000_000 }).map(pence),
        fc.integer({ min: 1, max: 40 }),
        (total, n) => {
          expect(splitEvenly(total, n)).toEqual(
            prorate(
              Array.from({ length: n }, () => 1),
              total,
            ),
          );
        },
      ),
    );
  });

  test('one dish shared three ways, the rest by who ordered it', () => {
    const lines: BillLine[] = [
      { id: 'a', total: pence(1450), orderedBy: 'ann' },
      { id: 'b', total: pence(1000), orderedBy: 'bo', sharedBy: ['ann', 'bo', 'cy'] },
      { id: 'c', total: pence(600), orderedBy: 'cy' },
    ];
    expect(splitByItems(lines, ['ann', 'bo', 'cy'])).toEqual({
      ok: true,
      parts: { ann: 1450 + 334, bo: 333, cy: 600 + 333 },
    });
    expect(splitByItems(lines, ['ann', 'bo'])).toEqual({
      ok: false,
      reason: 'Everyone sharing a dish must be paying a part',
    });
  });

  const payerIds = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
  const bill = fc
    .array(
      fc.record({
        total: money,
        orderedBy: fc.constantFrom(...payerIds),
        sharedBy: fc.option(fc.subarray(payerIds, { minLength: 1 }), { nil: undefined }),
      }),
      { maxLength: 20 },
    )
    .map((lines) => lines.map((line, index): BillLine => ({ id: String(index), ...line })));

  test('property: by items, the parts add up to the bill, none below zero', () => {
    fc.assert(
      fc.property(bill, (lines) => {
        const total = sumPence(lines.map((line) => line.total));
        const split = splitBill(total, lines, { kind: 'by_items', payers: payerIds });
        expect(split.ok).toBe(true);
        if (!split.ok) return;
        expect(sumPence(Object.values(split.parts))).toBe(total);
        for (const part of Object.values(split.parts)) expect(part).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test('custom parts must add up to the bill exactly, and say by how much they do not', () => {
    const lines: BillLine[] = [{ id: 'a', total: pence(5000), orderedBy: 'ann' }];
    expect(splitBill(pence(5000), lines, { kind: 'custom', parts: { ann: 3000, bo: 2000 } })).toEqual({
      ok: true,
      parts: { ann: 3000, bo: 2000 },
    });
    expect(splitBill(pence(5000), lines, { kind: 'custom', parts: { ann: 3000, bo: 1500 } })).toEqual({
      ok: false,
      reason: 'The parts come to £45.00, £5.00 short of the bill of £50.00',
    });
    expect(splitBill(pence(5000), lines, { kind: 'custom', parts: { ann: -1, bo: 5001 } })).toMatchObject({
      ok: false,
    });
    expect(splitBill(pence(5000), lines, { kind: 'evenly', payers: [] })).toMatchObject({ ok: false });
  });

  test('property: an even split by any payers adds up to the bill', () => {
    fc.assert(
      fc.property(
        money,
        fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 12 }),
        (total, payers) => {
          const split = splitBill(total, [], { kind: 'evenly', payers });
          expect(split.ok).toBe(true);
          if (split.ok) expect(sumPence(Object.values(split.parts))).toBe(total);
        },
      ),
    );
  });
});
