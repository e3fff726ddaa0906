import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addDays,
  addWeeks,
  currentWeekStart,
  daysBetween,
  isoDate,
  londonDate,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from './calendar';
import {
  CLOSED_DAYS,
  deliveryDaysOfWeek,
  firstOrderableWeek,
  isDeliveryDay,
  isDateOrderable,
  isWeekOrderable,
  menuLoadingOrder,
  menuWeekStarts,
  nextDayDeadline,
  oneOffMenuWeek,
  orderCutoff,
  orderDeadline,
  weekOrderDeadline,
  relativeWeekName,
  weekTabText,
  weekLabel,
} from './menu-weeks';

const d = isoDate;
const at = (iso: string) => new Date(iso);
const ms = (instant: Date, delta: number) => new Date(instant.getTime() + delta);

// Instants from 2024 to 2030: several years of BST and GMT, Christmases and New Years.
const instantArb = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((t) => new Date(t));

// Mondays between 2000 and 2100, built without the module under test (3 January 2000 was a Monday).
const MONDAY_2000 = Date.UTC(2000, 0, 3);
const mondayArb = fc
  .integer({ min: 0, max: 5260 })
  .map((n) => new Date(MONDAY_2000 + n * 7 * 86_400_000).toISOString().slice(0, 10) as IsoDate);

