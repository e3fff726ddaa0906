import { lineTotal } from './basket';
import { dayMonth, type IsoDate } from './calendar';
import { weekLabel } from './menu-weeks';
import { formatPence, formatPenceShort, prorate } from './money';

// Vouchers (spec §3 Voucher, §4 Voucher state, §5 voucher and week-validity rules, §8 messages): whether a
// code applies to a basket, and the discount it gives, to the penny. Pure: the caller reads the clock
// (London's date, `today`) and the usage facts from the database.

export interface VoucherTerms {
  code: string;
  type: 'DiscountVoucher' | 'AddonVoucher';
  valueType: 'fixed_amount' | 'percentage';
  /** Pence for fixed_amount; whole percent (1-100) for percentage. */
  value: number;
  startDate: string | null;
  endDate: string | null;
  /** Applies to the first delivery (the earliest meal week) only; its own minimum applies to that week. */
  singleOrder: boolean;
  minimumSpendPerOrder: number | null;
  /** When not empty, only lines of these variants are discounted. */
  productVariantIds: number[];
  /** AddonVoucher: the variant given free. */
  addonVariantId: number | null;
}

export interface PricedLine {
  key: string;
  productVariantId: number;
  /** Pence. */
  unitPrice: number;
  quantity: number;
}

export interface PricedWeek {
  mealWeek: string;
  lines: PricedLine[];
}

export interface WeekPricing {
  mealWeek: string;
  /** The week's lines before any discount. */
  subtotal: number;
  discount: number;
  lines: { key: string; discount: number }[];
}

export interface VoucherPricing {
  weeks: WeekPricing[];
  totalDiscount: number;
  /** Why the code gives nothing (empty when it applies). */
  problems: string[];
}

/** Spec §4: a valid flag plus a message. */
export interface VoucherState {
  valid: boolean;
  message: string;
}

/** The state after a voucher is removed (spec §4: it is reset). */
export const RESET_VOUCHER_STATE: VoucherState = { valid: false, message: '' };

/** What people read. The web app shows the server's message on a 400 and these fall-backs otherwise (§8). */
export const VOUCHER_MESSAGES = {
  invalidCode: 'Invalid code',
  couldNotValidate: "Couldn't validate voucher",
  voucherInvalid: 'Voucher invalid',
  limitReached: 'This code has already been used',
  usedByCustomer: 'You have already used this code',
  newCustomersOnly: 'This code is for new customers only',
  emptyBasket: 'Add something to your basket to use this code',
  noMatchingItems: "This code doesn't apply to anything in your basket",
  addonMissing: "This code's free item isn't available at the moment",
  creditCodeOnBasket: 'This code adds store credit: add it to your account under Store credit',
  notACreditCode: 'This code takes money off a basket: add it at checkout',
  creditAlreadyAdded: 'You have already added this code to your account',
  /** A personal code (a referral welcome, a plan reward: decision 30) on another customer's basket. */
  anotherAccount: 'This code belongs to another account',
  /** A personal code on a visitor's basket: whose it is can only be told once they sign in. */
  signInForPersonalCode: 'Sign in to use this code',
} as const;

/** Codes are stored upper-cased; what a person types is trimmed and upper-cased before it is looked up. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The line's price before discount: never negative. */
export function lineAmount(line: Pick<PricedLine, 'unitPrice' | 'quantity'>): number {
  return lineTotal(Math.max(0, line.unitPrice), Math.max(0, line.quantity));
}

const ADDON_PREFIX = 'addon:';

/** The key of the free add-on line an AddonVoucher puts in a week. */
export function addonLineKey(mealWeek: string): string {
  return `${ADDON_PREFIX}${mealWeek}`;
}

export function isAddonLineKey(key: string): boolean {
  return key.startsWith(ADDON_PREFIX);
}

function longDate(date: string): string {
  const { day, month, year } = dayMonth(date as IsoDate);
  return `${day} ${month} ${year}`;
}

/** The start and end dates (inclusive) against London's date; null while the code is in date. */
export function dateProblem(
  terms: Pick<VoucherTerms, 'startDate' | 'endDate'>,
  today: string,
): string | null {
  if (terms.startDate && today < terms.startDate) {
    return `This code can be used from ${longDate(terms.startDate)}`;
  }
  if (terms.endDate && today > terms.endDate) return `This code expired on ${longDate(terms.endDate)}`;
  return null;
}

