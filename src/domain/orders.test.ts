import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { isoDate, weekdayOf, weekStartOf, addDays, type IsoDate } from './calendar';
import {
  deliveryDateForWeek,
  isFailedPayment,
  isPayable,
  ORDER_STATES,
  orderStateLabel,
  planCharge,
} from './orders';

describe('orderStateLabel', () => {
  test('the spec’s labels', () => {
    for (const state of ['paid', 'billed', 'packed', 'submitted', 'accepted'] as const) {
      expect(orderStateLabel(state)).toBe('Is being prepared');
    }
    expect(orderStateLabel('shipped')).toBe('Is out for delivery');
    expect(orderStateLabel('payment_pending')).toBe('Payment failed');
    expect(orderStateLabel('not_authorized')).toBe('Payment failed');
    expect(orderStateLabel('dropped')).toBe('Unable to process');
    expect(orderStateLabel('ready_for_pickup')).toBe('Ready for pickup');
    expect(orderStateLabel('delivered')).toBe('Delivered');
    expect(orderStateLabel('created')).toBe('Created');
  });

  test('failed payment is payment_pending and not_authorized only; those and created can be paid', () => {
    expect(ORDER_STATES.filter(isFailedPayment)).toEqual(['payment_pending', 'not_authorized']);
    expect(ORDER_STATES.filter(isPayable)).toEqual(['created', 'payment_pending', 'not_authorized']);
  });
});

describe('planCharge', () => {
  const MIN = 30;
  const plan = (total: number, creditBalance: number, useCredit = true, basketRequestsCard = false) =>
    planCharge({ total, creditBalance, useCredit, minimumCardCharge: MIN, basketRequestsCard });

  test('examples', () => {
    expect(plan(2500, 0)).toEqual({ creditApplied: 0, charge: 2500, waived: 0, requestCard: true });
    expect(plan(2500, 1000)).toEqual({ creditApplied: 1000, charge: 1500, waived: 0, requestCard: true });
    expect(plan(2500, 5000)).toEqual({ creditApplied: 2500, charge: 0, waived: 0, requestCard: false });
    expect(plan(2500, 5000, true, true)).toEqual({
      creditApplied: 2500,
      charge: 0,
      waived: 0,
      requestCard: true,
    });
    // 20p would be left for the card: less credit is used so the card takes 30p.
    expect(plan(1000, 980)).toEqual({ creditApplied: 970, charge: 30, waived: 0, requestCard: true });
    // A total under 30p with no credit is not sent to the processor.
    expect(plan(25, 0)).toEqual({ creditApplied: 0, charge: 0, waived: 25, requestCard: false });
    expect(plan(2500, 1000, false)).toEqual({ creditApplied: 0, charge: 2500, waived: 0, requestCard: true });
  });

  test('properties: the parts add up, a card is never charged under 30p, credit never over the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        fc.boolean(),
        (total, balance, useCredit, requests) => {
          const p = plan(total, balance, useCredit, requests);
          expect(p.creditApplied + p.charge + p.waived).toBe(total);
          expect(p.charge === 0 || p.charge >= MIN).toBe(true);
          expect(p.creditApplied).toBeGreaterThanOrEqual(0);
          expect(p.creditApplied).toBeLessThanOrEqual(useCredit ? balance : 0);
          expect(p.waived).toBeLessThan(MIN);
          if (p.waived > 0) expect(total).toBeLessThan(MIN);
          expect(p.requestCard).toBe(requests || p.charge > 0);
        },
      ),
    );
  });
});

describe('deliveryDateForWeek', () => {
  test('the same weekday in each week', () => {
    expect(deliveryDateForWeek(isoDate('2026-11-25'), isoDate('2026-11-30'))).toBe('2026-12-02');
    expect(deliveryDateForWeek(isoDate('2026-11-23'), isoDate('2026-11-23'))).toBe('2026-11-23');
  });

  test('a closed day moves to the next delivery day of that week (Christmas 2026 is a Friday)', () => {
    expect(deliveryDateForWeek(isoDate('2026-12-18'), isoDate('2026-12-21'))).toBe('2026-12-24');
    // Saturday 26 December is closed and the last day of the week: the day before that is open.
    expect(deliveryDateForWeek(isoDate('2026-12-19'), isoDate('2026-12-21'))).toBe('2026-12-24');
  });

  test('property: always inside the meal week, never a Sunday', () => {
    const monday = fc.integer({ min: 0, max: 520 }).map((n) => addDays(isoDate('2026-01-05'), n * 7));
    fc.assert(
      fc.property(monday, fc.integer({ min: 0, max: 5 }), monday, (firstWeek, day, mealWeek) => {
        const date = deliveryDateForWeek(addDays(firstWeek, day), mealWeek as IsoDate);
        expect(weekStartOf(date)).toBe(mealWeek);
        expect(weekdayOf(date)).not.toBe(0);
      }),
    );
  });
});
