import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router';
import { dineInQueries } from '../../features/dine-in/dine-in.queries';
import { ordersApi } from '../../features/orders/orders.queries';
import { forgetPendingPayment, pendingPaymentFor } from '../../features/payments/pending-payment';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { ApiError } from '../../shared/api/client';
import { Spinner } from '../../shared/ui/spinner';
import { StepHeading } from '../../shared/ui/step-heading';
import { usePageMeta } from '../../shared/use-page-meta';

// /paypal-dine-in-setup?order_id=…&payment_intent=… (spec §2): back from PayPal after agreeing to hold a tab's
// limit (decision 28: an authorisation, captured when the tab closes). The hold is confirmed (POST
// /orders/confirm, as the other PayPal return does) and the guest goes to the tab (or back to where it was
// asked for, such as a round waiting for a higher limit); a refusal says why and offers to try again.

export function PaypalDineInSetupPage() {
  usePageMeta('Confirming your PayPal hold');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderId = params.get('order_id') ?? '';
  const intent = params.get('payment_intent') ?? params.get('token');
  const [pending] = useState(() => (orderId ? pendingPaymentFor(orderId) : null));
  const [failure, setFailure] = useState<string | null>(() =>
    orderId ? null : 'This PayPal link is missing its order.',
  );
  const started = useRef(false);

  useEffect(() => {
    if (!orderId || started.current) return;
    started.current = true;
    ordersApi
      .confirm(orderId, intent)
      .then(async () => {
        forgetPendingPayment();
        // Held: the first round went to the kitchen (its basket is gone), or the higher limit is held.
        void queryClient.invalidateQueries({ queryKey: takeawayQueries.basket().queryKey });
        await queryClient.invalidateQueries({ queryKey: dineInQueries.all });
        await navigate(pending?.doneAt ?? '/dine-in-view-tab', { replace: true });
      })
      .catch((error: unknown) =>
        setFailure(
          error instanceof ApiError
            ? error.message
            : 'We couldn’t confirm PayPal just now. Please check your connection and try again.',
        ),
      );
  }, [orderId, intent, pending, queryClient, navigate]);

  if (failure) {
    return (
      <div className="page page--narrow checkout-step">
        <StepHeading>PayPal didn’t hold your tab</StepHeading>
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
        <p>Nothing has been taken. Try again, or hold the tab on a card instead.</p>
        <div className="button-row">
          <Link to={pending?.retryAt ?? '/dine-in-checkout/payment'} className="button button--primary">
            Try again
          </Link>
          <Link to="/dine-in-view-tab" className="button button--secondary">
            See your tab
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="page page--narrow checkout-step">
      <StepHeading>Confirming your PayPal hold…</StepHeading>
      <Spinner label="Confirming your PayPal hold" />
      <p>This takes a few seconds. Please don’t close this page.</p>
    </div>
  );
}
