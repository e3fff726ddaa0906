import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addAddonLines,
  addonLineKey,
  applyVoucher,
  dateProblem,
  describeVoucher,
  discountCountsTowardsMinimum,
  isAddonLineKey,
  lineAmount,
  normaliseVoucherCode,
  priceWithVoucher,
  RESET_VOUCHER_STATE,
  targetWeekIndexes,
  usageProblem,
  VOUCHER_MESSAGES,
  voucherState,
  type PricedLine,
  type PricedWeek,
  type VoucherPricing,
  type VoucherTerms,
} from './vouchers';

const TODAY = '2026-11-18';
const W1 = '2026-11-23';
const W2 = '2026-11-30';
const W3 = '2026-12-07';

const terms = (overrides: Partial<VoucherTerms> = {}): VoucherTerms => ({
  code: 'TEST',
  type: 'DiscountVoucher',
  valueType: 'fixed_amount',
  value: 1000,
  startDate: null,
  endDate: null,
  singleOrder: false,
  minimumSpendPerOrder: null,
  productVariantIds: [],
  addonVariantId: null,
  ...overrides,
});

const TEN_EXTRA = terms({ code: '10EXTRA', value: 1000, singleOrder: true, minimumSpendPerOrder: 3000 });
const OOS_20 = terms({ code: 'OOS-20', valueType: 'percentage', value: 20 });

let keys = 0;
const line = (productVariantId: number, unitPrice: number, quantity = 1, key?: string): PricedLine => ({
  key: key ?? `line-${++keys}`,
  productVariantId,
  unitPrice,
  quantity,
});
const week = (mealWeek: string, ...lines: PricedLine[]): PricedWeek => ({ mealWeek, lines });

const discountsOf = (pricing: VoucherPricing) =>
  Object.fromEntries(pricing.weeks.flatMap((w) => w.lines.map((l) => [l.key, l.discount])));

describe('normaliseVoucherCode', () => {
  test('trims and upper-cases what a person types', () => {
    expect(normaliseVoucherCode('  10extra ')).toBe('10EXTRA');
    expect(normaliseVoucherCode('oos-20')).toBe('OOS-20');
    expect(normaliseVoucherCode('\tOnce-Only\n')).toBe('ONCE-ONLY');
  });
});

describe('dateProblem: start and end dates against London today, inclusive', () => {
  test('in date, on the first and the last day', () => {
    expect(dateProblem({ startDate: '2026-11-18', endDate: '2026-11-18' }, TODAY)).toBeNull();
    expect(dateProblem({ startDate: null, endDate: null }, TODAY)).toBeNull();
    expect(dateProblem({ startDate: '2026-01-01', endDate: null }, TODAY)).toBeNull();
  });
  test('before the start and after the end, with the date in words', () => {
    expect(dateProblem({ startDate: '2026-12-01', endDate: null }, TODAY)).toBe(
      'This code can be used from 1 Dec 2026',
    );
    expect(dateProblem({ startDate: null, endDate: '2026-11-17' }, TODAY)).toBe(
      'This code expired on 17 Nov 2026',
    );
  });
});

