import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from '../../shared/router';
import { Spinner } from '../../shared/ui/spinner';
import { addressLines, longDate, OrdersSummary } from './order-summary';
import { orderQueries } from './orders.queries';

// What every confirmation page shows (the checkout's, a gift's, /payment/success): the orders just paid,
// under a heading that takes focus, and where to go next.

/** What a confirmation page is given (the navigation's state): the checkout's orders, already cached. */
export interface PaidState {
  orderIds: string[];
  checkoutId: string | null;
}

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
  // What paid for them (issue 19): the receipt below says the credit used and what was charged, never a
  // total alone that was not what the card paid.
  const paid = queryClient.getQueryData(orderQueries.detail(ids[0]!).queryKey)?.checkout?.paid ?? null;
  return (
    <>
      <p>Order {orders.map((o) => `#${o.number}`).join(', ')}</p>
      <p>
        Your {orders.length > 1 ? 'first box' : 'box'} arrives{' '}
        <strong>{longDate(firstOrder.deliveryDate)}</strong> at{' '}
        {addressLines(firstOrder.shippingAddress).slice(1).join(', ')}.
      </p>
      <OrdersSummary orders={orders} headingLevel={2} paid={paid} />
    </>
  );
}

/** A confirmation page: the heading (focused on arrival), a line, the orders just paid, and two ways on. */
export function PaidConfirmation({
  className,
  title,
  intro,
  next,
  children,
}: {
  className: string;
  title: string;
  intro?: ReactNode;
  /** Besides "Go to my account". */
  next: { to: string; label: string };
  /** What the page says besides the orders (a plan's terms), before them. */
  children?: ReactNode;
}) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={className}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="checkout-step__intro">{intro}</p> : null}
      {children}
      <PaidOrders state={(location.state as PaidState | null) ?? null} />
      <div className="button-row">
        <Link to="/account" className="button button--primary">
          Go to my account
        </Link>
        <Link to={next.to} className="button button--secondary">
          {next.label}
        </Link>
      </div>
    </div>
  );
}
