import { isIsoDate, londonDate, weekdayOf, type IsoDate } from '../../../domain/calendar';
import { pence } from '../../../domain/money';
import type { Basket, BasketMeta, VoucherOnBasket } from '../../../contracts/baskets';
import { lineTotal } from '../../../domain/basket';
import { priceBasketItems, summariseBasket } from '../../../domain/basket-summary';
import type { ShopRules } from '../shop';
import type { BasketRow, LineRow } from './baskets.repo';

// A basket as the API shows it (spec §3 Basket): its lines priced with the voucher, its weeks and totals.

export function weekDayOf(deliveryDate: string | null): number | null {
  return deliveryDate && isIsoDate(deliveryDate) ? weekdayOf(deliveryDate) : null;
}

export function toDomainLines(
  items: readonly { mealWeek: string; price: number; quantity: number; discount: number }[],
  withDiscount: boolean,
) {
  return items.map((item) => ({
    mealWeek: item.mealWeek as IsoDate,
    unitPrice: pence(item.price),
    quantity: item.quantity,
    discount: pence(withDiscount ? item.discount : 0),
  }));
}

export function voucherKind(voucher: NonNullable<Basket['voucher']>) {
  return {
    type: voucher.type === 'AddonVoucher' ? ('AddonVoucher' as const) : ('DiscountVoucher' as const),
    productVariantIds: voucher.productVariantIds.map(Number),
  };
}

export function metaFor(row: BasketRow | null, rules: ShopRules): BasketMeta {
  return {
    minimumSpend: rules.minimumSpend,
    minimumSpendPerOrder: rules.minimumSpendPerOrder,
    // A plan bills weekly, so it needs a card on file even when the first box is paid with credit.
    requestCard: row?.startSubscription ?? false,
  };
}

/**
 * The basket as the API shows it: its items with the voucher's discounts (and an AddonVoucher's free lines),
 * totals, weeks and the voucher with its state.
 */
export function toBasket(
  row: BasketRow,
  lines: readonly LineRow[],
  rules: ShopRules,
  now: Date,
  applied: VoucherOnBasket | null,
): Basket {
  const listed = lines.map((line) => ({
    id: line.id,
    title: line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    quantity: line.quantity,
    price: line.pricePence,
    discount: 0,
    total: lineTotal(line.pricePence, line.quantity),
    imageUrl: line.imageUrl,
    isAddon: false,
    isDouble: line.isDouble,
    mealWeek: line.mealWeek,
    tags: line.tags,
    productVariantId: String(line.variantId),
    productVariantExtId: line.variantExtId,
    productId: String(line.productId),
    productExtId: line.productExtId,
    quantityAvailable: line.quantityAvailable,
  }));
  const { items, voucher } = priceBasketItems(listed, applied, londonDate(now));
  return {
    id: row.id,
    type: row.type,
    basketKey: row.basketKey,
    startSubscription: row.startSubscription,
    deliveryDate: row.deliveryDate,
    frequency: row.frequency,
    deliveryNote: row.deliveryNote,
    oneOffFeeApplicable: row.oneOffFeeApplicable,
    voucherCode: applied?.terms.code ?? null,
    voucher,
    ...summariseBasket(items, row.deliveryDate, rules, now, applied?.terms ?? null, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items,
  };
}
