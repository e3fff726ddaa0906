import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { forgetGiftDraft } from '../../features/gifts/gift-draft';
import { customerQueries } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';
import { PaidOrders, type PaidState } from '../../features/orders/paid-orders';
import '../../features/checkout/checkout.css';
import './gifts.css';

// After a gift box is paid (reached only from a payment page: spec §2 Guards).

export function GiftConfirmationPage() {
  usePageMeta('Your gift is on its way');
  const location = useLocation();
  const state = (location.state as PaidState | null) ?? null;
  const { data: customer } = useQuery(customerQueries.me());
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    // Also after a 3-D Secure check or PayPal, which come back here through /payment/{orderId}.
    forgetGiftDraft();
  }, []);
  return (
    <div className="gifts-page checkout-confirmation">
      <h1 ref={heading} tabIndex={-1}>
        Grazie{customer?.firstName ? `, ${customer.firstName}` : ''}! Your gift is booked
      </h1>
      <p className="checkout-step__intro">
        We’ve emailed {customer?.email ?? 'you'} a confirmation. We pack it fresh and deliver it with your
        card; if you gave us their email, we’ve told them it’s on its way (never the price).
      </p>
      <PaidOrders state={state} />
      <div className="button-row">
        <Link to="/account" className="button button--primary">
          Go to my account
        </Link>
        <Link to="/gift-boxes" className="button button--secondary">
          Send another gift
        </Link>
      </div>
    </div>
  );
}