describe('priceWithVoucher: fixed amounts', () => {
  test('no voucher: nothing off, no problems, subtotals per week', () => {
    const a = line(1, 1050, 2);
    const result = priceWithVoucher([week(W1, a)], null, TODAY);
    expect(result).toEqual({
      weeks: [{ mealWeek: W1, subtotal: 2100, discount: 0, lines: [{ key: a.key, discount: 0 }] }],
      totalDiscount: 0,
      problems: [],
    });
  });

  test('10EXTRA: £10 off the first delivery only, prorated across its lines to the penny', () => {
    const a = line(1, 1050, 2); // 2100
    const b = line(2, 999, 1); // 999
    const c = line(3, 450, 3); // 1350 in the later week
    const result = priceWithVoucher([week(W2, c), week(W1, a, b)], TEN_EXTRA, TODAY);
    expect(result.problems).toEqual([]);
    expect(result.totalDiscount).toBe(1000);
    expect(result.weeks.map((w) => [w.mealWeek, w.subtotal, w.discount])).toEqual([
      [W2, 1350, 0],
      [W1, 3099, 1000],
    ]);
    // 1000 × 2100/3099 = 677.6…, 1000 × 999/3099 = 322.3…: the spare penny goes to the larger remainder.
    expect(discountsOf(result)).toEqual({ [a.key]: 678, [b.key]: 322, [c.key]: 0 });
  });

  test('10EXTRA: its own £30 minimum applies to the first delivery, compared before the discount', () => {
    const under = priceWithVoucher([week(W1, line(1, 2999)), week(W2, line(1, 9000))], TEN_EXTRA, TODAY);
    expect(under.totalDiscount).toBe(0);
    expect(under.problems).toEqual([
      'Add £0.01 more to your delivery for 23 – 28 Nov (the earliest in your basket) to use this code: it needs a spend of £30',
    ]);
    // Exactly the minimum is enough: £30 before the discount, even though it is £20 after.
    const exact = priceWithVoucher([week(W1, line(1, 3000)), week(W2, line(1, 100))], TEN_EXTRA, TODAY);
    expect(exact.problems).toEqual([]);
    expect(exact.weeks.map((w) => w.discount)).toEqual([1000, 0]);
  });

  test('a fixed amount without single order comes off every delivery, never more than it costs', () => {
    const voucher = terms({ value: 500 });
    const a = line(1, 300);
    const b = line(2, 1200);
    const result = priceWithVoucher([week(W1, a), week(W2, b)], voucher, TODAY);
    expect(result.weeks.map((w) => w.discount)).toEqual([300, 500]);
    expect(result.totalDiscount).toBe(800);
    expect(discountsOf(result)).toEqual({ [a.key]: 300, [b.key]: 500 });
  });

  test('a per-order minimum on a multi-week code names the week that falls short', () => {
    const voucher = terms({ value: 500, minimumSpendPerOrder: 2000 });
    const result = priceWithVoucher([week(W1, line(1, 2500)), week(W2, line(1, 1500))], voucher, TODAY);
    expect(result.totalDiscount).toBe(0);
    expect(result.problems).toEqual([
      'Add £5.00 more to your delivery for 30 Nov – 5 Dec to use this code: each delivery needs a spend of £20',
    ]);
  });

  test('lines with nothing to pay (quantity 0, price 0) are never discounted', () => {
    const zero = line(1, 0, 3);
    const none = line(2, 999, 0);
    const paid = line(3, 500, 1);
    const result = priceWithVoucher([week(W1, zero, none, paid)], terms({ value: 2000 }), TODAY);
    expect(discountsOf(result)).toEqual({ [zero.key]: 0, [none.key]: 0, [paid.key]: 500 });
  });
});

describe('priceWithVoucher: percentages', () => {
  test('OOS-20: 20% off every delivery, rounded half up per week and prorated', () => {
    const a = line(1, 899, 1);
    const b = line(2, 1250, 1);
    const c = line(3, 333, 1);
    const result = priceWithVoucher([week(W1, a, b), week(W2, c)], OOS_20, TODAY);
    // 20% of 2149 = 429.8 → 430; 20% of 333 = 66.6 → 67.
    expect(result.weeks.map((w) => w.discount)).toEqual([430, 67]);
    expect(discountsOf(result)).toEqual({ [a.key]: 180, [b.key]: 250, [c.key]: 67 });
    expect(result.totalDiscount).toBe(497);
  });

  test('100% takes every line to zero; a single-order percentage touches the first week only', () => {
    const all = priceWithVoucher(
      [week(W1, line(1, 777, 3))],
      terms({ valueType: 'percentage', value: 100 }),
      TODAY,
    );
    expect(all.totalDiscount).toBe(2331);
    const first = priceWithVoucher(
      [week(W2, line(1, 1000)), week(W1, line(1, 1000))],
      terms({ valueType: 'percentage', value: 10, singleOrder: true }),
      TODAY,
    );
    expect(first.weeks.map((w) => [w.mealWeek, w.discount])).toEqual([
      [W2, 0],
      [W1, 100],
    ]);
  });
});

