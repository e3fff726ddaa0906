import { basketTotals, type BasketRules } from '../domain/basket';
import { isIsoDate, weekdayOf, type IsoDate } from '../domain/calendar';
import { isWeekOrderable } from '../domain/menu-weeks';
import { pence } from '../domain/money';
import type { Basket } from './baskets';

// A basket's money and weeks from its items, in the contract's shape. The server answers with it and the
// web app predicts with it (optimistic updates), so both always agree.

type Summary = Pick<
  Basket,
  | 'totalLineItemsPrice'
  | 'totalDiscount'
  | 'subtotalPrice'
  | 'shippingPrice'
  | 'totalPrice'
  | 'total'
  | 'itemCount'
  | 'weeks'
  | 'shipment'
>;

export function summariseBasket(
  items: readonly { mealWeek: string; price: number; quantity: number; discount: number }[],
  deliveryDate: string | null,
  rules: BasketRules,
  now: Date,
): Summary {
  const weekDay = deliveryDate && isIsoDate(deliveryDate) ? weekdayOf(deliveryDate) : null;
  const totals = basketTotals(
    items.map((item) => ({
      mealWeek: item.mealWeek as IsoDate,
      unitPrice: pence(item.price),
      quantity: item.quantity,
      discount: pence(item.discount),
    })),
    weekDay,
    rules,
  );
  return {
    totalLineItemsPrice: totals.totalLineItemsPrice,
    totalDiscount: totals.totalDiscount,
    subtotalPrice: totals.subtotalPrice,
    shippingPrice: totals.shippingPrice,
    totalPrice: totals.totalPrice,
    total: totals.totalPrice,
    itemCount: items.reduce((n, item) => n + Math.max(0, item.quantity), 0),
    weeks: totals.weeks.map(({ mealWeek, ...week }) => ({
      mealWeek,
      ...week,
      orderable: isWeekOrderable(mealWeek, now),
    })),
    shipment: {
      items: totals.weeks.map((week, index) => ({
        description: `Delivery, ${week.label}`,
        price: week.price,
        threshold: week.threshold,
        root: index === 0,
      })),
    },
  };
}
