import { describe, expect, test } from 'vitest';
import type { MenuProduct } from '../../../../contracts/restaurants';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import {
  checkoutBlocker,
  clockTime,
  detailsComplete,
  placeAttempt,
  placeSignature,
  previewCheckout,
  problemPlace,
  stepDecision,
  ukPhoneText,
  upsellProducts,
  windowLabel,
  type TakeawayStep,
} from './rules';

// Pasta Now's checkout rules (spec §2 Guards; §9 upsell categories).

const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '10 Downing Street',
  address2: null,
  city: 'London',
  zip: 'SW1A 2AA',
  country: 'United Kingdom',
  countryCode: 'GB',
  phone: '+447911123456',
  lat: 51.503541,
  lon: -0.12767,
};

function item(productId: string, extra: Partial<TakeawayBasket['items'][number]> = {}) {
  return {
    id: `line-${productId}`,
    productId,
    title: `Dish ${productId}`,
    variantTitle: '',
    imageUrl: null,
    quantity: 1,
    basePrice: 1250,
    price: 1250,
    discount: 0,
    total: 1250,
    note: null,
    subItems: [],
    appliedModifiers: [],
    tags: [],
    allergens: [],
    conflictingAllergens: [],
    available: true,
    unavailableReason: null,
    ...extra,
  };
}

function basket(extra: Partial<TakeawayBasket> = {}): TakeawayBasket {
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
    asap: false,
    timeSlot: null,
    timeSlotEndTime: null,
    address: ADDRESS,
    customerEmail: null,
    isCateringOrder: false,
    isOpenTab: false,
    tableNumber: null,
    deliveryNote: null,
    voucherCode: null,
    itemCount: 2,
    totalLineItemsPrice: 2500,
    subtotalPrice: 2500,
    totalDiscount: 0,
    shippingPrice: 299,
    totalPrice: 2799,
    total: 2799,
    minimumSpend: 1500,
    meetsMinimum: true,
    minimumRemainder: 0,
    valid: true,
    problems: [],
    createdAt: '2026-11-18T10:00:00.000Z',
    updatedAt: '2026-11-18T10:01:00.000Z',
    items: [item('2001'), item('2020')],
    ...extra,
  } as TakeawayBasket;
}

const visit = (step: TakeawayStep, b: TakeawayBasket | null, extra = {}) =>
  stepDecision({ step, signedIn: true, basket: b, catering: false, fromInstructions: true, ...extra });

describe('where each problem is put right', () => {
  test.each([
    ['BASKET_EMPTY', undefined, 'menu'],
    ['BASKET_BELOW_MINIMUM', undefined, 'menu'],
    ['PRODUCT_UNAVAILABLE', { itemId: 'x' }, 'menu'],
    ['OUTSIDE_DELIVERY_AREA', { distanceMiles: 4.2 }, 'details'],
    ['BASKET_INVALID', { field: 'address' }, 'details'],
    ['BASKET_INVALID', { field: 'address.phone' }, 'details'],
    ['BASKET_INVALID', { field: 'tableNumber' }, 'details'],
    ['RESTAURANT_CLOSED', undefined, 'time'],
    ['SLOT_UNAVAILABLE', { field: 'timeSlot' }, 'time'],
    ['BASKET_INVALID', { field: 'restaurantId' }, 'restaurant'],
  ])('%s %j: %s', (code, meta, place) => {
    expect(problemPlace({ code, detail: '…', meta })).toBe(place);
  });
});

