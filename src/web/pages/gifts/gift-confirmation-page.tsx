import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetGiftDraft } from '../../features/gifts/gift-draft';
import { PaidConfirmation } from '../../features/orders/paid-orders';
import { customerQueries } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/checkout/checkout.css';
import './gifts.css';

// After a gift box is paid (reached only from a payment page: spec §2 Guards).

export function GiftConfirmationPage() {
  usePageMeta('Your gift is on its way');
  const { data: customer } = useQuery(customerQueries.me());
  // Also after a 3-D Secure check or PayPal, which come back here through /payment/{orderId}.
  useEffect(() => forgetGiftDraft(), []);
  return (
    <PaidConfirmation
      className="gifts-page checkout-confirmation"
      title={`Grazie${customer?.firstName ? `, ${customer.firstName}` : ''}! Your gift is booked`}
      intro={`We’ve emailed ${customer?.email ?? 'you'} a confirmation. We pack it fresh and deliver it with your card; if you gave us their email, we’ve told them it’s on its way (never the price).`}
      next={{ to: '/gift-boxes', label: 'Send another gift' }}
    />
  );
}
