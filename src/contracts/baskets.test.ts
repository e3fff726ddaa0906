import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_DELIVERY_FEE, type BasketRules } from '../domain/basket';
import { priceBasketItems, summariseBasket, type BasketSummary } from '../domain/basket-summary';
import { pence } from '../domain/money';
import {
  basketAttributes,
  basketModel,
  shipmentItemSchema,
  weekSummarySchema,
  type AddonItem,
  type Basket,
  type BasketItem,
  type VoucherOnBasket,
} from './baskets';
import { basketVoucherSchema } from './vouchers';

// The domain works out a basket's money (src/domain/basket-summary.ts); the contract only describes it.
// These check that what the domain answers always fits the contract's schemas.

type SummaryFields = keyof BasketSummary;
// Compile-time: the domain's summary is the contract's basket fields, no more, no less.
const _fits: Pick<Basket, SummaryFields> = {} as BasketSummary;
const _covers: SummaryFields = {} as keyof Pick<Basket, SummaryFields>;
void _fits;
void _covers;

const rules: BasketRules = {
  minimumSpend: pence(1000),
  minimumSpendPerOrder: pence(1000),
  deliveryFees: [{ weekDay: 6, threshold: pence(3000), price: pence(299) }],
  defaultDeliveryFee: { price: DEFAULT_DELIVERY_FEE, threshold: pence(4000) },
  oneOffFee: pence(299),
};
const WEEKS = ['2026-11-30', '2026-12-07', '2026-12-14'];

const itemArb = fc
  .record({
    week: fc.constantFrom(...WEEKS),
    price: fc.integer({ min: 0, max: 3000 }),
    quantity: fc.integer({ min: 1, max: 5 }),
    variant: fc.constantFrom('10011', '10371', 'gid://shopify/ProductVariant/10421'),
  })
  .map(({ week, price, quantity, variant }): BasketItem => ({
    id: `item-${week}-${variant}-${price}`,
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
    mealWeek: week,
    tags: [],
    productVariantId: variant,
    productVariantExtId: `gid://shopify/ProductVariant/${variant}`,
    productId: '1001',
    productExtId: 'gid://shopify/Product/1001',
    quantityAvailable: 50,
  }));

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

const voucherArb = fc
  .record({
    type: fc.constantFrom('DiscountVoucher' as const, 'AddonVoucher' as const),
    valueType: fc.constantFrom('fixed_amount' as const, 'percentage' as const),
    value: fc.integer({ min: 1, max: 100 }),
    singleOrder: fc.boolean(),
  })
  .map((terms): VoucherOnBasket => ({
    id: 'v-1',
    terms: {
      code: 'CODE',
      startDate: null,
      endDate: null,
      minimumSpendPerOrder: null,
      productVariantIds: [],
      addonVariantId: 10421,
      ...terms,
    },
    view: {
      code: 'CODE',
      description: '',
      startDate: null,
      endDate: null,
      minimumSpendPerOrder: null,
      productVariantIds: [],
      addonVariantId: '10421',
      ...terms,
    },
    usageProblem: null,
    addon: TIRAMISU,
  }));

describe('the domain’s basket money in the contract’s shape', () => {
  test('property: summaries parse with the basket’s week and shipment schemas', () => {
    const dateArb = fc.constantFrom(null, '2026-12-05', 'not a date');
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 10 }), dateArb, (items, deliveryDate) => {
        const summary = summariseBasket(items, deliveryDate, rules, new Date('2026-11-26T10:00:00Z'));
        for (const week of summary.weeks) weekSummarySchema.parse(week);
        for (const shipment of summary.shipment.items) shipmentItemSchema.parse(shipment);
        totalsParse(summary);
      }),
    );
  });

  test('property: priced items and the voucher parse with the basket item and voucher schemas', () => {
    const itemSchema = basketModel.shape.items;
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 8 }), voucherArb, (items, voucher) => {
        const priced = priceBasketItems(items, voucher, '2026-11-18');
        itemSchema.parse(priced.items);
        basketVoucherSchema.parse(priced.voucher);
      }),
    );
  });
});

/** The summary's totals parse with the basket attributes' own schemas. */
function totalsParse(summary: BasketSummary) {
  const { shape } = basketAttributes;
  for (const key of ['totalLineItemsPrice', 'totalDiscount', 'subtotalPrice', 'shippingPrice'] as const) {
    shape[key].parse(summary[key]);
  }
  expect(shape.totalPrice.parse(summary.totalPrice)).toBe(summary.total);
  shape.itemCount.parse(summary.itemCount);
}
