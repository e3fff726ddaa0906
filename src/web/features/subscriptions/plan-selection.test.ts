import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Subscription } from '../../../contracts/subscriptions';
import { isLivePlan, isSelectable, rankPlans, selectPlan } from './plan-selection';

// Spec §4: selection ranking active, failed, paused, cancelled, created (only with orders), then by name;
// the stored choice is restored while it is still valid.

type Plan = Pick<Subscription, 'id' | 'state' | 'name' | 'hasOrders'>;
const plan = (id: string, state: Plan['state'], name = 'Weekly pasta box', hasOrders = true): Plan => ({
  id,
  state,
  name,
  hasOrders,
});

describe('rankPlans', () => {
  test('orders by state, then by name', () => {
    const plans = [
      plan('c', 'cancelled', 'A'),
      plan('p', 'paused', 'A'),
      plan('a2', 'active', 'Zucchini box'),
      plan('f', 'failed', 'A'),
      plan('a1', 'active', 'family box'),
      plan('n', 'created', 'A', true),
    ];
    expect(rankPlans(plans).map((p) => p.id)).toEqual(['a1', 'a2', 'f', 'p', 'c', 'n']);
  });

  test('a created plan without orders is never offered', () => {
    expect(isSelectable(plan('x', 'created', 'A', false))).toBe(false);
    expect(isSelectable(plan('x', 'created', 'A', true))).toBe(true);
    expect(isSelectable(plan('x', 'cancelled', 'A', false))).toBe(true);
    expect(rankPlans([plan('x', 'created', 'A', false)])).toEqual([]);
  });

  test('the order does not depend on the order the plans came in', () => {
    const states = ['active', 'failed', 'paused', 'cancelled', 'created'] as const;
    const arbitraryPlan = fc.record({
      id: fc.uuid(),
      state: fc.constantFrom(...states),
      name: fc.constantFrom('Weekly pasta box', 'Family box', 'office'),
      hasOrders: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.uniqueArray(arbitraryPlan, { selector: (p) => p.id, maxLength: 8 }), (plans) => {
        const ranked = rankPlans(plans);
        expect(rankPlans([...plans].reverse())).toEqual(ranked);
        for (let i = 1; i < ranked.length; i++) {
          expect(states.indexOf(ranked[i - 1]!.state)).toBeLessThanOrEqual(states.indexOf(ranked[i]!.state));
        }
      }),
    );
  });
});

describe('selectPlan', () => {
  const plans = [plan('p', 'paused'), plan('a', 'active'), plan('n', 'created', 'B', false)];

  test('without a stored choice: the best ranked', () => {
    expect(selectPlan(plans, null)?.id).toBe('a');
  });

  test('a stored choice still valid is restored', () => {
    expect(selectPlan(plans, 'p')?.id).toBe('p');
  });

  test('a stored choice that is gone, or no longer selectable, is not', () => {
    expect(selectPlan(plans, 'gone')?.id).toBe('a');
    expect(selectPlan(plans, 'n')?.id).toBe('a');
  });

  test('no plans: nothing selected', () => {
    expect(selectPlan([], 'a')).toBeNull();
  });
});

test('live plans are those that take boxes, or can again without a restart', () => {
  expect(['active', 'paused', 'failed'].every((state) => isLivePlan({ state: state as Plan['state'] }))).toBe(
    true,
  );
  expect(isLivePlan({ state: 'cancelled' })).toBe(false);
  expect(isLivePlan({ state: 'created' })).toBe(false);
});
