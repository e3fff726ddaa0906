import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router';
import { paymentQueries, paymentsApi } from '../../features/payments/payments.queries';
import { takePaypalSetupReturn } from '../../features/payments/paypal';
import { ApiError } from '../../shared/api/client';
import { showToast } from '../../shared/ui/toast';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';

// /paypal-setup-confirmation?setup_intent=seti_…: back from PayPal after agreeing to save the account. It
// is saved (POST /payment_methods) and the customer goes back to where they started.

export function PaypalSetupConfirmationPage() {
  usePageMeta('Saving your PayPal account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setupIntent = params.get('setup_intent') ?? '';
  const cancelled = params.get('redirect_status') === 'failed';
  const [failure, setFailure] = useState<string | null>(() =>
    !setupIntent.startsWith('seti_')
      ? 'This PayPal link is missing its details.'
      : cancelled
        ? 'PayPal wasn’t saved: the request was cancelled.'
        : null,
  );
  const [back] = useState(takePaypalSetupReturn);
  const started = useRef(false);

  useEffect(() => {
    if (failure || started.current) return;
    started.current = true;
    paymentsApi
      .save(setupIntent, 'PaypalAccount')
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: paymentQueries.all });
        showToast('PayPal saved');
        await navigate(back, { replace: true });
      })
      .catch((error: unknown) => setFailure(error instanceof ApiError ? error.message : 'Request failed'));
  }, [failure, setupIntent, queryClient, navigate, back]);

  if (failure) {
    return (
      <div className="page page--narrow checkout-step">
        <h1>PayPal wasn’t saved</h1>
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
        <Link to={back} className="button button--primary">
          Go back
        </Link>
      </div>
    );
  }
  return (
    <div className="page page--narrow checkout-step">
      <h1>Saving your PayPal account…</h1>
      <Spinner label="Saving your PayPal account" />
    </div>
  );
}
