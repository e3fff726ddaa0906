import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { PaidOrders, type PaidState } from '../../features/orders/paid-orders';
import { customerQueries } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';

// The checkout's confirmation (reached only from a payment page: spec §2 Guards).

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
