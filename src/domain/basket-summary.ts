import {
  basketTotals,
  lineTotal,
  oneOffFeeApplies,
  type BasketKindFlags,
  type BasketRules,
  type WeekSummary,
} from './basket';
import { isIsoDate, weekdayOf, type IsoDate } from './calendar';
import { isWeekOrderable, orderKindOf } from './menu-weeks';
import { formatPence, pence, type Pence } from './money';
import {
  applyVoucher,
  discountCountsTowardsMinimum,
  isAddonLineKey,
  type PricedWeek,
  type VoucherState,
  type VoucherTerms,
} from './vouchers';

// A basket's money from its lines (spec §3 Basket, §5 minimums and vouchers, §9 delivery fees), in pence.
// The server answers with it and the web app predicts with it (optimistic updates), so both always agree;
// the contracts' basket schema is the shape it fills (src/contracts/baskets.ts).

/** A line as the summary reads it: the basket item's unit price, quantity and discount. */
export interface SummaryLine {
  mealWeek: string;
  price: number;
  quantity: number;
  discount: number;
}

export interface BasketWeek extends WeekSummary {
  /** Whether the week still takes orders (its cutoff, for this kind of order). */
  orderable: boolean;
}

export interface ShipmentItem {
  description: string;
  price: Pence;
  threshold: Pence;
  /** The first delivery's fee. */
  root: boolean;
}

export interface BasketSummary {
  totalLineItemsPrice: Pence;
  totalDiscount: Pence;
  subtotalPrice: Pence;
  /** Every delivery's charge, one-off fees included: what the orders will charge for delivery. */
  shippingPrice: Pence;
  /** The one-off fees among the delivery charges (0 for a plan's basket). */
  oneOffFee: Pence;
  totalPrice: Pence;
  total: Pence;
  itemCount: number;
  weeks: BasketWeek[];
  shipment: { items: ShipmentItem[] };
}

/** A plan's basket: the weekly cutoff, no one-off fee. */
export const PLAN_BASKET: BasketKindFlags = { startSubscription: true, oneOffFeeApplicable: false };

/**
 * `voucher`: the basket's discount voucher. Spec §5: each week's minimum is compared with its spend before a
 * basket-wide discount, and after a product-specific one (or a free add-on). Without it, the spend after
 * the items' discounts is compared. `basket`: a plan's or a one-off box's: whether a week is still orderable
 * depends on it (a one-off box may come next day), and a one-off box pays the one-off fee (decision 11).
 */
