import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  availabilityProblems,
  basketProblems,
  basketTotals,
  clampQuantity,
  DEFAULT_DELIVERY_FEE,
  DEFAULT_MINIMUM_SPEND,
  DEFAULT_MINIMUM_SPEND_PER_ORDER,
  deliveryCharge,
  deliveryFee,
  deliveryFeesText,
  MAX_LINE_QUANTITY,
  oneOffFeeApplies,
  minimumSpendProgress,
  type BasketLine,
  type BasketRules,
  type StockedLine,
} from './basket';
import { isoDate, type IsoDate } from './calendar';
import { pence } from './money';

const d = isoDate;

const rules: BasketRules = {
  minimumSpend: DEFAULT_MINIMUM_SPEND,
  minimumSpendPerOrder: DEFAULT_MINIMUM_SPEND_PER_ORDER,
  deliveryFees: [
    { weekDay: 2, threshold: pence(3000), price: pence(150) }, // Tuesday
    { weekDay: 6, threshold: pence(5000), price: pence(299) }, // Saturday
  ],
  defaultDeliveryFee: { price: DEFAULT_DELIVERY_FEE, threshold: pence(4000) },
  oneOffFee: pence(299),
};

const line = (mealWeek: string, unitPrice: number, quantity: number, discount?: number): BasketLine => ({
  mealWeek: d(mealWeek),
  unitPrice: pence(unitPrice),
  quantity,
  ...(discount === undefined ? {} : { discount: pence(discount) }),
});

