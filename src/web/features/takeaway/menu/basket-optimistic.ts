import type { TakeawayBasket, TakeawayBasketItem } from '../../../../contracts/takeaway';
import {
  MAX_TAKEAWAY_LINE_QUANTITY,
  modifierKey,
  takeawayTotals,
  type TakeawayPricing,
} from '../../../../domain/takeaway';

// The takeaway basket as it will be once the server agrees (spec §4: basket changes apply optimistically
// and roll back on error): a line added or its quantity set, with the totals, the minimum-spend remainder
// and validity computed by the domain's `takeawayTotals`, the function the server prices with.

export const OPTIMISTIC_PREFIX = 'optimistic:';

export function isOptimisticLine(item: Pick<TakeawayBasketItem, 'id'>): boolean {
  return item.id.startsWith(OPTIMISTIC_PREFIX);
}

/** A line about to be added: what the sheet knows of the dish and the modifiers chosen. */
export type NewTakeawayLine = Pick<
  TakeawayBasketItem,
  | 'productId'
  | 'title'
  | 'variantTitle'
  | 'imageUrl'
  | 'basePrice'
  | 'price'
  | 'note'
  | 'subItems'
  | 'tags'
  | 'allergens'
  | 'conflictingAllergens'
> & { quantity: number };

/** The delivery fee and free-delivery threshold are the restaurant's; the minimum is the basket's own. */
export type BasketPricing = Pick<TakeawayPricing, 'deliveryFee' | 'freeDeliveryFrom'>;

const lineKey = (line: Pick<TakeawayBasketItem, 'productId' | 'subItems' | 'note'>) =>
  `${line.productId}|${modifierKey(line.subItems.map((sub) => Number(sub.productId)))}|${(line.note ?? '').trim()}`;

function withQuantity(item: TakeawayBasketItem, quantity: number): TakeawayBasketItem {
  return { ...item, quantity, total: item.price * quantity - item.discount };
}

function withTotals(basket: TakeawayBasket, items: TakeawayBasketItem[], pricing: BasketPricing) {
  const totals = takeawayTotals(
    items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
    { ...pricing, fulfillmentType: basket.fulfillmentType, minimumSpend: basket.minimumSpend },
  );
  return {
    ...basket,
    items,
    itemCount: totals.itemCount,
    totalLineItemsPrice: totals.subtotal,
    subtotalPrice: totals.subtotal,
    totalDiscount: totals.discount,
    shippingPrice: totals.deliveryFee,
    totalPrice: totals.total,
    total: totals.total,
    meetsMinimum: totals.meetsMinimum,
    minimumRemainder: totals.minimumRemainder,
    valid: totals.valid,
  };
}

/** Adds a line, or to the line with the same dish, modifiers and note (as the server does). */
export function withAddedLine(
  basket: TakeawayBasket,
  line: NewTakeawayLine,
  pricing: BasketPricing,
): TakeawayBasket {
  const key = lineKey(line);
  const existing = basket.items.find((item) => lineKey(item) === key);
  const items = existing
    ? basket.items.map((item) =>
        item === existing
          ? withQuantity(item, Math.min(MAX_TAKEAWAY_LINE_QUANTITY, item.quantity + line.quantity))
          : item,
      )
    : [
        ...basket.items,
        withQuantity(
          {
            ...line,
            id: `${OPTIMISTIC_PREFIX}${key}`,
            discount: 0,
            total: 0,
            appliedModifiers: line.subItems.map((sub) => sub.title),
            available: true,
            unavailableReason: null,
          },
          Math.min(MAX_TAKEAWAY_LINE_QUANTITY, line.quantity),
        ),
      ];
  return withTotals(basket, items, pricing);
}

/** Sets a line's quantity; 0 removes it (spec §4: minus on a line of one removes it). */
export function withLineQuantity(
  basket: TakeawayBasket,
  itemId: string,
  quantity: number,
  pricing: BasketPricing,
): TakeawayBasket {
  const next = Math.min(MAX_TAKEAWAY_LINE_QUANTITY, Math.max(0, Math.trunc(quantity)));
  const items =
    next === 0
      ? basket.items.filter((item) => item.id !== itemId)
      : basket.items.map((item) => (item.id === itemId ? withQuantity(item, next) : item));
  return withTotals(basket, items, pricing);
}

/** How many of a dish the basket holds, whatever its modifiers. */
export function quantityOfDish(basket: TakeawayBasket | undefined | null, productId: string): number {
  return (basket?.items ?? [])
    .filter((item) => item.productId === productId)
    .reduce((sum, item) => sum + item.quantity, 0);
}
