import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { summariseBasket } from '../../../domain/basket-summary';
import { basketModel, type BasketItem } from '../../../contracts/baskets';
import { DEFAULT_DELIVERY_FEE, type BasketRules } from '../../../domain/basket';
import { isoDate } from '../../../domain/calendar';
import { pence } from '../../../domain/money';
import {
  isOptimistic,
  OPTIMISTIC_PREFIX,
  recompute,
  withAddedLine,
  withItemQuantity,
  type NewLine,
} from './optimistic';
import { basketOf } from './test-baskets';

const d = isoDate;
const now = new Date('2026-11-26T10:00:00Z'); // Thursday: 30 Nov week still open
const rules: BasketRules = {
  minimumSpend: pence(1000),
  minimumSpendPerOrder: pence(1000),
  deliveryFees: [],
  defaultDeliveryFee: { price: DEFAULT_DELIVERY_FEE, threshold: pence(4000) },
  oneOffFee: pence(299),
};

function serverItem(overrides: Partial<BasketItem> = {}): BasketItem {
  const quantity = overrides.quantity ?? 1;
  const price = overrides.price ?? 899;
  return {
    id: '0e5c1d1e-6f0b-4c55-8f59-1a7c3b2d9e01',
    title: 'Tagliatelle al ragù',
    variantTitle: 'Regular',
    sku: 'TAG-1',
    quantity,
    price,
    discount: 0,
    total: price * quantity,
    imageUrl: null,
    isAddon: false,
    isDouble: false,
    mealWeek: '2026-11-30',
    tags: ['meat'],
    productVariantId: '3c1b0a3e-5d55-4a3b-9d7e-6c2f1e0b9a01',
    productVariantExtId: 'gid://shopify/ProductVariant/101',
    productId: '9a8b7c6d-1e2f-4a5b-8c9d-0e1f2a3b4c5d',
    productExtId: 'gid://shopify/Product/11',
    quantityAvailable: 10,
    ...overrides,
  };
}

function newLine(overrides: Partial<NewLine> = {}): NewLine {
  return {
    productVariantExtId: 'gid://shopify/ProductVariant/202',
    productExtId: 'gid://shopify/Product/22',
    title: 'Ravioli di ricotta',
    variantTitle: 'Double Portion (Serves 2)',
    sku: 'RAV-2',
    price: 1299,
    imageUrl: 'https://cdn.example/ravioli.jpg',
    isDouble: true,
    tags: ['vegetarian'],
    mealWeek: d('2026-11-30'),
    quantityAvailable: 5,
    ...overrides,
  };
}