describe('priceWithVoucher: product-specific codes', () => {
  const SIDES = [10371, 10372];
  const sides = terms({ code: 'SIDES-25', valueType: 'percentage', value: 25, productVariantIds: SIDES });

  test('only the listed variants are discounted', () => {
    const pasta = line(10011, 1050, 2);
    const focaccia = line(10371, 400, 2);
    const result = priceWithVoucher([week(W1, pasta, focaccia)], sides, TODAY);
    expect(discountsOf(result)).toEqual({ [pasta.key]: 0, [focaccia.key]: 200 });
  });

  test('nothing it covers: a clear message and nothing off', () => {
    const result = priceWithVoucher([week(W1, line(10011, 1050))], sides, TODAY);
    expect(result.problems).toEqual([VOUCHER_MESSAGES.noMatchingItems]);
    expect(result.totalDiscount).toBe(0);
  });

  test('its minimum compares the discounted subtotal', () => {
    const voucher = terms({ value: 500, productVariantIds: SIDES, minimumSpendPerOrder: 2000 });
    // £24 before the discount but £19 after: short of £20.
    const short = priceWithVoucher([week(W1, line(10011, 1800), line(10371, 600))], voucher, TODAY);
    expect(short.problems).toEqual([
      'Add £1.00 more to your delivery for 23 – 28 Nov to use this code: each delivery needs a spend of £20, after its discount',
    ]);
    const enough = priceWithVoucher([week(W1, line(10011, 2100), line(10371, 400))], voucher, TODAY);
    expect(enough.problems).toEqual([]);
    expect(enough.totalDiscount).toBe(400);
  });

  test('the minimum applies only to the deliveries it discounts', () => {
    const voucher = terms({ value: 100, productVariantIds: SIDES, minimumSpendPerOrder: 1000 });
    const result = priceWithVoucher(
      [week(W1, line(10371, 2000)), week(W2, line(10011, 500))],
      voucher,
      TODAY,
    );
    expect(result.problems).toEqual([]);
    expect(result.weeks.map((w) => w.discount)).toEqual([100, 0]);
  });
});

describe('priceWithVoucher: add-on vouchers', () => {
  const TIRAMISU = 10421;
  const free = terms({
    code: 'FREE-TIRAMISU',
    type: 'AddonVoucher',
    value: 0,
    addonVariantId: TIRAMISU,
    singleOrder: true,
  });

  test('addAddonLines adds one free line to the weeks the code covers', () => {
    const weeks = addAddonLines([week(W2, line(1, 1000)), week(W1, line(1, 1000)), week(W3)], free, 495);
    expect(weeks[1]!.lines.at(-1)).toEqual({
      key: addonLineKey(W1),
      productVariantId: TIRAMISU,
      unitPrice: 495,
      quantity: 1,
    });
    expect(weeks[0]!.lines).toHaveLength(1);
    expect(weeks[2]!.lines).toHaveLength(0);
    const everyWeek = addAddonLines(
      [week(W1, line(1, 1000)), week(W2, line(1, 1000))],
      { ...free, singleOrder: false },
      495,
    );
    expect(everyWeek.map((w) => w.lines.filter((l) => isAddonLineKey(l.key)).length)).toEqual([1, 1]);
    // Adding twice does not give two.
    expect(addAddonLines(weeks, free, 495)[1]!.lines.filter((l) => isAddonLineKey(l.key))).toHaveLength(1);
  });

  test('the add-on line is free; one unit only when the dish is already in the basket', () => {
    const weeks = addAddonLines([week(W1, line(10011, 1050, 2))], free, 495);
    const result = priceWithVoucher(weeks, free, TODAY);
    expect(result.totalDiscount).toBe(495);
    expect(discountsOf(result)[addonLineKey(W1)]).toBe(495);
    const bought = line(TIRAMISU, 495, 3);
    const without = priceWithVoucher([week(W1, bought)], free, TODAY);
    expect(discountsOf(without)).toEqual({ [bought.key]: 495 });
  });

  test('with no free line to give, it says so', () => {
    expect(priceWithVoucher([week(W1, line(1, 1000))], free, TODAY).problems).toEqual([
      VOUCHER_MESSAGES.addonMissing,
    ]);
    expect(
      priceWithVoucher([week(W1, line(1, 1000))], { ...free, addonVariantId: null }, TODAY).problems,
    ).toEqual([VOUCHER_MESSAGES.addonMissing]);
  });

  test('its minimum is compared without the free item', () => {
    const voucher = { ...free, minimumSpendPerOrder: 2000 };
    const weeks = addAddonLines([week(W1, line(10011, 1800))], voucher, 495);
    expect(priceWithVoucher(weeks, voucher, TODAY).problems).toEqual([
      'Add £2.00 more to your delivery for 23 – 28 Nov (the earliest in your basket) to use this code: it needs a spend of £20, after its discount',
    ]);
  });
});