export function summariseBasket(
  items: readonly SummaryLine[],
  deliveryDate: string | null,
  rules: BasketRules,
  now: Date,
  voucher?: Pick<VoucherTerms, 'type' | 'productVariantIds'> | null,
  basket: BasketKindFlags = PLAN_BASKET,
): BasketSummary {
  const kind = orderKindOf(basket.startSubscription);
  const charges = { oneOff: oneOffFeeApplies(basket) };
  const weekDay = deliveryDate && isIsoDate(deliveryDate) ? weekdayOf(deliveryDate) : null;
  const lines = (withDiscount: boolean) =>
    items.map((item) => ({
      mealWeek: item.mealWeek as IsoDate,
      unitPrice: pence(item.price),
      quantity: item.quantity,
      discount: pence(withDiscount ? item.discount : 0),
    }));
  const totals = basketTotals(lines(true), weekDay, rules, charges);
  const beforeDiscount =
    voucher && !discountCountsTowardsMinimum(voucher)
      ? basketTotals(lines(false), weekDay, rules, charges)
      : null;
  const minimumOf = new Map((beforeDiscount ?? totals).weeks.map((week) => [week.mealWeek, week] as const));
  return {
    totalLineItemsPrice: totals.totalLineItemsPrice,
    totalDiscount: totals.totalDiscount,
    subtotalPrice: totals.subtotalPrice,
    shippingPrice: totals.shippingPrice,
    oneOffFee: totals.oneOffFee,
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

/** What the checkout button needs to know of a basket (the contracts' basket is one). */
export interface CheckoutReadiness {
  itemCount: number;
  subtotalPrice: number;
  weeks: readonly { label: string; orderable: boolean; meetsMinimum: boolean; minimumRemainder: number }[];
}

/**
 * Why a basket cannot be checked out yet, one sentence each in the order to fix them (spec §5 week validity;
 * issue 19 item 11): a closed week first (its minimum no longer matters), then each week under the
 * per-delivery minimum, then the basket under the minimum spend. Empty when it can be checked out. The
 * basket's notices and its checkout button both read this, so they never say different things.
 */
export function checkoutBlockers(
  basket: CheckoutReadiness,
  minimums: { minimumSpend: number; minimumSpendPerOrder: number },
): string[] {
  if (basket.itemCount === 0 || basket.weeks.length === 0) return ['Your basket is empty.'];
  const closed = basket.weeks.filter((week) => !week.orderable);
  const short = basket.weeks.filter((week) => week.orderable && !week.meetsMinimum);
  const reasons = [
    ...closed.map((week) => `Orders for ${week.label} have closed: remove its dishes to check out.`),
    ...short.map(
      (week) =>
        `Add ${formatPence(week.minimumRemainder)} more for ${week.label}: each delivery needs at least ${formatPence(minimums.minimumSpendPerOrder)} of dishes.`,
    ),
  ];
  if (reasons.length === 0 && basket.subtotalPrice < minimums.minimumSpend) {
    reasons.push(
      `The minimum spend is ${formatPence(minimums.minimumSpend)}: add ${formatPence(minimums.minimumSpend - basket.subtotalPrice)} more.`,
    );
  }
  return reasons;
}

/** A basket line as a voucher prices it (the contracts' basket item is one). */
export interface PriceableLine {
  id: string;
  title: string;
  mealWeek: string;
  /** Ours ("10011") or the storefront's ("gid://shopify/ProductVariant/10011"). */
  productVariantId: string;
  price: number;
  quantity: number;
  discount: number;
  total: number;
  isAddon: boolean;
}

/** The free line's product, as a basket line shows it. */
export type AddonProduct<L extends PriceableLine> = Omit<
  L,
  'id' | 'mealWeek' | 'quantity' | 'discount' | 'total' | 'isAddon'
>;

/** A basket's voucher with what the server knows of it beyond the lines; `view` is how it is shown. */
export interface VoucherOnBasket<L extends PriceableLine, View extends object> {
  id: string;
  terms: VoucherTerms;
  view: View;
  /** The usage limit, once per customer, new customers only (`usageProblem`); null when it may be used. */
  usageProblem: string | null;
  /** An AddonVoucher's free product; null when there is none or it has sold out. */
  addon: AddonProduct<L> | null;
}

export interface PricedBasketLines<L extends PriceableLine, View extends object> {
  items: L[];
  voucher: (View & { id: string; state: VoucherState; discount: Pence }) | null;
  totalDiscount: Pence;
}

/** A line with its discount, and the total that follows from it. */
export function withDiscount<L extends { price: number; quantity: number }>(
  line: L,
  discount: Pence | number,
): L & { discount: Pence; total: Pence } {
  return { ...line, discount: pence(discount), total: lineTotal(line.price, line.quantity, discount) };
}

/** "10011" or "gid://shopify/ProductVariant/10011" → 10011. */
function variantNumber(id: string): number {
  const match = /(\d+)$/.exec(id);
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * Applies the basket's voucher to its lines with `applyVoucher`: each line's discount and total, an
 * AddonVoucher's free lines (isAddon, one per week it covers), and the voucher as the basket shows it
 * (terms, state and discount). Free lines already in `items` are worked out again.
 */
export function priceBasketItems<L extends PriceableLine, View extends object>(
  items: readonly L[],
  voucher: VoucherOnBasket<L, View> | null,
  today: string,
): PricedBasketLines<L, View> {
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
  const priced: L[] = own.map((item) => withDiscount(item, discountOf.get(item.id) ?? 0));
  const addon = voucher?.addon;
  const free: L[] = addon
    ? applied.weeks.flatMap((week) =>
        week.lines
          .filter((line) => isAddonLineKey(line.key))
          .map((line) =>
            // The product's fields and a line's own: together, a whole line of the caller's shape.
            withDiscount(
              { ...addon, id: line.key, mealWeek: week.mealWeek, quantity: 1, isAddon: true } as unknown as L,
              discountOf.get(line.key) ?? 0,
            ),
          ),
      )
    : [];
  // Each free line goes after its week's items (the sort is stable).
  const all = [...priced, ...free].sort((a, b) =>
    a.mealWeek < b.mealWeek ? -1 : a.mealWeek > b.mealWeek ? 1 : 0,
  );
  const totalDiscount = pence(applied.pricing.totalDiscount);
  return {
    items: all,
    voucher: voucher
      ? { id: voucher.id, ...voucher.view, state: applied.state, discount: totalDiscount }
      : null,
    totalDiscount,
  };
}

/** What an order line copies from its basket line when the order is placed (style §8). */
export interface OrderLineSource {
  productVariantId: number;
  productVariantExtId: string;
  title: string;
  variantTitle: string;
  sku: string;
  imageUrl: string | null;
  tags: string[];
  price: number;
  quantity: number;
  quantityAvailable: number;
  isAddon: boolean;
}

export interface OrderLine extends OrderLineSource {
  price: Pence;
  discount: Pence;
  total: Pence;
}

/**
 * An order line from a basket line and the discount the voucher gives it: the title, SKU and unit price as
 * they are at the moment of purchase, and the line's total.
 */
export function orderLineFromBasketLine(line: OrderLineSource, discount: Pence | number): OrderLine {
  return {
    productVariantId: line.productVariantId,
    productVariantExtId: line.productVariantExtId,
    title: line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    imageUrl: line.imageUrl,
    tags: [...line.tags],
    price: pence(line.price),
    quantity: line.quantity,
    discount: pence(discount),
    total: lineTotal(line.price, line.quantity, discount),
    quantityAvailable: line.quantityAvailable,
    isAddon: line.isAddon,
  };
}
