import type { CheckoutMeta, Order } from '../../../contracts/orders';

// Orders as JSON:API-like documents: the orders with their lines in `included` (spec §3 Order, Line item).

export function orderResources(list: Order[]) {
  return {
    data: list.map(({ id, lineItems, ...attributes }) => ({
      id,
      type: 'orders' as const,
      attributes,
      relationships: {
        lineItems: { data: lineItems.map((line) => ({ id: line.id, type: 'line_items' as const })) },
      },
    })),
    included: list.flatMap((order) =>
      order.lineItems.map(({ id, ...attributes }) => ({ id, type: 'line_items' as const, attributes })),
    ),
  };
}

export function checkoutDocument(list: Order[], checkout: CheckoutMeta) {
  return { ...orderResources(list), meta: { page: 1, perPage: list.length, total: list.length, checkout } };
}
