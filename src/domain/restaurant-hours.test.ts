import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { addDays, londonClock, londonDate, londonInstant, type IsoDate } from './calendar';
import {
  asapWindow,
  clockMinutes,
  currentOrNextSpan,
  datesAhead,
  isOfferedSlot,
  isOpenAt,
  isOpenNowOrLaterToday,
  isValidOpeningHours,
  openSpansOn,
  slotLabel,
  slotOfWindow,
  slotStartsOn,
  type FulfillmentType,
  type OpeningHours,
  type OpeningWindow,
  type SlotRules,
} from './restaurant-hours';

// Opening hours and 15-minute slots, in London time across the clocks going forward and back.

const every = (window: OpeningWindow): OpeningHours => Array.from({ length: 7 }, () => [window]);
const LUNCH_AND_DINNER: OpeningHours = Array.from({ length: 7 }, (_, day) =>
  day === 0
    ? []
    : [
        { opens: '11:00', closes: '15:00' },
        { opens: '17:00', closes: '22:00' },
      ],
);
const rules = (fulfillmentType: FulfillmentType, extra: Partial<SlotRules> = {}): SlotRules => ({
  fulfillmentType,
  prepMinutes: 20,
  busyMinutes: 0,
  ...extra,
});
/** Wednesday 18 November 2026 (GMT). */
const WEDNESDAY = '2026-11-18' as IsoDate;
const at = (date: string, hours: number, minutes = 0) => londonInstant(date as IsoDate, hours, minutes);
const wall = (instant: Date) => {
  const { hours, minutes } = londonClock(instant);
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
};

describe('opening hours', () => {
  test('clock times are quarter hours from 00:00 to 24:00', () => {
    expect(clockMinutes('11:30')).toBe(690);
    expect(clockMinutes('24:00')).toBe(1440);
    expect(clockMinutes('11:10')).toBeNull();
    expect(clockMinutes('25:00')).toBeNull();
    expect(clockMinutes('9:00')).toBeNull();
  });

  test('valid hours: seven days, each window opening before it closes, in order', () => {
    expect(isValidOpeningHours(LUNCH_AND_DINNER)).toBe(true);
    expect(isValidOpeningHours(every({ opens: '12:00', closes: '24:00' }))).toBe(true);
    expect(isValidOpeningHours(every({ opens: '12:00', closes: '12:00' }))).toBe(false);
    expect(isValidOpeningHours(LUNCH_AND_DINNER.slice(1))).toBe(false);
    const overlapping = LUNCH_AND_DINNER.map(() => [
      { opens: '11:00', closes: '15:00' },
      { opens: '14:00', closes: '22:00' },
    ]);
    expect(isValidOpeningHours(overlapping)).toBe(false);
  });

  test('open, open later today, and the next span', () => {
    expect(isOpenAt(LUNCH_AND_DINNER, at(WEDNESDAY, 10, 59))).toBe(false);
    expect(isOpenAt(LUNCH_AND_DINNER, at(WEDNESDAY, 11))).toBe(true);
    expect(isOpenAt(LUNCH_AND_DINNER, at(WEDNESDAY, 15))).toBe(false);
    expect(isOpenNowOrLaterToday(LUNCH_AND_DINNER, at(WEDNESDAY, 15, 30))).toBe(true);
    expect(currentOrNextSpan(LUNCH_AND_DINNER, at(WEDNESDAY, 15, 30))?.opensAt).toEqual(at(WEDNESDAY, 17));
    expect(isOpenNowOrLaterToday(LUNCH_AND_DINNER, at(WEDNESDAY, 22))).toBe(false);
    // Sunday is closed all day.
    expect(isOpenNowOrLaterToday(LUNCH_AND_DINNER, at('2026-11-22', 9))).toBe(false);
  });

  test('a restaurant that closes at midnight is open until then', () => {
    const late = every({ opens: '17:00', closes: '24:00' });
    expect(isOpenAt(late, at(WEDNESDAY, 23, 59))).toBe(true);
    expect(openSpansOn(late, WEDNESDAY)[0]!.closesAt).toEqual(at('2026-11-19', 0));
  });

  test('11:00 is 11:00 in GMT and in BST', () => {
    const [winter] = openSpansOn(LUNCH_AND_DINNER, WEDNESDAY);
    const [summer] = openSpansOn(LUNCH_AND_DINNER, '2026-06-17' as IsoDate);
    expect(winter!.opensAt.toISOString()).toBe('2026-11-18T11:00:00.000Z');
    expect(summer!.opensAt.toISOString()).toBe('2026-06-17T10:00:00.000Z');
  });
});