describe('priceWithVoucher: when nothing applies', () => {
  test('an empty basket, an expired code, a code not yet started', () => {
    expect(priceWithVoucher([], OOS_20, TODAY).problems).toEqual([VOUCHER_MESSAGES.emptyBasket]);
    expect(priceWithVoucher([week(W1, line(1, 0, 1))], OOS_20, TODAY).problems).toEqual([
      VOUCHER_MESSAGES.emptyBasket,
    ]);
    const expired = priceWithVoucher([week(W1, line(1, 5000))], { ...OOS_20, endDate: '2026-11-17' }, TODAY);
    expect(expired).toMatchObject({ totalDiscount: 0, problems: ['This code expired on 17 Nov 2026'] });
    const early = priceWithVoucher([week(W1, line(1, 5000))], { ...OOS_20, startDate: '2026-11-19' }, TODAY);
    expect(early.problems).toEqual(['This code can be used from 19 Nov 2026']);
  });
});

describe('usageProblem and voucherState', () => {
  const usage = { usageLimit: null, timesRedeemed: 0, oncePerCustomer: false, newCustomersOnly: false };

  test('the usage limit, once per customer and new customers only', () => {
    expect(usageProblem(usage, null)).toBeNull();
    expect(usageProblem({ ...usage, usageLimit: 1, timesRedeemed: 1 }, null)).toBe(
      VOUCHER_MESSAGES.limitReached,
    );
    expect(usageProblem({ ...usage, usageLimit: 2, timesRedeemed: 1 }, null)).toBeNull();
    const once = { ...usage, oncePerCustomer: true };
    expect(usageProblem(once, { customerId: 'ada', redeemedBefore: true, hasPaidOrder: false })).toBe(
      VOUCHER_MESSAGES.usedByCustomer,
    );
    // A visitor is not checked yet: that happens at checkout.
    expect(usageProblem(once, null)).toBeNull();
    const welcome = { ...usage, newCustomersOnly: true };
    expect(usageProblem(welcome, { customerId: 'ada', redeemedBefore: false, hasPaidOrder: true })).toBe(
      VOUCHER_MESSAGES.newCustomersOnly,
    );
    expect(
      usageProblem(welcome, { customerId: 'ada', redeemedBefore: false, hasPaidOrder: false }),
    ).toBeNull();
  });

  test('a personal code is its owner’s alone: another customer is refused, a visitor asked to sign in', () => {
    const personal = { ...usage, usageLimit: 1, customerId: 'ada' };
    const facts = (customerId: string) => ({ customerId, redeemedBefore: false, hasPaidOrder: false });
    expect(usageProblem(personal, facts('ada'))).toBeNull();
    expect(usageProblem(personal, facts('bob'))).toBe('This code belongs to another account');
    expect(usageProblem(personal, null)).toBe('Sign in to use this code');
    // Whose it is comes first: someone else's used code is still someone else's.
    expect(usageProblem({ ...personal, timesRedeemed: 1 }, facts('bob'))).toBe(
      VOUCHER_MESSAGES.anotherAccount,
    );
    expect(usageProblem({ ...personal, timesRedeemed: 1 }, facts('ada'))).toBe(VOUCHER_MESSAGES.limitReached);
    // Not personal: anyone.
    expect(usageProblem({ ...usage, customerId: null }, facts('bob'))).toBeNull();
  });

  test('valid: what the code gives; invalid: the first reason; no voucher: reset', () => {
    const ok = priceWithVoucher([week(W1, line(1, 4000))], TEN_EXTRA, TODAY);
    expect(voucherState(TEN_EXTRA, ok, TODAY)).toEqual({
      valid: true,
      message: '10EXTRA applied: £10 off the earliest delivery in your basket',
    });
    expect(voucherState(TEN_EXTRA, ok, TODAY, VOUCHER_MESSAGES.limitReached)).toEqual({
      valid: false,
      message: 'This code has already been used',
    });
    const expired = { ...TEN_EXTRA, endDate: '2026-01-01' };
    expect(voucherState(expired, { problems: [] }, TODAY, VOUCHER_MESSAGES.limitReached).message).toBe(
      'This code expired on 1 Jan 2026',
    );
    expect(voucherState(null, { problems: [] }, TODAY)).toEqual(RESET_VOUCHER_STATE);
    expect(RESET_VOUCHER_STATE).toEqual({ valid: false, message: '' });
  });

  test('describeVoucher in plain British English', () => {
    expect(describeVoucher(OOS_20)).toBe('20% off each delivery');
    expect(describeVoucher(terms({ value: 550, productVariantIds: [1] }))).toBe(
      '£5.50 off selected dishes in each delivery',
    );
    expect(
      describeVoucher(terms({ type: 'AddonVoucher', addonVariantId: 1, singleOrder: true }), 'Tiramisù'),
    ).toBe('A free Tiramisù with the earliest delivery in your basket');
  });
});

