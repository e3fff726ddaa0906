import { useQuery } from '@tanstack/react-query';
import { PaidConfirmation } from '../../features/orders/paid-orders';
import { customerQueries } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';

// The checkout's confirmation (reached only from a payment page: spec §2 Guards).

export function ConfirmationStep() {
  usePageMeta('Order confirmed');
  const { data: customer } = useQuery(customerQueries.me());
  return (
    <PaidConfirmation
      className="checkout-step checkout-step--wide checkout-confirmation"
      title={`Grazie${customer?.firstName ? `, ${customer.firstName}` : ''}! Your order is confirmed`}
      intro={`We’ve emailed ${customer?.email ?? 'you'} a confirmation. You can follow your boxes in your account.`}
      next={{ to: '/menu', label: 'Back to the menu' }}
    />
  );
}
