import { deliveryFee, type BasketRules } from './basket';
import { weekdayOf, type IsoDate } from './calendar';
import type { OrderKind } from './menu-weeks';
import { multiplyPence, pence, type Pence } from './money';

// Gift boxes (spec §1): bought on their own and sent to someone else. A gift is one delivery, priced like
// any box: the delivery fee of its weekday, free from that weekday's threshold. The recipient never sees a
// price; the buyer's card pays it all.

/**
 * How soon a gift can come (decisions 8 and 11). A gift box is a box kept in stock all year, not a dish of a
 * menu week, so the plan's Friday cutoff before the week does not hold it back: it has the one-off box's
 * next-day rule (order by 5pm the day before for Tuesday to Friday, by 8am on Sunday for Monday; a Saturday
 * by 12 noon on the Friday the week before). Every delivery's other rules stay: no Sundays or closed days,
 * only the courier's days for the postcode, up to 21 days ahead, and stock.
 */
export const GIFT_ORDER_KIND: OrderKind = 'one-off';

export interface GiftPrice {
  subtotal: Pence;
  shippingPrice: Pence;
  total: Pence;
}

export function giftBoxPrice(
  unitPrice: Pence,
  quantity: number,
  deliveryDate: IsoDate,
  rules: Pick<BasketRules, 'deliveryFees' | 'defaultDeliveryFee'>,
): GiftPrice {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`A gift needs at least one box, got ${quantity}`);
  }
  const subtotal = multiplyPence(unitPrice, quantity);
  const fee = deliveryFee(subtotal, weekdayOf(deliveryDate), rules);
  return { subtotal, shippingPrice: fee.price, total: pence(subtotal + fee.price) };
}

/** A card message as it will be printed: trimmed, runs of blank lines collapsed, empty becomes none. */
export function giftMessage(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cleaned === '' ? null : cleaned;
}
