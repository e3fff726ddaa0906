import { PaymentMethodsSection } from '../../features/payments/payment-methods-section';
import { usePageMeta } from '../../shared/use-page-meta';

export function PaymentMethodsPage() {
  usePageMeta('Payment methods');
  return (
    <div className="account-stack">
      <PaymentMethodsSection />
    </div>
  );
}
