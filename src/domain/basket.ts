import { formatPence, formatPenceShort, multiplyPence, pence, sumPence, ZERO, type Pence } from './money';
import { isWeekOrderable, weekLabel, type OrderKind } from './menu-weeks';
import type { IsoDate } from './calendar';
import { WEEKDAY_NAMES } from './delivery-dates';

// Basket rules: spec §3 (Basket), §5 (week validity, minimum spend), §9 (delivery fee, free-delivery remainder).

export const DEFAULT_MINIMUM_SPEND = pence(1000);
export const DEFAULT_MINIMUM_SPEND_PER_ORDER = pence(1000);
export const DEFAULT_DELIVERY_FEE = pence(199);
/** A one-off box's fee for each delivery when no operator has set one (decision 11): £2.99. */
export const DEFAULT_ONE_OFF_FEE = pence(299);
export const MAX_LINE_QUANTITY = 99;

export type BasketType = 'RecipeKitBasket' | 'TakeawayBasket';
export const BASKET_TYPES = ['RecipeKitBasket', 'TakeawayBasket'] as const satisfies readonly BasketType[];

export interface BasketLine {
  mealWeek: IsoDate;
  unitPrice: Pence;
  quantity: number;
  /** Discount on this line, in pence (vouchers arrive with checkout). */
  discount?: Pence;
}

export interface DeliveryFeeConfigItem {
  /** 0 Sunday … 6 Saturday. */
  weekDay: number;
  threshold: Pence;
  price: Pence;
}

export interface BasketRules {
  minimumSpend: Pence;
  minimumSpendPerOrder: Pence;
  deliveryFees: readonly DeliveryFeeConfigItem[];
  /** The fee and threshold when no delivery day is chosen yet. */
  defaultDeliveryFee: { price: Pence; threshold: Pence };
  /** What a one-off box pays for each delivery on top of the delivery fee (decision 11; never waived). */
  oneOffFee: Pence;
}

export interface DeliveryFee {
  price: Pence;
  threshold: Pence;
  /** How much more to spend for free delivery; 0 once it is free. */
  freeDeliveryRemainder: Pence;
}

/** The fee for one delivery: free at or above the threshold for that weekday, otherwise its price. */
export function deliveryFee(
  subtotal: Pence,
  weekDay: number | null,
  rules: Pick<BasketRules, 'deliveryFees' | 'defaultDeliveryFee'>,
): DeliveryFee {
  const item =
    (weekDay === null ? undefined : rules.deliveryFees.find((fee) => fee.weekDay === weekDay)) ??
    rules.defaultDeliveryFee;
  const free = subtotal >= item.threshold;
  return {
    price: free ? ZERO : item.price,
    threshold: item.threshold,
    freeDeliveryRemainder: free ? ZERO : pence(item.threshold - subtotal),
  };
}

export interface DeliveryCharge extends DeliveryFee {
  /** The one-off box fee of this delivery; 0 for a plan's box. */
  oneOffFee: Pence;
  /** What the delivery adds to its order: the delivery fee and the one-off fee. */
  charge: Pence;
}

/** What a recipe-kit basket is: a plan's (it starts one) or a one-off box's (decision 11). */
export interface BasketKindFlags {
  startSubscription: boolean;
  oneOffFeeApplicable: boolean;
}

/** A one-off box marked so pays the one-off fee; a basket that starts a plan never does. */
export function oneOffFeeApplies(basket: BasketKindFlags): boolean {
  return basket.oneOffFeeApplicable && !basket.startSubscription;
}

/**
 * What one delivery costs (spec §9, decision 11; issue 19 item 3): the weekday's fee, free from its
 * threshold, and for a one-off box the one-off fee on top. The one place a delivery's charge is worked out:
 * the basket, POST /baskets/{id}/preview_one_off_fee and the orders a checkout places all come from it.
 */
