import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import { useFinishPayment } from '../../app/use-finish-payment';
import { pendingPaymentFor } from '../../features/payments/pending-payment';
import { ApiError } from '../../shared/api/client';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';

// /paypal-confirmation?order_id=…&payment_intent=…: back from PayPal's approval page. The payment is
// confirmed (POST /orders/confirm); a cancelled or declined approval says why and offers to pay again.

export function PaypalConfirmationPage() {
  usePageMeta('Confirming your PayPal payment');
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const intent = params.get('payment_intent') ?? params.get('token');
  const { confirmed } = useFinishPayment();
  const [failure, setFailure] = useState<string | null>(() =>
    orderId ? null : 'This PayPal link is missing its order.',
  );
  const started = useRef(false);

  useEffect(() => {
    if (!orderId || started.current) return;
    started.current = true;
    const pending = pendingPaymentFor(orderId);
    confirmed(orderId, pending?.doneAt ?? '/payment/success', intent).catch((error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong'),
    );
  }, [orderId, intent, confirmed]);

  if (failure) {
    return (
      <div className="page page--narrow checkout-step">
        <h1>Your PayPal payment didn’t go through</h1>
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
        <div className="button-row">
          {orderId ? (
            <Link to={`/payment/${orderId}`} className="button button--primary">
              Pay another way
            </Link>
          ) : null}
          <Link to="/account" className="button button--secondary">
            Go to my account
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="page page--narrow checkout-step">
      <h1>Confirming your PayPal payment…</h1>
      <Spinner label="Confirming your PayPal payment" />
      <p>This takes a few seconds. Please don’t close this page.</p>
    </div>
  );
}
