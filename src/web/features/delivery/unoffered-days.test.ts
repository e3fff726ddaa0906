import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isoDate, londonDate } from '../../../domain/calendar';
import { availableDeliveryDates, lastDeliveryDate } from '../../../domain/delivery-dates';
import type { OrderKind } from '../../../domain/menu-weeks';
import { unofferedDayNotes } from './unoffered-days';

/** The notes for what the server would offer a postcode with these courier days, from `now`. */
function notesAt(now: string, deliveryDays: number[], outcode: string, kind: OrderKind = 'one-off') {
  const instant = new Date(now);
  const from = londonDate(instant);
  const lastDate = lastDeliveryDate(instant);
  const offered = availableDeliveryDates({ from, to: lastDate }, instant, { deliveryDays, kind }).map(
    (option) => option.date,
  );
  return unofferedDayNotes({ offered, deliveryDays, outcode, lastDate, now: instant, kind });
}

describe('unofferedDayNotes', () => {
  test('a gift to Brighton on Wednesday 18 November 2026 at 10:00: each day not offered has its line', () => {
    expect(notesAt('2026-11-18T10:00:00Z', [2, 4, 5, 6], 'BN2')).toEqual([
      'Too soon for Sat 21 Nov: order by 12 noon on the Friday the week before.',
      'No deliveries on Sundays.',
      'No deliveries to BN2 on Mondays and Wednesdays.',
      'Too far ahead after Wed 9 Dec: we take orders up to 21 days ahead, and a new day opens each day.',
    ]);
  });

  test('too soon says the rule of that weekday; a day the courier never comes is not also too soon', () => {
    // Sunday 22 November at 09:00: Monday needed ordering by 8am today.
    const sunday = notesAt('2026-11-22T09:00:00Z', [1, 2, 3, 4, 5, 6], 'SW1A');
    expect(sunday).toContain('Too soon for Mon 23 Nov: order by 8am on the Sunday before.');
    // Wednesday at 18:00: Thursday needed ordering by 5pm; Bristol's courier never comes on Thursdays.
    expect(notesAt('2026-11-18T18:00:00Z', [1, 2, 3, 4, 5, 6], 'SW1A')).toContain(
      'Too soon for Thu 19 Nov: order by 5pm the day before.',
    );
    const bristol = notesAt('2026-11-18T18:00:00Z', [3, 5, 6], 'BS1');
    expect(bristol.filter((note) => note.includes('Thu 19 Nov'))).toEqual([]);
    expect(bristol).toContain('No deliveries to BS1 on Mondays, Tuesdays and Thursdays.');
  });

  test('Christmas: the days we are closed are said; a plan’s late day says when its week closed', () => {
    const notes = notesAt('2026-12-18T13:00:00Z', [1, 2, 3, 4, 5, 6], 'SW1A', 'plan');
    expect(notes).toContain('We’re closed on Fri 25 Dec, Sat 26 Dec and Fri 1 Jan.');
    expect(notes[0]).toBe(
      'Too soon for Sat 19 Dec: orders for its week closed Friday 11 December at 12 noon.',
    );
    expect(notes[1]).toBe(
      'Too soon for Mon 21 Dec: orders for its week closed Friday 18 December at 12 noon.',
    );
  });

  test('a day blocked for the dishes says it is not available', () => {
    const now = new Date('2026-11-18T10:00:00Z');
    const lastDate = isoDate('2026-12-09');
    const offered = availableDeliveryDates({ from: isoDate('2026-11-19'), to: lastDate }, now, {
      deliveryDays: [1, 2, 3, 4, 5, 6],
      kind: 'one-off',
      blocked: ['2026-11-24'],
    }).map((option) => option.date);
    const notes = unofferedDayNotes({
      offered,
      deliveryDays: [1, 2, 3, 4, 5, 6],
      outcode: 'SW1A',
      lastDate,
      now,
      kind: 'one-off',
    });
    expect(notes).toContain('Tue 24 Nov isn’t available.');
  });

  test('every day the rules leave out has its reason: none is left as merely "isn’t available"', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2029, 11, 31) }),
        fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (t, days, plan) => {
          const notes = notesAt(new Date(t).toISOString(), days, 'SW1A', plan ? 'plan' : 'one-off');
          expect(notes.filter((note) => note.endsWith('isn’t available.'))).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
