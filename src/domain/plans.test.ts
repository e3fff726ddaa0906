import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, addWeeks, daysBetween, londonClock, weekdayOf, type IsoDate } from './calendar';
import { isDeliveryDay } from './menu-weeks';
import { orderChanges } from './orders';
import {
  billingDateOf,
  dispatchDeadline,
  firstOpenWeek,
  isBeforeDispatch,
  isFutureDelivery,
  isReminderDue,
  isWeekOpen,
  nextChargeAttempt,
  planDeliveryDate,
  planWeeks,
  reminderTime,
  weekCutoff,
} from './plans';

// The Pasta Plan's weekly rules (issue 12 part 5): cutoffs in GMT and BST, the plan's rhythm, delivery days,
// dispatch, the retry schedule and the reminder, each against an independent reading of the rule.

/** Mondays from 2025 to 2028, across every clock change. */
const monday = fc.integer({ min: 0, max: 4 * 52 }).map((n) => addWeeks('2025-01-06' as IsoDate, n));

describe('a week’s cutoff', () => {
  test('is Friday 12:00 London before the week, in GMT and BST alike, and the billing day is that Friday', () => {
    fc.assert(
      fc.property(monday, (week) => {
        const cutoff = weekCutoff(week);
        const clock = londonClock(cutoff);
        expect(clock).toEqual({ date: addDays(week, -3), hours: 12, minutes: 0 });
        expect(billingDateOf(week)).toBe(addDays(week, -3));
      }),
    );
  });

  test('a week is open until the instant of its cutoff, not at it', () => {
    fc.assert(
      fc.property(monday, fc.integer({ min: 1, max: 7 * 86_400_000 }), (week, ms) => {
        const cutoff = weekCutoff(week).getTime();
        expect(isWeekOpen(week, new Date(cutoff - ms))).toBe(true);
        expect(isWeekOpen(week, new Date(cutoff))).toBe(false);
        expect(isWeekOpen(week, new Date(cutoff + ms))).toBe(false);
      }),
    );
  });

  test('GMT and BST examples: 12:00 is 12:00Z in winter and 11:00Z in summer', () => {
    expect(weekCutoff('2026-11-30' as IsoDate).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(weekCutoff('2026-06-29' as IsoDate).toISOString()).toBe('2026-06-26T11:00:00.000Z');
    // The week after the clocks go back (Sunday 25 October 2026): its cutoff is Friday 30 October, GMT.
    expect(weekCutoff('2026-11-02' as IsoDate).toISOString()).toBe('2026-10-30T12:00:00.000Z');
    // The week after the clocks go forward (Sunday 29 March 2026): Friday 27 March is still GMT.
    expect(weekCutoff('2026-03-30' as IsoDate).toISOString()).toBe('2026-03-27T12:00:00.000Z');
    expect(weekCutoff('2026-04-06' as IsoDate).toISOString()).toBe('2026-04-03T11:00:00.000Z');
  });

  test('the first open week is next week before Friday noon, the week after from then', () => {
    expect(firstOpenWeek(new Date('2026-11-27T11:59:59Z'))).toBe('2026-11-30');
    expect(firstOpenWeek(new Date('2026-11-27T12:00:00Z'))).toBe('2026-12-07');
    expect(firstOpenWeek(new Date('2026-06-26T10:59:59Z'))).toBe('2026-06-29');
    expect(firstOpenWeek(new Date('2026-06-26T11:00:00Z'))).toBe('2026-07-06');
  });
});

describe('future weeks (spec §4: from yesterday on)', () => {
  test('yesterday counts, the day before does not, by London’s date', () => {
    const now = new Date('2026-07-15T23:30:00Z'); // 00:30 on 16 July in London (BST)
    expect(isFutureDelivery('2026-07-15' as IsoDate, now)).toBe(true);
    expect(isFutureDelivery('2026-07-14' as IsoDate, now)).toBe(false);
    const winter = new Date('2026-12-16T23:30:00Z'); // 23:30 on 16 December in London (GMT)
    expect(isFutureDelivery('2026-12-15' as IsoDate, winter)).toBe(true);
    expect(isFutureDelivery('2026-12-14' as IsoDate, winter)).toBe(false);
  });
});

describe('a plan’s rhythm', () => {
  const args = fc.record({
    anchor: monday,
    frequency: fc.integer({ min: 1, max: 4 }),
    fromOffset: fc.integer({ min: -10, max: 30 }),
    span: fc.integer({ min: 0, max: 20 }),
  });

  test('every week returned is a Monday between from and until, on the rhythm counted from the anchor', () => {
    fc.assert(
      fc.property(args, ({ anchor, frequency, fromOffset, span }) => {
        const from = addWeeks(anchor, fromOffset);
        const until = addWeeks(from, span);
        const weeks = planWeeks(anchor, frequency, from, until);
        for (const week of weeks) {
          expect(weekdayOf(week)).toBe(1);
          expect(week >= from && week <= until && week >= anchor).toBe(true);
          expect((daysBetween(anchor, week) / 7) % frequency).toBe(0);
        }
        for (let i = 1; i < weeks.length; i++)
          expect(daysBetween(weeks[i - 1]!, weeks[i]!)).toBe(7 * frequency);
        // None missing: an independent count of the rhythm's weeks in the range.
        let expected = 0;
        for (let w = from < anchor ? anchor : from; w <= until; w = addWeeks(w, 1)) {
          if ((daysBetween(anchor, w) / 7) % frequency === 0) expected += 1;
        }
        expect(weeks).toHaveLength(expected);
      }),
    );
  });

  test('from a day inside a week counts that week', () => {
    expect(planWeeks('2026-11-23' as IsoDate, 2, '2026-11-26' as IsoDate, '2026-12-21' as IsoDate)).toEqual([
      '2026-11-23',
      '2026-12-07',
      '2026-12-21',
    ]);
    expect(planWeeks('2026-11-23' as IsoDate, 2, '2026-11-30' as IsoDate, '2026-12-21' as IsoDate)).toEqual([
      '2026-12-07',
      '2026-12-21',
    ]);
  });

  test('the delivery date is the plan’s weekday in the week, or the nearest open day of the week', () => {
    fc.assert(
      fc.property(monday, fc.integer({ min: 1, max: 6 }), (week, day) => {
        const date = planDeliveryDate(week, day);
        expect(daysBetween(week, date)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(week, date)).toBeLessThan(7);
        expect(weekdayOf(date)).not.toBe(0);
        const same = addDays(week, day - 1);
        if (isDeliveryDay(same)) expect(date).toBe(same);
        else expect(isDeliveryDay(date)).toBe(true);
      }),
    );
    // Christmas 2026: Friday 25 December is closed; a Friday plan's box comes the next open day.
    expect(isDeliveryDay(planDeliveryDate('2026-12-21' as IsoDate, 5))).toBe(true);
  });
});

describe('dispatch', () => {
  test('a box is dispatched the day before delivery at 2pm London, in GMT and BST', () => {
    fc.assert(
      fc.property(monday, fc.integer({ min: 0, max: 5 }), (week, offset) => {
        const delivery = addDays(week, offset);
        const deadline = dispatchDeadline(delivery);
        expect(londonClock(deadline)).toEqual({ date: addDays(delivery, -1), hours: 14, minutes: 0 });
        expect(isBeforeDispatch(delivery, new Date(deadline.getTime() - 1))).toBe(true);
        expect(isBeforeDispatch(delivery, deadline)).toBe(false);
      }),
    );
  });
});

describe('trying a failed weekly charge again', () => {
  test('soft failures are tried 6, 24 and 48 hours after the cutoff while the box can still go out; then never', () => {
    const week = '2026-11-30' as IsoDate;
    const cutoff = weekCutoff(week).getTime();
    const late = { weekStart: week, deliveryDate: '2026-12-05' as IsoDate };
    const at = (attempts: number) => nextChargeAttempt({ ...late, attempts, failure: 'soft' });
    expect(at(1)?.getTime()).toBe(cutoff + 6 * 3_600_000);
    expect(at(2)?.getTime()).toBe(cutoff + 24 * 3_600_000);
    expect(at(3)?.getTime()).toBe(cutoff + 48 * 3_600_000);
    expect(at(4)).toBeNull();
    // A Monday box is dispatched on Sunday at 2pm: the last try, Sunday at noon, still leaves an hour.
    const monday = { weekStart: week, deliveryDate: '2026-11-30' as IsoDate, failure: 'soft' as const };
    expect(nextChargeAttempt({ ...monday, attempts: 3 })?.toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(nextChargeAttempt({ ...monday, attempts: 4 })).toBeNull();
  });

  test('hard declines and charges the bank wants approved are never tried again automatically', () => {
    fc.assert(
      fc.property(
        monday,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('hard_decline' as const, 'needs_customer' as const),
        (week, offset, attempts, failure) => {
          expect(
            nextChargeAttempt({ weekStart: week, deliveryDate: addDays(week, offset), attempts, failure }),
          ).toBeNull();
        },
      ),
    );
  });

  test('every try is after the last and at least an hour before dispatch', () => {
    fc.assert(
      fc.property(monday, fc.integer({ min: 0, max: 5 }), (week, offset) => {
        const deliveryDate = addDays(week, offset);
        let last = weekCutoff(week).getTime();
        for (let attempts = 1; attempts <= 4; attempts++) {
          const next = nextChargeAttempt({ weekStart: week, deliveryDate, attempts, failure: 'soft' });
          if (!next) break;
          expect(next.getTime()).toBeGreaterThan(last);
          expect(next.getTime()).toBeLessThanOrEqual(dispatchDeadline(deliveryDate).getTime() - 3_600_000);
          last = next.getTime();
        }
      }),
    );
  });
});

describe('the reminder', () => {
  test('is due from 48 hours before the cutoff until the cutoff', () => {
    const week = '2026-11-30' as IsoDate;
    const time = reminderTime(week);
    expect(time.toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(isReminderDue(week, new Date(time.getTime() - 1))).toBe(false);
    expect(isReminderDue(week, time)).toBe(true);
    expect(isReminderDue(week, new Date(weekCutoff(week).getTime() - 1))).toBe(true);
    expect(isReminderDue(week, weekCutoff(week))).toBe(false);
  });
});

describe('what of an order can still change', () => {
  const states = fc.constantFrom(
    'created' as const,
    'billed' as const,
    'paid' as const,
    'payment_pending' as const,
    'skipped' as const,
    'packed' as const,
    'shipped' as const,
    'delivered' as const,
    'cancelled' as const,
  );
  test('dishes only for a plan’s box before its cutoff; the address only before dispatch', () => {
    fc.assert(
      fc.property(
        monday,
        fc.integer({ min: 0, max: 5 }),
        states,
        fc.constantFrom(
          'subscription' as const,
          'recipe_kit' as const,
          'one_off' as const,
          'gift_box' as const,
        ),
        fc.integer({ min: -20, max: 20 }),
        (week, offset, state, source, hours) => {
          const deliveryDate = addDays(week, offset);
          const now = new Date(weekCutoff(week).getTime() + hours * 3_600_000);
          const changes = orderChanges({ source, state, mealWeek: week, deliveryDate }, now);
          if (changes.editable) {
            expect(source).toBe('subscription');
            expect(isWeekOpen(week, now)).toBe(true);
            expect(['created', 'skipped']).toContain(state);
          }
          if (changes.addressEditable) {
            expect(isBeforeDispatch(deliveryDate, now)).toBe(true);
            expect(['packed', 'shipped', 'delivered', 'cancelled']).not.toContain(state);
          }
          if (source === 'gift_box') expect(changes.dateEditable).toBe(false);
        },
      ),
    );
  });
});
