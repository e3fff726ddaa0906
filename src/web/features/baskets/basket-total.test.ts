import { describe, expect, test } from 'vitest';
import { deliveryIncluded } from './basket-total';

// The basket bar says its total includes delivery, with what the basket's own summary charges (issue 9,
// item 8).

const week = (mealWeek: string, price: number) => ({ mealWeek, price }) as never;

describe('the delivery the basket bar’s total includes', () => {
  test('one delivery with a fee', () => {
    expect(
      deliveryIncluded({ itemCount: 3, shippingPrice: 199, oneOffFee: 0, weeks: [week('2026-11-23', 199)] }),
    ).toBe('incl. £1.99 delivery');
  });
  test('over the free-delivery threshold', () => {
    expect(
      deliveryIncluded({ itemCount: 6, shippingPrice: 0, oneOffFee: 0, weeks: [week('2026-11-23', 0)] }),
    ).toBe('incl. free delivery');
  });
  test('several weeks: the deliveries together', () => {
    expect(
      deliveryIncluded({
        itemCount: 5,
        shippingPrice: 398,
        oneOffFee: 0,
        weeks: [week('2026-11-23', 199), week('2026-11-30', 199)],
      }),
    ).toBe('incl. £3.98 for 2 deliveries');
    expect(
      deliveryIncluded({
        itemCount: 12,
        shippingPrice: 0,
        oneOffFee: 0,
        weeks: [week('2026-11-23', 0), week('2026-11-30', 0)],
      }),
    ).toBe('incl. free delivery, every week');
  });
  test('a one-off box names and prices its fee beside delivery (issue 19)', () => {
    expect(
      deliveryIncluded({
        itemCount: 2,
        shippingPrice: 498,
        oneOffFee: 299,
        weeks: [week('2026-11-16', 199)],
      }),
    ).toBe('incl. £1.99 delivery and £2.99 one-off box fee');
    expect(
      deliveryIncluded({ itemCount: 9, shippingPrice: 299, oneOffFee: 299, weeks: [week('2026-11-16', 0)] }),
    ).toBe('incl. free delivery and £2.99 one-off box fee');
    expect(
      deliveryIncluded({
        itemCount: 4,
        shippingPrice: 996,
        oneOffFee: 598,
        weeks: [week('2026-11-16', 199), week('2026-11-23', 199)],
      }),
    ).toBe('incl. £3.98 delivery and £5.98 one-off box fees for 2 deliveries');
  });
  test('an empty basket claims nothing', () => {
    expect(deliveryIncluded({ itemCount: 0, shippingPrice: 0, oneOffFee: 0, weeks: [] })).toBe('');
  });
});
