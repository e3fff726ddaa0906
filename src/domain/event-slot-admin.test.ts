import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isoDate } from './calendar';
import { SLOT_PRICE_MAX, SLOT_SEATS, slotPriceProblems, slotWhenProblems } from './event-slot-admin';

// A date of an event as the back office sets it (issue 25 part 3): seats, prices, a child price only for an
// event that takes children, a start on the quarter hour from tomorrow to a year ahead.

const today = isoDate('2026-11-18');
const fields = (problems: { field: string }[]) => problems.map((problem) => problem.field);

describe('seats and prices', () => {
  test('within range: no problem, with or without a child price for an event that takes children', () => {
    expect(slotPriceProblems({ capacity: 12, adultPrice: 6500, childPrice: 4500 }, true)).toEqual([]);
    expect(slotPriceProblems({ capacity: 12, adultPrice: 6500, childPrice: null }, true)).toEqual([]);
    expect(slotPriceProblems({ capacity: 1, adultPrice: 0, childPrice: null }, false)).toEqual([]);
  });

  test('each problem names its field, in words the editor shows', () => {
    expect(slotPriceProblems({ capacity: 0, adultPrice: 6500, childPrice: null }, true)).toEqual([
      { field: 'capacity', message: 'Seats must be from 1 to 200.' },
    ]);
    expect(slotPriceProblems({ capacity: 5, adultPrice: -1, childPrice: null }, true)).toEqual([
      { field: 'adultPrice', message: 'The adult price must be from £0.00 to £1,000.00.' },
    ]);
    expect(fields(slotPriceProblems({ capacity: 5, adultPrice: 100, childPrice: 50 }, false))).toEqual([
      'childPrice',
    ]);
  });

  test('property: a problem for a field exactly when its value is out of range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 300 }),
        fc.integer({ min: -10, max: SLOT_PRICE_MAX + 10 }),
        fc.option(fc.integer({ min: -10, max: SLOT_PRICE_MAX + 10 })),
        fc.boolean(),
        (capacity, adultPrice, childPrice, takesChildren) => {
          const found = fields(slotPriceProblems({ capacity, adultPrice, childPrice }, takesChildren));
          const inRange = (value: number) => value >= 0 && value <= SLOT_PRICE_MAX;
          expect(found.includes('capacity')).toBe(capacity < SLOT_SEATS.min || capacity > SLOT_SEATS.max);
          expect(found.includes('adultPrice')).toBe(!inRange(adultPrice));
          expect(found.includes('childPrice')).toBe(
            childPrice !== null && (!takesChildren || !inRange(childPrice)),
          );
        },
      ),
    );
  });
});

describe('when', () => {
  test('from tomorrow to a year ahead, on the quarter hour', () => {
    expect(slotWhenProblems(isoDate('2026-11-19'), '09:00', today)).toEqual([]);
    expect(slotWhenProblems(isoDate('2027-11-19'), '23:45', today)).toEqual([]);
    expect(fields(slotWhenProblems(today, '18:30', today))).toEqual(['date']);
    expect(fields(slotWhenProblems(isoDate('2027-11-20'), '18:30', today))).toEqual(['date']);
    expect(fields(slotWhenProblems(isoDate('2026-12-01'), '18:20', today))).toEqual(['startTime']);
  });

  test('property: a start time has a problem exactly when it is off the quarter hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        const time = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
        const found = fields(slotWhenProblems(isoDate('2026-12-01'), time, today));
        expect(found.includes('startTime')).toBe(minutes % 15 !== 0);
      }),
    );
  });
});
