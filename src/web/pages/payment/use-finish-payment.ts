import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { basketQueries } from '../../features/baskets/baskets.queries';
import { forgetDeliveryDate } from '../../features/checkout/delivery-store';
import { orderQueries, type OrderList } from '../../features/orders/orders.queries';
import { forgetPendingPayment } from '../../features/payments/pending-payment';
import { analytics } from '../../shared/analytics';
import { customerQueries } from '../../shared/customer.queries';

/** What a confirmation page is given: the checkout's orders, already in the query cache. */
export interface PaidState {
  orderIds: string[];
  checkoutId: string | null;
}

/** A checkout is paid: its basket is gone (a new one comes), the credit changed, the orders are new. */
export function useFinishPayment() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (list: OrderList, doneAt: string) => {
    forgetPendingPayment();
    forgetDeliveryDate();
    for (const order of list.orders) {
      queryClient.setQueryData(orderQueries.detail(order.id).queryKey, { order, checkout: list.checkout });
    }
    analytics.purchase({
      checkoutId: list.checkout?.checkoutId ?? list.orders[0]?.checkoutId ?? '',
      value: list.checkout?.total ?? list.orders.reduce((sum, o) => sum + o.total, 0),
      orders: list.orders.length,
    });
    const state: PaidState = {
      orderIds: list.orders.map((o) => o.id),
      checkoutId: list.checkout?.checkoutId ?? list.orders[0]?.checkoutId ?? null,
    };
    await navigate(doneAt, { state });
    // After leaving the payment page, so it never shows the new, empty basket.
    void queryClient.invalidateQueries({ queryKey: basketQueries.all });
    void queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
    void queryClient.invalidateQueries({ queryKey: customerQueries.me().queryKey });
  };
}
