import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isoDate } from './calendar';
import { GIFT_ORDER_KIND } from './gifts';
import {
  availableDeliveryDates,
  closedDayName,
  datesBetween,
  deliveryDateOption,
  deliveryDateProblem,
  isMealWeek,
  lastDeliveryDate,
  mealWeekSpan,
  weekdayList,
} from './delivery-dates';

const d = isoDate;
const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;
const MON_SAT = [1, 2, 3, 4, 5, 6];

// The oracle: the rules written again without the modules under test, from the platform's time-zone data.

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function londonParts(instant: Date) {
  const parts = LONDON.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const plusDays = (date: string, n: number) => new Date(utcDay(date) + n * DAY).toISOString().slice(0, 10);
const weekdayOfDate = (date: string) => new Date(utcDay(date)).getUTCDay();

/** The instant London's clocks read `hour`:00 on `date`: `hour`Z in winter, an hour earlier in summer. */
function londonAt(date: string, hour: number): number {
  for (const utcHour of [hour - 1, hour]) {
    const instant = utcDay(date) + utcHour * 3_600_000;
    const parts = londonParts(new Date(instant));
    if (parts.date === date && parts.hour === hour) return instant;
  }
  throw new Error(`no London ${hour}:00 on ${date}`);
}

function oracleChoosable(
  date: string,
  now: Date,
  days: readonly number[],
  blocked: readonly string[],
  mealWeek?: string,
  oneOff = false,
): boolean {
  const weekday = weekdayOfDate(date);
  const monday = plusDays(date, -((weekday + 6) % 7));
  // A plan: Friday 12:00 before the week. A one-off box: 17:00 the day before (Tue–Fri), 08:00 on Sunday
  // (Monday), else the plan's cutoff.
  const cutoff = !oneOff
    ? londonAt(plusDays(monday, -3), 12)
    : weekday >= 2 && weekday <= 5
      ? londonAt(plusDays(date, -1), 17)
      : weekday === 1
        ? londonAt(plusDays(date, -1), 8)
        : londonAt(plusDays(monday, -3), 12);
  const today = londonParts(now).date;
  const ahead = (utcDay(date) - utcDay(today)) / DAY;
  return (
    weekday !== 0 &&
    !['12-25', '12-26', '01-01'].includes(date.slice(5)) &&
    (mealWeek === undefined || monday === mealWeek) &&
    now.getTime() < cutoff &&
    ahead <= 21 &&
    days.includes(weekday) &&
    !blocked.includes(date)
  );
}

// Instants from 2024 to 2030: several BST/GMT changes, Christmases and New Years.
const instantArb = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((t) => new Date(t));
const weekdaysArb = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 7 });

/** Instants within a day of a clock change, where a rule that ignored BST would slip by an hour. */
const CLOCK_CHANGES = [
  '2025-03-30T01:00:00Z',
  '2025-10-26T01:00:00Z',
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2027-03-28T01:00:00Z',
  '2027-10-31T01:00:00Z',
].map((iso) => Date.parse(iso));
const nearClockChangeArb = fc
  .tuple(fc.constantFrom(...CLOCK_CHANGES), fc.integer({ min: -3 * DAY, max: 3 * DAY }))
  .map(([change, offset]) => new Date(change + offset));

