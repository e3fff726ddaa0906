import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assertMove, canMove, finalStates } from './lifecycles';
import { formatPence, pence, sumPence } from './money';
import {
  autoCloseAt,
  limitProblem,
  splitBill,
  splitEvenly,
  TAB_LIFECYCLE,
  TAB_STATES,
  takesRounds,
  type BillLine,
  type TabState,
} from './tabs';

// Properties of dine-in's rules the examples in tabs.test.ts do not cover (issue 21 part 7): the tab's
// lifecycle as a table (money is only ever taken on the way out through `closing`, and a tab whose card was
// held is never dropped), splitting by items with any dishes shared among any of N payers (every penny paid
// once, each sharer's share within a penny of the others'), custom parts, limits and when a tab closes.

const money = fc.integer({ min: 0, max: 500_000 }).map(pence);

describe('the tab’s lifecycle', () => {
  test('is the table decision 28 describes', () => {
    expect(TAB_LIFECYCLE.moves).toEqual({
      opening: ['open', 'abandoned'],
      open: ['settling', 'closing'],
      settling: ['open', 'closing'],
      closing: ['closed'],
      closed: [],
      abandoned: [],
    });
    expect(finalStates(TAB_LIFECYCLE).sort()).toEqual(['abandoned', 'closed']);
    expect(TAB_STATES.filter(takesRounds)).toEqual(['open']);
  });

  test('property: any attempted moves follow the table; closed only through closing; a held tab is never abandoned', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TAB_STATES), { maxLength: 40 }), (attempts) => {
        let state: TabState = 'opening';
        const path: TabState[] = [state];
        for (const wanted of attempts) {
          let moved = true;
          try {
            assertMove(TAB_LIFECYCLE, state, wanted);
          } catch (error) {
            moved = false;
            expect((error as { code?: string }).code).toBe('CONFLICT');
          }
          expect(moved).toBe(canMove(TAB_LIFECYCLE, state, wanted));
          if (!moved) continue;
          state = wanted;
          path.push(state);
        }
        for (const [at, step] of path.entries()) {
          if (at === 0) continue;
          const before = path[at - 1]!;
          expect(TAB_LIFECYCLE.moves[before]).toContain(step);
          // Money is taken only on the way out: `closed` comes straight after `closing`, which comes from
          // a tab that was open (split or not).
          if (step === 'closed') expect(before).toBe('closing');
          if (step === 'closing') expect(['open', 'settling']).toContain(before);
          // Only a tab never held is given up.
          if (step === 'abandoned') expect(path.slice(0, at)).toEqual(['opening']);
        }
        // Once over, nothing moves it again.
        if (state === 'closed' || state === 'abandoned') {
          for (const to of TAB_STATES) expect(canMove(TAB_LIFECYCLE, state, to)).toBe(false);
        }
      }),
    );
  });
});

/** A bill of random lines among `n` payers: some dishes shared by any of them. */
const billOf = (n: number) => {
  const payers = Array.from({ length: n }, (_, index) => `p${index}`);
  const line = fc.record({
    total: money,
    orderedBy: fc.constantFrom(...payers),
    sharedBy: fc.option(fc.shuffledSubarray(payers, { minLength: 1 }), { nil: undefined }),
  });
  return fc.array(line, { maxLength: 25 }).map((lines) => ({
    payers,
    lines: lines.map((one, index): BillLine => ({ id: `l${index}`, ...one })),
  }));
};
const anyBill = fc.integer({ min: 1, max: 20 }).chain(billOf);

/** What a payer's part must be: their own dishes, and their share of each dish they share. */
function expectedPart(lines: readonly BillLine[], payer: string): number {
  return lines.reduce((sum, line) => {
    const sharers = line.sharedBy && line.sharedBy.length > 0 ? line.sharedBy : [line.orderedBy];
    const at = sharers.indexOf(payer);
    return at < 0 ? sum : sum + splitEvenly(line.total, sharers.length)[at]!;
  }, 0);
}