/**
 * A free add-on or a product-specific discount is taken off before the minimum spend is compared (spec
 * §5: "a product-specific discount voucher compares the discounted subtotal"); a basket-wide discount is
 * compared with the spend before it.
 */
export function discountCountsTowardsMinimum(
  voucher: Pick<VoucherTerms, 'type' | 'productVariantIds'>,
): boolean {
  return voucher.type === 'AddonVoucher' || voucher.productVariantIds.length > 0;
}

const weekTotal = (week: PricedWeek) => week.lines.reduce((sum, line) => sum + lineAmount(line), 0);

/** The weeks a voucher discounts: every week with something in it, or only the earliest for a single order. */
export function targetWeekIndexes(
  weeks: readonly PricedWeek[],
  voucher: Pick<VoucherTerms, 'singleOrder'>,
): number[] {
  const filled = weeks.map((week, index) => ({ week, index })).filter(({ week }) => weekTotal(week) > 0);
  if (!voucher.singleOrder) return filled.map(({ index }) => index);
  let first: { week: PricedWeek; index: number } | undefined;
  for (const candidate of filled)
    if (!first || candidate.week.mealWeek < first.week.mealWeek) first = candidate;
  return first ? [first.index] : [];
}

/**
 * Adds an AddonVoucher's free line (quantity 1 at `unitPrice`) to each week it applies to. The basket and the
 * checkout add it before pricing, and drop it again when the voucher turns out not to apply.
 */
export function addAddonLines(
  weeks: readonly PricedWeek[],
  voucher: VoucherTerms,
  unitPrice: number,
): PricedWeek[] {
  if (voucher.type !== 'AddonVoucher' || voucher.addonVariantId === null) return weeks.map(copyWeek);
  const targets = new Set(targetWeekIndexes(weeks, voucher));
  return weeks.map((week, index) =>
    targets.has(index)
      ? {
          mealWeek: week.mealWeek,
          lines: [
            ...week.lines.filter((line) => line.key !== addonLineKey(week.mealWeek)),
            {
              key: addonLineKey(week.mealWeek),
              productVariantId: voucher.addonVariantId!,
              unitPrice,
              quantity: 1,
            },
          ],
        }
      : copyWeek(week),
  );
}

function copyWeek(week: PricedWeek): PricedWeek {
  return { mealWeek: week.mealWeek, lines: [...week.lines] };
}

function zeroPricing(weeks: readonly PricedWeek[], problems: string[]): VoucherPricing {
  return {
    weeks: weeks.map((week) => ({
      mealWeek: week.mealWeek,
      subtotal: weekTotal(week),
      discount: 0,
      lines: week.lines.map((line) => ({ key: line.key, discount: 0 })),
    })),
    totalDiscount: 0,
    problems,
  };
}

/** Half a penny and up rounds up; in integers, so no float error creeps in. */
function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * The discount of each line of one week (the lines' shares sum to the week's discount), and whether the
 * week holds anything the voucher covers.
 */
function discountWeek(week: PricedWeek, voucher: VoucherTerms): { discounts: number[]; covered: boolean } {
  const amounts = week.lines.map(lineAmount);
  const discounts = amounts.map(() => 0);
  if (voucher.type === 'AddonVoucher') {
    // The free line the basket added; else one of that dish already in the basket (the dearest, so the
    // result does not depend on the order of the lines).
    const candidates = week.lines
      .map((line, i) => ({ line, i }))
      .filter(({ line, i }) => line.productVariantId === voucher.addonVariantId && amounts[i]! > 0);
    const chosen =
      candidates.find(({ line }) => line.key === addonLineKey(week.mealWeek)) ??
      candidates.reduce<(typeof candidates)[number] | undefined>(
        (best, c) => (!best || c.line.unitPrice > best.line.unitPrice ? c : best),
        undefined,
      );
    const index = chosen?.i ?? -1;
    // One of it, free.
    if (index >= 0) discounts[index] = Math.min(Math.max(0, week.lines[index]!.unitPrice), amounts[index]!);
    return { discounts, covered: index >= 0 };
  }
  const eligible = week.lines
    .map((line, index) => ({ line, index }))
    .filter(
      ({ line, index }) =>
        amounts[index]! > 0 &&
        (voucher.productVariantIds.length === 0 || voucher.productVariantIds.includes(line.productVariantId)),
    );
  const eligibleTotal = eligible.reduce((sum, { index }) => sum + amounts[index]!, 0);
  const value = Math.max(0, voucher.value);
  const weekDiscount = Math.min(
    eligibleTotal,
    voucher.valueType === 'fixed_amount' ? value : percentOf(eligibleTotal, Math.min(100, value)),
  );
  const shares = prorate(
    eligible.map(({ index }) => amounts[index]!),
    weekDiscount,
  );
  eligible.forEach(({ index }, i) => {
    discounts[index] = shares[i]!;
  });
  return { discounts, covered: eligible.length > 0 };
}