export function deliveryCharge(
  subtotal: Pence,
  weekDay: number | null,
  rules: BasketRules,
  oneOff: boolean,
): DeliveryCharge {
  const fee = deliveryFee(subtotal, weekDay, rules);
  const oneOffFee = oneOff ? rules.oneOffFee : ZERO;
  return { ...fee, oneOffFee, charge: pence(fee.price + oneOffFee) };
}

/**
 * The delivery fees in words, weekdays with the same fee together: "£1.99 Monday to Friday, free from £40;
 * £2.99 on Saturday, free from £50". Days without a fee of their own take the default.
 */
export function deliveryFeesText(rules: Pick<BasketRules, 'deliveryFees' | 'defaultDeliveryFee'>): string {
  const runs: { from: number; to: number; price: Pence; threshold: Pence }[] = [];
  for (let day = 1; day <= 6; day++) {
    const fee = rules.deliveryFees.find((item) => item.weekDay === day) ?? rules.defaultDeliveryFee;
    const last = runs.at(-1);
    if (last && last.to === day - 1 && last.price === fee.price && last.threshold === fee.threshold) {
      last.to = day;
    } else {
      runs.push({ from: day, to: day, price: fee.price, threshold: fee.threshold });
    }
  }
  return runs
    .map(({ from, to, price, threshold }) => {
      const days =
        from === to ? `on ${WEEKDAY_NAMES[from]}` : `${WEEKDAY_NAMES[from]} to ${WEEKDAY_NAMES[to]}`;
      return `${formatPenceShort(price)} ${days}, free from ${formatPenceShort(threshold)}`;
    })
    .join('; ');
}

export interface WeekSummary extends DeliveryCharge {
  mealWeek: IsoDate;
  label: string;
  itemCount: number;
  lineItemsPrice: Pence;
  discount: Pence;
  subtotal: Pence;
  meetsMinimum: boolean;
  /** How much more to add to this week to reach the per-order minimum. */
  minimumRemainder: Pence;
}

export interface BasketTotals {
  totalLineItemsPrice: Pence;
  totalDiscount: Pence;
  subtotalPrice: Pence;
  /** Every delivery's charge: the delivery fees and any one-off fees. */
  shippingPrice: Pence;
  /** The one-off fees among them. */
  oneOffFee: Pence;
  totalPrice: Pence;
  weeks: WeekSummary[];
}

/**
 * What a line costs: unit price × quantity, less its discount (none: the line's price before discount).
 * The one place a line's total is worked out: basket items, order lines and the basket's weeks use it.
 */
export function lineTotal(unitPrice: Pence | number, quantity: number, discount: Pence | number = 0): Pence {
  return pence(multiplyPence(unitPrice, quantity) - discount);
}

/**
 * Totals in integer pence, one delivery (and one charge) per meal week, weeks in date order. `oneOff`: the
 * basket is a one-off box that pays the one-off fee (`oneOffFeeApplies`).
 */
export function basketTotals(
  lines: readonly BasketLine[],
  weekDay: number | null,
  rules: BasketRules,
  { oneOff = false }: { oneOff?: boolean } = {},
): BasketTotals {
  const byWeek = new Map<IsoDate, BasketLine[]>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    byWeek.set(line.mealWeek, [...(byWeek.get(line.mealWeek) ?? []), line]);
  }
  const weeks = [...byWeek.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([mealWeek, weekLines]): WeekSummary => {
      const lineItemsPrice = sumPence(weekLines.map((line) => lineTotal(line.unitPrice, line.quantity)));
      const discount = sumPence(weekLines.map((line) => line.discount ?? ZERO));
      const subtotal = pence(lineItemsPrice - discount);
      const meetsMinimum = subtotal >= rules.minimumSpendPerOrder;
      return {
        mealWeek,
        label: weekLabel(mealWeek),
        itemCount: weekLines.reduce((n, line) => n + line.quantity, 0),
        lineItemsPrice,
        discount,
        subtotal,
        meetsMinimum,
        minimumRemainder: meetsMinimum ? ZERO : pence(rules.minimumSpendPerOrder - subtotal),
        ...deliveryCharge(subtotal, weekDay, rules, oneOff),
      };
    });
  const totalLineItemsPrice = sumPence(weeks.map((w) => w.lineItemsPrice));
  const totalDiscount = sumPence(weeks.map((w) => w.discount));
  const subtotalPrice = pence(totalLineItemsPrice - totalDiscount);
  const shippingPrice = sumPence(weeks.map((w) => w.charge));
  return {
    totalLineItemsPrice,
    totalDiscount,
    subtotalPrice,
    shippingPrice,
    oneOffFee: sumPence(weeks.map((w) => w.oneOffFee)),
    totalPrice: pence(subtotalPrice + shippingPrice),
    weeks,
  };
}