describe('splitting by items, whatever N and however dishes are shared', () => {
  test('property: every penny of the bill is paid, once, by someone; each part is what its payer had', () => {
    fc.assert(
      fc.property(anyBill, ({ payers, lines }) => {
        const total = sumPence(lines.map((line) => line.total));
        const split = splitBill(total, lines, { kind: 'by_items', payers });
        expect(split.ok).toBe(true);
        if (!split.ok) return;
        expect(Object.keys(split.parts).sort()).toEqual([...payers].sort());
        expect(sumPence(Object.values(split.parts))).toBe(total);
        for (const payer of payers) {
          expect(split.parts[payer]).toBeGreaterThanOrEqual(0);
          expect(split.parts[payer]).toBe(expectedPart(lines, payer));
        }
      }),
    );
  });

  test('property: a shared dish’s shares add up to it and differ by a penny at most', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: 1, max: 20 }), (total, n) => {
        const shares = splitEvenly(total, n);
        expect(sumPence(shares)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        // The odd pence go to the first sharers.
        expect([...shares].sort((a, b) => b - a)).toEqual(shares);
      }),
    );
  });

  test('property: anything on the bill beyond its dishes is shared in proportion, still to the penny', () => {
    fc.assert(
      fc.property(anyBill, fc.integer({ min: 0, max: 10_000 }), ({ payers, lines }, extra) => {
        const dishes = sumPence(lines.map((line) => line.total));
        const split = splitBill(pence(dishes + extra), lines, { kind: 'by_items', payers });
        expect(split.ok).toBe(true);
        if (!split.ok) return;
        expect(sumPence(Object.values(split.parts))).toBe(dishes + extra);
        // Nobody pays less than what they had.
        for (const payer of payers)
          expect(split.parts[payer]).toBeGreaterThanOrEqual(expectedPart(lines, payer));
      }),
    );
  });

  test('property: a dish shared with someone not paying a part is refused, never silently dropped', () => {
    fc.assert(
      fc.property(anyBill, money, ({ payers, lines }, total) => {
        const stray: BillLine = {
          id: 'stray',
          total,
          orderedBy: payers[0]!,
          sharedBy: [payers[0]!, 'nobody'],
        };
        const split = splitBill(pence(sumPence(lines.map((line) => line.total)) + total), [...lines, stray], {
          kind: 'by_items',
          payers,
        });
        expect(split).toEqual({ ok: false, reason: 'Everyone sharing a dish must be paying a part' });
      }),
    );
  });
});

describe('custom parts', () => {
  test('property: taken exactly when they add up to the bill; otherwise the reason says by how much', () => {
    fc.assert(
      fc.property(money, fc.array(money, { minLength: 1, maxLength: 20 }), (total, amounts) => {
        const parts = Object.fromEntries(amounts.map((amount, index) => [`p${index}`, amount]));
        const split = splitBill(total, [], { kind: 'custom', parts });
        const sum = sumPence(amounts);
        if (sum === total) {
          expect(split).toEqual({ ok: true, parts });
          return;
        }
        const gap = formatPence(Math.abs(total - sum));
        expect(split).toEqual({
          ok: false,
          reason: `The parts come to ${formatPence(sum)}, ${gap} ${sum < total ? 'short of' : 'more than'} the bill of ${formatPence(total)}`,
        });
      }),
    );
  });
});

describe('limits and the clock', () => {
  test('property: a limit is taken exactly when it is whole pence, covers the first round and is under the most', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1000, max: 60_000 }), fc.double({ min: 0, max: 60_000, noNaN: true })),
        money,
        (limit, firstRound) => {
          const problem = limitProblem(limit, firstRound, pence(50_000));
          const fine = Number.isSafeInteger(limit) && limit > 0 && limit >= firstRound && limit <= 50_000;
          expect(problem === null).toBe(fine);
        },
      ),
    );
  });

  test('property: a forgotten tab closes after it opened and within the most hours, whatever is asked', () => {
    const opened = new Date('2026-11-18T19:00:00Z');
    fc.assert(
      fc.property(
        fc.record({
          at: fc.option(
            fc.date({
              min: new Date('2026-11-17T00:00:00Z'),
              max: new Date('2026-11-20T00:00:00Z'),
              noInvalidDate: true,
            }),
            { nil: undefined },
          ),
          afterHours: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        }),
        fc.integer({ min: 1, max: 12 }),
        (choice, maxHours) => {
          const closes = autoCloseAt(opened, choice, { defaultHours: Math.min(3, maxHours), maxHours });
          expect(closes.getTime()).toBeGreaterThanOrEqual(opened.getTime());
          expect(closes.getTime()).toBeLessThanOrEqual(opened.getTime() + maxHours * 3_600_000);
        },
      ),
    );
  });
});
