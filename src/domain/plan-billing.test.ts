import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addWeeks, type IsoDate } from './calendar';
import { ORDER_STATES } from './orders';
import {
  billingStep,
  chargeFailureOf,
  HARD_DECLINE_CODES,
  latestChargeTime,
  nextLookAfterFailure,
  type WeekToBill,
} from './plan-billing';
import { dispatchDeadline, planDeliveryDate, weekCutoff, type ChargeFailure } from './plans';

// Weekly billing's decision (issue 12 part 2) over every state a week can be looked at in, across BST and GMT.

const weekStart = fc.integer({ min: 0, max: 160 }).map((n) => addWeeks('2026-01-05' as IsoDate, n));
const failures = fc.constantFrom<ChargeFailure | null>('soft', 'hard_decline', 'needs_customer', null);

const week = fc
  .record({
    weekStart,
    day: fc.integer({ min: 1, max: 6 }),
    weekState: fc.constantFrom<'active' | 'skipped'>('active', 'skipped'),
    planState: fc.constantFrom<WeekToBill['planState']>('created', 'active', 'paused', 'failed', 'cancelled'),
    source: fc.constantFrom('subscription', 'recipe_kit'),
    state: fc.constantFrom(...ORDER_STATES),
    hasBox: fc.boolean(),
    attempts: fc.integer({ min: 0, max: 6 }),
    lastFailure: failures,
    // From a day before the cutoff to a week after it.
    offsetHours: fc.integer({ min: -24, max: 24 * 7 }),
  })
  .map((w): WeekToBill => {
    const deliveryDate = planDeliveryDate(w.weekStart, w.day);
    return {
      now: new Date(weekCutoff(w.weekStart).getTime() + w.offsetHours * 3_600_000),
      weekStart: w.weekStart,
      deliveryDate,
      weekState: w.weekState,
      planState: w.planState,
      box: w.hasBox ? { source: w.source, state: w.state } : null,
      attempts: w.attempts,
      lastFailure: w.lastFailure,
    };
  });

describe('billingStep', () => {
  test('a skipped week, a plan not active, or a skipped box is never charged', () => {
    fc.assert(
      fc.property(week, (w) => {
        const step = billingStep(w);
        if (step.kind !== 'charge') return;
        expect(w.box?.source).toBe('subscription');
        if (w.box?.state === 'created') {
          expect(w.weekState).toBe('active');
          expect(w.planState).toBe('active');
        }
        expect(w.box?.state).not.toBe('skipped');
      }),
    );
  });

  test('nothing is charged once the box could not be packed in time, and only boxes that still need paying', () => {
    fc.assert(
      fc.property(week, (w) => {
        const step = billingStep(w);
        if (step.kind === 'charge') {
          expect(w.now.getTime()).toBeLessThan(dispatchDeadline(w.deliveryDate).getTime());
          expect(['created', 'billed', 'payment_pending', 'not_authorized']).toContain(w.box!.state);
          if (w.box!.state === 'created')
            expect(w.now.getTime()).toBeLessThan(latestChargeTime(w.deliveryDate).getTime());
        }
        if (step.kind === 'give_up' && !step.withdrawn)
          expect(w.now.getTime()).toBeGreaterThanOrEqual(dispatchDeadline(w.deliveryDate).getTime());
      }),
    );
  });

  test('a box waiting for payment is never tried again once its plan is paused or cancelled', () => {
    fc.assert(
      fc.property(week, (w) => {
        if (w.box?.source !== 'subscription') return;
        if (w.box.state !== 'payment_pending' && w.box.state !== 'not_authorized') return;
        if (w.planState !== 'paused' && w.planState !== 'cancelled') return;
        expect(billingStep(w)).toEqual({ kind: 'give_up', withdrawn: true });
      }),
    );
  });

  test('hard declines and charges the bank wants the customer for are never tried again automatically', () => {
    fc.assert(
      fc.property(week, (w) => {
        if (w.box?.state !== 'payment_pending' && w.box?.state !== 'not_authorized') return;
        if (w.lastFailure !== 'hard_decline' && w.lastFailure !== 'needs_customer') return;
        expect(billingStep(w).kind).not.toBe('charge');
      }),
    );
  });

  test('soft failures are tried at most three more times, at the cutoff +6 h, +24 h and +48 h, and a wait is always in the future', () => {
    fc.assert(
      fc.property(week, (w) => {
        const step = billingStep(w);
        if (step.kind === 'charge' && w.box?.state === 'payment_pending') {
          expect(step.attempt).toBeLessThanOrEqual(4);
          const hours = [6, 24, 48][w.attempts - 1]!;
          expect(w.now.getTime()).toBeGreaterThanOrEqual(
            weekCutoff(w.weekStart).getTime() + hours * 3_600_000,
          );
        }
        if (step.kind === 'wait') expect(step.until.getTime()).toBeGreaterThan(w.now.getTime());
      }),
    );
  });

  test('the first charge at the cutoff is attempt 1; a box billed and unanswered is the same attempt again', () => {
    const base: WeekToBill = {
      now: weekCutoff('2026-11-30' as IsoDate),
      weekStart: '2026-11-30' as IsoDate,
      deliveryDate: '2026-12-02' as IsoDate,
      weekState: 'active',
      planState: 'active',
      box: { source: 'subscription', state: 'created' },
      attempts: 0,
      lastFailure: null,
    };
    expect(billingStep(base)).toEqual({ kind: 'charge', attempt: 1 });
    expect(billingStep({ ...base, box: { source: 'subscription', state: 'billed' }, attempts: 1 })).toEqual({
      kind: 'charge',
      attempt: 1,
    });
    expect(billingStep({ ...base, now: new Date('2026-12-01T13:00:00Z') })).toEqual({ kind: 'not_sent' });
    expect(billingStep({ ...base, box: { source: 'recipe_kit', state: 'paid' } })).toEqual({ kind: 'done' });
  });
});

describe('failures', () => {
  test('decline codes: hard ones, the bank wanting its customer, and the rest', () => {
    for (const code of HARD_DECLINE_CODES) expect(chargeFailureOf(code)).toBe('hard_decline');
    expect(chargeFailureOf('authentication_required')).toBe('needs_customer');
    expect(chargeFailureOf('insufficient_funds')).toBe('soft');
    expect(chargeFailureOf(null)).toBe('soft');
  });

  test('after a failure the week is looked at again at its next try or its dispatch deadline, never later', () => {
    fc.assert(
      fc.property(
        weekStart,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        failures,
        (start, day, attempts, failure) => {
          const deliveryDate = planDeliveryDate(start, day);
          const look = nextLookAfterFailure({
            attempts,
            failure: failure ?? 'soft',
            weekStart: start,
            deliveryDate,
          });
          expect(look.at.getTime()).toBeLessThanOrEqual(dispatchDeadline(deliveryDate).getTime());
          expect(look.at.getTime()).toBeGreaterThan(weekCutoff(start).getTime());
          if (look.retry) expect(failure ?? 'soft').toBe('soft');
        },
      ),
    );
  });
});