describe('withAddedLine', () => {
  test('adds a new optimistic line and recomputes the totals', () => {
    const empty = basketOf([]);
    const basket = withAddedLine(empty, newLine(), 2, rules, now);
    expect(basket.items).toEqual([
      {
        id: 'optimistic:gid://shopify/ProductVariant/202:2026-11-30',
        title: 'Ravioli di ricotta',
        variantTitle: 'Double Portion (Serves 2)',
        sku: 'RAV-2',
        quantity: 2,
        price: 1299,
        discount: 0,
        total: 2598,
        imageUrl: 'https://cdn.example/ravioli.jpg',
        isAddon: false,
        isDouble: true,
        mealWeek: '2026-11-30',
        tags: ['vegetarian'],
        productVariantId: 'gid://shopify/ProductVariant/202',
        productVariantExtId: 'gid://shopify/ProductVariant/202',
        productId: 'gid://shopify/Product/22',
        productExtId: 'gid://shopify/Product/22',
        quantityAvailable: 5,
      },
    ]);
    expect(isOptimistic(basket.items[0]!)).toBe(true);
    expect(basket).toMatchObject({
      totalLineItemsPrice: 2598,
      totalDiscount: 0,
      subtotalPrice: 2598,
      shippingPrice: 199,
      totalPrice: 2797,
      total: 2797,
      itemCount: 2,
      shipment: {
        items: [{ description: 'Delivery, 30 Nov – 5 Dec', price: 199, threshold: 4000, root: true }],
      },
    });
    expect(basket.weeks.map((w) => [w.mealWeek, w.itemCount, w.orderable])).toEqual([
      ['2026-11-30', 2, true],
    ]);
    expect(basketModel.parse(basket)).toEqual(basket);
    expect(empty.items).toEqual([]); // the cached basket is not mutated
  });

  test('increments an existing line for the same variant and week, keeping its id', () => {
    const basket = basketOf([serverItem({ quantity: 1 })]);
    const line = newLine({
      productVariantExtId: 'gid://shopify/ProductVariant/101',
      price: 899,
      quantityAvailable: 10,
    });
    const next = withAddedLine(basket, line, 2, rules, now);
    expect(next.items).toHaveLength(1);
    expect(next.items[0]).toMatchObject({ id: serverItem().id, quantity: 3, total: 2697 });
    expect(isOptimistic(next.items[0]!)).toBe(false);
    expect(next).toMatchObject({ itemCount: 3, totalLineItemsPrice: 2697, totalPrice: 2697 + 199 });
    expect(basket.items[0]!.quantity).toBe(1);
  });

  test('the same variant in another week is another line; lines stay in week order', () => {
    const basket = basketOf([serverItem({ mealWeek: '2026-12-07' })]);
    const line = newLine({
      productVariantExtId: 'gid://shopify/ProductVariant/101',
      mealWeek: d('2026-11-30'),
    });
    const next = withAddedLine(basket, line, 1, rules, now);
    expect(next.items.map((i) => [i.mealWeek, i.productVariantExtId, i.quantity])).toEqual([
      ['2026-11-30', 'gid://shopify/ProductVariant/101', 1],
      ['2026-12-07', 'gid://shopify/ProductVariant/101', 1],
    ]);
    expect(next.weeks.map((w) => w.mealWeek)).toEqual(['2026-11-30', '2026-12-07']);
    expect(next.shipment.items.map((s) => s.root)).toEqual([true, false]);
  });

  test('never above the quantity available, nor the 99 cap', () => {
    const existing = basketOf([serverItem({ quantity: 3, quantityAvailable: 4 })]);
    const line = newLine({
      productVariantExtId: 'gid://shopify/ProductVariant/101',
      price: 899,
      quantityAvailable: 4,
    });
    expect(withAddedLine(existing, line, 5, rules, now).items[0]!.quantity).toBe(4);
    expect(
      withAddedLine(basketOf([]), newLine({ quantityAvailable: 2 }), 5, rules, now).items[0]!.quantity,
    ).toBe(2);
    expect(
      withAddedLine(basketOf([]), newLine({ quantityAvailable: 500 }), 150, rules, now).items[0]!.quantity,
    ).toBe(99);
  });

  test('a week past its cutoff shows as not orderable', () => {
    const next = withAddedLine(basketOf([]), newLine(), 1, rules, new Date('2026-11-27T12:00:00Z'));
    expect(next.weeks[0]!.orderable).toBe(false);
  });

  test('a one-off basket judges the week as a one-off box: this week stays open until Thursday 17:00', () => {
    const oneOff = basketOf([], { startSubscription: false, oneOffFeeApplicable: true });
    const thisWeek = newLine({ mealWeek: d('2026-11-30') });
    const monday = new Date('2026-11-30T09:00:00Z');
    expect(withAddedLine(oneOff, thisWeek, 1, rules, monday).weeks[0]!.orderable).toBe(true);
    expect(withAddedLine(basketOf([]), thisWeek, 1, rules, monday).weeks[0]!.orderable).toBe(false);
    const thursday = new Date('2026-12-03T17:00:00Z');
    expect(withAddedLine(oneOff, thisWeek, 1, rules, thursday).weeks[0]!.orderable).toBe(false);
  });
});

describe('withItemQuantity', () => {
  const a = serverItem({ id: 'a', quantity: 2, quantityAvailable: 4 });
  const b = serverItem({
    id: 'b',
    productVariantExtId: 'gid://shopify/ProductVariant/303',
    mealWeek: '2026-12-07',
    price: 450,
    quantity: 3,
    discount: 50,
    total: 1300,
  });
  const basket = recompute(basketOf([a, b]), rules, now);

  test('0 removes the line', () => {
    const next = withItemQuantity(basket, 'a', 0, rules, now);
    expect(next.items.map((i) => i.id)).toEqual(['b']);
    expect(next).toMatchObject({
      itemCount: 3,
      totalLineItemsPrice: 1350,
      totalDiscount: 50,
      subtotalPrice: 1300,
    });
    expect(next.weeks.map((w) => w.mealWeek)).toEqual(['2026-12-07']);
  });

  test('sets the quantity and the line total', () => {
    const next = withItemQuantity(basket, 'b', 5, rules, now);
    expect(next.items[1]).toMatchObject({ id: 'b', quantity: 5, total: 450 * 5 - 50 });
    expect(next).toMatchObject({ itemCount: 7, totalLineItemsPrice: 1798 + 2250, totalDiscount: 50 });
  });

  test('clamps to the stock', () => {
    expect(withItemQuantity(basket, 'a', 7, rules, now).items[0]).toMatchObject({
      id: 'a',
      quantity: 4,
      total: 3596,
    });
  });

  test('an unknown id changes nothing', () => {
    expect(withItemQuantity(basket, 'missing', 3, rules, now)).toEqual(basket);
  });
});