describe('availableDeliveryDates', () => {
  test('offers exactly the dates the rules allow (against an independent oracle)', () => {
    fc.assert(
      fc.property(
        fc.oneof(instantArb, nearClockChangeArb),
        weekdaysArb,
        fc.integer({ min: -3, max: 26 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 4 }),
        fc.boolean(),
        (now, days, start, length, blockedOffsets, oneOff) => {
          const today = londonParts(now).date;
          const from = plusDays(today, start);
          const to = plusDays(from, length);
          const blocked = blockedOffsets.map((n) => plusDays(today, n));
          const offered = availableDeliveryDates({ from: d(from), to: d(to) }, now, {
            deliveryDays: days,
            blocked,
            kind: oneOff ? 'one-off' : 'plan',
          }).map((option) => option.date);
          const expected = datesBetween(d(from), d(to)).filter((date) =>
            oracleChoosable(date, now, days, blocked, undefined, oneOff),
          );
          expect(offered).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('never offers a Sunday, today, a date over 21 days ahead or a date of a closed week', () => {
    fc.assert(
      fc.property(fc.oneof(instantArb, nearClockChangeArb), (now) => {
        const today = londonParts(now).date;
        const offered = availableDeliveryDates(
          { from: d(plusDays(today, -7)), to: d(plusDays(today, 40)) },
          now,
          { deliveryDays: [0, ...MON_SAT] },
        );
        for (const option of offered) {
          expect(weekdayOfDate(option.date)).not.toBe(0);
          expect(option.date > today).toBe(true);
          expect(option.date <= plusDays(today, 21)).toBe(true);
          expect(now.getTime()).toBeLessThan(londonAt(plusDays(option.mealWeek, -3), 12));
        }
      }),
    );
  });

  test('a date that closed never reopens as time passes (until it is inside the window again)', () => {
    fc.assert(
      fc.property(
        fc.oneof(instantArb, nearClockChangeArb),
        fc.integer({ min: 1, max: 10 * DAY }),
        weekdaysArb,
        (earlier, gap, days) => {
          const later = new Date(earlier.getTime() + gap);
          const range = { from: d(londonParts(earlier).date), to: d(plusDays(londonParts(later).date, 25)) };
          const before = new Set(
            availableDeliveryDates(range, earlier, { deliveryDays: days }).map((o) => o.date),
          );
          const lastBefore = lastDeliveryDate(earlier);
          for (const option of availableDeliveryDates(range, later, { deliveryDays: days })) {
            if (option.date <= lastBefore) expect(before.has(option.date)).toBe(true);
          }
        },
      ),
    );
  });

  test('a meal week offers its own Monday to Saturday only, the same dates as the full range', () => {
    fc.assert(
      fc.property(instantArb, fc.integer({ min: -1, max: 4 }), weekdaysArb, (now, weeksAhead, days) => {
        const today = londonParts(now).date;
        const thisMonday = plusDays(today, -((weekdayOfDate(today) + 6) % 7));
        const mealWeek = d(plusDays(thisMonday, weeksAhead * 7));
        const span = mealWeekSpan(mealWeek);
        const forWeek = availableDeliveryDates(span, now, { deliveryDays: days, mealWeek });
        const wide = availableDeliveryDates(
          { from: d(plusDays(mealWeek, -10)), to: d(plusDays(mealWeek, 16)) },
          now,
          { deliveryDays: days },
        ).filter((option) => option.mealWeek === mealWeek);
        expect(forWeek).toEqual(wide);
        for (const option of forWeek) {
          expect(option.date >= span.from && option.date <= span.to).toBe(true);
        }
      }),
    );
  });

  test('on Wednesday 18 Nov 2026 10:00: next week from Monday, up to Wednesday 9 Dec, no Sundays', () => {
    const now = at('2026-11-18T10:00:00Z');
    const dates = availableDeliveryDates({ from: d('2026-11-16'), to: d('2026-12-31') }, now, {
      deliveryDays: MON_SAT,
    }).map((o) => o.date);
    expect(dates[0]).toBe('2026-11-23');
    expect(dates.at(-1)).toBe('2026-12-09');
    expect(dates).not.toContain('2026-11-29');
    expect(dates).not.toContain('2026-12-06');
    expect(dates).toHaveLength(15);
  });

  test('each option names its weekday, its label, its menu week and when to order by', () => {
    expect(deliveryDateOption(d('2026-11-28'))).toEqual({
      date: '2026-11-28',
      weekday: 'Saturday',
      label: 'Sat 28 Nov',
      mealWeek: '2026-11-23',
      orderBy: '2026-11-20T12:00:00.000Z',
    });
    expect(deliveryDateOption(d('2026-11-24'), 'one-off').orderBy).toBe('2026-11-23T17:00:00.000Z');
  });

  test('a one-off box on Monday 23 Nov 2026 at 09:00 can come on Tuesday; a plan starts next week', () => {
    const now = at('2026-11-23T09:00:00Z');
    const range = { from: d('2026-11-23'), to: d('2026-12-05') };
    const oneOff = availableDeliveryDates(range, now, { deliveryDays: MON_SAT, kind: 'one-off' });
    const plan = availableDeliveryDates(range, now, { deliveryDays: MON_SAT, kind: 'plan' });
    expect(oneOff.map((o) => o.date).slice(0, 5)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30', // Saturday 28 only through the weekly cutoff (Friday 20 Nov, passed)
    ]);
    expect(plan[0]?.date).toBe('2026-11-30');
    // At 17:00 Monday, Tuesday is gone; Wednesday remains until 17:00 Tuesday.
    const late = availableDeliveryDates(range, at('2026-11-23T17:00:00Z'), {
      deliveryDays: MON_SAT,
      kind: 'one-off',
    });
    expect(late[0]?.date).toBe('2026-11-25');
  });
});

describe('the Friday 12:00 cutoff across the BST/GMT change', () => {
  const firstDate = (now: Date) =>
    availableDeliveryDates(
      { from: d(londonParts(now).date), to: d(plusDays(londonParts(now).date, 21)) },
      now,
      {
        deliveryDays: MON_SAT,
      },
    )[0]?.date;

  test('spring 2026 (GMT, before the clocks go forward): the cutoff is 12:00Z', () => {
    expect(firstDate(at('2026-03-27T11:59:59Z'))).toBe('2026-03-30');
    expect(firstDate(at('2026-03-27T12:00:00Z'))).toBe('2026-04-06');
  });

  test('autumn 2026 (BST, the Friday before the clocks go back): the cutoff is 11:00Z', () => {
    expect(firstDate(at('2026-10-23T10:59:59Z'))).toBe('2026-10-26');
    expect(firstDate(at('2026-10-23T11:00:00Z'))).toBe('2026-11-02');
  });

  test('the Friday after the clocks went back: 11:30Z is still 11:30 in London, before the cutoff', () => {
    expect(firstDate(at('2026-10-30T11:30:00Z'))).toBe('2026-11-02');
    expect(firstDate(at('2026-10-30T12:00:00Z'))).toBe('2026-11-09');
  });

  test('the 21 days count from the London date: 23:30Z on 30 June is 1 July in London', () => {
    expect(lastDeliveryDate(at('2026-06-30T23:30:00Z'))).toBe('2026-07-22');
    expect(lastDeliveryDate(at('2026-12-31T23:30:00Z'))).toBe('2027-01-21');
  });
});

describe('deliveryDateProblem', () => {
  const now = at('2026-11-18T10:00:00Z');
  const problem = (
    date: string,
    rules = { deliveryDays: MON_SAT } as Parameters<typeof deliveryDateProblem>[2],
  ) => deliveryDateProblem(d(date), now, rules);

  test('names what is wrong with a date, in words a customer understands', () => {
    expect(problem('2026-11-29')).toEqual({ code: 'SUNDAY', message: "We don't deliver on Sundays" });
    expect(problem('2026-12-25')).toEqual({ code: 'CLOSED', message: "We don't deliver on Christmas Day" });
    expect(problem('2026-11-20')).toEqual({
      code: 'TOO_SOON',
      message:
        "It's too late to order for Fri 20 Nov: orders for 16 – 21 Nov closed Friday 13 November at 12 noon",
    });
    expect(problem('2026-11-18', { deliveryDays: MON_SAT, kind: 'one-off' })).toEqual({
      code: 'TOO_SOON',
      message: "It's too late to order for Wed 18 Nov: orders for that day closed Tuesday 17 November at 5pm",
    });
    expect(problem('2026-11-19', { deliveryDays: MON_SAT, kind: 'one-off' })).toBeNull();
    expect(problem('2026-11-21', { deliveryDays: MON_SAT, kind: 'one-off' })?.message).toBe(
      "It's too late to order for Sat 21 Nov: orders for that day closed Friday 13 November at 12 noon",
    );
    expect(problem('2026-12-10')).toEqual({
      code: 'TOO_FAR',
      message: 'Choose a delivery date up to 21 days ahead',
    });
    expect(problem('2026-11-23', { deliveryDays: [2, 4, 6] })).toEqual({
      code: 'NOT_A_COURIER_DAY',
      message: 'Our courier delivers to this postcode on Tuesdays, Thursdays and Saturdays only',
    });
    expect(problem('2026-11-24', { deliveryDays: MON_SAT, blocked: ['2026-11-24'] })).toEqual({
      code: 'BLOCKED',
      message: 'Tue 24 Nov is not available for delivery',
    });
    expect(problem('2026-12-01', { deliveryDays: MON_SAT, mealWeek: d('2026-11-23') })?.code).toBe(
      'OTHER_WEEK',
    );
    expect(problem('2026-11-24')).toBeNull();
    expect(problem('2026-11-24', { deliveryDays: MON_SAT, blocked: new Set(['2026-11-25']) })).toBeNull();
  });

  test("Christmas week 2026 offers neither Christmas Day nor Boxing Day; New Year's Day is off too", () => {
    const dates = availableDeliveryDates(
      { from: d('2026-12-21'), to: d('2027-01-02') },
      at('2026-12-12T09:00:00Z'),
      { deliveryDays: MON_SAT },
    ).map((o) => o.date);
    expect(dates).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-02',
    ]);
  });
});

describe('small helpers', () => {
  test('closedDayName', () => {
    expect(closedDayName(d('2026-12-25'))).toBe('Christmas Day');
    expect(closedDayName(d('2026-12-26'))).toBe('Boxing Day');
    expect(closedDayName(d('2027-01-01'))).toBe("New Year's Day");
    expect(closedDayName(d('2026-12-24'))).toBeNull();
  });

  test('weekdayList reads Monday first', () => {
    expect(weekdayList([6, 2, 4])).toBe('Tuesdays, Thursdays and Saturdays');
    expect(weekdayList([1])).toBe('Mondays');
    expect(weekdayList([])).toBe('no days');
  });

  test('isMealWeek and datesBetween', () => {
    expect(isMealWeek('2026-11-23')).toBe(true);
    expect(isMealWeek('2026-11-24')).toBe(false);
    expect(isMealWeek('2026-02-30')).toBe(false);
    expect(datesBetween(d('2026-11-30'), d('2026-12-02'))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(datesBetween(d('2026-12-02'), d('2026-11-30'))).toEqual([]);
  });

  test('the span of a menu week is its Monday to Saturday', () => {
    expect(mealWeekSpan(d('2026-11-23'))).toEqual({ from: '2026-11-23', to: '2026-11-28' });
  });
});

// The gift date rule (decisions 8 and 11; issue 19): a gift box is kept in stock, not a dish of a menu week,
// so it comes on any day the courier delivers to the postcode from the next day (the one-off box's order-by
// times), up to 21 days ahead, never on a Sunday or a day the kitchen is closed; every other day says why.
describe('the gift date rule', () => {
  const courierDaysArb = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 });
  const giftRules = (deliveryDays: number[]) => ({ deliveryDays, kind: GIFT_ORDER_KIND });

  test('every day the courier delivers is offered, from the next day up to 21 days ahead', () => {
    fc.assert(
      fc.property(fc.oneof(instantArb, nearClockChangeArb), courierDaysArb, (now, days) => {
        const today = londonParts(now).date;
        const offered = availableDeliveryDates(
          { from: d(today), to: d(plusDays(today, 30)) },
          now,
          giftRules(days),
        ).map((option) => option.date);
        const expected = datesBetween(d(today), d(plusDays(today, 30))).filter((date) =>
          oracleChoosable(date, now, days, [], undefined, true),
        );
        expect(offered).toEqual(expected);
        // No menu week holds a gift back: a courier's weekday two days ahead or more is never too soon.
        for (let ahead = 2; ahead <= 21; ahead++) {
          const date = d(plusDays(today, ahead));
          if (weekdayOfDate(date) === 6) continue;
          expect(deliveryDateProblem(date, now, giftRules(days))?.code).not.toBe('TOO_SOON');
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a day that is not offered says why, and the reason is true', () => {
    fc.assert(
      fc.property(
        fc.oneof(instantArb, nearClockChangeArb),
        courierDaysArb,
        fc.integer({ min: 1, max: 30 }),
        (now, days, ahead) => {
          const date = d(plusDays(londonParts(now).date, ahead));
          const problem = deliveryDateProblem(date, now, giftRules(days));
          if (problem === null) return;
          const holds: Record<string, boolean> = {
            SUNDAY: weekdayOfDate(date) === 0,
            CLOSED: closedDayName(date) !== null,
            TOO_SOON: ahead <= 21 && !oracleChoosable(date, now, MON_SAT, [], undefined, true),
            TOO_FAR: ahead > 21,
            NOT_A_COURIER_DAY: !days.includes(weekdayOfDate(date)),
          };
          expect(holds[problem.code], `${problem.code}: ${date} at ${now.toISOString()}`).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the walk-through (Friday 27 November 2026, 2pm, Brighton): from Tuesday 1 December, not 8 December', () => {
    const brighton = giftRules([2, 4, 5, 6]);
    const now = at('2026-11-27T14:00:00Z');
    const dates = availableDeliveryDates({ from: d('2026-11-28'), to: d('2026-12-31') }, now, brighton).map(
      (option) => option.date,
    );
    expect(dates[0]).toBe('2026-12-01');
    expect(dates.at(-1)).toBe('2026-12-18');
    // Christmas week opens as the 21 days move on.
    const later = availableDeliveryDates(
      { from: d('2026-12-01'), to: d('2026-12-31') },
      at('2026-12-03T10:00:00Z'),
      brighton,
    ).map((option) => option.date);
    expect(later).toEqual(expect.arrayContaining(['2026-12-22', '2026-12-24']));
  });
});
