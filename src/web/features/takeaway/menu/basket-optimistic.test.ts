import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import { takeawayTotals } from '../../../../domain/takeaway';
import {
  isOptimisticLine,
  quantityOfDish,
  withAddedLine,
  withLineQuantity,
  type NewTakeawayLine,
} from './basket-optimistic';

// The basket as the menu shows it before the server answers: lines added or merged, quantities set (0
// removes), and the totals, minimum-spend remainder and validity the domain computes.

const PRICING = { deliveryFee: 299, freeDeliveryFrom: 4000 };

function emptyBasket(overrides: Partial<TakeawayBasket> = {}): TakeawayBasket {
  return {
    id: 'b1',
    type: 'TakeawayBasket',
    basketKey: 'k',
    startSubscription: false,
    restaurantId: 'soho',
    restaurant: {
      id: 'soho',
      name: 'Sfoglia Soho',
      site: 'Soho',
      phone: '+442079460101',
      postcode: 'W1D 3GN',
    },
    fulfillmentType: 'delivery',
    deliveryDate: '2026-11-18',
    asap: true,
    timeSlot: null,
    timeSlotEndTime: null,
    address: null,
    customerEmail: null,
    isCateringOrder: false,
    isOpenTab: false,
    tableNumber: null,
    deliveryNote: null,
    voucherCode: null,
    itemCount: 0,
    totalLineItemsPrice: 0,
    subtotalPrice: 0,
    totalDiscount: 0,
    shippingPrice: 0,
    totalPrice: 0,
    total: 0,
    minimumSpend: 1500,
    meetsMinimum: false,
    minimumRemainder: 1500,
    valid: false,
    problems: [],
    createdAt: '2026-11-18T10:00:00Z',
    updatedAt: '2026-11-18T10:00:00Z',
    items: [],
    ...overrides,
  };
}

const line = (overrides: Partial<NewTakeawayLine> = {}): NewTakeawayLine => ({
  productId: '2001',
  title: 'Tagliatelle al Ragù',
  variantTitle: 'Grande',
  imageUrl: null,
  basePrice: 1250,
  price: 1650,
  quantity: 1,
  note: null,
  subItems: [
    { productId: '3002', title: 'Grande (bigger portion)', group: 'size', price: 400, label: 'Grande' },
  ],
  tags: [],
  allergens: [],
  conflictingAllergens: [],
  ...overrides,
});

describe('the basket before the server answers', () => {
  test('an add shows a pending line, the totals with the delivery fee, and the minimum still to reach', () => {
    const basket = withAddedLine(emptyBasket(), line(), PRICING);
    expect(basket.items).toHaveLength(1);
    expect(isOptimisticLine(basket.items[0]!)).toBe(true);
    expect(basket.items[0]).toMatchObject({
      quantity: 1,
      total: 1650,
      appliedModifiers: ['Grande (bigger portion)'],
    });
    expect(basket).toMatchObject({
      itemCount: 1,
      subtotalPrice: 1650,
      shippingPrice: 299,
      total: 1949,
      meetsMinimum: true,
      minimumRemainder: 0,
      valid: true,
    });
    const small = withAddedLine(emptyBasket(), line({ price: 1150, subItems: [] }), PRICING);
    expect(small).toMatchObject({ meetsMinimum: false, minimumRemainder: 350, valid: false });
  });

  test('the same dish, modifiers and note joins its line; another note is another line', () => {
    const once = withAddedLine(emptyBasket(), line(), PRICING);
    const twice = withAddedLine(once, line({ quantity: 2 }), PRICING);
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]!.quantity).toBe(3);
    const noted = withAddedLine(twice, line({ note: 'No pepper' }), PRICING);
    expect(noted.items).toHaveLength(2);
    expect(quantityOfDish(noted, '2001')).toBe(4);
  });

  test('quantity 0 removes the line (spec §4: minus on a line of one removes it); delivery is free from the threshold', () => {
    const basket = withAddedLine(emptyBasket(), line(), PRICING);
    const id = basket.items[0]!.id;
    const lots = withLineQuantity(basket, id, 3, PRICING);
    expect(lots).toMatchObject({ itemCount: 3, subtotalPrice: 4950, shippingPrice: 0, total: 4950 });
    const gone = withLineQuantity(lots, id, 0, PRICING);
    expect(gone.items).toEqual([]);
    expect(gone).toMatchObject({ itemCount: 0, subtotalPrice: 0, shippingPrice: 0, valid: false });
  });

  test('collection has no delivery fee', () => {
    const basket = withAddedLine(emptyBasket({ fulfillmentType: 'pickup' }), line(), PRICING);
    expect(basket).toMatchObject({ shippingPrice: 0, total: 1650 });
  });

  test('any adds and quantity changes: the totals are the domain’s over the lines, never more than 20 a line', () => {
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        dish: fc.integer({ min: 0, max: 2 }),
        quantity: fc.integer({ min: 1, max: 20 }),
      }),
      fc.record({
        kind: fc.constant('set' as const),
        pick: fc.nat(),
        quantity: fc.integer({ min: 0, max: 25 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 15 }), (changes) => {
        let basket = emptyBasket();
        for (const c of changes) {
          if (c.kind === 'add') {
            basket = withAddedLine(
              basket,
              line({ productId: String(2000 + c.dish), price: 500 + c.dish * 275, quantity: c.quantity }),
              PRICING,
            );
          } else if (basket.items.length > 0) {
            basket = withLineQuantity(
              basket,
              basket.items[c.pick % basket.items.length]!.id,
              c.quantity,
              PRICING,
            );
          }
        }
        const totals = takeawayTotals(
          basket.items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
          { ...PRICING, fulfillmentType: 'delivery', minimumSpend: 1500 },
        );
        expect(basket.items.every((item) => item.quantity >= 1 && item.quantity <= 20)).toBe(true);
        expect(basket.items.every((item) => item.total === item.price * item.quantity)).toBe(true);
        expect(basket).toMatchObject({
          itemCount: totals.itemCount,
          subtotalPrice: totals.subtotal,
          shippingPrice: totals.deliveryFee,
          total: totals.total,
          minimumRemainder: totals.minimumRemainder,
          valid: totals.valid,
        });
      }),
    );
  });
});
