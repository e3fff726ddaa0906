import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_DELIVERY_FEE, type BasketRules } from './basket';
import {
  priceBasketItems,
  summariseBasket,
  type AddonProduct,
  type VoucherOnBasket as OnBasket,
} from './basket-summary';
import { pence } from './money';
import { RESET_VOUCHER_STATE, VOUCHER_MESSAGES, type VoucherTerms } from './vouchers';

// The basket's voucher: item discounts, free add-on lines, the voucher's state, and the week minimums
// (spec §5) with a voucher. (That the results fit the contract's schemas: src/contracts/baskets.test.ts.)

/** A basket item as the web app and the server have it (the contract's shape). */
interface BasketItem {
  id: string;
  title: string;
  variantTitle: string;
  sku: string;
  quantity: number;
  price: number;
  discount: number;
  total: number;
  imageUrl: string | null;
  isAddon: boolean;
  isDouble: boolean;
  mealWeek: string;
  tags: string[];
  productVariantId: string;
  productVariantExtId: string;
  productId: string;
  productExtId: string;
  quantityAvailable: number;
}
type AddonItem = AddonProduct<BasketItem>;
interface VoucherTermsView extends Omit<VoucherTerms, 'productVariantIds' | 'addonVariantId'> {
  description: string;
  productVariantIds: string[];
  addonVariantId: string | null;
}
type VoucherOnBasket = OnBasket<BasketItem, VoucherTermsView>;

const rules: BasketRules = {
  minimumSpend: pence(1000),
  minimumSpendPerOrder: pence(1000),
  deliveryFees: [],
  defaultDeliveryFee: { price: DEFAULT_DELIVERY_FEE, threshold: pence(4000) },
  oneOffFee: pence(299),
};
const TODAY = '2026-11-18';
const now = new Date('2026-11-18T10:00:00Z');
const W1 = '2026-11-23';
const W2 = '2026-11-30';

let n = 0;
function item(mealWeek: string, price: number, quantity: number, productVariantId = '10011'): BasketItem {
  return {
    id: `item-${++n}`,
    title: 'Tagliatelle al ragù',
    variantTitle: 'Regular',
    sku: 'SFG-001-R',
    quantity,
    price,
    discount: 0,
    total: price * quantity,
    imageUrl: null,
    isAddon: false,
    isDouble: false,
    mealWeek,
    tags: [],
    productVariantId,
    productVariantExtId: `gid://shopify/ProductVariant/${productVariantId}`,
    productId: '1001',
    productExtId: 'gid://shopify/Product/1001',
    quantityAvailable: 50,
  };
}

function onBasket(terms: Partial<VoucherTerms>, extra: Partial<VoucherOnBasket> = {}): VoucherOnBasket {
  const full: VoucherTerms = {
    code: 'CODE',
    type: 'DiscountVoucher',
    valueType: 'fixed_amount',
    value: 500,
    startDate: null,
    endDate: null,
    singleOrder: false,
    minimumSpendPerOrder: null,
    productVariantIds: [],
    addonVariantId: null,
    ...terms,
  };
  const view: VoucherTermsView = {
    ...full,
    description: '',
    productVariantIds: full.productVariantIds.map(String),
    addonVariantId: full.addonVariantId === null ? null : String(full.addonVariantId),
  };
  return { id: 'v-1', terms: full, view, usageProblem: null, addon: null, ...extra };
}

const TIRAMISU: AddonItem = {
  title: 'Tiramisù',
  variantTitle: 'Regular',
  sku: 'SFG-042-R',
  price: 550,
  imageUrl: '/media/100420.svg',
  isDouble: false,
  tags: ['dessert'],
  productVariantId: '10421',
  productVariantExtId: 'gid://shopify/ProductVariant/10421',
  productId: '1042',
  productExtId: 'gid://shopify/Product/1042',
  quantityAvailable: 120,
};

