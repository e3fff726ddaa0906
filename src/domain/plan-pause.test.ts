import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addWeeks, daysBetween, londonClock, weekdayOf, type IsoDate } from './calendar';
import { billingStep } from './plan-billing';
import {
  isResumeDue,
  isResumeReminderDue,
  pauseOutcome,
  PAUSE_WEEKS_MAX,
  remindableResumeWeek,
  resumeReminderTime,
  resumeTime,
} from './plan-pause';
import { firstOpenWeek, isWeekOpen, planDeliveryDate, weekCutoff } from './plans';

// A pause for a set time (issue 19 item 8): its weeks, its restart at a Friday 12:00 London cutoff, the
// reminder three days before, in GMT and BST and around the Friday cutoff; and no week of the pause is ever
// charged, even when billing looks at it after the plan restarted.

const START = new Date('2025-01-01T00:00:00Z').getTime();
const END = new Date('2028-12-31T00:00:00Z').getTime();
/** Any moment from 2025 to 2028, across every clock change. */
const moment = fc.integer({ min: START, max: END }).map((ms) => new Date(ms));
/** Moments a minute either side of Friday cutoffs, where the first open week changes. */
const nearCutoff = fc
  .tuple(fc.integer({ min: 0, max: 4 * 52 }), fc.integer({ min: -90, max: 90 }))
  .map(([n, s]) => new Date(weekCutoff(addWeeks('2025-01-06' as IsoDate, n)).getTime() + s * 1000));
const rhythm = fc.record({
  anchorOffset: fc.integer({ min: -20, max: 0 }),
  frequency: fc.integer({ min: 1, max: 4 }),
  deliveryDay: fc.integer({ min: 1, max: 6 }),
});
const weeks = fc.integer({ min: 1, max: PAUSE_WEEKS_MAX });
const paidAhead = fc.integer({ min: 0, max: 2 });

