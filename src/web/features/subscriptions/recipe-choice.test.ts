import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BasketRules } from '../../../domain/basket';
import { pence } from '../../../domain/money';
import { choiceFromLines, choiceItems, choiceTotals, variantNumber, withQuantity } from './recipe-choice';

const rules: BasketRules = {
  minimumSpend: pence(1000),
  minimumSpendPerOrder: pence(1000),
  // Wednesday £1.99 (free from £40), Saturday £2.99 (free from £50).
  deliveryFees: [
    { weekDay: 3, price: pence(199), threshold: pence(4000) },
    { weekDay: 6, price: pence(299), threshold: pence(5000) },
  ],
  defaultDeliveryFee: { price: pence(199), threshold: pence(4000) },
  oneOffFee: pence(299),
};
const gid = (n: number) => `gid://shopify/ProductVariant/${n}`;
const variants = [
  { id: gid(10081), price: 750 },
  { id: gid(10082), price: 1350 },
  { id: gid(10091), price: 950 },
];
const line = (id: string | null, quantity: number) => ({
  productVariantId: id,
  title: 'Dish',
  variantTitle: 'Regular',
  imageUrl: null,
  quantity,
  price: pence(750),
  total: pence(750 * quantity),
});

test('variantNumber reads the id at the end of a storefront id, and leaves ours alone', () => {
  expect(variantNumber(gid(10081))).toBe('10081');
  expect(variantNumber('10081')).toBe('10081');
});

describe('choiceFromLines', () => {
  test('the box’s lines as quantities by the menu’s ids; lines off the menu are left out', () => {
    const choice = choiceFromLines(
      [line('10081', 1), line('10091', 2), line('99999', 1), line(null, 1)],
      variants,
    );
    expect([...choice]).toEqual([
      [gid(10081), 1],
      [gid(10091), 2],
    ]);
  });
});

describe('withQuantity', () => {
  test('sets, clamps to 0–10 and removes at 0', () => {
    let choice = withQuantity(new Map(), gid(10081), 2);
    expect(choice.get(gid(10081))).toBe(2);
    choice = withQuantity(choice, gid(10081), 25);
    expect(choice.get(gid(10081))).toBe(10);
    choice = withQuantity(choice, gid(10081), 0);
    expect(choice.has(gid(10081))).toBe(false);
  });
});

describe('choiceTotals', () => {
  test('below the minimum: what is missing, and the day’s fee', () => {
    const totals = choiceTotals(new Map([[gid(10081), 1]]), variants, '2026-12-02', rules);
    expect(totals).toEqual({
      dishes: 1,
      subtotal: 750,
      delivery: 199,
      total: 949,
      minimumRemainder: 250,
      freeDeliveryRemainder: 3250,
    });
  });

  test('free delivery from the day’s threshold; Saturday has its own fee', () => {
    const many = new Map([
      [gid(10082), 3],
      [gid(10081), 1],
    ]);
    expect(choiceTotals(many, variants, '2026-12-02', rules)).toMatchObject({
      subtotal: 4800,
      delivery: 0,
      total: 4800,
      minimumRemainder: 0,
    });
    expect(choiceTotals(many, variants, '2026-12-05', rules)).toMatchObject({ delivery: 299, total: 5099 });
  });

  test('nothing chosen: nothing to pay, the whole minimum missing', () => {
    expect(choiceTotals(new Map(), variants, '2026-12-02', rules)).toMatchObject({
      dishes: 0,
      total: 0,
      delivery: 0,
      minimumRemainder: 1000,
    });
  });

  test('the total is always the dishes plus the fee, in whole pence', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...variants.map((v) => v.id)), fc.integer({ min: 0, max: 10 }))),
        (changes) => {
          let choice: ReadonlyMap<string, number> = new Map();
          for (const [id, q] of changes) choice = withQuantity(choice, id, q);
          const totals = choiceTotals(choice, variants, '2026-12-02', rules);
          expect(totals.total).toBe(totals.subtotal + totals.delivery);
          expect(Number.isInteger(totals.total)).toBe(true);
          expect(choiceItems(choice).reduce((n, item) => n + item.quantity, 0)).toBe(totals.dishes);
        },
      ),
    );
  });
});