describe('priceBasketItems', () => {
  test('no voucher: items as they are, no voucher', () => {
    const items = [item(W1, 1050, 1)];
    expect(priceBasketItems(items, null, TODAY)).toEqual({ items, voucher: null, totalDiscount: 0 });
  });

  test('a discount: each item’s discount and total, and the voucher with its state', () => {
    const items = [item(W1, 1050, 2), item(W2, 950, 1)];
    const result = priceBasketItems(items, onBasket({ code: 'FIVER' }), TODAY);
    expect(result.items.map((i) => [i.discount, i.total])).toEqual([
      [500, 1600],
      [500, 450],
    ]);
    expect(result.totalDiscount).toBe(1000);
    expect(result.voucher).toMatchObject({
      id: 'v-1',
      code: 'FIVER',
      state: { valid: true, message: 'FIVER applied: £5 off each delivery' },
      discount: 1000,
    });
  });

  test('an add-on code adds its free line after its week’s items; invalid, it adds nothing', () => {
    const items = [item(W1, 1050, 1), item(W2, 950, 1)];
    const voucher = onBasket(
      { code: 'FREE-TIRAMISU', type: 'AddonVoucher', addonVariantId: 10421, singleOrder: true },
      { addon: TIRAMISU },
    );
    const result = priceBasketItems(items, voucher, TODAY);
    expect(result.items.map((i) => [i.id, i.mealWeek, i.isAddon, i.discount, i.total])).toEqual([
      [items[0]!.id, W1, false, 0, 1050],
      [`addon:${W1}`, W1, true, 550, 0],
      [items[1]!.id, W2, false, 0, 950],
    ]);
    // Pricing again what the server sent (with its free line) gives the same answer.
    expect(priceBasketItems(result.items, voucher, TODAY)).toEqual(result);
    const used = priceBasketItems(items, { ...voucher, usageProblem: VOUCHER_MESSAGES.limitReached }, TODAY);
    expect(used.items).toEqual(items);
    expect(used.voucher!.state).toEqual({ valid: false, message: 'This code has already been used' });
  });

  test('storefront ids are understood for product-specific codes', () => {
    const side = { ...item(W1, 450, 2, '10371'), productVariantId: 'gid://shopify/ProductVariant/10371' };
    const result = priceBasketItems(
      [item(W1, 1050, 1), side],
      onBasket({ productVariantIds: [10371] }),
      TODAY,
    );
    expect(result.items.map((i) => i.discount)).toEqual([0, 500]);
  });

  test('property: items’ discounts add up to the voucher’s, totals are price × quantity − discount', () => {
    const itemArb = fc
      .record({
        week: fc.constantFrom(W1, W2),
        price: fc.integer({ min: 0, max: 3000 }),
        quantity: fc.integer({ min: 1, max: 5 }),
        variant: fc.constantFrom('10011', '10371', '10421'),
      })
      .map(({ week, price, quantity, variant }) => item(week, price, quantity, variant));
    const voucherArb = fc
      .record({
        type: fc.constantFrom('DiscountVoucher' as const, 'AddonVoucher' as const),
        valueType: fc.constantFrom('fixed_amount' as const, 'percentage' as const),
        value: fc.integer({ min: 1, max: 100 }),
        singleOrder: fc.boolean(),
        productVariantIds: fc.subarray([10011, 10371]),
        minimumSpendPerOrder: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
      })
      .map((terms) => onBasket({ ...terms, addonVariantId: 10421 }, { addon: TIRAMISU }));
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 8 }), voucherArb, (items, voucher) => {
        const result = priceBasketItems(items, voucher, TODAY);
        expect(result.items.reduce((s, i) => s + i.discount, 0)).toBe(result.totalDiscount);
        expect(result.voucher!.discount).toBe(result.totalDiscount);
        for (const i of result.items) {
          expect(i.total).toBe(i.price * i.quantity - i.discount);
          expect(i.total).toBeGreaterThanOrEqual(0);
        }
        if (!result.voucher!.state.valid) {
          expect(result.totalDiscount).toBe(0);
          expect(result.items.some((i) => i.isAddon)).toBe(false);
        }
        const weeks = result.items.map((i) => i.mealWeek);
        expect(weeks).toEqual([...weeks].sort());
      }),
    );
  });
});

describe('summariseBasket with a voucher', () => {
  test('a basket-wide discount: minimums compare the spend before it', () => {
    const voucher = onBasket({ value: 500 });
    const { items } = priceBasketItems([item(W1, 1050, 1)], voucher, TODAY);
    const summary = summariseBasket(items, null, rules, now, voucher.terms);
    expect(summary.weeks[0]).toMatchObject({
      subtotal: 550,
      discount: 500,
      meetsMinimum: true,
      minimumRemainder: 0,
    });
    expect(summary).toMatchObject({ totalDiscount: 500, subtotalPrice: 550 });
  });

  test('a product-specific discount: minimums compare the spend after it', () => {
    const voucher = onBasket({ value: 300, productVariantIds: [10371] });
    const { items } = priceBasketItems([item(W1, 500, 1), item(W1, 450, 1, '10371')], voucher, TODAY);
    const summary = summariseBasket(items, null, rules, now, voucher.terms);
    expect(summary.weeks[0]).toMatchObject({ subtotal: 650, meetsMinimum: false, minimumRemainder: 350 });
  });

  test('the reset state is { valid: false, message: "" }', () => {
    expect(RESET_VOUCHER_STATE).toEqual({ valid: false, message: '' });
  });
});
