import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { basketTotals, DEFAULT_DELIVERY_FEE, lineTotal, type BasketRules } from './basket';
import { checkoutBlockers, orderLineFromBasketLine, summariseBasket } from './basket-summary';
import { isIsoDate, weekdayOf, type IsoDate } from './calendar';
import { isWeekOrderable } from './menu-weeks';
import { pence } from './money';

const rules: BasketRules = {
  minimumSpend: pence(1000),
  minimumSpendPerOrder: pence(1000),
  deliveryFees: [{ weekDay: 6, threshold: pence(3000), price: pence(299) }], // Saturday
  defaultDeliveryFee: { price: DEFAULT_DELIVERY_FEE, threshold: pence(4000) },
  oneOffFee: pence(299),
};

const item = (mealWeek: string, price: number, quantity: number, discount = 0) => ({
  mealWeek,
  price,
  quantity,
  discount,
});

describe('summariseBasket', () => {
  const items = [
    item('2026-12-07', 899, 2, 100),
    item('2026-11-30', 1250, 1),
    item('2026-11-30', 450, 3),
    item('2026-12-07', 999, 0),
  ];
  const thursday = new Date('2026-11-26T10:00:00Z');

  test('totals, weeks and shipment for a two-week basket', () => {
    expect(summariseBasket(items, null, rules, thursday)).toEqual({
      totalLineItemsPrice: 4398,
      totalDiscount: 100,
      subtotalPrice: 4298,
      shippingPrice: 398,
      oneOffFee: 0,
      totalPrice: 4696,
      total: 4696,
      itemCount: 6,
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
          orderable: true,
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
          orderable: true,
        },
      ],
      shipment: {
        items: [
          { description: 'Delivery, 30 Nov – 5 Dec', price: 199, threshold: 4000, root: true },
          { description: 'Delivery, 7 – 12 Dec', price: 199, threshold: 4000, root: false },
        ],
      },
    });
  });

  test('the delivery date’s weekday picks the fee; an invalid date falls back to the default', () => {
    const saturday = summariseBasket(items, '2026-12-05', rules, thursday);
    expect(saturday.weeks.map((w) => [w.price, w.threshold])).toEqual([
      [299, 3000],
      [299, 3000],
    ]);
    expect(saturday.shippingPrice).toBe(598);
    const invalid = summariseBasket(items, '2026-02-30', rules, thursday);
    expect(invalid.weeks.map((w) => [w.price, w.threshold])).toEqual([
      [199, 4000],
      [199, 4000],
    ]);
  });

  test('orderable per week follows the Friday 12:00 cutoff', () => {
    const before = summariseBasket(items, null, rules, new Date('2026-11-27T11:59:59.999Z'));
    expect(before.weeks.map((w) => w.orderable)).toEqual([true, true]);
    const after = summariseBasket(items, null, rules, new Date('2026-11-27T12:00:00.000Z'));
    expect(after.weeks.map((w) => [w.mealWeek, w.orderable])).toEqual([
      ['2026-11-30', false],
      ['2026-12-07', true],
    ]);
  });

  test('an empty basket has no weeks and no shipment items', () => {
    expect(summariseBasket([], null, rules, thursday)).toMatchObject({
      totalPrice: 0,
      total: 0,
      itemCount: 0,
      weeks: [],
      shipment: { items: [] },
    });
  });

  const WEEKS = ['2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21'];
  const itemsArb = fc.array(
    fc.record({
      mealWeek: fc.constantFrom(...WEEKS),
      price: fc.integer({ min: 0, max: 5000 }),
      quantity: fc.integer({ min: -1, max: 12 }),
      discount: fc.integer({ min: 0, max: 300 }),
    }),
    { maxLength: 15 },
  );
  const deliveryDateArb = fc.constantFrom(
    null,
    '2026-12-05',
    '2026-12-01',
    '2026-12-03',
    'not a date',
    '2026-13-01',
  );
  const nowArb = fc
    .integer({ min: Date.UTC(2026, 10, 16), max: Date.UTC(2026, 11, 25) })
    .map((t) => new Date(t));

  test('property: agrees with basketTotals and the cutoff', () => {
    fc.assert(
      fc.property(itemsArb, deliveryDateArb, nowArb, (basketItems, deliveryDate, now) => {
        const summary = summariseBasket(basketItems, deliveryDate, rules, now);
        const weekDay = deliveryDate && isIsoDate(deliveryDate) ? weekdayOf(deliveryDate) : null;
        const totals = basketTotals(
          basketItems.map((i) => ({
            mealWeek: i.mealWeek as IsoDate,
            unitPrice: pence(i.price),
            quantity: i.quantity,
            discount: pence(i.discount),
          })),
          weekDay,
          rules,
        );

        expect(summary).toMatchObject({
          totalLineItemsPrice: totals.totalLineItemsPrice,
          totalDiscount: totals.totalDiscount,
          subtotalPrice: totals.subtotalPrice,
          shippingPrice: totals.shippingPrice,
          totalPrice: totals.totalPrice,
          total: totals.totalPrice,
        });
        expect(summary.itemCount).toBe(basketItems.reduce((n, i) => n + Math.max(0, i.quantity), 0));
        expect(summary.itemCount).toBe(summary.weeks.reduce((n, w) => n + w.itemCount, 0));
        expect(summary.weeks).toEqual(
          totals.weeks.map((w) => ({ ...w, orderable: isWeekOrderable(w.mealWeek, now) })),
        );
        expect(summary.shipment.items).toEqual(
          totals.weeks.map((w, i) => ({
            description: `Delivery, ${w.label}`,
            price: w.price,
            threshold: w.threshold,
            root: i === 0,
          })),
        );
        expect(summary.shipment.items.filter((s) => s.root)).toHaveLength(summary.weeks.length > 0 ? 1 : 0);
      }),
    );
  });
});