describe('a pause for a set time', () => {
  test('restarts at the Friday 12:00 London cutoff before its resume week, after now, with the first box on the rhythm', () => {
    fc.assert(
      fc.property(fc.oneof(moment, nearCutoff), rhythm, weeks, paidAhead, (now, r, n, paid) => {
        const open = firstOpenWeek(now);
        const plan = {
          anchorWeek: addWeeks(open, r.anchorOffset),
          frequency: r.frequency,
          deliveryDay: r.deliveryDay,
        };
        const paidWeeks = new Set<string>(Array.from({ length: paid }, (_, i) => addWeeks(open, i)));
        const outcome = pauseOutcome(plan, n, now, paidWeeks);
        // n whole weeks from the first open week not already paid.
        expect(outcome.resumeWeek).toBe(addWeeks(open, paid + n));
        expect(weekdayOf(outcome.resumeWeek)).toBe(1);
        // The restart: Friday 12:00 London, three days before the week before the resume week, in the future.
        const clock = londonClock(outcome.resumesAt);
        expect(clock).toMatchObject({ hours: 12, minutes: 0 });
        expect(weekdayOf(clock.date)).toBe(5);
        expect(daysBetween(clock.date, outcome.resumeWeek)).toBe(10);
        expect(outcome.resumesAt.getTime()).toBeGreaterThan(now.getTime());
        // At the restart the resume week is the first open week; a moment before, the week before it is.
        expect(firstOpenWeek(outcome.resumesAt)).toBe(outcome.resumeWeek);
        expect(firstOpenWeek(new Date(outcome.resumesAt.getTime() - 1))).toBe(
          addWeeks(outcome.resumeWeek, -1),
        );
        expect(isResumeDue(outcome.resumeWeek, now)).toBe(false);
        expect(isResumeDue(outcome.resumeWeek, outcome.resumesAt)).toBe(true);
        // Every paused week is on the rhythm, not paid, inside the pause, and closes before the restart.
        for (const week of outcome.pausedWeeks) {
          expect(week >= addWeeks(open, paid) && week < outcome.resumeWeek).toBe(true);
          expect((daysBetween(plan.anchorWeek, week) / 7) % plan.frequency).toBe(0);
          expect(weekCutoff(week).getTime()).toBeLessThanOrEqual(outcome.resumesAt.getTime());
        }
        // The first box after: the first week of the rhythm from the resume week, on the plan's day.
        const first = outcome.firstBox;
        expect(first.weekStart >= outcome.resumeWeek).toBe(true);
        expect(daysBetween(outcome.resumeWeek, first.weekStart) / 7).toBeLessThan(plan.frequency);
        expect((daysBetween(plan.anchorWeek, first.weekStart) / 7) % plan.frequency).toBe(0);
        expect(first.deliveryDate).toBe(planDeliveryDate(first.weekStart, plan.deliveryDay));
        expect(first.chargedAt.getTime()).toBe(weekCutoff(first.weekStart).getTime());
        // Its week is open when the plan restarts: the customer can still change or skip it.
        expect(isWeekOpen(first.weekStart, outcome.resumesAt)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test('the reminder comes three days before the restart, once due until the restart, never in the past', () => {
    fc.assert(
      fc.property(fc.oneof(moment, nearCutoff), rhythm, weeks, (now, r, n) => {
        const plan = { anchorWeek: firstOpenWeek(now), frequency: r.frequency, deliveryDay: r.deliveryDay };
        const outcome = pauseOutcome(plan, n, now);
        const remind = resumeReminderTime(outcome.resumeWeek);
        expect(outcome.resumesAt.getTime() - remind.getTime()).toBe(72 * 3_600_000);
        // Told ahead when that is still to come; otherwise the pause's own receipt says it.
        if (remind.getTime() > now.getTime()) expect(outcome.remindAt).toEqual(remind);
        else expect(outcome.remindAt).toBeNull();
        expect(isResumeReminderDue(outcome.resumeWeek, new Date(remind.getTime() - 1))).toBe(false);
        expect(isResumeReminderDue(outcome.resumeWeek, remind)).toBe(true);
        expect(isResumeReminderDue(outcome.resumeWeek, new Date(outcome.resumesAt.getTime() - 1))).toBe(true);
        expect(isResumeReminderDue(outcome.resumeWeek, outcome.resumesAt)).toBe(false);
        // The reminder sweep looks at exactly this resume week while the reminder is due.
        expect(remindableResumeWeek(remind)).toBe(outcome.resumeWeek);
        expect(remindableResumeWeek(new Date(outcome.resumesAt.getTime() - 1))).toBe(outcome.resumeWeek);
      }),
      { numRuns: 300 },
    );
  });

  test('a week of the pause is never charged: its box stays skipped, even when billing looks after the restart', () => {
    fc.assert(
      fc.property(
        fc.oneof(moment, nearCutoff),
        weeks,
        fc.integer({ min: 0, max: 96 * 3600 }),
        (now, n, late) => {
          const plan = { anchorWeek: firstOpenWeek(now), frequency: 1, deliveryDay: 3 };
          const outcome = pauseOutcome(plan, n, now);
          for (const week of outcome.pausedWeeks) {
            const at = new Date(weekCutoff(week).getTime() + late * 1000);
            for (const planState of ['paused', 'active'] as const) {
              const step = billingStep({
                now: at,
                weekStart: week,
                deliveryDate: planDeliveryDate(week, 3),
                weekState: 'active',
                planState: at.getTime() >= outcome.resumesAt.getTime() ? planState : 'paused',
                box: { source: 'subscription', state: 'skipped' },
                attempts: 0,
                lastFailure: null,
              });
              expect(step.kind).toBe('skip');
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  test('examples: GMT in winter, BST in summer, and either side of a Friday cutoff', () => {
    const plan = (anchor: string) => ({ anchorWeek: anchor as IsoDate, frequency: 1, deliveryDay: 3 });
    // Wednesday 18 November 2026 (GMT), the week of 23 Nov paid at checkout: 2 weeks pause 30 Nov and 7 Dec.
    const winter = pauseOutcome(
      plan('2026-11-23'),
      2,
      new Date('2026-11-18T10:00:00Z'),
      new Set(['2026-11-23']),
    );
    expect(winter.pausedWeeks).toEqual(['2026-11-30', '2026-12-07']);
    expect(winter.resumeWeek).toBe('2026-12-14');
    expect(winter.resumesAt.toISOString()).toBe('2026-12-04T12:00:00.000Z');
    expect(winter.remindAt!.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(winter.firstBox).toEqual({
      weekStart: '2026-12-14',
      deliveryDate: '2026-12-16',
      chargedAt: new Date('2026-12-11T12:00:00Z'),
    });
    // Summer (BST): the restart is 11:00Z, which is 12 noon in London.
    const summer = pauseOutcome(plan('2026-06-29'), 1, new Date('2026-06-24T09:00:00Z'));
    expect(summer.resumeWeek).toBe('2026-07-06');
    expect(summer.resumesAt.toISOString()).toBe('2026-06-26T11:00:00.000Z');
    // Paused in BST, restarting in GMT (the clocks go back on Sunday 25 October 2026).
    const autumn = pauseOutcome(plan('2026-10-19'), 3, new Date('2026-10-14T09:00:00Z'));
    expect(autumn.resumeWeek).toBe('2026-11-09');
    expect(autumn.remindAt!.toISOString()).toBe('2026-10-27T12:00:00.000Z');
    expect(autumn.resumesAt.toISOString()).toBe('2026-10-30T12:00:00.000Z');
    expect(
      pauseOutcome(plan('2026-10-19'), 2, new Date('2026-10-14T09:00:00Z')).resumesAt.toISOString(),
    ).toBe('2026-10-23T11:00:00.000Z');
    // A minute before Friday's cutoff the next week is still open and is the first paused; a minute after, not.
    const before = pauseOutcome(plan('2026-11-30'), 1, new Date('2026-11-27T11:59:00Z'));
    expect(before.pausedWeeks).toEqual(['2026-11-30']);
    expect(before.resumesAt.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(before.remindAt).toBeNull();
    const after = pauseOutcome(plan('2026-11-30'), 1, new Date('2026-11-27T12:01:00Z'));
    expect(after.pausedWeeks).toEqual(['2026-12-07']);
    expect(after.resumesAt.toISOString()).toBe('2026-12-04T12:00:00.000Z');
    // Every 2 weeks: three weeks of pause hold one box back; the next is the next on the rhythm, and in
    // Christmas week a Friday plan's box comes on Thursday 24 December.
    const fortnightly = pauseOutcome(
      { anchorWeek: '2026-11-23' as IsoDate, frequency: 2, deliveryDay: 5 },
      3,
      new Date('2026-11-18T10:00:00Z'),
      new Set(['2026-11-23']),
    );
    expect(fortnightly.pausedWeeks).toEqual(['2026-12-07']);
    expect(fortnightly.resumeWeek).toBe('2026-12-21');
    expect(fortnightly.firstBox.weekStart).toBe('2026-12-21');
    expect(fortnightly.firstBox.deliveryDate).toBe('2026-12-24');
    expect(resumeTime('2026-12-21' as IsoDate).toISOString()).toBe('2026-12-11T12:00:00.000Z');
    // A week the customer moved to a day of its own: the first box after the pause comes that day.
    const moved = pauseOutcome(
      { ...plan('2026-11-23'), days: new Map([['2026-12-14', '2026-12-19']]) },
      2,
      new Date('2026-11-18T10:00:00Z'),
      new Set(['2026-11-23']),
    );
    expect(moved.firstBox.deliveryDate).toBe('2026-12-19');
  });
});
