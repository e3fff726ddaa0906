import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  assertMove,
  canMove,
  CHECKOUT_LIFECYCLE,
  finalStates,
  ORDER_LIFECYCLE,
  SCHEDULE_WEEK_LIFECYCLE,
  SUBSCRIPTION_LIFECYCLE,
  type Lifecycle,
} from './lifecycles';
import { PAYMENT_LIFECYCLE } from './payments';

const LIFECYCLES: [Lifecycle<string>, string][] = [
  [ORDER_LIFECYCLE, 'created'],
  [SUBSCRIPTION_LIFECYCLE, 'created'],
  [SCHEDULE_WEEK_LIFECYCLE, 'active'],
  [PAYMENT_LIFECYCLE, 'processing'],
  [CHECKOUT_LIFECYCLE, 'open'],
];

function reachable(lifecycle: Lifecycle<string>, start: string): Set<string> {
  const seen = new Set([start]);
  const frontier = [start];
  while (frontier.length > 0) {
    for (const next of lifecycle.moves[frontier.pop()!] ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        frontier.push(next);
      }
    }
  }
  return seen;
}

describe.each(LIFECYCLES)('the %s lifecycle', (lifecycle, start) => {
  test('every move goes to one of its states, and every state can be reached from the first', () => {
    for (const [from, tos] of Object.entries(lifecycle.moves)) {
      expect(lifecycle.states).toContain(from);
      for (const to of tos as string[]) expect(lifecycle.states).toContain(to);
    }
    expect([...reachable(lifecycle, start)].sort()).toEqual([...lifecycle.states].sort());
  });

  test('no sequence of attempted moves reaches a state the table does not lead to', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...lifecycle.states), { maxLength: 30 }), (attempts) => {
        let state = start;
        const path = [state];
        for (const wanted of attempts) {
          try {
            assertMove(lifecycle, state, wanted);
          } catch (error) {
            expect(canMove(lifecycle, state, wanted)).toBe(false);
            expect((error as { code?: string }).code).toBe('CONFLICT');
            continue;
          }
          state = wanted;
          path.push(state);
        }
        for (let i = 1; i < path.length; i++) expect(canMove(lifecycle, path[i - 1]!, path[i]!)).toBe(true);
        if (finalStates(lifecycle).includes(state)) {
          expect(lifecycle.states.some((s) => canMove(lifecycle, state, s))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('orders', () => {
  test('a paid order cannot go back to waiting for payment; a delivered one is final', () => {
    expect(canMove(ORDER_LIFECYCLE, 'paid', 'payment_pending')).toBe(false);
    expect(canMove(ORDER_LIFECYCLE, 'payment_pending', 'paid')).toBe(true);
    expect(finalStates(ORDER_LIFECYCLE).sort()).toEqual(['cancelled', 'delivered', 'dropped']);
    expect(() => assertMove(ORDER_LIFECYCLE, 'delivered', 'cancelled')).toThrow(
      'This order is delivered and cannot become cancelled',
    );
  });
});