function londonClock(instant: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('weekday')} ${get('hour')}:${get('minute')}`;
}

describe('orderCutoff', () => {
  test.each([
    // GMT: 12:00 London is 12:00 UTC.
    ['2026-11-30', '2026-11-27T12:00:00.000Z'],
    ['2027-01-04', '2027-01-01T12:00:00.000Z'],
    ['2026-03-30', '2026-03-27T12:00:00.000Z'], // the Friday before the clocks go forward
    ['2026-11-02', '2026-10-30T12:00:00.000Z'], // the Friday after they go back
    // BST: 12:00 London is 11:00 UTC.
    ['2026-07-06', '2026-07-03T11:00:00.000Z'],
    ['2026-04-06', '2026-04-03T11:00:00.000Z'],
    ['2026-10-26', '2026-10-23T11:00:00.000Z'],
  ])('week %s closes at %s', (week, instant) => {
    expect(orderCutoff(d(week)).toISOString()).toBe(instant);
  });

  test('the UTC hour is 12 in winter and 11 in summer', () => {
    expect(orderCutoff(d('2026-01-12')).getUTCHours()).toBe(12);
    expect(orderCutoff(d('2026-08-10')).getUTCHours()).toBe(11);
  });

  test('property: always Friday 12:00 London, three days before the week starts', () => {
    fc.assert(
      fc.property(mondayArb, (week) => {
        const cutoff = orderCutoff(week);
        expect(londonClock(cutoff)).toBe('Fri 12:00');
        expect(londonDate(cutoff)).toBe(addDays(week, -3));
      }),
    );
  });
});

describe('isWeekOrderable', () => {
  test.each(['2026-11-30', '2026-07-06', '2026-03-30', '2026-04-06'])(
    'week %s flips exactly at its cutoff',
    (week) => {
      const cutoff = orderCutoff(d(week));
      expect(isWeekOrderable(d(week), ms(cutoff, -1))).toBe(true);
      expect(isWeekOrderable(d(week), cutoff)).toBe(false);
      expect(isWeekOrderable(d(week), ms(cutoff, 1))).toBe(false);
    },
  );

  test('summer: 11:59:59.999 UTC on the Friday is already past 12:00 BST', () => {
    expect(isWeekOrderable(d('2026-07-06'), at('2026-07-03T10:59:59.999Z'))).toBe(true);
    expect(isWeekOrderable(d('2026-07-06'), at('2026-07-03T11:59:59.999Z'))).toBe(false);
  });
});

describe('firstOrderableWeek', () => {
  test.each([
    ['2026-11-23T00:00:00.000Z', '2026-11-30'], // Monday
    ['2026-11-26T10:00:00.000Z', '2026-11-30'], // Thursday
    ['2026-11-27T11:59:59.999Z', '2026-11-30'], // Friday, just before the cutoff
    ['2026-11-27T12:00:00.000Z', '2026-12-07'], // Friday at the cutoff
    ['2026-11-28T09:00:00.000Z', '2026-12-07'], // Saturday
    ['2026-11-29T23:59:59.999Z', '2026-12-07'], // Sunday night, GMT
    ['2026-11-30T00:00:00.000Z', '2026-12-07'], // Monday: next week is open again
    ['2026-07-03T10:59:59.999Z', '2026-07-06'], // Friday 11:59 BST
    ['2026-07-03T11:00:00.000Z', '2026-07-13'], // Friday 12:00 BST
    ['2026-06-28T23:30:00.000Z', '2026-07-06'], // Monday 00:30 BST, still Sunday in UTC
  ])('at %s it is %s', (now, week) => {
    expect(firstOrderableWeek(at(now))).toBe(week);
  });

  test('property: a Monday one or two weeks on, orderable, and the week before it is not', () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const week = firstOrderableWeek(now);
        expect(weekdayOf(week)).toBe(1);
        expect([7, 14]).toContain(daysBetween(currentWeekStart(now), week));
        expect(isWeekOrderable(week, now)).toBe(true);
        expect(isWeekOrderable(addWeeks(week, -1), now)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('menuWeekStarts', () => {
  test('six consecutive Mondays from the previous week', () => {
    expect(menuWeekStarts(at('2026-11-26T10:00:00Z'))).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
    ]);
    expect(menuWeekStarts(at('2026-11-26T10:00:00Z'), 1)).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
  });

  test('property: consecutive Mondays, the second being the current week', () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const weeks = menuWeekStarts(now);
        expect(weeks).toHaveLength(6);
        expect(weeks[1]).toBe(currentWeekStart(now));
        weeks.forEach((week, i) => {
          expect(weekdayOf(week)).toBe(1);
          if (i > 0) expect(daysBetween(weeks[i - 1]!, week)).toBe(7);
        });
      }),
    );
  });
});

describe('oneOffMenuWeek', () => {
  test.each([
    // GMT: 17:00 London is 17:00 UTC.
    ['2026-11-23T00:00:00.000Z', '2026-11-23'], // Monday
    ['2026-11-26T16:59:59.999Z', '2026-11-23'], // Thursday 16:59: Friday is still a next-day delivery
    ['2026-11-26T17:00:00.000Z', '2026-11-30'], // Thursday 17:00: this week is over for one-off boxes
    ['2026-11-27T00:00:00.000Z', '2026-11-30'], // Friday 00:00
    ['2026-11-27T18:00:00.000Z', '2026-11-30'], // Friday evening
    ['2026-11-29T23:59:59.999Z', '2026-11-30'], // Sunday night
    ['2026-11-30T00:00:00.000Z', '2026-11-30'], // Monday: that week is now this week
    // BST: 17:00 London is 16:00 UTC.
    ['2026-07-02T15:59:59.999Z', '2026-06-29'], // Thursday 16:59:59.999 BST
    ['2026-07-02T16:00:00.000Z', '2026-07-06'], // Thursday 17:00 BST
    ['2026-10-22T15:59:59.999Z', '2026-10-19'], // Thursday before the clocks go back
    ['2026-10-22T16:00:00.000Z', '2026-10-26'],
    // The clock changes themselves (both on a Sunday).
    ['2026-03-29T00:59:59.999Z', '2026-03-30'], // Sunday 00:59 GMT
    ['2026-03-29T01:00:00.000Z', '2026-03-30'], // Sunday 02:00 BST
    ['2026-03-29T22:59:59.999Z', '2026-03-30'], // Sunday 23:59 BST
    ['2026-03-29T23:00:00.000Z', '2026-03-30'], // Monday 00:00 BST
    ['2026-04-02T15:59:59.999Z', '2026-03-30'], // Thursday 16:59 BST, first week of summer time
    ['2026-04-02T16:00:00.000Z', '2026-04-06'], // Thursday 17:00 BST
    ['2026-10-25T00:59:59.999Z', '2026-10-26'], // Sunday 01:59 BST
    ['2026-10-25T01:00:00.000Z', '2026-10-26'], // Sunday 01:00 GMT
    ['2026-10-29T16:59:59.999Z', '2026-10-26'], // Thursday 16:59 GMT, first week of winter time
    ['2026-10-29T17:00:00.000Z', '2026-11-02'], // Thursday 17:00 GMT
    // Christmas 2026: Friday 25 is closed, so the week's last one-off day is Thursday 24 (order by Wed 17:00).
    ['2026-12-23T16:59:59.999Z', '2026-12-21'],
    ['2026-12-23T17:00:00.000Z', '2026-12-28'],
  ])('at %s it is %s', (now, week) => {
    expect(oneOffMenuWeek(at(now))).toBe(week);
  });

  test('property: this week until Thursday 17:00 London (outside Christmas week), then next week', () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const week = currentWeekStart(now);
        fc.pre(!deliveryDaysOfWeek(week).some((day) => day.slice(5) === '12-25' || day.slice(5) === '12-26'));
        fc.pre(!CLOSED_DAYS.some((closed) => addDays(week, 4).endsWith(closed)));
        const clock = londonClock(now); // "Thu 16:59"
        const [weekday, time] = clock.split(' ') as [string, string];
        const thisWeek = ['Mon', 'Tue', 'Wed'].includes(weekday) || (weekday === 'Thu' && time < '17:00');
        expect(oneOffMenuWeek(now)).toBe(thisWeek ? week : addWeeks(week, 1));
      }),
    );
  });
});

describe('the next-day rule for one-off boxes (docs/decisions/0011)', () => {
  // Each row: a delivery date, the last London minute a one-off order still gets it, and the first that
  // does not, in GMT (November), BST (June, October before the change) and across both clock changes.
  test.each([
    // GMT, the week of Monday 23 November 2026.
    ['2026-11-24', '2026-11-23T16:59:59.999Z', '2026-11-23T17:00:00.000Z'], // Tuesday: Monday 17:00
    ['2026-11-25', '2026-11-24T16:59:59.999Z', '2026-11-24T17:00:00.000Z'], // Wednesday: Tuesday 17:00
    ['2026-11-26', '2026-11-25T16:59:59.999Z', '2026-11-25T17:00:00.000Z'], // Thursday: Wednesday 17:00
    ['2026-11-27', '2026-11-26T16:59:59.999Z', '2026-11-26T17:00:00.000Z'], // Friday: Thursday 17:00
    ['2026-11-30', '2026-11-29T07:59:59.999Z', '2026-11-29T08:00:00.000Z'], // Monday: Sunday 08:00
    ['2026-11-28', '2026-11-20T11:59:59.999Z', '2026-11-20T12:00:00.000Z'], // Saturday: the weekly cutoff
    // BST, June 2026: 17:00 London is 16:00 UTC, 08:00 is 07:00.
    ['2026-06-16', '2026-06-15T15:59:59.999Z', '2026-06-15T16:00:00.000Z'],
    ['2026-06-19', '2026-06-18T15:59:59.999Z', '2026-06-18T16:00:00.000Z'],
    ['2026-06-22', '2026-06-21T06:59:59.999Z', '2026-06-21T07:00:00.000Z'],
    ['2026-06-20', '2026-06-12T10:59:59.999Z', '2026-06-12T11:00:00.000Z'],
    // October 2026, the week before the clocks go back (BST).
    ['2026-10-23', '2026-10-22T15:59:59.999Z', '2026-10-22T16:00:00.000Z'],
    // Sunday 25 October 2026: the clocks go back at 02:00 BST, so 08:00 that morning is GMT.
    ['2026-10-26', '2026-10-25T07:59:59.999Z', '2026-10-25T08:00:00.000Z'],
    // Monday 26 October: Tuesday's deadline is 17:00 GMT.
    ['2026-10-27', '2026-10-26T16:59:59.999Z', '2026-10-26T17:00:00.000Z'],
    // Sunday 29 March 2026: the clocks go forward at 01:00 GMT, so 08:00 that morning is BST.
    ['2026-03-30', '2026-03-29T06:59:59.999Z', '2026-03-29T07:00:00.000Z'],
    // Friday 27 March (GMT) and Tuesday 31 March (BST) either side of the change.
    ['2026-03-27', '2026-03-26T16:59:59.999Z', '2026-03-26T17:00:00.000Z'],
    ['2026-03-31', '2026-03-30T15:59:59.999Z', '2026-03-30T16:00:00.000Z'],
  ])('%s: a one-off order at %s gets it, at %s it does not', (date, lastIn, firstOut) => {
    expect(isDateOrderable(d(date), at(lastIn), 'one-off')).toBe(true);
    expect(isDateOrderable(d(date), at(firstOut), 'one-off')).toBe(false);
    expect(orderDeadline(d(date), 'one-off').toISOString()).toBe(firstOut);
  });

  test('a plan keeps the weekly cutoff: Friday 12:00 before the week, whatever the day', () => {
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-27', '2026-11-28'].map(d)) {
      expect(orderDeadline(date, 'plan').toISOString()).toBe('2026-11-20T12:00:00.000Z');
    }
    const monday0900 = at('2026-11-23T09:00:00Z');
    expect(isDateOrderable(d('2026-11-24'), monday0900, 'plan')).toBe(false);
    expect(isDateOrderable(d('2026-11-24'), monday0900, 'one-off')).toBe(true);
    expect(isWeekOrderable(d('2026-11-23'), monday0900)).toBe(false);
    expect(isWeekOrderable(d('2026-11-23'), monday0900, 'one-off')).toBe(true);
  });

  test('nextDayDeadline: none for Saturday or Sunday', () => {
    expect(nextDayDeadline(d('2026-11-28'))).toBeNull();
    expect(nextDayDeadline(d('2026-11-29'))).toBeNull();
  });

  test('property: a one-off deadline is 17:00 London the day before (Tue–Fri), 08:00 on Sunday (Mon), else the weekly cutoff', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_000 }), (n) => {
        const date = new Date(MONDAY_2000 + n * 86_400_000).toISOString().slice(0, 10) as IsoDate;
        const deadline = orderDeadline(date, 'one-off');
        const weekday = weekdayOf(date);
        if (weekday >= 2 && weekday <= 5) {
          expect(londonDate(deadline)).toBe(addDays(date, -1));
          expect(londonClock(deadline).slice(4)).toBe('17:00');
        } else if (weekday === 1) {
          expect(londonDate(deadline)).toBe(addDays(date, -1));
          expect(londonClock(deadline)).toBe('Sun 08:00');
        } else {
          expect(deadline.getTime()).toBe(orderCutoff(weekStartOf(date)).getTime());
        }
        // A one-off box can always be ordered at least as late as a plan box.
        expect(deadline.getTime()).toBeGreaterThanOrEqual(orderDeadline(date, 'plan').getTime());
      }),
    );
  });

  test('property: a date is orderable exactly before its deadline, and never on or after the day itself', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: -3, max: 24 }), fc.boolean(), (now, ahead, oneOff) => {
        const kind = oneOff ? 'one-off' : 'plan';
        const date = addDays(londonDate(now), ahead);
        const orderable = isDateOrderable(date, now, kind);
        expect(orderable).toBe(now.getTime() < orderDeadline(date, kind).getTime());
        if (ahead <= 0) expect(orderable).toBe(false);
      }),
    );
  });

  test('property: a week is orderable by a one-off box exactly while one of its delivery days is', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: -1, max: 3 }), (now, offset) => {
        const week = addWeeks(currentWeekStart(now), offset);
        const anyDay = deliveryDaysOfWeek(week).some((day) => isDateOrderable(day, now, 'one-off'));
        expect(isWeekOrderable(week, now, 'one-off')).toBe(anyDay);
        expect(weekOrderDeadline(week, 'plan').getTime()).toBe(orderCutoff(week).getTime());
      }),
    );
  });
});

describe('menuLoadingOrder', () => {
  const now = at('2026-11-26T10:00:00Z'); // current week 2026-11-23

  test('current and previous first, then the next two, then the rest', () => {
    expect(menuLoadingOrder(menuWeekStarts(now), now)).toEqual([
      ['2026-11-16', '2026-11-23'],
      ['2026-11-30', '2026-12-07'],
      ['2026-12-14', '2026-12-21'],
    ]);
  });

  test('future weeks in date order whatever the input order; older weeks go to the background', () => {
    const weeks = ['2026-12-21', '2026-11-23', '2026-12-07', '2026-11-02', '2026-11-30', '2026-12-14'].map(d);
    expect(menuLoadingOrder(weeks, now)).toEqual([
      ['2026-11-23'],
      ['2026-11-30', '2026-12-07'],
      ['2026-12-14', '2026-12-21', '2026-11-02'],
    ]);
  });

  test('no empty batches', () => {
    expect(menuLoadingOrder([], now)).toEqual([]);
    expect(menuLoadingOrder([d('2026-12-07')], now)).toEqual([['2026-12-07']]);
    expect(menuLoadingOrder([d('2026-11-16'), d('2026-11-23')], now)).toEqual([['2026-11-16', '2026-11-23']]);
  });

  test('property: the batches partition the input, in the spec order', () => {
    fc.assert(
      fc.property(
        instantArb,
        fc.array(fc.integer({ min: -6, max: 8 }), { maxLength: 12 }),
        (now, offsets) => {
          const current = currentWeekStart(now);
          const weeks = offsets.map((n) => addWeeks(current, n));
          const batches = menuLoadingOrder(weeks, now);

          // A partition: every input week in exactly one batch, nothing added, no empty batch.
          expect(batches.every((batch) => batch.length > 0)).toBe(true);
          expect(batches.flat().sort()).toEqual([...weeks].sort());

          const recent = weeks.filter((w) => w === current || w === addWeeks(current, -1));
          const future = weeks.filter((w) => w > current).sort();
          const older = weeks.filter((w) => w < addWeeks(current, -1));
          const expected = [recent, future.slice(0, 2), [...future.slice(2), ...older]];
          expect(batches).toEqual(expected.filter((batch) => batch.length > 0));
        },
      ),
    );
  });
});

describe('isDeliveryDay and deliveryDaysOfWeek', () => {
  test.each([
    ['2026-11-23', true], // Monday
    ['2026-11-28', true], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-12-24', true],
    ['2026-12-25', false], // Friday, Christmas Day
    ['2026-12-26', false], // Saturday, Boxing Day
    ['2026-12-27', false], // Sunday
    ['2026-12-28', true],
    ['2027-01-01', false], // Friday, New Year's Day
    ['2027-01-02', true],
  ])('%s → %s', (date, expected) => {
    expect(isDeliveryDay(d(date))).toBe(expected);
  });

  test('examples', () => {
    expect(deliveryDaysOfWeek(d('2026-11-23'))).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(deliveryDaysOfWeek(d('2026-12-21'))).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
    ]);
    expect(deliveryDaysOfWeek(d('2026-12-28'))).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-02',
    ]);
    expect(deliveryDaysOfWeek(d('2023-12-25'))).toEqual([
      '2023-12-27',
      '2023-12-28',
      '2023-12-29',
      '2023-12-30',
    ]);
  });

  test('property: Monday to Saturday of the week, in order, no Sundays, none on 25/26 Dec or 1 Jan', () => {
    fc.assert(
      fc.property(mondayArb, (week) => {
        const days = deliveryDaysOfWeek(week);
        const closed = Array.from({ length: 6 }, (_, i) => addDays(week, i)).filter((day) =>
          ['12-25', '12-26', '01-01'].includes(day.slice(5)),
        );
        expect(days).toHaveLength(6 - closed.length);
        days.forEach((day, i) => {
          expect(weekdayOf(day)).not.toBe(0);
          expect(['12-25', '12-26', '01-01']).not.toContain(day.slice(5));
          expect(daysBetween(week, day)).toBeGreaterThanOrEqual(0);
          expect(daysBetween(week, day)).toBeLessThanOrEqual(5);
          if (i > 0) expect(days[i - 1]! < day).toBe(true);
        });
      }),
    );
    expect([...CLOSED_DAYS]).toEqual(['12-25', '12-26', '01-01']);
  });
});

describe('weekLabel', () => {
  test.each([
    ['2026-11-23', '23 – 28 Nov'],
    ['2026-11-30', '30 Nov – 5 Dec'],
    ['2023-12-25', '27 – 30 Dec'],
    ['2026-12-21', '21 – 24 Dec'],
    ['2026-12-28', '28 Dec 2026 – 2 Jan 2027'],
    ['2022-12-26', '27 – 31 Dec'],
    ['2024-01-01', '2 – 6 Jan'],
    ['2029-12-31', '31 Dec 2029 – 5 Jan 2030'],
    ['2026-03-30', '30 Mar – 4 Apr'],
  ])('week %s → "%s"', (week, label) => {
    expect(weekLabel(d(week))).toBe(label);
  });

  /** The first day a label names. */
  function labelStart(label: string): { day: number; month: string } {
    const sameMonth = /^(\d{1,2}) – \d{1,2} ([A-Z][a-z]{2})$/.exec(label);
    if (sameMonth) return { day: Number(sameMonth[1]), month: sameMonth[2]! };
    const other = /^(\d{1,2}) ([A-Z][a-z]{2})(?: \d{4})? – \d{1,2} [A-Z][a-z]{2}(?: \d{4})?$/.exec(label);
    if (!other) throw new Error(`Unexpected label "${label}"`);
    return { day: Number(other[1]), month: other[2]! };
  }

  test('property: a label is well formed and never starts on 25 or 26 December', () => {
    fc.assert(
      fc.property(mondayArb, (week) => {
        const start = labelStart(weekLabel(week));
        expect(start.month === 'Dec' && (start.day === 25 || start.day === 26)).toBe(false);
        expect(start.month === 'Jan' && start.day === 1).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('every Christmas week from 2000 to 2100 starts on a delivery day', () => {
    for (let year = 2000; year <= 2100; year++) {
      for (const day of ['12-24', '12-25', '12-26', '12-27', '12-31']) {
        const week = weekStartOf(d(`${year}-${day}`));
        const start = labelStart(weekLabel(week));
        expect(start.month === 'Dec' && (start.day === 25 || start.day === 26)).toBe(false);
      }
    }
  });
});

describe('relativeWeekName', () => {
  test('this, next and last week by name; others by label', () => {
    const now = at('2026-11-26T10:00:00Z');
    expect(relativeWeekName(d('2026-11-23'), now)).toBe('This week');
    expect(relativeWeekName(d('2026-11-30'), now)).toBe('Next week');
    expect(relativeWeekName(d('2026-11-16'), now)).toBe('Last week');
    expect(relativeWeekName(d('2026-12-07'), now)).toBe('7 – 12 Dec');
  });
});

describe('weekTabText', () => {
  test('a named week shows its dates under its name; any other week its dates once', () => {
    const now = at('2026-11-18T10:00:00Z');
    expect(weekTabText(d('2026-11-16'), now)).toEqual({ name: 'This week', dates: '16 – 21 Nov' });
    expect(weekTabText(d('2026-11-23'), now)).toEqual({ name: 'Next week', dates: '23 – 28 Nov' });
    expect(weekTabText(d('2026-11-30'), now)).toEqual({ name: '30 Nov – 5 Dec', dates: null });
    expect(weekTabText(d('2026-12-28'), now)).toEqual({ name: '28 Dec 2026 – 2 Jan 2027', dates: null });
  });

  test('property: the dates are never said twice', () => {
    fc.assert(
      fc.property(fc.integer({ min: -4, max: 30 }), instantArb, (weeks, now) => {
        const week = addWeeks(currentWeekStart(now), weeks);
        const { name, dates } = weekTabText(week, now);
        expect(name).not.toBe(dates);
        expect(name.includes(weekLabel(week)) && dates !== null).toBe(false);
        expect(dates ?? name).toBe(weekLabel(week));
      }),
    );
  });
});