describe('applyVoucher', () => {
  const free = terms({
    code: 'FREE-TIRAMISU',
    type: 'AddonVoucher',
    addonVariantId: 10421,
    singleOrder: true,
  });
  const context = { today: TODAY, usageProblem: null, addon: { unitPrice: 495, title: 'Tiramisù' } };

  test('a valid add-on code adds its free line and says what it gives', () => {
    const result = applyVoucher([week(W1, line(1, 1500))], free, context);
    expect(result.state).toEqual({
      valid: true,
      message: 'FREE-TIRAMISU applied: A free Tiramisù with the earliest delivery in your basket',
    });
    expect(result.weeks[0]!.lines.map((l) => l.key)).toContain(addonLineKey(W1));
    expect(result.pricing.totalDiscount).toBe(495);
  });

  test('an invalid code adds no line and takes nothing off', () => {
    const used = applyVoucher([week(W1, line(1, 1500))], free, {
      ...context,
      usageProblem: VOUCHER_MESSAGES.limitReached,
    });
    expect(used.state).toEqual({ valid: false, message: VOUCHER_MESSAGES.limitReached });
    expect(used.weeks[0]!.lines).toHaveLength(1);
    expect(used.pricing.totalDiscount).toBe(0);
    const gone = applyVoucher([week(W1, line(1, 1500))], free, { ...context, addon: null });
    expect(gone.state.message).toBe(VOUCHER_MESSAGES.addonMissing);
    expect(applyVoucher([week(W1, line(1, 1500))], null, context).state).toEqual(RESET_VOUCHER_STATE);
  });
});

describe('discountCountsTowardsMinimum', () => {
  test('product-specific and add-on codes are taken off first; basket-wide ones are not', () => {
    expect(discountCountsTowardsMinimum(OOS_20)).toBe(false);
    expect(discountCountsTowardsMinimum(terms({ productVariantIds: [1] }))).toBe(true);
    expect(discountCountsTowardsMinimum(terms({ type: 'AddonVoucher' }))).toBe(true);
  });
});

// Properties: whatever the basket and the code.

