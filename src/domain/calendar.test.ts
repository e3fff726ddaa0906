import { TZDateMini } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addDays,
  addWeeks,
  clockTimeLabel,
  currentWeekStart,
  deadlineLabel,
  fullDateLabel,
  longDayLabel,
  relativeDeadlineLabel,
  timeLabel,
  dayMonth,
  daysBetween,
  isIsoDate,
  isoDate,
  londonDate,
  londonClock,
  londonInstant,
  londonOffsetMinutes,
  shortDayLabel,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from './calendar';

const d = isoDate;
const at = (iso: string) => new Date(iso);

// Dates built without the module under test: whole days after 2000-01-01 (UTC) up to 2100-12-31.
const DAY = 86_400_000;
const FROM = Date.UTC(2000, 0, 1);
const DAYS = (Date.UTC(2100, 11, 31) - FROM) / DAY;
const isoDateArb = fc
  .integer({ min: 0, max: DAYS })
  .map((n) => new Date(FROM + n * DAY).toISOString().slice(0, 10) as IsoDate);

/** London wall-clock parts of an instant, straight from the platform's time-zone data (the oracle). */
function londonParts(instant: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    hour: Number(get('hour')),
    minute: Number(get('minute')),
  };
}

describe('isIsoDate', () => {
  test.each(['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01'])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  test.each([
    '2026-02-30',
    '2026-02-29',
    '2100-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    '26-01-01',
    '2026-01-01T00:00:00Z',
    ' 2026-01-01',
    '2026/01/01',
    '',
    'today',
  ])('rejects "%s"', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  test('isoDate throws on a non-date', () => {
    expect(isoDate('2026-11-23')).toBe('2026-11-23');
    expect(() => isoDate('2026-02-30')).toThrow(RangeError);
  });

  test('property: a date-like string is accepted exactly when it names a real day (years from 100)', () => {
    const digits = (n: number) =>
      fc.integer({ min: 0, max: 10 ** n - 1 }).map((v) => String(v).padStart(n, '0'));
    const dateLike = fc
      .tuple(digits(4), fc.oneof(digits(2), fc.constantFrom('02', '04', '12', '13', '00')), digits(2))
      .map(([y, m, day]) => `${y}-${m}-${day}`);
    fc.assert(
      fc.property(dateLike, (value) => {
        const [y, m, day] = value.split('-').map(Number) as [number, number, number];
        const utc = new Date(Date.UTC(2000, m - 1, day));
        utc.setUTCFullYear(y);
        const real = utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === day;
        expect(isIsoDate(value)).toBe(real && y >= 100);
      }),
      { numRuns: 2000 },
    );
  });

  test('property: every real calendar day is accepted', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(isIsoDate(date)).toBe(true);
      }),
    );
  });
});

describe('addDays, addWeeks, daysBetween', () => {
  test('examples across month, year, leap day and the clock changes', () => {
    expect(addDays(d('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(d('2026-01-01'), -1)).toBe('2025-12-31');
    expect(addDays(d('2024-02-28'), 1)).toBe('2024-02-29');
    expect(addDays(d('2026-02-28'), 1)).toBe('2026-03-01');
    expect(addDays(d('2026-03-28'), 2)).toBe('2026-03-30');
    expect(addDays(d('2026-10-24'), 2)).toBe('2026-10-26');
    expect(addDays(d('2026-11-23'), 0)).toBe('2026-11-23');
    expect(addWeeks(d('2026-11-23'), 2)).toBe('2026-12-07');
    expect(addWeeks(d('2026-11-23'), -1)).toBe('2026-11-16');
    expect(daysBetween(d('2026-03-28'), d('2026-03-30'))).toBe(2);
    expect(daysBetween(d('2026-12-31'), d('2026-01-01'))).toBe(-364);
    expect(daysBetween(d('2024-01-01'), d('2025-01-01'))).toBe(366);
  });

  test('property: addDays and daysBetween are inverse', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: -3000, max: 3000 }), (date, n) => {
        const later = addDays(date, n);
        expect(isIsoDate(later)).toBe(true);
        expect(daysBetween(date, later)).toBe(n);
        expect(addDays(later, -n)).toBe(date);
        expect(addWeeks(date, n)).toBe(addDays(date, 7 * n));
      }),
    );
  });
});