describe('lineTotal', () => {
  test('unit price × quantity, less the discount; without one, the price before discount', () => {
    expect(lineTotal(899, 2, 100)).toBe(1698);
    expect(lineTotal(899, 2)).toBe(1798);
    expect(lineTotal(550, 1, 550)).toBe(0);
  });

  test('a fraction of a penny is refused, never rounded', () => {
    expect(() => lineTotal(8.25, 2)).toThrow(RangeError);
    expect(() => lineTotal(850, 1.5)).toThrow(RangeError);
  });

  test('property: the discount comes off the price before discount, to the penny', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 100_000 }),
        (price, quantity, discount) => {
          expect(lineTotal(price, quantity, discount)).toBe(lineTotal(price, quantity) - discount);
          expect(lineTotal(price, quantity)).toBe(price * quantity);
        },
      ),
    );
  });
});

describe('a one-off box’s basket (issue 19 item 3)', () => {
  const oneOff = { startSubscription: false, oneOffFeeApplicable: true };
  const wednesday = new Date('2026-11-18T10:00:00Z');

  test('its total is what the checkout charges: dishes, delivery and the one-off fee, named', () => {
    const summary = summariseBasket([item('2026-11-16', 550, 2)], null, rules, wednesday, null, oneOff);
    expect(summary).toMatchObject({
      subtotalPrice: 1100,
      shippingPrice: 498,
      oneOffFee: 299,
      totalPrice: 1598,
    });
    expect(summary.weeks[0]).toMatchObject({ price: 199, oneOffFee: 299, charge: 498, orderable: true });
  });

  test('a plan’s basket with the same dishes pays no one-off fee, and its week has closed', () => {
    const summary = summariseBasket([item('2026-11-16', 550, 2)], null, rules, wednesday);
    expect(summary).toMatchObject({ shippingPrice: 199, oneOffFee: 0, totalPrice: 1299 });
    expect(summary.weeks[0]!.orderable).toBe(false);
  });
});

