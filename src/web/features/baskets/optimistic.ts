import type { Basket, BasketItem } from '../../../contracts/baskets';
import { summariseBasket, withDiscount } from '../../../domain/basket-summary';
import { clampQuantity, type BasketRules } from '../../../domain/basket';
import type { IsoDate } from '../../../domain/calendar';

// What the basket will look like once the server agrees: computed with the same domain rules the server
// uses, so the panel's totals move with the click, not a round trip later.

export const OPTIMISTIC_PREFIX = 'optimistic:';

export interface NewLine {
  productVariantExtId: string;
  productExtId: string;
  title: string;
  variantTitle: string;
  sku: string;
  price: number;
  imageUrl: string | null;
  isDouble: boolean;
  tags: string[];
  mealWeek: IsoDate;
  quantityAvailable: number;
}

export function isOptimistic(item: Pick<BasketItem, 'id'>): boolean {
  return item.id.startsWith(OPTIMISTIC_PREFIX);
}

export function withAddedLine(
  basket: Basket,
  line: NewLine,
  quantity: number,
  rules: BasketRules,
  now: Date,
): Basket {
  const existing = basket.items.find(
    (item) => item.productVariantExtId === line.productVariantExtId && item.mealWeek === line.mealWeek,
  );
  const items = existing
    ? basket.items.map((item) =>
        item === existing
          ? withLineQuantity(item, clampQuantity(item.quantity + quantity, line.quantityAvailable))
          : item,
      )
    : [
        ...basket.items,
        withLineQuantity(
          {
            id: `${OPTIMISTIC_PREFIX}${line.productVariantExtId}:${line.mealWeek}`,
            title: line.title,
            variantTitle: line.variantTitle,
            sku: line.sku,
            quantity: 0,
            price: line.price,
            discount: 0,
            total: 0,
            imageUrl: line.imageUrl,
            isAddon: false,
            isDouble: line.isDouble,
            mealWeek: line.mealWeek,
            tags: line.tags,
            productVariantId: line.productVariantExtId,
            productVariantExtId: line.productVariantExtId,
            productId: line.productExtId,
            productExtId: line.productExtId,
            quantityAvailable: line.quantityAvailable,
          },
          clampQuantity(quantity, line.quantityAvailable),
        ),
      ];
  return recompute({ ...basket, items: items.filter((item) => item.quantity > 0) }, rules, now);
}

export function withItemQuantity(
  basket: Basket,
  itemId: string,
  quantity: number,
  rules: BasketRules,
  now: Date,
): Basket {
  const items = basket.items
    .map((item) => (item.id === itemId ? withLineQuantity(item, allowedQuantity(item, quantity)) : item))
    .filter((item) => item.quantity > 0);
  return recompute({ ...basket, items }, rules, now);
}

/** Raising a quantity stops at stock; lowering is always allowed, as on the server. */
function allowedQuantity(item: BasketItem, requested: number): number {
  return requested > item.quantity
    ? clampQuantity(requested, item.quantityAvailable)
    : Math.max(0, requested);
}

function withLineQuantity(item: BasketItem, quantity: number): BasketItem {
  return withDiscount({ ...item, quantity }, item.discount);
}

/** Totals, weeks and shipment from the items, with the domain's rules (the server's own). */
export function recompute(basket: Basket, rules: BasketRules, now: Date): Basket {
  const items = [...basket.items].sort((a, b) =>
    a.mealWeek < b.mealWeek ? -1 : a.mealWeek > b.mealWeek ? 1 : 0,
  );
  return {
    ...basket,
    items,
    ...summariseBasket(items, basket.deliveryDate, rules, now, null, basket),
  };
}
