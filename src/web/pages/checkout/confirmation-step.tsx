import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatPence } from '../../../domain/money';
import { addressLines, longDate, OrdersSummary } from '../../features/orders/order-summary';
import { orderQueries } from '../../features/orders/orders.queries';
import { customerQueries } from '../../shared/customer.queries';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import type { PaidState } from '../payment/use-finish-payment';

// The checkout's confirmation (reached only from a payment page: spec §2 Guards).

export function PaidOrders({ state }: { state: PaidState | null }) {
  const ids = state?.orderIds ?? [];
  const queryClient = useQueryClient();
  // The payment put the checkout's orders in the cache; they are read from the server only if missing.
  const first = useQuery({ ...orderQueries.detail(ids[0] ?? ''), enabled: ids.length > 0 });
  if (ids.length === 0) return null;
  if (first.isPending) return <Spinner label="Loading your order" />;
  const orders = ids.flatMap((id) => {
    const detail = queryClient.getQueryData(orderQueries.detail(id).queryKey);
    return detail ? [detail.order] : [];
  });
  if (orders.length === 0) return <p role="alert">We were unable to process your request</p>;
  const firstOrder = orders[0]!;
  const total = orders.reduce((sum, o) => sum + o.total, 0);
  return (
    <>
      <p>
        Order {orders.map((o) => `#${o.number}`).join(', ')} · {formatPence(total)}
      </p>
      <p>
        Your {orders.length > 1 ? 'first box' : 'box'} arrives{' '}
        <strong>{longDate(firstOrder.deliveryDate)}</strong> at{' '}
        {addressLines(firstOrder.shippingAddress).slice(1).join(', ')}.
      </p>
      <OrdersSummary orders={orders} headingLevel={2} />
    </>
  );
}

export function ConfirmationStep() {
  usePageMeta('Order confirmed');
  const location = useLocation();
  const state = (location.state as PaidState | null) ?? null;
  const { data: customer } = useQuery(customerQueries.me());
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="checkout-step checkout-step--wide checkout-confirmation">
      <h1 ref={heading} tabIndex={-1}>
        Grazie{customer?.firstName ? `, ${customer.firstName}` : ''}! Your order is confirmed
      </h1>
      <p className="checkout-step__intro">
        We’ve emailed {customer?.email ?? 'you'} a confirmation. You can follow your boxes in your account.
      </p>
      <PaidOrders state={state} />
      <div className="button-row">
        <Link to="/account" className="button button--primary">
          Go to my account
        </Link>
        <Link to="/menu" className="button button--secondary">
          Back to the menu
        </Link>
      </div>
    </div>
  );
}
