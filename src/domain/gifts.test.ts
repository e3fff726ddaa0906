import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, isoDate, weekdayOf } from './calendar';
import { availableDeliveryDates, deliveryDateProblem } from './delivery-dates';
import { GIFT_ORDER_KIND, giftBoxPrice, giftMessage } from './gifts';
import { pence } from './money';

const rules = {
  // Monday to Friday £1.99 under £40; Saturday £2.99 under £50 (the demo's fee table).
  deliveryFees: [1, 2, 3, 4, 5]
    .map((weekDay) => ({ weekDay, threshold: pence(4000), price: pence(199) }))
    .concat([{ weekDay: 6, threshold: pence(5000), price: pence(299) }]),
  defaultDeliveryFee: { price: pence(199), threshold: pence(4000) },
};

describe('giftBoxPrice', () => {
  test('one £35 box on a Wednesday pays the weekday fee; two are over the threshold and go free', () => {
    expect(giftBoxPrice(pence(3500), 1, isoDate('2026-11-25'), rules)).toEqual({
      subtotal: 3500,
      shippingPrice: 199,
      total: 3699,
    });
    expect(giftBoxPrice(pence(3500), 2, isoDate('2026-11-25'), rules)).toEqual({
      subtotal: 7000,
      shippingPrice: 0,
      total: 7000,
    });
  });

  test('Saturday has its own fee and threshold', () => {
    expect(giftBoxPrice(pence(4500), 1, isoDate('2026-11-28'), rules).shippingPrice).toBe(299);
    expect(giftBoxPrice(pence(5000), 1, isoDate('2026-11-28'), rules).shippingPrice).toBe(0);
  });

  test('a gift needs at least one box', () => {
    expect(() => giftBoxPrice(pence(3500), 0, isoDate('2026-11-25'), rules)).toThrow(RangeError);
    expect(() => giftBoxPrice(pence(3500), 1.5, isoDate('2026-11-25'), rules)).toThrow(RangeError);
  });

  test('the total is the boxes plus the fee, in whole pence, and the fee is the weekday’s or nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 400 }),
        (unit, quantity, offset) => {
          const date = addDays(isoDate('2026-01-05'), offset);
          const price = giftBoxPrice(pence(unit), quantity, date, rules);
          expect(price.subtotal).toBe(unit * quantity);
          expect(price.total).toBe(price.subtotal + price.shippingPrice);
          const fee =
            rules.deliveryFees.find((f) => f.weekDay === weekdayOf(date)) ?? rules.defaultDeliveryFee;
          expect([0, fee.price]).toContain(price.shippingPrice);
          expect(price.shippingPrice === 0).toBe(price.subtotal >= fee.threshold);
        },
      ),
    );
  });
});

describe('giftMessage', () => {
  test('trims, collapses blank lines and makes an empty message none', () => {
    expect(giftMessage('  Happy birthday, Nonna!  ')).toBe('Happy birthday, Nonna!');
    expect(giftMessage('Dear Sam,\r\n\r\n\r\n\r\nEnjoy!   \n')).toBe('Dear Sam,\n\nEnjoy!');
    expect(giftMessage('   \n\n ')).toBeNull();
    expect(giftMessage(null)).toBeNull();
    expect(giftMessage(undefined)).toBeNull();
  });

  test('never grows a message and never leaves blank edges or three newlines in a row', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', 'é', '!') }), (text) => {
        const cleaned = giftMessage(text);
        if (cleaned === null) return;
        expect(cleaned.length).toBeLessThanOrEqual(text.length);
        expect(cleaned).toBe(cleaned.trim());
        expect(cleaned).not.toMatch(/\n{3}/);
        expect(cleaned).not.toMatch(/\r/);
      }),
    );
  });
});

