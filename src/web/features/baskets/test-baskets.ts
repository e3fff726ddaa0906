import type { Basket, BasketItem } from '../../../contracts/baskets';

// Baskets for the baskets' tests.

/** A basket as the server sends it (flattened), built by hand; totals as given, not recomputed. */
export function basketOf(items: BasketItem[], totals: Partial<Basket> = {}): Basket {
  return {
    id: '7b0f6a52-0c49-4d59-9a8e-2f1b0c7f4e11',
    type: 'RecipeKitBasket',
    basketKey: 'bk_3f9a',
    startSubscription: true,
    deliveryDate: null,
    frequency: null,
    deliveryNote: null,
    oneOffFeeApplicable: false,
    voucherCode: null,
    totalLineItemsPrice: 0,
    totalDiscount: 0,
    subtotalPrice: 0,
    shippingPrice: 0,
    oneOffFee: 0,
    totalPrice: 0,
    total: 0,
    itemCount: 0,
    weeks: [],
    shipment: { items: [] },
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    items,
    ...totals,
  };
}
