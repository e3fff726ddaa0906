import { PaidConfirmation } from '../../features/orders/paid-orders';
import { usePageMeta } from '../../shared/use-page-meta';

// /payment/success: an order paid again from /payment/{orderId} (reached only from a payment page).

export function PaymentSuccessPage() {
  usePageMeta('Payment received');
  return (
    <div className="page checkout-page">
      <PaidConfirmation
        className="checkout-step checkout-step--wide checkout-confirmation"
        title="Thank you: your payment went through"
        next={{ to: '/menu', label: 'Back to the menu' }}
      />
    </div>
  );
}