// The gift date rule (decisions 8 and 11), against an oracle written from the platform's time-zone data: a
// gift comes on any day the courier delivers to the postcode, from the next day (ordered by 5pm the day
// before; Monday by 8am on Sunday; Saturday by 12 noon on the Friday the week before) up to 21 days ahead,
// never on a Sunday or a day the kitchen is closed; and every day not offered has its true reason.
describe('the gift date rule', () => {
  const DAY = 86_400_000;
  const LONDON = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  const london = (instant: Date | number) => {
    const parts = LONDON.formatToParts(instant);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
  };
  const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const plus = (date: string, n: number) => new Date(utcDay(date) + n * DAY).toISOString().slice(0, 10);
  const weekday = (date: string) => new Date(utcDay(date)).getUTCDay();
  /** The instant London reads `hour`:00 on `date`. */
  const londonAt = (date: string, hour: number) =>
    [hour - 1, hour]
      .map((h) => utcDay(date) + h * 3_600_000)
      .find((t) => london(t).date === date && london(t).hour === hour)!;
  /** The last moment to order a gift for `date`. */
  const orderBy = (date: string) => {
    const day = weekday(date);
    if (day === 1) return londonAt(plus(date, -1), 8);
    if (day >= 2 && day <= 5) return londonAt(plus(date, -1), 17);
    return londonAt(plus(date, -((day + 6) % 7) - 3), 12);
  };
  const closed = (date: string) => ['12-25', '12-26', '01-01'].includes(date.slice(5));

  const CLOCK_CHANGES = ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2027-03-28T01:00:00Z'];
  const nowArb = fc.oneof(
    fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2029, 11, 31) }).map((t) => new Date(t)),
    fc
      .tuple(fc.constantFrom(...CLOCK_CHANGES), fc.integer({ min: -3 * DAY, max: 3 * DAY }))
      .map(([change, offset]) => new Date(Date.parse(change) + offset)),
  );
  const courierDaysArb = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 });

  test('every day the courier delivers is offered, from the next day up to 21 days ahead', () => {
    fc.assert(
      fc.property(nowArb, courierDaysArb, (now, courierDays) => {
        const today = london(now).date;
        const offered = new Set(
          availableDeliveryDates({ from: isoDate(today), to: isoDate(plus(today, 30)) }, now, {
            deliveryDays: courierDays,
            kind: GIFT_ORDER_KIND,
          }).map((option) => option.date),
        );
        for (let ahead = 1; ahead <= 30; ahead++) {
          const date = plus(today, ahead);
          const expected =
            ahead <= 21 &&
            weekday(date) !== 0 &&
            courierDays.includes(weekday(date)) &&
            !closed(date) &&
            now.getTime() < orderBy(date);
          expect(offered.has(isoDate(date)), `${date} at ${now.toISOString()}`).toBe(expected);
          // No weekly menu holds a gift back: a weekday two days ahead is never too soon.
          if (ahead >= 2 && weekday(date) !== 6 && expected === false) {
            expect(
              deliveryDateProblem(isoDate(date), now, { deliveryDays: courierDays, kind: GIFT_ORDER_KIND })
                ?.code,
            ).not.toBe('TOO_SOON');
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a day that is not offered says why, and the reason is true', () => {
    fc.assert(
      fc.property(nowArb, courierDaysArb, fc.integer({ min: 1, max: 30 }), (now, courierDays, ahead) => {
        const date = plus(london(now).date, ahead);
        const problem = deliveryDateProblem(isoDate(date), now, {
          deliveryDays: courierDays,
          kind: GIFT_ORDER_KIND,
        });
        if (problem === null) return;
        expect(problem.message.length).toBeGreaterThan(0);
        const holds = {
          SUNDAY: weekday(date) === 0,
          CLOSED: closed(date),
          TOO_SOON: now.getTime() >= orderBy(date),
          TOO_FAR: ahead > 21,
          NOT_A_COURIER_DAY: !courierDays.includes(weekday(date)),
        } as Record<string, boolean>;
        expect(holds[problem.code], `${problem.code} for ${date} at ${now.toISOString()}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('the walk-through (Friday 27 November 2026, 2pm, Brighton): from Tuesday 1 December, not 8 December; Christmas week opens as the 21 days move on', () => {
    // The walk-through of issue 19: Brighton's courier comes Tuesday, Thursday, Friday and Saturday.
    const now = new Date('2026-11-27T14:00:00Z');
    const dates = availableDeliveryDates({ from: isoDate('2026-11-28'), to: isoDate('2026-12-31') }, now, {
      deliveryDays: [2, 4, 5, 6],
      kind: GIFT_ORDER_KIND,
    }).map((option) => option.date);
    expect(dates[0]).toBe('2026-12-01');
    expect(dates.at(-1)).toBe('2026-12-18');
    const later = availableDeliveryDates(
      { from: isoDate('2026-12-01'), to: isoDate('2026-12-31') },
      new Date('2026-12-03T10:00:00Z'),
      {
        deliveryDays: [2, 4, 5, 6],
        kind: GIFT_ORDER_KIND,
      },
    ).map((option) => option.date);
    expect(later).toEqual(expect.arrayContaining(['2026-12-22', '2026-12-24']));
  });
});
