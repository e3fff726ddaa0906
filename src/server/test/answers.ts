// Answers as the server's handlers give them (camelCase, before the contract's check and the wire's
// snake_case), for tests of that check.

/** A recipe-kit basket with no lines, as `basketDocument` allows it. */
export function emptyBasketAnswer() {
  return {
    data: {
      id: 'b1',
      type: 'baskets',
      attributes: {
        type: 'RecipeKitBasket',
        basketKey: 'k',
        startSubscription: true,
        deliveryDate: null as string | null,
        frequency: null,
        deliveryNote: null,
        oneOffFeeApplicable: false,
        voucherCode: null,
        voucher: null,
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
        createdAt: '2026-11-18T10:00:00.000Z',
        updatedAt: '2026-11-18T10:00:00.000Z',
      },
      relationships: { items: { data: [] } },
    },
    included: [],
    meta: { minimumSpend: 3000, minimumSpendPerOrder: 3000, requestCard: false },
  };
}