/** Every number anywhere in a value. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

describe('constants (spec §5, §9)', () => {
  test('minimum spend £10, per order £10, delivery £1.99, at most 99 of a line', () => {
    expect(DEFAULT_MINIMUM_SPEND).toBe(1000);
    expect(DEFAULT_MINIMUM_SPEND_PER_ORDER).toBe(1000);
    expect(DEFAULT_DELIVERY_FEE).toBe(199);
    expect(MAX_LINE_QUANTITY).toBe(99);
  });
});

describe('deliveryFee', () => {
  test('free at exactly the weekday’s threshold, its price 1p below', () => {
    expect(deliveryFee(pence(3000), 2, rules)).toEqual({
      price: 0,
      threshold: 3000,
      freeDeliveryRemainder: 0,
    });
    expect(deliveryFee(pence(2999), 2, rules)).toEqual({
      price: 150,
      threshold: 3000,
      freeDeliveryRemainder: 1,
    });
    expect(deliveryFee(pence(7000), 6, rules)).toEqual({
      price: 0,
      threshold: 5000,
      freeDeliveryRemainder: 0,
    });
    expect(deliveryFee(pence(0), 6, rules)).toEqual({
      price: 299,
      threshold: 5000,
      freeDeliveryRemainder: 5000,
    });
  });

  test('the default when the weekday has no config, or no day is chosen', () => {
    expect(deliveryFee(pence(3000), 3, rules)).toEqual({
      price: 199,
      threshold: 4000,
      freeDeliveryRemainder: 1000,
    });
    expect(deliveryFee(pence(3000), null, rules)).toEqual({
      price: 199,
      threshold: 4000,
      freeDeliveryRemainder: 1000,
    });
    expect(deliveryFee(pence(4000), null, rules)).toEqual({
      price: 0,
      threshold: 4000,
      freeDeliveryRemainder: 0,
    });
    expect(deliveryFee(pence(3000), 2, { ...rules, deliveryFees: [] })).toEqual({
      price: 199,
      threshold: 4000,
      freeDeliveryRemainder: 1000,
    });
  });

  test('property: free iff at or above the threshold; the remainder closes the gap exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 10_000 }),
        fc.constantFrom(null, 0, 1, 2, 3, 4, 5, 6),
        (subtotal, day) => {
          const fee = deliveryFee(pence(subtotal), day, rules);
          const config = rules.deliveryFees.find((f) => f.weekDay === day) ?? rules.defaultDeliveryFee;
          expect(fee.threshold).toBe(config.threshold);
          expect(fee.price).toBe(subtotal >= config.threshold ? 0 : config.price);
          expect(fee.freeDeliveryRemainder).toBe(Math.max(0, config.threshold - subtotal));
        },
      ),
    );
  });
});

describe('basketTotals', () => {
  const lines = [
    line('2026-12-07', 899, 2, 100),
    line('2026-11-30', 1250, 1),
    line('2026-11-30', 450, 3, 0),
    line('2026-12-07', 999, 0, 50), // zero quantity: ignored, discount too
    line('2026-12-14', 500, -1), // negative quantity: ignored, and no week for it
  ];

  test('one week per meal week, in date order, with the default fee when no day is chosen', () => {
    expect(basketTotals(lines, null, rules)).toEqual({
      totalLineItemsPrice: 4398,
      totalDiscount: 100,
      subtotalPrice: 4298,
      shippingPrice: 398,
      oneOffFee: 0,
      totalPrice: 4696,
      weeks: [
        {
          mealWeek: '2026-11-30',
          label: '30 Nov – 5 Dec',
          itemCount: 4,
          lineItemsPrice: 2600,
          discount: 0,
          subtotal: 2600,
          meetsMinimum: true,
          minimumRemainder: 0,
          price: 199,
          threshold: 4000,
          freeDeliveryRemainder: 1400,
          oneOffFee: 0,
          charge: 199,
        },
        {
          mealWeek: '2026-12-07',
          label: '7 – 12 Dec',
          itemCount: 2,
          lineItemsPrice: 1798,
          discount: 100,
          subtotal: 1698,
          meetsMinimum: true,
          minimumRemainder: 0,
          price: 199,
          threshold: 4000,
          freeDeliveryRemainder: 2302,
          oneOffFee: 0,
          charge: 199,
        },
      ],
    });
  });

  test('the delivery weekday picks the fee; a week over the threshold ships free', () => {
    const totals = basketTotals([...lines, line('2026-11-30', 2400, 1)], 2, rules);
    expect(totals.weeks.map((w) => [w.mealWeek, w.subtotal, w.price, w.freeDeliveryRemainder])).toEqual([
      ['2026-11-30', 5000, 0, 0],
      ['2026-12-07', 1698, 150, 1302],
    ]);
    expect(totals.shippingPrice).toBe(150);
    expect(totals.totalPrice).toBe(6698 + 150);
  });

  test('a week below the per-order minimum says how much is missing', () => {
    const totals = basketTotals([line('2026-11-30', 750, 1)], null, rules);
    expect(totals.weeks[0]).toMatchObject({ subtotal: 750, meetsMinimum: false, minimumRemainder: 250 });
    expect(basketTotals([line('2026-11-30', 500, 2)], null, rules).weeks[0]).toMatchObject({
      meetsMinimum: true,
      minimumRemainder: 0,
    });
  });

  test('an empty basket is all zeros', () => {
    expect(basketTotals([], null, rules)).toEqual({
      totalLineItemsPrice: 0,
      totalDiscount: 0,
      subtotalPrice: 0,
      shippingPrice: 0,
      oneOffFee: 0,
      totalPrice: 0,
      weeks: [],
    });
  });

  const WEEKS = ['2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28'] as IsoDate[];
  const linesArb = fc.array(
    fc.record(
      {
        mealWeek: fc.constantFrom(...WEEKS),
        unitPrice: fc.integer({ min: 0, max: 5000 }).map(pence),
        quantity: fc.integer({ min: -2, max: 12 }),
        discount: fc.integer({ min: 0, max: 500 }).map(pence),
      },
      { requiredKeys: ['mealWeek', 'unitPrice', 'quantity'] },
    ),
    { maxLength: 20 },
  );
  const dayArb = fc.constantFrom(null, 0, 1, 2, 3, 4, 5, 6);

  test('property: totals add up, in integers, one week per distinct meal week', () => {
    fc.assert(
      fc.property(linesArb, dayArb, (basketLines, day) => {
        const totals = basketTotals(basketLines, day, rules);
        const counted = basketLines.filter((l) => l.quantity > 0);

        expect(totals.totalPrice).toBe(totals.subtotalPrice + totals.shippingPrice);
        expect(totals.subtotalPrice).toBe(totals.totalLineItemsPrice - totals.totalDiscount);
        expect(totals.totalLineItemsPrice).toBe(counted.reduce((s, l) => s + l.unitPrice * l.quantity, 0));
        expect(totals.totalDiscount).toBe(counted.reduce((s, l) => s + (l.discount ?? 0), 0));
        expect(totals.shippingPrice).toBe(totals.weeks.reduce((s, w) => s + w.price, 0));
        expect(totals.weeks.map((w) => w.mealWeek)).toEqual(
          [...new Set(counted.map((l) => l.mealWeek))].sort(),
        );

        for (const week of totals.weeks) {
          const own = counted.filter((l) => l.mealWeek === week.mealWeek);
          expect(week.itemCount).toBe(own.reduce((s, l) => s + l.quantity, 0));
          expect(week.subtotal).toBe(week.lineItemsPrice - week.discount);
          expect(week.meetsMinimum).toBe(week.subtotal >= rules.minimumSpendPerOrder);
          expect(week.minimumRemainder).toBe(Math.max(0, rules.minimumSpendPerOrder - week.subtotal));
          expect({
            price: week.price,
            threshold: week.threshold,
            freeDeliveryRemainder: week.freeDeliveryRemainder,
          }).toEqual(deliveryFee(week.subtotal, day, rules));
        }
        for (const n of numbersIn(totals)) expect(Number.isSafeInteger(n) && !Object.is(n, -0)).toBe(true);
      }),
    );
  });

  test('property: the order of the lines does not matter', () => {
    fc.assert(
      fc.property(
        linesArb.chain((ls) =>
          fc.tuple(fc.constant(ls), fc.shuffledSubarray(ls, { minLength: ls.length, maxLength: ls.length })),
        ),
        dayArb,
        ([original, shuffled], day) => {
          expect(basketTotals(shuffled, day, rules)).toEqual(basketTotals(original, day, rules));
        },
      ),
    );
  });
});

describe('basketProblems', () => {
  test('an empty basket', () => {
    expect(basketProblems(basketTotals([], null, rules), rules)).toEqual([
      { code: 'BASKET_EMPTY', message: 'Your basket is empty' },
    ]);
    // Lines with no quantity leave the basket empty.
    expect(basketProblems(basketTotals([line('2026-11-30', 999, 0)], null, rules), rules)).toEqual([
      { code: 'BASKET_EMPTY', message: 'Your basket is empty' },
    ]);
  });

  test('a week below the per-order minimum, with the remainder in the message, then the basket minimum', () => {
    const strict = { ...rules, minimumSpend: pence(2500) };
    const totals = basketTotals([line('2026-11-30', 750, 1), line('2026-12-07', 600, 2)], null, strict);
    expect(basketProblems(totals, strict)).toEqual([
      {
        code: 'WEEK_BELOW_MINIMUM',
        mealWeek: '2026-11-30',
        message: 'Add £2.50 more for 30 Nov – 5 Dec: each delivery needs at least £10.00',
      },
      { code: 'BASKET_BELOW_MINIMUM', message: 'The minimum spend is £25.00' },
    ]);
  });

  test('one problem per week below the minimum', () => {
    const totals = basketTotals([line('2026-12-21', 999, 1), line('2026-12-28', 1, 1)], null, rules);
    expect(basketProblems(totals, rules)).toEqual([
      {
        code: 'WEEK_BELOW_MINIMUM',
        mealWeek: '2026-12-21',
        message: 'Add £0.01 more for 21 – 24 Dec: each delivery needs at least £10.00',
      },
      {
        code: 'WEEK_BELOW_MINIMUM',
        mealWeek: '2026-12-28',
        message: 'Add £9.99 more for 28 Dec 2026 – 2 Jan 2027: each delivery needs at least £10.00',
      },
    ]);
  });

  test('a discount can take a week below the minimum', () => {
    const totals = basketTotals([line('2026-11-30', 1100, 1, 200)], null, rules);
    expect(basketProblems(totals, rules).map((p) => [p.code, p.message])).toEqual([
      ['WEEK_BELOW_MINIMUM', 'Add £1.00 more for 30 Nov – 5 Dec: each delivery needs at least £10.00'],
      ['BASKET_BELOW_MINIMUM', 'The minimum spend is £10.00'],
    ]);
  });

  test('exactly at the minimums is fine', () => {
    expect(basketProblems(basketTotals([line('2026-11-30', 500, 2)], null, rules), rules)).toEqual([]);
  });
});

describe('availabilityProblems', () => {
  const stocked: StockedLine[] = [
    { mealWeek: d('2026-12-07'), title: 'Ravioli', quantity: 3, quantityAvailable: 2 },
    { mealWeek: d('2026-11-30'), title: 'Tagliatelle', quantity: 2, quantityAvailable: 5 },
    { mealWeek: d('2026-12-07'), title: 'Gnocchi', quantity: 1, quantityAvailable: 0 },
    { mealWeek: d('2026-11-30'), title: 'Pesto', quantity: 1, quantityAvailable: 1 },
  ];
  const ravioli = { code: 'OUT_OF_STOCK', mealWeek: '2026-12-07', message: 'Only 2 of Ravioli left' };
  const gnocchi = { code: 'OUT_OF_STOCK', mealWeek: '2026-12-07', message: 'Gnocchi has sold out' };
  const closed = (mealWeek: string, label: string) => ({
    code: 'WEEK_UNAVAILABLE',
    mealWeek,
    message: `Orders for ${label} have closed. Please move those dishes to a later week.`,
  });

  test('before the cutoff only stock matters (at the exact stock level is fine)', () => {
    expect(availabilityProblems(stocked, new Date('2026-11-27T11:59:59.999Z'))).toEqual([ravioli, gnocchi]);
  });

  test('after the cutoff the week is closed', () => {
    expect(availabilityProblems(stocked, new Date('2026-11-27T12:00:00.000Z'))).toEqual([
      closed('2026-11-30', '30 Nov – 5 Dec'),
      ravioli,
      gnocchi,
    ]);
  });

  test('a one-off box keeps a week open while one of its days can come next day (until Thursday 17:00)', () => {
    const monday = new Date('2026-11-30T09:00:00.000Z');
    expect(availabilityProblems(stocked, monday, 'one-off')).toEqual([ravioli, gnocchi]);
    expect(availabilityProblems(stocked, monday, 'plan')[0]).toEqual(closed('2026-11-30', '30 Nov – 5 Dec'));
    expect(availabilityProblems(stocked, new Date('2026-12-03T16:59:59.999Z'), 'one-off')).toEqual([
      ravioli,
      gnocchi,
    ]);
    expect(availabilityProblems(stocked, new Date('2026-12-03T17:00:00.000Z'), 'one-off')[0]).toEqual(
      closed('2026-11-30', '30 Nov – 5 Dec'),
    );
  });

  test('each closed week once, in date order', () => {
    expect(availabilityProblems(stocked, new Date('2026-12-04T12:00:00.000Z'))).toEqual([
      closed('2026-11-30', '30 Nov – 5 Dec'),
      closed('2026-12-07', '7 – 12 Dec'),
      ravioli,
      gnocchi,
    ]);
  });

  test('summer cutoff is 11:00 UTC', () => {
    const summer: StockedLine[] = [
      { mealWeek: d('2026-07-06'), title: 'Pici', quantity: 1, quantityAvailable: 9 },
    ];
    expect(availabilityProblems(summer, new Date('2026-07-03T10:59:59.999Z'))).toEqual([]);
    expect(availabilityProblems(summer, new Date('2026-07-03T11:00:00.000Z'))).toEqual([
      closed('2026-07-06', '6 – 11 Jul'),
    ]);
  });

  test('nothing in the basket, nothing to report', () => {
    expect(availabilityProblems([], new Date('2026-11-27T12:00:00Z'))).toEqual([]);
  });
});

describe('minimumSpendProgress', () => {
  test('a fraction of the minimum, clamped to 0–1', () => {
    expect(minimumSpendProgress(pence(500), pence(1000))).toBe(0.5);
    expect(minimumSpendProgress(pence(0), pence(1000))).toBe(0);
    expect(minimumSpendProgress(pence(1000), pence(1000))).toBe(1);
    expect(minimumSpendProgress(pence(1500), pence(1000))).toBe(1);
    expect(minimumSpendProgress(pence(-100), pence(1000))).toBe(0);
    expect(minimumSpendProgress(pence(0), pence(0))).toBe(1);
  });

  test('property: always within 0–1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -1e4, max: 1e6 }),
        (subtotal, minimum) => {
          const progress = minimumSpendProgress(pence(subtotal), pence(minimum));
          expect(progress).toBeGreaterThanOrEqual(0);
          expect(progress).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('clampQuantity', () => {
  test('examples', () => {
    expect(clampQuantity(5, 10)).toBe(5);
    expect(clampQuantity(5, 3)).toBe(3);
    expect(clampQuantity(150, 200)).toBe(99);
    expect(clampQuantity(-2, 10)).toBe(0);
    expect(clampQuantity(5, 0)).toBe(0);
  });

  test('property: 0 ≤ result ≤ min(available, 99), and a quantity within bounds is kept', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (requested, available) => {
          const result = clampQuantity(requested, available);
          const cap = Math.min(available, MAX_LINE_QUANTITY);
          expect(Number.isInteger(result)).toBe(true);
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(cap);
          expect(result).toBe(Math.max(0, Math.min(requested, cap)));
        },
      ),
    );
  });
});

describe('the one-off box fee (issue 19 item 3: one source for basket, preview and orders)', () => {
  test('a one-off box pays the fee on top of the delivery fee, even when delivery is free; a plan never', () => {
    expect(deliveryCharge(pence(1100), 3, rules, true)).toMatchObject({
      price: 199,
      oneOffFee: 299,
      charge: 498,
    });
    expect(deliveryCharge(pence(4000), 3, rules, true)).toMatchObject({
      price: 0,
      oneOffFee: 299,
      charge: 299,
    });
    expect(deliveryCharge(pence(1100), 3, rules, false)).toMatchObject({
      price: 199,
      oneOffFee: 0,
      charge: 199,
    });
  });

  test('only a one-off basket marked so pays it; one that starts a plan never does', () => {
    expect(oneOffFeeApplies({ startSubscription: false, oneOffFeeApplicable: true })).toBe(true);
    expect(oneOffFeeApplies({ startSubscription: true, oneOffFeeApplicable: true })).toBe(false);
    expect(oneOffFeeApplies({ startSubscription: false, oneOffFeeApplicable: false })).toBe(false);
  });

  test('£11 of dishes on a weekday: £1.99 delivery and £2.99 one-off fee, £15.98 in all (the issue’s basket)', () => {
    const totals = basketTotals(
      [line('2026-11-16', 1100, 1)],
      4,
      { ...rules, deliveryFees: [] },
      { oneOff: true },
    );
    expect(totals).toMatchObject({
      subtotalPrice: 1100,
      shippingPrice: 498,
      oneOffFee: 299,
      totalPrice: 1598,
    });
    expect(totals.weeks[0]).toMatchObject({ price: 199, oneOffFee: 299, charge: 498 });
  });

  test('property: each delivery charges its fee and, for a one-off box, the one-off fee; the total is what they add to', () => {
    const linesArb = fc.array(
      fc.record({
        mealWeek: fc.constantFrom('2026-11-30', '2026-12-07', '2026-12-14') as fc.Arbitrary<IsoDate>,
        unitPrice: fc.integer({ min: 0, max: 3000 }).map(pence),
        quantity: fc.integer({ min: 1, max: 6 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        linesArb,
        fc.constantFrom(null, 1, 2, 6),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        (lines, weekDay, oneOff, fee) => {
          const withFee = { ...rules, oneOffFee: pence(fee) };
          const totals = basketTotals(lines, weekDay, withFee, { oneOff });
          const plan = basketTotals(lines, weekDay, withFee);
          for (const week of totals.weeks) {
            expect(week.charge).toBe(week.price + week.oneOffFee);
            expect(week).toMatchObject(deliveryCharge(week.subtotal, weekDay, withFee, oneOff));
            expect(week.oneOffFee).toBe(oneOff ? fee : 0);
          }
          expect(totals.oneOffFee).toBe(oneOff ? fee * totals.weeks.length : 0);
          expect(totals.shippingPrice).toBe(plan.shippingPrice + totals.oneOffFee);
          expect(totals.totalPrice).toBe(totals.subtotalPrice + totals.shippingPrice);
          // The fee never changes what counts towards a minimum.
          expect(totals.weeks.map((w) => w.meetsMinimum)).toEqual(plan.weeks.map((w) => w.meetsMinimum));
        },
      ),
    );
  });

  test('the delivery fees in words, weekdays with the same fee together', () => {
    expect(
      deliveryFeesText({
        deliveryFees: [1, 2, 3, 4, 5]
          .map((weekDay) => ({ weekDay, threshold: pence(4000), price: pence(199) }))
          .concat([{ weekDay: 6, threshold: pence(5000), price: pence(299) }]),
        defaultDeliveryFee: { price: pence(199), threshold: pence(4000) },
      }),
    ).toBe('£1.99 Monday to Friday, free from £40; £2.99 on Saturday, free from £50');
    expect(deliveryFeesText(rules)).toBe(
      '£1.99 on Monday, free from £40; £1.50 on Tuesday, free from £30; £1.99 Wednesday to Friday, free from £40; £2.99 on Saturday, free from £50',
    );
  });
});
