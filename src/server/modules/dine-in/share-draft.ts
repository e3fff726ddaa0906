import { londonDate } from '../../../domain/calendar';
import { pence } from '../../../domain/money';
import type { OrderDraft } from '../orders';
import type { RestaurantRow } from '../restaurants';
import { restaurantAddress } from '../takeaway';
import type { PartRow, TabRow } from './tabs.repo';

// One payer's share of a split bill as orders keeps it (decision 28): an order of its own, had at the
// restaurant, whose lines are what of the bill the part covers ("⅓ of Tiramisù") and whose tip is the payer's.

/** A share as orders keeps it: the part's lines and the payer's tip, had at the restaurant. */
export function shareDraft(
  part: PartRow,
  tab: TabRow,
  restaurant: RestaurantRow,
  tip: number,
  now: Date,
): OrderDraft<null> {
  const where = tab.tableNumber ? `table ${tab.tableNumber}` : restaurant.name;
  const lines =
    part.lines.length > 0
      ? part.lines
      : [{ title: `A share of ${where}’s bill`, share: '1', amount: part.amount }];
  return {
    mealWeek: null,
    type: 'DineInOrder',
    deliveryDate: londonDate(now),
    deliveryNote: null,
    shippingAddress: restaurantAddress(restaurant, '', '', null),
    billingAddress: null,
    voucherId: null,
    voucherCode: null,
    subtotal: part.amount,
    discount: 0,
    shippingPrice: 0,
    tip,
    total: part.amount + tip,
    lines: lines.map((line) => ({
      productVariantId: null,
      productVariantExtId: `dine-in-part:${part.id}`,
      title: line.share === '1' ? line.title : `${line.share} of ${line.title}`,
      variantTitle: '',
      sku: 'TAB-SHARE',
      imageUrl: null,
      tags: [],
      price: pence(line.amount),
      quantity: 1,
      discount: pence(0),
      total: pence(line.amount),
      isAddon: false,
    })),
  };
}
