import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { takeawayTotals } from './takeaway';
import { deliveryFeeRule } from './takeaway-fees';

// The delivery fee a restaurant advertises (issue 19 item 16) is the one every valid basket is charged.

describe('the delivery fee as advertised', () => {
  test('catering’s £150 minimum over the £40 threshold: always free; below it, the fee and its threshold', () => {
    expect(deliveryFeeRule({ deliveryFee: 299, freeDeliveryFrom: 4000, minimumSpend: 15_000 })).toEqual({
      fee: 0,
      freeFrom: null,
    });
    expect(deliveryFeeRule({ deliveryFee: 299, freeDeliveryFrom: 4000, minimumSpend: 1500 })).toEqual({
      fee: 299,
      freeFrom: 4000,
    });
    expect(deliveryFeeRule({ deliveryFee: 0, freeDeliveryFrom: 4000, minimumSpend: 1500 })).toEqual({
      fee: 0,
      freeFrom: null,
    });
  });

  test('every valid delivery basket is charged what the rule says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 1, max: 5000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (deliveryFee, freeDeliveryFrom, minimumSpend, lines) => {
          const totals = takeawayTotals(lines, {
            fulfillmentType: 'delivery',
            deliveryFee,
            freeDeliveryFrom,
            minimumSpend,
          });
          fc.pre(totals.valid);
          const rule = deliveryFeeRule({ deliveryFee, freeDeliveryFrom, minimumSpend });
          const expected = rule.freeFrom !== null && totals.subtotal >= rule.freeFrom ? 0 : rule.fee;
          expect(totals.deliveryFee).toBe(expected);
        },
      ),
    );
  });
});
