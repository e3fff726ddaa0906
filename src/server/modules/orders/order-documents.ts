import type { CheckoutMeta, Order } from '../../../contracts/orders';
import { planCharge } from '../../../domain/orders';
import type { ShopRules } from '../shop';
import type { CheckoutRow } from './state-changes';

// Orders as JSON:API-like documents: the orders with their lines in `included` (spec §3 Order, Line item).

export function orderResources(list: Order[]) {
  return {
    data: list.map(({ id, lineItems, orderFeedback, ...attributes }) => ({
      id,
      type: 'orders' as const,
      attributes,
      relationships: {
        lineItems: { data: lineItems.map((line) => ({ id: line.id, type: 'line_items' as const })) },
        // On a customer's own reads (OrderExtras): their NPS answer after its delivery, or null.
        ...(orderFeedback !== undefined
          ? {
              orderFeedback: {
                data: orderFeedback ? { id: orderFeedback.id, type: 'order_feedbacks' as const } : null,
              },
            }
          : {}),
      },
    })),
    included: list.flatMap((order) => [
      ...order.lineItems.map(({ id, ...attributes }) => ({ id, type: 'line_items' as const, attributes })),
      ...(order.orderFeedback
        ? [
            (({ id, ...attributes }) => ({ id, type: 'order_feedbacks' as const, attributes }))(
              order.orderFeedback,
            ),
          ]
        : []),
    ]),
  };
}

export function checkoutDocument(list: Order[], checkout: CheckoutMeta) {
  return { ...orderResources(list), meta: { page: 1, perPage: list.length, total: list.length, checkout } };
}

/** What paying a checkout takes: its total, the credit that would go towards it and what is left to charge. */
export function checkoutMeta(
  checkout: Pick<CheckoutRow, 'id' | 'state' | 'total'>,
  creditBalance: number,
  rules: ShopRules,
  basketRequestsCard: boolean,
): CheckoutMeta {
  const plan = planCharge({
    total: checkout.total,
    creditBalance,
    useCredit: true,
    minimumCardCharge: rules.minimumCardCharge,
    basketRequestsCard,
  });
  return {
    checkoutId: checkout.id,
    state: checkout.state,
    total: checkout.total,
    creditBalance,
    creditApplied: plan.creditApplied,
    amountToCharge: plan.charge,
    requestCard: checkout.state === 'open' && plan.requestCard,
    minimumCardCharge: rules.minimumCardCharge,
  };
}

/** Placing a checkout's orders (a recipe kit, a one-off box, a gift): its orders, its meta, and whether it is new. */
export interface CheckoutResult {
  orders: Order[];
  meta: CheckoutMeta;
  created: boolean;
}