describe('weekdayOf', () => {
  test.each([
    ['2026-11-23', 1],
    ['2026-11-27', 5],
    ['2026-11-28', 6],
    ['2026-11-29', 0],
    ['2000-01-01', 6],
    ['2026-03-29', 0],
    ['2026-12-25', 5],
  ])('%s → %i', (date, weekday) => {
    expect(weekdayOf(d(date))).toBe(weekday);
  });

  test('property: moves on by one each day', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(weekdayOf(addDays(date, 1))).toBe((weekdayOf(date) + 1) % 7);
      }),
    );
  });
});

describe('weekStartOf', () => {
  test('examples', () => {
    expect(weekStartOf(d('2026-11-23'))).toBe('2026-11-23');
    expect(weekStartOf(d('2026-11-27'))).toBe('2026-11-23');
    expect(weekStartOf(d('2026-11-29'))).toBe('2026-11-23');
    expect(weekStartOf(d('2027-01-01'))).toBe('2026-12-28');
  });

  test('property: a Monday on or before the date, at most 6 days before', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        const start = weekStartOf(date);
        expect(weekdayOf(start)).toBe(1);
        expect(start <= date).toBe(true);
        const gap = daysBetween(start, date);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(6);
        expect(weekStartOf(start)).toBe(start);
      }),
    );
  });
});

describe('londonDate', () => {
  test.each([
    // Spring forward: 01:00 UTC on 29 March 2026 is 02:00 BST.
    ['2026-03-29T00:59:59.999Z', '2026-03-29'],
    ['2026-03-29T01:00:00.000Z', '2026-03-29'],
    ['2026-03-28T23:30:00.000Z', '2026-03-28'], // GMT: still Saturday
    ['2026-03-29T23:30:00.000Z', '2026-03-30'], // BST: already Monday
    // Fall back: 01:00 UTC on 25 October 2026 is 01:00 GMT (it was 02:00 BST a moment before).
    ['2026-10-25T01:00:00.000Z', '2026-10-25'],
    ['2026-10-24T23:30:00.000Z', '2026-10-25'], // BST: already Sunday
    ['2026-10-25T23:30:00.000Z', '2026-10-25'], // GMT: still Sunday
    // Midnight boundaries.
    ['2026-06-30T23:30:00.000Z', '2026-07-01'],
    ['2026-06-30T22:59:59.999Z', '2026-06-30'],
    ['2026-12-31T23:30:00.000Z', '2026-12-31'],
    ['2027-01-01T00:00:00.000Z', '2027-01-01'],
  ])('%s is %s in London', (instant, date) => {
    expect(londonDate(at(instant))).toBe(date);
  });

  test('property: agrees with the platform time-zone data', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        (instant) => {
          expect(londonDate(instant)).toBe(londonParts(instant).date);
        },
      ),
    );
  });

  test('property: instants close together, in any order, each get their own day (the last day is kept)', () => {
    // Midnights, and the nights the clocks change (01:00 UTC on the last Sundays of March and October).
    const edges = [
      '2026-03-28T23:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-03-29T23:00:00Z',
      '2026-10-24T23:00:00Z',
      '2026-10-25T01:00:00Z',
      '2026-10-26T00:00:00Z',
      '2026-12-31T23:59:59.999Z',
    ].map((instant) => at(instant).getTime());
    const hour = 3_600_000;
    const near = fc
      .tuple(fc.constantFrom(...edges), fc.integer({ min: -3 * hour, max: 3 * hour }))
      .map(([edge, offset]) => new Date(edge + offset));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(near, fc.constantFrom(...edges.map((e) => new Date(e)))), { maxLength: 12 }),
        (instants) => {
          for (const instant of instants) expect(londonDate(instant)).toBe(londonParts(instant).date);
        },
      ),
    );
  });
});