describe('what sends the customer back before any step', () => {
  test('no basket, or no restaurant chosen: the address search', () => {
    expect(checkoutBlocker(null, false)?.to).toBe('search');
    expect(checkoutBlocker(basket({ restaurantId: null }), false)?.to).toBe('search');
    expect(checkoutBlocker(basket({ fulfillmentType: null }), false)?.to).toBe('search');
  });

  test('a basket of the other flow goes to its own checkout', () => {
    expect(checkoutBlocker(basket({ isCateringOrder: true }), false)).toEqual({
      to: 'other-flow',
      reason: null,
    });
    expect(checkoutBlocker(basket(), true)?.to).toBe('other-flow');
  });

  test('empty, under the minimum or with a dish run out: the menu, saying why', () => {
    expect(checkoutBlocker(basket({ items: [], valid: false }), false)).toEqual({
      to: 'menu',
      reason: 'Your basket is empty. Add a dish to order.',
    });
    const below = 'The minimum order is £15.00. Add £4.00 more to order.';
    expect(
      checkoutBlocker(
        basket({ valid: false, problems: [{ status: '400', code: 'BASKET_BELOW_MINIMUM', detail: below }] }),
        false,
      ),
    ).toEqual({ to: 'menu', reason: below });
    const gone = 'Sfoglia Soho has run out of Tiramisù for now. Please remove it to order.';
    expect(
      checkoutBlocker(
        basket({ problems: [{ status: '400', code: 'PRODUCT_UNAVAILABLE', detail: gone }] }),
        false,
      )?.reason,
    ).toBe(gone);
  });

  test('a closed kitchen or a slot gone is put right in the checkout (the time), not on the menu', () => {
    const closed = {
      status: '400',
      code: 'RESTAURANT_CLOSED',
      detail: 'Sfoglia Soho isn’t taking orders for as soon as possible right now. Please choose a time.',
    };
    expect(checkoutBlocker(basket({ problems: [closed] }), false)).toBeNull();
  });
});

describe('the details the instructions step needs (spec §2)', () => {
  test('a delivery: first and last name, a real address with its coordinates, and a phone', () => {
    expect(detailsComplete(basket())).toBe(true);
    expect(detailsComplete(basket({ address: { ...ADDRESS, lastName: ' ' } }))).toBe(false);
    expect(detailsComplete(basket({ address: { ...ADDRESS, address1: 'ignore_me' } }))).toBe(false);
    expect(detailsComplete(basket({ address: { ...ADDRESS, lat: null } }))).toBe(false);
    expect(detailsComplete(basket({ address: { ...ADDRESS, phone: null } }))).toBe(false);
    expect(detailsComplete(basket({ address: null }))).toBe(false);
  });

  test('not a delivery: the names are enough', () => {
    const named = { ...ADDRESS, address1: null, city: null, zip: null, lat: null, lon: null, phone: null };
    expect(detailsComplete(basket({ fulfillmentType: 'pickup', address: named }))).toBe(true);
    expect(
      detailsComplete(basket({ fulfillmentType: 'pickup', address: { ...named, firstName: null } })),
    ).toBe(false);
  });
});

describe('which step a visit stays on (spec §2 Guards)', () => {
  test('a visitor signs in first, whatever the step', () => {
    for (const step of ['start', 'address', 'instructions', 'payment'] as const) {
      expect(visit(step, basket(), { signedIn: false })).toEqual({ to: 'continue', reason: null });
    }
  });

  test('payment only from the instructions step, otherwise the account dashboard', () => {
    expect(visit('payment', basket())).toBeNull();
    expect(visit('payment', basket(), { fromInstructions: false })).toEqual({ to: 'account', reason: null });
    expect(visit('payment', null, { fromInstructions: false })?.to).toBe('account');
  });

  test('the start goes to the instructions when the details are complete, else the address', () => {
    expect(visit('start', basket())?.to).toBe('instructions');
    expect(visit('start', basket({ address: null }))?.to).toBe('address');
  });

  test('the instructions and payment need the details, else delivery/address', () => {
    expect(visit('instructions', basket())).toBeNull();
    expect(visit('instructions', basket({ address: { ...ADDRESS, firstName: '' } }))?.to).toBe('address');
    expect(visit('payment', basket({ address: null }))?.to).toBe('address');
    // The address step itself is where they are put right.
    expect(visit('address', basket({ address: null }))).toBeNull();
  });

  test('an empty basket goes back to the menu from any step', () => {
    for (const step of ['start', 'address', 'instructions', 'payment'] as const) {
      expect(visit(step, basket({ items: [], valid: false }))?.to).toBe('menu');
    }
  });
});

