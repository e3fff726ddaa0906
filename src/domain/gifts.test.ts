import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, isoDate, weekdayOf } from './calendar';
import { giftBoxPrice, giftMessage } from './gifts';
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