const VARIANTS = [1, 2, 3, 4, 5];
const WEEK_STARTS = [W1, W2, W3, '2026-12-14'];
const lineArb = fc.record({
  productVariantId: fc.constantFrom(...VARIANTS),
  unitPrice: fc.integer({ min: 0, max: 20_000 }),
  quantity: fc.integer({ min: 0, max: 12 }),
});
const weeksArb = fc
  .uniqueArray(fc.constantFrom(...WEEK_STARTS), { maxLength: 4 })
  .chain((mealWeeks) =>
    fc.tuple(
      ...mealWeeks.map((mealWeek) =>
        fc.array(lineArb, { maxLength: 6 }).map((lines) => ({ mealWeek, lines })),
      ),
    ),
  )
  .map((weeks) =>
    weeks.map((w, wi) => ({
      mealWeek: w.mealWeek,
      lines: w.lines.map((l, li) => ({ ...l, key: `${wi}-${li}` })),
    })),
  );
const voucherArb: fc.Arbitrary<VoucherTerms> = fc
  .record({
    type: fc.constantFrom('DiscountVoucher' as const, 'AddonVoucher' as const),
    valueType: fc.constantFrom('fixed_amount' as const, 'percentage' as const),
    fixed: fc.integer({ min: 0, max: 30_000 }),
    percent: fc.integer({ min: 1, max: 100 }),
    singleOrder: fc.boolean(),
    minimumSpendPerOrder: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
    productVariantIds: fc.subarray(VARIANTS, { maxLength: 3 }),
    addonVariantId: fc.option(fc.constantFrom(...VARIANTS), { nil: null }),
    startDate: fc.option(fc.constantFrom('2026-11-01', '2026-11-18', '2026-11-19'), { nil: null }),
    endDate: fc.option(fc.constantFrom('2026-11-17', '2026-11-18', '2026-12-31'), { nil: null }),
  })
  .map((v) => ({
    code: 'PROP',
    type: v.type,
    valueType: v.valueType,
    value: v.valueType === 'percentage' ? v.percent : v.fixed,
    startDate: v.startDate,
    endDate: v.endDate,
    singleOrder: v.singleOrder,
    minimumSpendPerOrder: v.minimumSpendPerOrder,
    productVariantIds: v.productVariantIds,
    addonVariantId: v.addonVariantId,
  }));

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('properties of priceWithVoucher', () => {
  test('line discounts sum to their week, weeks to the total; never negative, never above a line', () => {
    fc.assert(
      fc.property(weeksArb, voucherArb, (weeks, voucher) => {
        const result = priceWithVoucher(weeks, voucher, TODAY);
        expect(result.weeks.map((w) => w.mealWeek)).toEqual(weeks.map((w) => w.mealWeek));
        let total = 0;
        result.weeks.forEach((pricedWeek, wi) => {
          const lines = weeks[wi]!.lines;
          expect(pricedWeek.lines.map((l) => l.key)).toEqual(lines.map((l) => l.key));
          expect(pricedWeek.subtotal).toBe(lines.reduce((s, l) => s + lineAmount(l), 0));
          expect(pricedWeek.lines.reduce((s, l) => s + l.discount, 0)).toBe(pricedWeek.discount);
          pricedWeek.lines.forEach((l, li) => {
            expect(Number.isInteger(l.discount)).toBe(true);
            expect(l.discount).toBeGreaterThanOrEqual(0);
            expect(l.discount).toBeLessThanOrEqual(lineAmount(lines[li]!));
          });
          expect(pricedWeek.discount).toBeLessThanOrEqual(pricedWeek.subtotal);
          total += pricedWeek.discount;
        });
        expect(result.totalDiscount).toBe(total);
        if (result.problems.length > 0) expect(result.totalDiscount).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  test('the order of lines and of weeks changes no week’s discount, nor the total', () => {
    fc.assert(
      fc.property(weeksArb, voucherArb, fc.nat(), (weeks, voucher, seed) => {
        const result = priceWithVoucher(weeks, voucher, TODAY);
        const reordered = shuffled(
          weeks.map((w, i) => ({ mealWeek: w.mealWeek, lines: shuffled(w.lines, seed + i) })),
          seed,
        );
        const again = priceWithVoucher(reordered, voucher, TODAY);
        expect(again.totalDiscount).toBe(result.totalDiscount);
        expect(again.problems.length > 0).toBe(result.problems.length > 0);
        const byWeek = (r: VoucherPricing) =>
          Object.fromEntries(r.weeks.map((w) => [w.mealWeek, [w.subtotal, w.discount]]));
        expect(byWeek(again)).toEqual(byWeek(result));
      }),
      { numRuns: 300 },
    );
  });

  test('a fixed amount takes min(value, eligible spend) off each week it covers; a percentage rounds half up', () => {
    fc.assert(
      fc.property(
        weeksArb,
        voucherArb.filter((v) => v.type === 'DiscountVoucher'),
        (weeks, voucher) => {
          const result = priceWithVoucher(weeks, voucher, TODAY);
          if (result.problems.length > 0) return;
          const targets = new Set(targetWeekIndexes(weeks, voucher));
          weeks.forEach((w, wi) => {
            const eligible = w.lines
              .filter(
                (l) =>
                  voucher.productVariantIds.length === 0 ||
                  voucher.productVariantIds.includes(l.productVariantId),
              )
              .reduce((s, l) => s + lineAmount(l), 0);
            const expected = !targets.has(wi)
              ? 0
              : voucher.valueType === 'fixed_amount'
                ? Math.min(voucher.value, eligible)
                : Math.floor((eligible * voucher.value + 50) / 100);
            expect(result.weeks[wi]!.discount).toBe(expected);
          });
          if (voucher.singleOrder) expect(targets.size).toBe(1);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('each line’s share is within a penny of its exact proportion of the week’s discount', () => {
    fc.assert(
      fc.property(
        weeksArb,
        voucherArb.filter((v) => v.type === 'DiscountVoucher'),
        (weeks, voucher) => {
          const result = priceWithVoucher(weeks, voucher, TODAY);
          result.weeks.forEach((pricedWeek, wi) => {
            const lines = weeks[wi]!.lines;
            const covered = lines.map(
              (l) =>
                lineAmount(l) > 0 &&
                (voucher.productVariantIds.length === 0 ||
                  voucher.productVariantIds.includes(l.productVariantId)),
            );
            const base = lines.reduce((s, l, i) => s + (covered[i] ? lineAmount(l) : 0), 0);
            pricedWeek.lines.forEach((l, i) => {
              if (!covered[i] || base === 0) return expect(l.discount).toBe(0);
              const exact = (pricedWeek.discount * lineAmount(lines[i]!)) / base;
              expect(Math.abs(l.discount - exact)).toBeLessThan(1);
            });
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  test('outside its dates a code never gives anything', () => {
    fc.assert(
      fc.property(weeksArb, voucherArb, (weeks, voucher) => {
        const result = priceWithVoucher(weeks, voucher, TODAY);
        const inDate =
          (!voucher.startDate || voucher.startDate <= TODAY) &&
          (!voucher.endDate || TODAY <= voucher.endDate);
        if (!inDate)
          expect(result).toMatchObject({ totalDiscount: 0, problems: [dateProblem(voucher, TODAY)] });
      }),
    );
  });

  test('applyVoucher keeps the weeks as they were when the code does not apply, and the pricing agrees', () => {
    fc.assert(
      fc.property(weeksArb, voucherArb, fc.boolean(), (weeks, voucher, blocked) => {
        const result = applyVoucher(weeks, voucher, {
          today: TODAY,
          usageProblem: blocked ? VOUCHER_MESSAGES.limitReached : null,
          addon: { unitPrice: 495, title: 'Tiramisù' },
        });
        if (!result.state.valid) {
          expect(result.weeks).toEqual(weeks);
          expect(result.pricing.totalDiscount).toBe(0);
          expect(result.state.message.length).toBeGreaterThan(0);
        } else {
          expect(blocked).toBe(false);
          expect(result.pricing).toEqual(priceWithVoucher(result.weeks, voucher, TODAY));
        }
      }),
      { numRuns: 300 },
    );
  });
});