describe('checkoutBlockers (issue 19 item 11: one reason, never two that disagree)', () => {
  const minimums = { minimumSpend: 1000, minimumSpendPerOrder: 1000 };
  const week = (label: string, subtotal: number, orderable = true) => ({
    label,
    orderable,
    meetsMinimum: subtotal >= 1000,
    minimumRemainder: Math.max(0, 1000 - subtotal),
  });

  test('a closed week is the reason, not its minimum', () => {
    expect(
      checkoutBlockers(
        { itemCount: 2, subtotalPrice: 1200, weeks: [week('16 – 21 Nov', 1200, false)] },
        minimums,
      ),
    ).toEqual(['Orders for 16 – 21 Nov have closed: remove its dishes to check out.']);
  });

  test('a week under the minimum says how much more, for that week', () => {
    expect(
      checkoutBlockers(
        {
          itemCount: 3,
          subtotalPrice: 2050,
          weeks: [week('23 – 28 Nov', 1500), week('30 Nov – 5 Dec', 550)],
        },
        minimums,
      ),
    ).toEqual(['Add £4.50 more for 30 Nov – 5 Dec: each delivery needs at least £10.00 of dishes.']);
  });

  test('the basket under the minimum spend, when the weeks are fine', () => {
    expect(
      checkoutBlockers(
        { itemCount: 1, subtotalPrice: 1000, weeks: [week('23 – 28 Nov', 1000)] },
        { minimumSpend: 1500, minimumSpendPerOrder: 1000 },
      ),
    ).toEqual(['The minimum spend is £15.00: add £5.00 more.']);
  });

  test('an empty basket, and a basket ready to check out', () => {
    expect(checkoutBlockers({ itemCount: 0, subtotalPrice: 0, weeks: [] }, minimums)).toEqual([
      'Your basket is empty.',
    ]);
    expect(
      checkoutBlockers({ itemCount: 1, subtotalPrice: 1000, weeks: [week('23 – 28 Nov', 1000)] }, minimums),
    ).toEqual([]);
  });

  test('property: no reason names a week whose minimum is reached and still open; none at all iff it can be checked out', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ subtotal: fc.integer({ min: 0, max: 3000 }), orderable: fc.boolean() }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 4000 }),
        (given, minimumSpend) => {
          const weeks = given.map((w, i) => week(`week ${i + 1}`, w.subtotal, w.orderable));
          const subtotalPrice = given.reduce((sum, w) => sum + w.subtotal, 0);
          const reasons = checkoutBlockers(
            { itemCount: weeks.length, subtotalPrice, weeks },
            { minimumSpend, minimumSpendPerOrder: 1000 },
          );
          for (const w of weeks.filter((one) => one.meetsMinimum && one.orderable)) {
            expect(reasons.some((reason) => reason.includes(`for ${w.label}:`))).toBe(false);
          }
          for (const w of weeks.filter((one) => !one.orderable)) {
            expect(reasons.filter((reason) => reason.includes(w.label))).toEqual([
              `Orders for ${w.label} have closed: remove its dishes to check out.`,
            ]);
          }
          const ready = weeks.every((w) => w.orderable && w.meetsMinimum) && subtotalPrice >= minimumSpend;
          expect(reasons.length === 0).toBe(ready);
        },
      ),
    );
  });
});

describe('orderLineFromBasketLine', () => {
  const line = {
    productVariantId: 10011,
    productVariantExtId: 'gid://shopify/ProductVariant/10011',
    title: 'Tagliatelle al ragù',
    variantTitle: 'Regular',
    sku: 'SFG-001-R',
    imageUrl: '/media/100110.svg',
    tags: ['pasta'],
    price: 1050,
    quantity: 2,
    quantityAvailable: 40,
    isAddon: false,
  };

  test('copies the title, SKU and unit price at the moment of purchase, with the line’s total', () => {
    const ordered = orderLineFromBasketLine(line, 500);
    expect(ordered).toEqual({ ...line, discount: 500, total: 1600 });
    // Later changes to the basket line's tags do not reach the order line.
    line.tags.push('changed');
    expect(ordered.tags).toEqual(['pasta']);
  });

  test('property: the total is lineTotal of the copied price and quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 300 }),
        (price, quantity, discount) => {
          const ordered = orderLineFromBasketLine({ ...line, price, quantity }, discount);
          expect(ordered.total).toBe(lineTotal(price, quantity, discount));
          expect(ordered).toMatchObject({ price, quantity, discount, sku: line.sku, title: line.title });
        },
      ),
    );
  });
});
