import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isoDate } from './calendar';
import { ORDER_STATES } from './orders';
import type { OpeningHours } from './restaurant-hours';
import {
  acceptDeadline,
  holdOutlastsPayment,
  holdsSlot,
  holdUntil,
  KEEP_PLACE_MINUTES,
  isBookableDate,
  isWithinHorizon,
  lastBookableDate,
  RELEASED_STATES,
  UNPAID_STATES,
} from './takeaway-promises';

// What a takeaway promises (issue 19): the booking horizon, how long an unpaid order holds its slot, and by
// when the kitchen must accept a paid one.

const WEDNESDAY = new Date('2026-11-18T12:30:00Z');
const day = (open: string, close: string) => [{ opens: open, closes: close }];
/** Soho's hours: every day 11:30–22:00. */
const SOHO: OpeningHours = Array.from({ length: 7 }, () => day('11:30', '22:00'));

describe('the booking horizon', () => {
  test('Pasta Now: today and the next six days; catering three weeks; never the past', () => {
    expect(lastBookableDate(WEDNESDAY, false)).toBe('2026-11-24');
    expect(lastBookableDate(WEDNESDAY, true)).toBe('2026-12-08');
    expect(isBookableDate(isoDate('2026-11-24'), WEDNESDAY, false)).toBe(true);
    expect(isBookableDate(isoDate('2026-11-25'), WEDNESDAY, false)).toBe(false);
    expect(isBookableDate(isoDate('2026-11-17'), WEDNESDAY, false)).toBe(false);
    expect(isBookableDate(isoDate('2026-12-08'), WEDNESDAY, true)).toBe(true);
    expect(isBookableDate(isoDate('2026-12-09'), WEDNESDAY, true)).toBe(false);
    // A slot's date is its London date: 23:30 London on the 24th is still the 24th.
    expect(isWithinHorizon(new Date('2026-11-24T23:30:00Z'), WEDNESDAY, false)).toBe(true);
    expect(isWithinHorizon(new Date('2027-11-18T13:00:00Z'), WEDNESDAY, true)).toBe(false);
  });

  test('across the clocks going forward, a week is still seven London dates', () => {
    const saturday = new Date('2027-03-27T10:00:00Z');
    expect(lastBookableDate(saturday, false)).toBe('2027-04-02');
    expect(isWithinHorizon(new Date('2027-04-02T22:30:00Z'), saturday, false)).toBe(true);
    expect(isWithinHorizon(new Date('2027-04-02T23:30:00Z'), saturday, false)).toBe(false);
  });
});

describe('holding a slot while paying', () => {
  const instant = fc.date({
    min: new Date('2026-01-01T00:00:00Z'),
    max: new Date('2028-01-01T00:00:00Z'),
    noInvalidDate: true,
  });

  test('a hold is never past the slot, nor longer than asked', () => {
    fc.assert(
      fc.property(instant, instant, fc.integer({ min: 0, max: 120 }), (now, slot, minutes) => {
        const until = holdUntil(now, slot, minutes);
        expect(until.getTime()).toBeLessThanOrEqual(slot.getTime());
        expect(until.getTime()).toBeLessThanOrEqual(now.getTime() + minutes * 60_000);
      }),
    );
  });

  test('paid orders hold their place, unpaid ones only until their hold ends, released ones never', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATES), instant, fc.option(instant), (state, now, held) => {
        const holds = holdsSlot(state, held, now);
        if (RELEASED_STATES.includes(state)) expect(holds).toBe(false);
        else if (UNPAID_STATES.includes(state)) expect(holds).toBe(held !== null && held > now);
        else expect(holds).toBe(true);
      }),
    );
  });

  test('a payment keeps its place as it is only with five minutes or more of the hold to run, and only while it holds', () => {
    const at = WEDNESDAY.getTime();
    expect(holdOutlastsPayment(new Date(at + 5 * 60_000), WEDNESDAY)).toBe(true);
    expect(holdOutlastsPayment(new Date(at + 5 * 60_000 - 1), WEDNESDAY)).toBe(false);
    expect(holdOutlastsPayment(null, WEDNESDAY)).toBe(false);
    fc.assert(
      fc.property(fc.constantFrom(...UNPAID_STATES), instant, fc.option(instant), (state, now, held) => {
        // Whenever it keeps its place, the order still holds it now and a minute before the margin ends.
        if (!holdOutlastsPayment(held, now)) return;
        expect(holdsSlot(state, held, now)).toBe(true);
        const later = new Date(now.getTime() + (KEEP_PLACE_MINUTES * 60_000 - 60_000));
        expect(holdsSlot(state, held, later)).toBe(true);
      }),
    );
  });
});

describe('by when the kitchen accepts', () => {
  test('minutes after payment while open; after opening when paid before; the next day after closing', () => {
    expect(acceptDeadline(SOHO, WEDNESDAY, 5)).toEqual(new Date('2026-11-18T12:35:00Z'));
    expect(acceptDeadline(SOHO, new Date('2026-11-18T10:00:00Z'), 5)).toEqual(
      new Date('2026-11-18T11:35:00Z'),
    );
    expect(acceptDeadline(SOHO, new Date('2026-11-18T22:30:00Z'), 5)).toEqual(
      new Date('2026-11-19T11:35:00Z'),
    );
    const mondaysClosed: OpeningHours = SOHO.map((hours, weekday) => (weekday === 1 ? [] : hours));
    expect(acceptDeadline(mondaysClosed, new Date('2026-11-15T23:00:00Z'), 3)).toEqual(
      new Date('2026-11-17T11:33:00Z'),
    );
  });

  test('never before payment plus the minutes, and open when the minutes start', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2027-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 60 }),
        (paidAt, minutes) => {
          const by = acceptDeadline(SOHO, paidAt, minutes);
          expect(by.getTime()).toBeGreaterThanOrEqual(paidAt.getTime() + minutes * 60_000);
          expect(by.getTime() - paidAt.getTime()).toBeLessThan(24 * 3_600_000);
        },
      ),
    );
  });
});
