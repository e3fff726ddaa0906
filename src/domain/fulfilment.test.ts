import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, type IsoDate } from './calendar';
import {
  handOverTime,
  nextParcelCheck,
  ORDER_PATH,
  orderStateOfParcel,
  parcelStatusAt,
  parcelTimes,
  stepsBetween,
} from './fulfilment';

// A box's way to the door (issue 12 part 2), across BST and GMT.

const day = fc.integer({ min: 0, max: 800 }).map((n) => addDays('2026-01-01' as IsoDate, n));
const reference = fc.uuid();
const RANK = { accepted: 0, packed: 1, out_for_delivery: 2, delivered: 3 } as Record<string, number>;

describe('parcels on the shop’s clock', () => {
  test('handed over, packed the evening before, out on the morning of the day, delivered that day by 6pm', () => {
    fc.assert(
      fc.property(day, reference, (date, ref) => {
        const times = parcelTimes(date, ref);
        expect(handOverTime(date).getTime()).toBeLessThan(times.packed.getTime());
        expect(times.packed.getTime()).toBeLessThan(times.outForDelivery.getTime());
        expect(times.outForDelivery.getTime()).toBeLessThan(times.delivered.getTime());
        expect(times.delivered.getTime() - times.outForDelivery.getTime()).toBeLessThanOrEqual(
          11 * 3_600_000,
        );
      }),
    );
  });

  test('a parcel only ever moves forward as time passes', () => {
    fc.assert(
      fc.property(
        day,
        reference,
        fc.integer({ min: -48, max: 72 }),
        fc.integer({ min: 0, max: 48 }),
        (date, ref, h, more) => {
          const start = new Date(handOverTime(date).getTime() + h * 3_600_000);
          const later = new Date(start.getTime() + more * 3_600_000);
          expect(RANK[parcelStatusAt(date, ref, later)]!).toBeGreaterThanOrEqual(
            RANK[parcelStatusAt(date, ref, start)]!,
          );
          const next = nextParcelCheck(date, ref, parcelStatusAt(date, ref, start), start);
          if (next) expect(next.getTime()).toBeGreaterThan(start.getTime());
        },
      ),
    );
  });

  test('an order passes through every state between where it is and where its parcel is', () => {
    expect(stepsBetween('paid', 'delivered')).toEqual([...ORDER_PATH]);
    expect(stepsBetween('packed', 'delivered')).toEqual(['shipped', 'delivered']);
    expect(stepsBetween('shipped', 'packed')).toEqual([]);
    expect(stepsBetween('cancelled', 'delivered')).toEqual([]);
    expect(orderStateOfParcel('out_for_delivery')).toBe('shipped');
    expect(orderStateOfParcel('problem')).toBeNull();
  });
});
