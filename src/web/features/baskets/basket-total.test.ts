import { describe, expect, test } from 'vitest';
import { deliveryIncluded } from './basket-total';

// The basket bar says its total includes delivery, with what the basket's own summary charges (issue 9,
// item 8).

const week = (mealWeek: string, price: number) => ({ mealWeek, price }) as never;

describe('the delivery the basket bar’s total includes', () => {
  test('one delivery with a fee', () => {
    expect(deliveryIncluded({ itemCount: 3, shippingPrice: 199, weeks: [week('2026-11-23', 199)] })).toBe(
      'incl. £1.99 delivery',
    );
  });
  test('over the free-delivery threshold', () => {
    expect(deliveryIncluded({ itemCount: 6, shippingPrice: 0, weeks: [week('2026-11-23', 0)] })).toBe(
      'incl. free delivery',
    );
  });
  test('several weeks: the deliveries together', () => {
    expect(
      deliveryIncluded({
        itemCount: 5,
        shippingPrice: 398,
        weeks: [week('2026-11-23', 199), week('2026-11-30', 199)],
      }),
    ).toBe('incl. £3.98 for 2 deliveries');
    expect(
      deliveryIncluded({
        itemCount: 12,
        shippingPrice: 0,
        weeks: [week('2026-11-23', 0), week('2026-11-30', 0)],
      }),
    ).toBe('incl. free delivery, every week');
  });
  test('an empty basket claims nothing', () => {
    expect(deliveryIncluded({ itemCount: 0, shippingPrice: 0, weeks: [] })).toBe('');
  });
});