describe('London time worked out without Intl (issue 24: no Intl on a first load)', () => {
  const instantArb = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 11, 31) });

  test('property: the offset and wall clock agree with the platform time-zone data, 1970–2100', () => {
    fc.assert(
      fc.property(instantArb, (time) => {
        const instant = new Date(time);
        expect(londonOffsetMinutes(time)).toBe(-new TZDateMini(time, 'Europe/London').getTimezoneOffset());
        const parts = londonParts(instant);
        const clock = londonClock(instant);
        expect(clock).toEqual({ date: parts.date, hours: parts.hour, minutes: parts.minute });
      }),
      { numRuns: 2000 },
    );
  });

  // The nights the clocks change, with every wall time around them: the hour spring skips and the hour
  // autumn shows twice are answered as @date-fns/tz (Intl) answers them.
  const changeDays = fc.integer({ min: 1990, max: 2100 }).chain((year) =>
    fc.constantFrom(
      ...[2, 9].map((month) => {
        const last = new Date(Date.UTC(year, month + 1, 0));
        return new Date(Date.UTC(year, month, last.getUTCDate() - last.getUTCDay()))
          .toISOString()
          .slice(0, 10) as IsoDate;
      }),
    ),
  );
  test('property: londonInstant agrees with @date-fns/tz for any wall time, around the changes too', () => {
    const wallArb = fc.tuple(
      fc.oneof(isoDateArb, changeDays),
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
    );
    fc.assert(
      fc.property(wallArb, ([date, h, m]) => {
        const [y, mo, day] = date.split('-').map(Number) as [number, number, number];
        const expected = new TZDateMini(y, mo - 1, day, h, m, 'Europe/London').getTime();
        expect(londonInstant(date, h, m).getTime()).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    ['2026-03-29', 1, 0, '2026-03-29T01:00:00.000Z'], // skipped: read as GMT
    ['2026-03-29', 1, 30, '2026-03-29T01:30:00.000Z'],
    ['2026-10-25', 1, 0, '2026-10-25T01:00:00.000Z'], // shown twice: the second (GMT)
    ['2026-10-25', 0, 30, '2026-10-24T23:30:00.000Z'],
    ['1995-07-01', 12, 0, '1995-07-01T11:00:00.000Z'], // before 1996: the platform's data
  ])('%s %i:%i London is %s', (date, hours, minutes, instant) => {
    expect(londonInstant(d(date), hours, minutes).toISOString()).toBe(instant);
  });
});

describe('londonInstant', () => {
  test.each([
    ['2026-03-29', 0, 0, '2026-03-29T00:00:00.000Z'],
    ['2026-03-29', 2, 0, '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', 12, 0, '2026-03-29T11:00:00.000Z'],
    ['2026-03-28', 12, 0, '2026-03-28T12:00:00.000Z'],
    ['2026-10-24', 12, 0, '2026-10-24T11:00:00.000Z'],
    ['2026-10-25', 12, 0, '2026-10-25T12:00:00.000Z'],
    ['2026-10-25', 2, 0, '2026-10-25T02:00:00.000Z'],
    ['2026-07-01', 0, 0, '2026-06-30T23:00:00.000Z'],
    ['2026-12-31', 23, 30, '2026-12-31T23:30:00.000Z'],
    ['2026-11-27', 12, 0, '2026-11-27T12:00:00.000Z'],
    ['2026-07-03', 12, 0, '2026-07-03T11:00:00.000Z'],
  ])('%s %i:%i London is %s', (date, hours, minutes, instant) => {
    expect(londonInstant(d(date), hours, minutes).toISOString()).toBe(instant);
  });

  test('property: londonDate(londonInstant(d, 12)) is d for any date 2000–2100', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        const noon = londonInstant(date, 12);
        expect(londonDate(noon)).toBe(date);
        expect(londonParts(noon)).toEqual({ date, hour: 12, minute: 0 });
      }),
    );
  });

  test('property: London midnight starts the day (1 ms before is the day before)', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        const midnight = londonInstant(date, 0);
        expect(londonDate(midnight)).toBe(date);
        expect(londonDate(new Date(midnight.getTime() - 1))).toBe(addDays(date, -1));
      }),
    );
  });

  test('property: any wall-clock time of a day stays on that day', () => {
    fc.assert(
      fc.property(
        isoDateArb,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (date, h, m) => {
          expect(londonDate(londonInstant(date, h, m))).toBe(date);
        },
      ),
    );
  });
});