function minimumProblem(voucher: VoucherTerms, week: PricedWeek, spend: number, minimum: number): string {
  const more = formatPence(minimum - spend);
  const after = discountCountsTowardsMinimum(voucher) ? ', after its discount' : '';
  // A single-order code names its delivery: the earliest in the basket (issue 9, item 8: which box).
  return voucher.singleOrder
    ? `Add ${more} more to your delivery for ${weekLabel(week.mealWeek as IsoDate)} (the earliest in your basket) to use this code: it needs a spend of ${formatPenceShort(minimum)}${after}`
    : `Add ${more} more to your delivery for ${weekLabel(week.mealWeek as IsoDate)} to use this code: each delivery needs a spend of ${formatPenceShort(minimum)}${after}`;
}

/**
 * What a voucher takes off a basket of weeks (one order per week), line by line, to the penny. A fixed
 * amount comes off each order (only the first for a single-order voucher), never more than the order's
 * eligible lines; a percentage comes off each eligible line. Each week's discount is prorated across its
 * eligible lines by their amounts (largest remainder), so the lines sum to the week exactly. When the code
 * does not apply (out of date, an empty basket, nothing it covers, below its minimum) nothing comes off and
 * `problems` says why.
 */
export function priceWithVoucher(
  weeks: PricedWeek[],
  voucher: VoucherTerms | null,
  today: string,
): VoucherPricing {
  if (!voucher) return zeroPricing(weeks, []);
  const outOfDate = dateProblem(voucher, today);
  if (outOfDate) return zeroPricing(weeks, [outOfDate]);
  const targets = targetWeekIndexes(weeks, voucher);
  if (targets.length === 0) return zeroPricing(weeks, [VOUCHER_MESSAGES.emptyBasket]);
  if (voucher.type === 'AddonVoucher' && voucher.addonVariantId === null) {
    return zeroPricing(weeks, [VOUCHER_MESSAGES.addonMissing]);
  }

  const byWeek = new Map(targets.map((index) => [index, discountWeek(weeks[index]!, voucher)]));
  const discounts = new Map([...byWeek].map(([index, week]) => [index, week.discounts]));
  const problems: string[] = [];
  if (![...byWeek.values()].some((week) => week.covered)) {
    problems.push(
      voucher.type === 'AddonVoucher' ? VOUCHER_MESSAGES.addonMissing : VOUCHER_MESSAGES.noMatchingItems,
    );
  }
  if (voucher.minimumSpendPerOrder !== null && problems.length === 0) {
    // The minimum applies to the orders the code discounts.
    for (const index of targets.filter((i) => byWeek.get(i)!.covered)) {
      const week = weeks[index]!;
      const weekDiscount = discounts.get(index)!.reduce((sum, d) => sum + d, 0);
      const spend = weekTotal(week) - (discountCountsTowardsMinimum(voucher) ? weekDiscount : 0);
      if (spend < voucher.minimumSpendPerOrder) {
        problems.push(minimumProblem(voucher, week, spend, voucher.minimumSpendPerOrder));
      }
    }
  }
  if (problems.length > 0) return zeroPricing(weeks, problems);

  const priced = weeks.map((week, index): WeekPricing => {
    const lineDiscounts = discounts.get(index) ?? week.lines.map(() => 0);
    return {
      mealWeek: week.mealWeek,
      subtotal: weekTotal(week),
      discount: lineDiscounts.reduce((sum, d) => sum + d, 0),
      lines: week.lines.map((line, i) => ({ key: line.key, discount: lineDiscounts[i]! })),
    };
  });
  return { weeks: priced, totalDiscount: priced.reduce((sum, w) => sum + w.discount, 0), problems: [] };
}