describe('the upsell (spec §9)', () => {
  const product = (id: string, available = true) => ({ id, title: id, available }) as MenuProduct;
  const menu = {
    categories: [
      { id: '1', name: 'Fresh Pasta', position: 1, products: [product('2001'), product('2002')] },
      { id: '2', name: 'Starters & Sides', position: 2, products: [product('2020'), product('2021')] },
      { id: '3', name: 'Desserts', position: 3, products: [product('2030', false), product('2031')] },
      { id: '4', name: 'Gelato', position: 4, products: [product('2040')] },
      { id: '5', name: 'Alcoholic Drinks', position: 6, products: [product('2060')] },
    ],
  };

  test('takeaway: the upsell categories’ available dishes not in the basket, in the menu’s order', () => {
    expect(upsellProducts(menu, basket()).map((p) => p.id)).toEqual(['2021', '2031', '2040', '2060']);
    expect(upsellProducts(menu, basket(), 2).map((p) => p.id)).toEqual(['2021', '2031']);
  });

  test('eat-in has no desserts or gelato to add; catering has no upsell', () => {
    expect(upsellProducts(menu, basket({ fulfillmentType: 'eat_in' })).map((p) => p.id)).toEqual([
      '2021',
      '2060',
    ]);
    expect(upsellProducts(menu, basket({ isCateringOrder: true }))).toEqual([]);
  });
});

describe('the payment step before the order is placed', () => {
  test('credit comes off first; a card is asked for what is left', () => {
    expect(
      previewCheckout(basket(), { creditBalance: 500, minimumCardCharge: 30, requestCard: false }),
    ).toMatchObject({ total: 2799, creditApplied: 500, amountToCharge: 2299, requestCard: true });
    expect(
      previewCheckout(basket(), { creditBalance: 5000, minimumCardCharge: 30, requestCard: false }),
    ).toMatchObject({ creditApplied: 2799, amountToCharge: 0, requestCard: false });
  });
});

describe('one press of "Pay" places one order', () => {
  test('the same key while what is placed is the same; a new one when it changes', () => {
    let n = 0;
    const next = () => `key-${++n}`;
    const choices = { deliveryNote: 'Ring the top bell', allergensConfirmed: false };
    const first = placeAttempt(null, placeSignature(basket(), choices), next);
    expect(first.key).toBe('key-1');
    expect(placeAttempt(first, placeSignature(basket(), choices), next)).toBe(first);
    const confirmed = placeAttempt(
      first,
      placeSignature(basket(), { ...choices, allergensConfirmed: true }),
      next,
    );
    expect(confirmed.key).toBe('key-2');
    const changed = placeAttempt(
      confirmed,
      placeSignature(basket({ updatedAt: '2026-11-18T10:05:00.000Z' }), {
        ...choices,
        allergensConfirmed: true,
      }),
      next,
    );
    expect(changed.key).toBe('key-3');
  });
});

describe('times', () => {
  test('London wall-clock times, in GMT and BST', () => {
    expect(clockTime('2026-11-18T13:05:00.000Z')).toBe('13:05');
    expect(clockTime('2026-07-01T11:30:00.000Z')).toBe('12:30');
    expect(windowLabel('2026-11-18T13:05:00.000Z', '2026-11-18T13:20:00.000Z')).toBe('13:05 – 13:20');
    expect(windowLabel('2026-11-18T13:05:00.000Z', '2026-11-18T13:05:00.000Z')).toBe('13:05');
  });
});

describe('phone numbers as people read them', () => {
  test('London, mobiles and other area codes; anything else as it is', () => {
    expect(ukPhoneText('+442079460101')).toBe('020 7946 0101');
    expect(ukPhoneText('+447911123456')).toBe('07911 123456');
    expect(ukPhoneText('+441273960106')).toBe('01273 960106');
    expect(ukPhoneText('+33123456789')).toBe('+33123456789');
  });
});