describe('recompute', () => {
  test('matches summariseBasket on the items, sorts them by week and keeps everything else', () => {
    const items = [
      serverItem({ id: 'late', mealWeek: '2026-12-14', quantity: 2 }),
      serverItem({ id: 'early', mealWeek: '2026-11-30', quantity: 1, discount: 100, total: 799 }),
      serverItem({ id: 'mid', mealWeek: '2026-12-07', quantity: 4, price: 1250, total: 5000 }),
    ];
    const stale = basketOf(items, { deliveryDate: '2026-12-05', voucherCode: 'OOS-20', totalPrice: 1 });
    const result = recompute(stale, rules, now);
    const sorted = [items[1]!, items[2]!, items[0]!];
    expect(result).toEqual({
      ...stale,
      items: sorted,
      ...summariseBasket(sorted, '2026-12-05', rules, now),
    });
    expect(result.items.map((i) => i.id)).toEqual(['early', 'mid', 'late']);
    expect(result).toMatchObject({
      voucherCode: 'OOS-20',
      totalLineItemsPrice: 899 + 5000 + 1798,
      itemCount: 7,
    });
  });
});

describe('property: any sequence of adds and quantity changes', () => {
  const VARIANTS = [
    { ext: 'gid://shopify/ProductVariant/1', price: 899, stock: 3 },
    { ext: 'gid://shopify/ProductVariant/2', price: 1299, stock: 20 },
    { ext: 'gid://shopify/ProductVariant/3', price: 450, stock: 150 },
  ];
  const WEEKS = ['2026-11-30', '2026-12-07', '2026-12-14'].map(d);
  const opArb = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      variant: fc.nat(VARIANTS.length - 1),
      week: fc.nat(WEEKS.length - 1),
      quantity: fc.integer({ min: 1, max: 40 }),
    }),
    fc.record({
      kind: fc.constant('set' as const),
      pick: fc.nat(),
      quantity: fc.integer({ min: 0, max: 120 }),
    }),
  );

  test('keeps item count, line totals and basket totals consistent, and stock respected', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 25 }),
        fc.constantFrom(null, '2026-12-05'),
        (ops, deliveryDate) => {
          let basket = basketOf([], { deliveryDate });
          const model = new Map<string, number>(); // `${ext}|${week}` → quantity
          for (const op of ops) {
            if (op.kind === 'add') {
              const v = VARIANTS[op.variant]!;
              const week = WEEKS[op.week]!;
              basket = withAddedLine(
                basket,
                newLine({
                  productVariantExtId: v.ext,
                  price: v.price,
                  quantityAvailable: v.stock,
                  mealWeek: week,
                }),
                op.quantity,
                rules,
                now,
              );
              const key = `${v.ext}|${week}`;
              model.set(key, Math.min((model.get(key) ?? 0) + op.quantity, v.stock, 99));
            } else {
              const item = basket.items[op.pick % Math.max(1, basket.items.length)];
              basket = withItemQuantity(basket, item?.id ?? 'missing', op.quantity, rules, now);
              if (item) {
                const key = `${item.productVariantExtId}|${item.mealWeek}`;
                if (op.quantity === 0) model.delete(key);
                else model.set(key, Math.min(op.quantity, item.quantityAvailable, 99));
              }
            }

            const quantities = basket.items.map((i) => i.quantity);
            expect(basket.itemCount).toBe(quantities.reduce((s, q) => s + q, 0));
            expect(
              new Map(basket.items.map((i) => [`${i.productVariantExtId}|${i.mealWeek}`, i.quantity])),
            ).toEqual(model);
            for (const i of basket.items) {
              expect(i.quantity).toBeGreaterThanOrEqual(1);
              expect(i.quantity).toBeLessThanOrEqual(Math.min(i.quantityAvailable, 99));
              expect(i.total).toBe(i.price * i.quantity - i.discount);
            }
            expect(basket.totalLineItemsPrice).toBe(
              basket.items.reduce((s, i) => s + i.price * i.quantity, 0),
            );
            expect(basket.subtotalPrice).toBe(basket.totalLineItemsPrice - basket.totalDiscount);
            expect(basket.totalPrice).toBe(basket.subtotalPrice + basket.shippingPrice);
            expect(basket.total).toBe(basket.totalPrice);
            expect(basket.shippingPrice).toBe(basket.weeks.reduce((s, w) => s + w.price, 0));
            expect(basket.weeks.map((w) => w.mealWeek)).toEqual(
              [...new Set(basket.items.map((i) => i.mealWeek))].sort(),
            );
            expect(basket.items.map((i) => i.mealWeek)).toEqual(basket.items.map((i) => i.mealWeek).sort());
            for (const i of basket.items)
              expect(i.id).toBe(`${OPTIMISTIC_PREFIX}${i.productVariantExtId}:${i.mealWeek}`);
          }
          expect(basketModel.parse(basket)).toEqual(basket);
        },
      ),
    );
  });
});