export type BasketProblemCode =
  'BASKET_EMPTY' | 'WEEK_BELOW_MINIMUM' | 'BASKET_BELOW_MINIMUM' | 'WEEK_UNAVAILABLE' | 'OUT_OF_STOCK';

export interface BasketProblem {
  code: BasketProblemCode;
  message: string;
  mealWeek?: IsoDate;
}

/**
 * Week validity (spec §5): each week's item total meets the per-order minimum and the whole basket meets
 * the minimum spend. Expected failures are values, not exceptions.
 */
export function basketProblems(totals: BasketTotals, rules: BasketRules): BasketProblem[] {
  if (totals.weeks.length === 0) return [{ code: 'BASKET_EMPTY', message: 'Your basket is empty' }];
  const problems: BasketProblem[] = totals.weeks
    .filter((week) => !week.meetsMinimum)
    .map((week) => ({
      code: 'WEEK_BELOW_MINIMUM',
      mealWeek: week.mealWeek,
      message: `Add ${formatPence(week.minimumRemainder)} more for ${week.label}: each delivery needs at least ${formatPence(rules.minimumSpendPerOrder)}`,
    }));
  if (totals.subtotalPrice < rules.minimumSpend) {
    problems.push({
      code: 'BASKET_BELOW_MINIMUM',
      message: `The minimum spend is ${formatPence(rules.minimumSpend)}`,
    });
  }
  return problems;
}

export interface StockedLine {
  mealWeek: IsoDate;
  title: string;
  quantity: number;
  quantityAvailable: number;
}

/**
 * What may have changed since the dishes were added: a week's cutoff passing (for this kind of order: a
 * one-off box's week stays open while one of its days can come next day), stock running out.
 */
export function availabilityProblems(
  lines: readonly StockedLine[],
  now: Date,
  kind: OrderKind = 'plan',
): BasketProblem[] {
  const closedWeeks = [...new Set(lines.map((line) => line.mealWeek))]
    .sort()
    .filter((week) => !isWeekOrderable(week, now, kind));
  return [
    ...closedWeeks.map((mealWeek): BasketProblem => ({
      code: 'WEEK_UNAVAILABLE',
      mealWeek,
      message: `Orders for ${weekLabel(mealWeek)} have closed. Please move those dishes to a later week.`,
    })),
    ...lines
      .filter((line) => line.quantity > line.quantityAvailable)
      .map((line): BasketProblem => ({
        code: 'OUT_OF_STOCK',
        mealWeek: line.mealWeek,
        message:
          line.quantityAvailable === 0
            ? `${line.title} has sold out`
            : `Only ${line.quantityAvailable} of ${line.title} left`,
      })),
  ];
}

/** Progress towards the minimum spend, 0–1, for the basket panel's bar. */
export function minimumSpendProgress(subtotal: Pence, minimum: Pence): number {
  if (minimum <= 0) return 1;
  return Math.min(1, Math.max(0, subtotal / minimum));
}

/** The quantity a line can have: never negative, never above stock or the per-line cap. */
export function clampQuantity(requested: number, available: number): number {
  return Math.max(0, Math.min(requested, available, MAX_LINE_QUANTITY));
}
