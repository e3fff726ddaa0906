import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../shared/use-page-meta';
import { PaidOrders, type PaidState } from '../../features/orders/paid-orders';

// /payment/success: an order paid again from /payment/{orderId} (reached only from a payment page).

export function PaymentSuccessPage() {
  usePageMeta('Payment received');
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="page checkout-page">
      <div className="checkout-step checkout-step--wide checkout-confirmation">
        <h1 ref={heading} tabIndex={-1}>
          Thank you: your payment went through
        </h1>
        <PaidOrders state={(location.state as PaidState | null) ?? null} />
        <div className="button-row">
          <Link to="/account" className="button button--primary">
            Go to my account
          </Link>
          <Link to="/menu" className="button button--secondary">
            Back to the menu
          </Link>
        </div>
      </div>
    </div>
  );
}