describe('slots', () => {
  test('a pickup lunch on Wednesday: 11:30 to 14:30 and 17:30 to 21:30, every 15 minutes', () => {
    const slots = slotStartsOn(
      LUNCH_AND_DINNER,
      WEDNESDAY,
      at(WEDNESDAY, 9),
      rules('pickup', { prepMinutes: 30 }),
    );
    expect(slots.map(wall).slice(0, 3)).toEqual(['11:30', '11:45', '12:00']);
    expect(slots.map(wall)).toContain('14:45');
    expect(slots.map(wall)).not.toContain('15:00');
    expect(slots.map(wall)).toContain('17:30');
    expect(slots.map(wall).at(-1)).toBe('21:45');
  });

  test('a delivery slot is when it arrives: 15 minutes after the kitchen has it ready', () => {
    const slots = slotStartsOn(
      LUNCH_AND_DINNER,
      WEDNESDAY,
      at(WEDNESDAY, 9),
      rules('delivery', { prepMinutes: 30 }),
    );
    expect(slots.map(wall)[0]).toBe('11:45');
    expect(slots.map(wall)).toContain('15:00');
    expect(slots.map(wall).at(-1)).toBe('22:00');
  });

  test('now, the prep time and busy mode push the first slot on; catering needs its lead time', () => {
    const now = at(WEDNESDAY, 12, 7);
    expect(wall(slotStartsOn(LUNCH_AND_DINNER, WEDNESDAY, now, rules('pickup'))[0]!)).toBe('12:30');
    expect(
      wall(slotStartsOn(LUNCH_AND_DINNER, WEDNESDAY, now, rules('pickup', { busyMinutes: 30 }))[0]!),
    ).toBe('13:00');
    expect(
      slotStartsOn(LUNCH_AND_DINNER, WEDNESDAY, now, rules('delivery', { leadMinutes: 24 * 60 })),
    ).toEqual([]);
    const tomorrow = slotStartsOn(
      LUNCH_AND_DINNER,
      '2026-11-19' as IsoDate,
      now,
      rules('delivery', { leadMinutes: 24 * 60 }),
    );
    expect(wall(tomorrow[0]!)).toBe('12:45');
  });

  test('ASAP: open now, ready at now + prep + busy, promised 15 to 30 minutes after for a delivery', () => {
    const now = at(WEDNESDAY, 12);
    const delivery = asapWindow(LUNCH_AND_DINNER, now, rules('delivery', { busyMinutes: 10 }));
    expect(delivery).toEqual({ from: at(WEDNESDAY, 12, 45), to: at(WEDNESDAY, 13) });
    expect(wall(slotOfWindow(delivery!))).toBe('12:45');
    expect(asapWindow(LUNCH_AND_DINNER, now, rules('pickup'))).toEqual({
      from: at(WEDNESDAY, 12, 20),
      to: at(WEDNESDAY, 12, 35),
    });
    // Closed, too near closing, or catering: no ASAP.
    expect(asapWindow(LUNCH_AND_DINNER, at(WEDNESDAY, 10), rules('delivery'))).toBeNull();
    expect(asapWindow(LUNCH_AND_DINNER, at(WEDNESDAY, 14, 30), rules('delivery'))).toBeNull();
    expect(asapWindow(LUNCH_AND_DINNER, now, rules('delivery', { leadMinutes: 60 }))).toBeNull();
  });

  test('labels are London wall-clock times', () => {
    expect(slotLabel(at('2026-06-17', 12, 15))).toBe('12:15 – 12:30');
    expect(datesAhead(at(WEDNESDAY, 23, 30), 3)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
  });

  // Days around the clocks going forward (29 March 2026, 27 March 2027) and back (25 October 2026, 31
  // October 2027), and ordinary days.
  const dayArb = fc
    .constantFrom('2026-03-27', '2026-10-23', '2027-03-26', '2027-10-29', '2026-11-16', '2026-07-06')
    .chain((start) => fc.integer({ min: 0, max: 4 }).map((offset) => addDays(start as IsoDate, offset)));
  const quarter = fc.integer({ min: 0, max: 95 });
  const hoursArb = fc
    .array(fc.tuple(quarter, fc.integer({ min: 1, max: 40 })), { minLength: 0, maxLength: 3 })
    .map((pairs) => {
      // Non-overlapping windows built left to right, clipped at 24:00.
      let cursor = 0;
      const windows: OpeningWindow[] = [];
      for (const [gap, length] of pairs) {
        const opens = cursor + gap;
        const closes = Math.min(96, opens + length);
        if (opens >= 96 || closes <= opens) break;
        windows.push({ opens: hhmm(opens * 15), closes: hhmm(closes * 15) });
        cursor = closes;
      }
      return windows;
    });
  const weekArb = fc.array(hoursArb, { minLength: 7, maxLength: 7 });
  const rulesArb = fc.record({
    fulfillmentType: fc.constantFrom<FulfillmentType>('delivery', 'pickup', 'eat_in'),
    prepMinutes: fc.integer({ min: 0, max: 90 }),
    busyMinutes: fc.constantFrom(0, 10, 20, 30, 45, 60),
  });

  test('every slot is on a quarter hour of London time, inside the hours, after the earliest, and none is missed', () => {
    let withSlots = 0;
    fc.assert(
      fc.property(
        weekArb,
        dayArb,
        fc.integer({ min: 0, max: 26 * 60 }),
        rulesArb,
        (hours, day, minuteOfNow, r) => {
          fc.pre(isValidOpeningHours(hours));
          const now = new Date(londonInstant(addDays(day, -1), 0, 0).getTime() + minuteOfNow * 60_000);
          const slots = slotStartsOn(hours, day, now, r);
          if (slots.length > 0) withSlots += 1;
          const travel = r.fulfillmentType === 'delivery' ? 15 : 0;
          for (const [i, start] of slots.entries()) {
            expect(londonDate(start)).toBe(day);
            expect(londonClock(start).minutes % 15).toBe(0);
            expect(isOfferedSlot(hours, start, now, r)).toBe(true);
            const ready = start.getTime() - travel * 60_000;
            expect(ready).toBeGreaterThanOrEqual(now.getTime() + (r.prepMinutes + r.busyMinutes) * 60_000);
            const inside = openSpansOn(hours, day).some(
              (span) =>
                span.opensAt.getTime() + r.prepMinutes * 60_000 <= ready &&
                ready <= span.closesAt.getTime() - 15 * 60_000,
            );
            expect(inside).toBe(true);
            if (i > 0) expect(start.getTime()).toBeGreaterThan(slots[i - 1]!.getTime());
          }
          // Completeness: every quarter hour of the day that is offered is listed.
          const listed = new Set(slots.map((s) => s.getTime()));
          const first = londonInstant(day, 0, 0).getTime();
          const last = londonInstant(addDays(day, 1), 0, 0).getTime();
          for (let t = first; t < last; t += 15 * 60_000) {
            if (isOfferedSlot(hours, new Date(t), now, r)) expect(listed.has(t)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    // The property held on days that had slots, not only on closed ones.
    expect(withSlots).toBeGreaterThan(50);
  });

  test('ASAP, when offered, is ready inside the hours and never before now + prep + busy', () => {
    let offered = 0;
    fc.assert(
      fc.property(
        weekArb,
        dayArb,
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        rulesArb,
        // Half the cases are a moment while the kitchen is open (a random minute of the day is mostly
        // outside its hours, and then ASAP is never offered): enough offered cases on every run, not by luck.
        fc.boolean(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (hours, day, minute, r, whileOpen, along) => {
          fc.pre(isValidOpeningHours(hours));
          const spans = openSpansOn(hours, day);
          const open = whileOpen ? spans[Math.floor(along * spans.length)] : undefined;
          const now = open
            ? new Date(
                open.opensAt.getTime() +
                  Math.floor(
                    ((along * spans.length) % 1) *
                      ((open.closesAt.getTime() - open.opensAt.getTime()) / 60_000),
                  ) *
                    60_000,
              )
            : new Date(londonInstant(day, 0, 0).getTime() + minute * 60_000);
          const window = asapWindow(hours, now, r);
          if (!window) return;
          offered += 1;
          expect(isOpenAt(hours, now)).toBe(true);
          const ready = now.getTime() + (r.prepMinutes + r.busyMinutes) * 60_000;
          const offset = r.fulfillmentType === 'delivery' ? 15 : 0;
          expect(window.from.getTime()).toBe(ready + offset * 60_000);
          expect(window.to.getTime() - window.from.getTime()).toBe(15 * 60_000);
          // The span that holds now: on a day the clocks change, a minute count from midnight can end on the
          // next day, so look on now's own London date and the one before.
          const today = londonDate(now);
          const span = [...openSpansOn(hours, addDays(today, -1)), ...openSpansOn(hours, today)].find(
            (s) => s.opensAt <= now && now < s.closesAt,
          )!;
          expect(ready).toBeLessThanOrEqual(span.closesAt.getTime() - 15 * 60_000);
        },
      ),
      { numRuns: 300 },
    );
    expect(offered).toBeGreaterThan(40);
  });
});

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
