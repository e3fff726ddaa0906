import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../shared/router';
import { basketQueries } from '../features/baskets/baskets.queries';
import { forgetDeliveryDate } from '../features/delivery/delivery-store';
import type { PaidState } from '../features/orders/paid-orders';
import { orderQueries, ordersApi, type OrderList } from '../features/orders/orders.queries';
import { forgetPendingPayment } from '../features/payments/pending-payment';
import { analytics } from '../shared/analytics';
import { customerQueries } from '../shared/customer.queries';

// After a checkout is paid, on any page that takes a payment (the checkout, a gift, paying again, the
// returns from 3-D Secure and PayPal). It spans areas (baskets, delivery, orders, payments), so it lives
// here beside sign-out: payments knows nothing of baskets, and each page hands this to `usePayOrder`.

/** A checkout is paid: its basket is gone (a new one comes), the credit changed, the orders are new. */
export function useFinishPayment() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finish = async (list: OrderList, doneAt: string) => {
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
  /** The processor says paid (or a 3-D Secure check came back): confirm the checkout, then finish. */
  const confirmed = async (orderId: string, doneAt: string, paymentIntentId?: string | null) =>
    finish(await ordersApi.confirm(orderId, paymentIntentId), doneAt);
  return { finish, confirmed };
}
