import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { isoDate, londonDate, weekdayOf, weekStartOf, addDays, type IsoDate } from './calendar';
import {
  deliveryDateForWeek,
  isFailedPayment,
  isPayable,
  ORDER_STATES,
  orderStateLabel,
  planCharge,
} from './orders';

describe('orderStateLabel', () => {
  // Wednesday 18 November 2026, 10:00 London (GMT).
  const now = new Date('2026-11-18T10:00:00Z');

  test('a paid box says when it arrives, not "Is being prepared" (issue 9)', () => {
    expect(orderStateLabel('paid', '2026-12-02', now)).toBe('Arrives Wed 2 Dec');
    for (const state of ['paid', 'billed', 'submitted', 'accepted'] as const) {
      expect(orderStateLabel(state, '2026-11-19', now)).toBe('Arrives Thu 19 Nov');
      expect(orderStateLabel(state, '2026-11-18', now)).toBe('Arriving today');
      expect(orderStateLabel(state, '2026-11-11', now)).toBe('Delivery day Wed 11 Nov');
    }
    expect(orderStateLabel('paid', '2027-01-05', now)).toBe('Arrives Tue 5 Jan 2027');
    expect(orderStateLabel('paid', '2025-12-02', now)).toBe('Delivery day Tue 2 Dec 2025');
  });

  test('what was had at a table says how the kitchen stands, never when it arrives (decision 28)', () => {
    for (const source of ['dine_in_tab', 'dine_in_share'] as const) {
      expect(orderStateLabel('submitted', '2026-11-18', now, source)).toBe('Sent to the kitchen');
      expect(orderStateLabel('accepted', '2026-11-18', now, source)).toBe('Being prepared');
      expect(orderStateLabel('delivered', '2026-11-18', now, source)).toBe('Served');
      expect(orderStateLabel('paid', '2026-11-18', now, source)).toBe('Paid');
      expect(orderStateLabel('payment_pending', '2026-11-18', now, source)).toBe('Payment failed');
      expect(orderStateLabel('dropped', '2026-11-18', now, source)).toBe('Unable to process');
    }
  });

  test('packed and shipped keep their labels, whatever the date', () => {
    for (const date of ['2026-11-11', '2026-11-18', '2026-12-02']) {
      expect(orderStateLabel('packed', date, now)).toBe('Is being prepared');
      expect(orderStateLabel('shipped', date, now)).toBe('Is out for delivery');
    }
  });

  test('the spec’s other labels', () => {
    expect(orderStateLabel('payment_pending', '2026-12-02', now)).toBe('Payment failed');
    expect(orderStateLabel('not_authorized', '2026-12-02', now)).toBe('Payment failed');
    expect(orderStateLabel('dropped', '2026-12-02', now)).toBe('Unable to process');
    expect(orderStateLabel('ready_for_pickup', '2026-12-02', now)).toBe('Ready for pickup');
    expect(orderStateLabel('delivered', '2026-11-11', now)).toBe('Delivered');
    expect(orderStateLabel('created', '2026-12-02', now)).toBe('Created');
    expect(orderStateLabel('cancelled', '2026-12-02', now)).toBe('Cancelled');
  });

  test('"today" is London’s: just after midnight in BST and GMT', () => {
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
    expect(orderStateLabel('paid', '2026-06-01', new Date('2026-05-31T23:30:00Z'))).toBe('Arriving today');
    expect(orderStateLabel('paid', '2026-06-01', new Date('2026-05-31T22:30:00Z'))).toBe('Arrives Mon 1 Jun');
    // In GMT London is UTC.
    expect(orderStateLabel('paid', '2026-12-01', new Date('2026-11-30T23:30:00Z'))).toBe('Arrives Tue 1 Dec');
    expect(orderStateLabel('paid', '2026-12-01', new Date('2026-12-01T00:00:00Z'))).toBe('Arriving today');
  });

  test('property: a box waiting for its day names that day; the label never promises a day gone by', () => {
    const instant = fc
      .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) })
      .map((t) => new Date(t));
    fc.assert(
      fc.property(instant, fc.integer({ min: -60, max: 60 }), (at, days) => {
        const date = addDays(londonDate(at), days);
        const label = orderStateLabel('paid', date, at);
        if (days > 0)
          expect(label).toMatch(/^Arrives (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}( \d{4})?$/);
        if (days === 0) expect(label).toBe('Arriving today');
        if (days < 0) expect(label).toMatch(/^Delivery day /);
        expect(label).not.toBe('Is being prepared');
      }),
    );
  });

  test('failed payment is payment_pending and not_authorized only; those and created can be paid', () => {
    expect(ORDER_STATES.filter(isFailedPayment)).toEqual(['payment_pending', 'not_authorized']);
    expect(ORDER_STATES.filter((state) => isPayable(state))).toEqual([
      'created',
      'payment_pending',
      'not_authorized',
    ]);
  });

  test('a plan’s box is paid by hand only after its weekly charge failed', () => {
    expect(ORDER_STATES.filter((state) => isPayable(state, 'subscription'))).toEqual([
      'payment_pending',
      'not_authorized',
    ]);
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