/** How many times a code may still be used, and by whom. */
export interface VoucherUsage {
  usageLimit: number | null;
  timesRedeemed: number;
  oncePerCustomer: boolean;
  newCustomersOnly: boolean;
  /** A personal code's owner: only they may use it (null or absent: anyone may). */
  customerId?: string | null;
}

/** What we know of the customer; null for a visitor (those checks run again at checkout). */
export interface VoucherCustomerFacts {
  /** Who they are (a personal code is theirs or not). */
  customerId: string;
  /** They have redeemed this code before. */
  redeemedBefore: boolean;
  /** They have a paid order. */
  hasPaidOrder: boolean;
}

/**
 * The checks that need the database's facts: whose code it is (a personal code), the usage limit, once per
 * customer, new customers only.
 */
export function usageProblem(usage: VoucherUsage, customer: VoucherCustomerFacts | null): string | null {
  if (usage.customerId) {
    if (!customer) return VOUCHER_MESSAGES.signInForPersonalCode;
    if (customer.customerId !== usage.customerId) return VOUCHER_MESSAGES.anotherAccount;
  }
  if (usage.usageLimit !== null && usage.timesRedeemed >= usage.usageLimit)
    return VOUCHER_MESSAGES.limitReached;
  if (customer && usage.oncePerCustomer && customer.redeemedBefore) return VOUCHER_MESSAGES.usedByCustomer;
  if (customer && usage.newCustomersOnly && customer.hasPaidOrder) return VOUCHER_MESSAGES.newCustomersOnly;
  return null;
}

/** "£10 off the earliest delivery in your basket", "20% off selected dishes in each delivery", "a free Tiramisù…". */
export function describeVoucher(voucher: VoucherTerms, addonTitle?: string | null): string {
  const when = voucher.singleOrder ? 'the earliest delivery in your basket' : 'each delivery';
  if (voucher.type === 'AddonVoucher') return `A free ${addonTitle ?? 'treat'} with ${when}`;
  const amount = voucher.valueType === 'fixed_amount' ? formatPenceShort(voucher.value) : `${voucher.value}%`;
  return voucher.productVariantIds.length > 0
    ? `${amount} off selected dishes in ${when}`
    : `${amount} off ${when}`;
}

/**
 * The voucher state (spec §4): out of date first, then what the database knows (the usage limit, once per
 * customer, new customers only), then what the basket lacks. Valid: what the code gives.
 */
export function voucherState(
  voucher: VoucherTerms | null,
  pricing: Pick<VoucherPricing, 'problems'>,
  today: string,
  usage: string | null = null,
  addonTitle?: string | null,
): VoucherState {
  if (!voucher) return RESET_VOUCHER_STATE;
  const problem = dateProblem(voucher, today) ?? usage ?? pricing.problems[0] ?? null;
  if (problem) return { valid: false, message: problem };
  return { valid: true, message: `${voucher.code} applied: ${describeVoucher(voucher, addonTitle)}` };
}

/** What the server knows beyond the basket's lines. */
export interface VoucherContext {
  /** London's date. */
  today: string;
  /** From usageProblem(); null when the code may still be used. */
  usageProblem: string | null;
  /** The AddonVoucher's free item, at its current price (null when it is gone). */
  addon: { unitPrice: number; title: string } | null;
}

/**
 * The one way the basket and the checkout apply a voucher: adds an AddonVoucher's free lines, prices, and
 * works out the state. An invalid voucher gives no discount and adds no line.
 */
export function applyVoucher(
  weeks: PricedWeek[],
  voucher: VoucherTerms | null,
  context: VoucherContext,
): { weeks: PricedWeek[]; pricing: VoucherPricing; state: VoucherState } {
  if (!voucher) {
    return { weeks, pricing: zeroPricing(weeks, []), state: RESET_VOUCHER_STATE };
  }
  const withAddons =
    voucher.type === 'AddonVoucher' && context.addon
      ? addAddonLines(weeks, voucher, context.addon.unitPrice)
      : weeks;
  const pricing = priceWithVoucher(withAddons, voucher, context.today);
  const state = voucherState(voucher, pricing, context.today, context.usageProblem, context.addon?.title);
  if (state.valid) return { weeks: withAddons, pricing, state };
  return { weeks, pricing: zeroPricing(weeks, pricing.problems), state };
}
