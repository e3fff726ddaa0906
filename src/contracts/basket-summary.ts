import { basketTotals, type BasketRules } from '../domain/basket';
import { isIsoDate, weekdayOf, type IsoDate } from '../domain/calendar';
import { isWeekOrderable, type OrderKind } from '../domain/menu-weeks';
import { pence } from '../domain/money';
import {
  applyVoucher,
  discountCountsTowardsMinimum,
  isAddonLineKey,
  type PricedWeek,
  type VoucherTerms,
} from '../domain/vouchers';
import type { Basket, BasketItem } from './baskets';
import type { BasketVoucher, VoucherTermsView } from './vouchers';

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

/**
 * `voucher`: the basket's discount voucher. Spec §5: each week's minimum is compared with its spend before a
 * basket-wide discount, and after a product-specific one (or a free add-on). Without it, the spend after
 * the items' discounts is compared. `kind`: whether a week is still orderable depends on it (a one-off box
 * may come next day).
 */
export function summariseBasket(
  items: readonly { mealWeek: string; price: number; quantity: number; discount: number }[],
  deliveryDate: string | null,
  rules: BasketRules,
  now: Date,
  voucher?: Pick<VoucherTerms, 'type' | 'productVariantIds'> | null,
  kind: OrderKind = 'plan',
): Summary {
  const weekDay = deliveryDate && isIsoDate(deliveryDate) ? weekdayOf(deliveryDate) : null;
  const lines = (withDiscount: boolean) =>
    items.map((item) => ({
      mealWeek: item.mealWeek as IsoDate,
      unitPrice: pence(item.price),
      quantity: item.quantity,
      discount: pence(withDiscount ? item.discount : 0),
    }));
  const totals = basketTotals(lines(true), weekDay, rules);
  const beforeDiscount =
    voucher && !discountCountsTowardsMinimum(voucher) ? basketTotals(lines(false), weekDay, rules) : null;
  const minimumOf = new Map((beforeDiscount ?? totals).weeks.map((week) => [week.mealWeek, week] as const));
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
      meetsMinimum: minimumOf.get(mealWeek)!.meetsMinimum,
      minimumRemainder: minimumOf.get(mealWeek)!.minimumRemainder,
      orderable: isWeekOrderable(mealWeek, now, kind),
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

/** The free line's product, as a basket item shows it. */
export type AddonItem = Omit<BasketItem, 'id' | 'mealWeek' | 'quantity' | 'discount' | 'total' | 'isAddon'>;

/** A basket's voucher with what the server knows of it beyond the lines. */
export interface VoucherOnBasket {
  id: string;
  terms: VoucherTerms;
  view: VoucherTermsView;
  /** The usage limit, once per customer, new customers only (domain `usageProblem`); null when it may be used. */
  usageProblem: string | null;
  /** An AddonVoucher's free product; null when there is none or it has sold out. */
  addon: AddonItem | null;
}

/** "10011" or "gid://shopify/ProductVariant/10011" → 10011. */
function variantNumber(id: string): number {
  const match = /(\d+)$/.exec(id);
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * Applies the basket's voucher to its items with the domain's `applyVoucher`: each item's discount and
 * total, an AddonVoucher's free lines (isAddon, one per week it covers), and the voucher as the basket shows
 * it (terms, state and discount). Free lines already in `items` are worked out again.
 */
export function priceBasketItems(
  items: readonly BasketItem[],
  voucher: VoucherOnBasket | null,
  today: string,
): { items: BasketItem[]; voucher: BasketVoucher | null; totalDiscount: number } {
  const own = items.filter((item) => !item.isAddon);
  const weeks: PricedWeek[] = [];
  for (const item of own) {
    let week = weeks.find((w) => w.mealWeek === item.mealWeek);
    if (!week) weeks.push((week = { mealWeek: item.mealWeek, lines: [] }));
    week.lines.push({
      key: item.id,
      productVariantId: variantNumber(item.productVariantId),
      unitPrice: item.price,
      quantity: item.quantity,
    });
  }
  const applied = applyVoucher(weeks, voucher?.terms ?? null, {
    today,
    usageProblem: voucher?.usageProblem ?? null,
    addon: voucher?.addon ? { unitPrice: voucher.addon.price, title: voucher.addon.title } : null,
  });
  const discountOf = new Map(applied.pricing.weeks.flatMap((w) => w.lines.map((l) => [l.key, l.discount])));
  const priced: BasketItem[] = own.map((item) => {
    const discount = discountOf.get(item.id) ?? 0;
    return { ...item, discount, total: item.price * item.quantity - discount };
  });
  const addon = voucher?.addon;
  const free: BasketItem[] = addon
    ? applied.weeks.flatMap((week) =>
        week.lines
          .filter((line) => isAddonLineKey(line.key))
          .map((line) => {
            const discount = discountOf.get(line.key) ?? 0;
            return {
              ...addon,
              id: line.key,
              mealWeek: week.mealWeek,
              quantity: 1,
              isAddon: true,
              discount,
              total: addon.price - discount,
            };
          }),
      )
    : [];
  // Each free line goes after its week's items (the sort is stable).
  const all = [...priced, ...free].sort((a, b) =>
    a.mealWeek < b.mealWeek ? -1 : a.mealWeek > b.mealWeek ? 1 : 0,
  );
  return {
    items: all,
    voucher: voucher
      ? {
          id: voucher.id,
          ...voucher.view,
          state: applied.state,
          discount: applied.pricing.totalDiscount,
        }
      : null,
    totalDiscount: applied.pricing.totalDiscount,
  };
}