describe('currentWeekStart', () => {
  test('follows the London date, not the UTC one', () => {
    expect(currentWeekStart(at('2026-11-29T23:30:00Z'))).toBe('2026-11-23'); // Sunday 23:30 GMT
    expect(currentWeekStart(at('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(currentWeekStart(at('2026-06-28T23:30:00Z'))).toBe('2026-06-29'); // Monday 00:30 BST
    expect(currentWeekStart(at('2026-06-28T22:59:59.999Z'))).toBe('2026-06-22'); // Sunday 23:59 BST
  });
});

describe('dayMonth and shortDayLabel', () => {
  test('examples', () => {
    expect(dayMonth(d('2026-11-28'))).toEqual({ day: 28, month: 'Nov', year: 2026 });
    expect(dayMonth(d('2027-01-02'))).toEqual({ day: 2, month: 'Jan', year: 2027 });
    expect(shortDayLabel(d('2026-11-28'))).toBe('Sat 28 Nov');
    expect(shortDayLabel(d('2026-12-07'))).toBe('Mon 7 Dec');
    expect(shortDayLabel(d('2026-03-29'))).toBe('Sun 29 Mar');
  });
});

describe('British dates and times (one formatter for every screen and email)', () => {
  test('long and full dates', () => {
    expect(longDayLabel(d('2026-11-27'))).toBe('Friday 27 November');
    expect(longDayLabel(d('2026-12-02'))).toBe('Wednesday 2 December');
    expect(fullDateLabel(d('2027-01-02'))).toBe('2 January 2027');
  });

  test('times: 12 noon, midnight, 5pm, 8am, 5:30pm; never "12:00 pm"', () => {
    expect(clockTimeLabel(12)).toBe('12 noon');
    expect(clockTimeLabel(0)).toBe('midnight');
    expect(clockTimeLabel(17)).toBe('5pm');
    expect(clockTimeLabel(8)).toBe('8am');
    expect(clockTimeLabel(17, 30)).toBe('5:30pm');
    expect(clockTimeLabel(0, 5)).toBe('12:05am');
    expect(clockTimeLabel(12, 15)).toBe('12:15pm');
  });

  test('an instant in London time, in GMT and in BST', () => {
    expect(timeLabel(new Date('2026-11-27T12:00:00Z'))).toBe('12 noon');
    expect(timeLabel(new Date('2026-07-03T11:00:00Z'))).toBe('12 noon');
    expect(timeLabel(new Date('2026-06-15T16:00:00Z'))).toBe('5pm');
    expect(deadlineLabel(new Date('2026-11-27T12:00:00Z'))).toBe('Friday 27 November at 12 noon');
    // 23:30Z on 30 June is 00:30 on 1 July in London.
    expect(deadlineLabel(new Date('2026-06-30T23:30:00Z'))).toBe('Wednesday 1 July at 12:30am');
  });

  test('relative deadlines: today, tomorrow, else the date', () => {
    const now = new Date('2026-11-23T09:00:00Z');
    expect(relativeDeadlineLabel(new Date('2026-11-23T17:00:00Z'), now)).toBe('5pm today');
    expect(relativeDeadlineLabel(new Date('2026-11-24T17:00:00Z'), now)).toBe('5pm tomorrow');
    expect(relativeDeadlineLabel(new Date('2026-11-27T12:00:00Z'), now)).toBe(
      'Friday 27 November at 12 noon',
    );
  });

  test('property: long dates read as en-GB writes them ("Wednesday 25 November"), for any day 2000–2100', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_500 }), (n) => {
        const date = addDays(d('2000-01-01'), n);
        expect(longDayLabel(date)).toBe(intl.format(new Date(`${date}T12:00:00Z`)).replace(',', ''));
      }),
    );
  });

  test('property: every minute of the day has one label, and only 12:00 is noon', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        const label = clockTimeLabel(hours, minutes);
        expect(label).toMatch(/^(\d{1,2}(:\d{2})?(am|pm)|12 noon|midnight)$/);
        expect(label === '12 noon').toBe(hours === 12 && minutes === 0);
        expect(label).not.toMatch(/^0/);
      }),
    );
  });
});
