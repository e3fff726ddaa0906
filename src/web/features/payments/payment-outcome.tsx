import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../shared/router';
import type { Payment } from '../../../contracts/payments';
import { paymentQueries } from './payments.queries';
import './payments.css';

// How paying an order is going, on the order's page and a takeaway's tracking page (issue 19 items 25 and
// 26): a payment our processor has not answered yet says so (we are confirming it; never charged twice) and
// the page asks again every few seconds (each look settles it once the processor answers); then how it
// ended: it went through, or it did not and nothing was charged, with the way to pay. Anything else is the
// page's own (`children`).

const LOOK_AGAIN_MS = 3_000;

const waiting = (payment: Payment | undefined) =>
  payment?.status === 'processing' || payment?.status === 'requires_action';

export function PaymentOutcome({
  orderId,
  enabled,
  onSettled,
  children = null,
}: {
  orderId: string;
  /** Whether the order could still be waiting for its payment (it is payable). */
  enabled: boolean;
  /** The payment ended while this page watched it: the page reads its order again. */
  onSettled?: () => void;
  children?: ReactNode;
}) {
  const payment = useQuery({
    ...paymentQueries.ofOrder(orderId),
    enabled,
    retry: false,
    refetchInterval: (query) => (waiting(query.state.data) ? LOOK_AGAIN_MS : false),
  });
  const [watched, setWatched] = useState(false);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  const current = payment.data;
  const status = current?.status;
  // Seen waiting on this page (a render-time update: React's "information from previous renders").
  if (!watched && waiting(current)) setWatched(true);
  const ended = watched && (status === 'succeeded' || status === 'failed');
  useEffect(() => {
    if (ended) settled.current?.();
  }, [ended]);

  if (!current) return <>{children}</>;
  if (current.status === 'processing') {
    return (
      <div className="notice payment-outcome" role="status">
        <p>
          <strong>We’re confirming your payment with our payment provider.</strong>
        </p>
        <p>
          You won’t be charged twice. This page updates by itself, and we’ll email you if it doesn’t go
          through.
        </p>
      </div>
    );
  }
  if (current.status === 'requires_action' && current.nextActionUrl) {
    return (
      <div className="notice notice--warning payment-outcome" role="status">
        <p>
          <strong>Your bank asks you to confirm this payment.</strong>
        </p>
        <a href={current.nextActionUrl} className="button button--primary button--small">
          Confirm the payment
        </a>
      </div>
    );
  }
  if (current.status === 'failed' && enabled) {
    return (
      <div className="notice notice--warning payment-outcome" role="status">
        <p>
          <strong>Your payment didn’t go through, and you haven’t been charged.</strong>
        </p>
        {/* Our own words for a decline; an attempt replaced or given up says nothing more. */}
        {current.declineCode && current.message ? <p>{current.message}</p> : null}
        <Link to={`/payment/${orderId}`} className="button button--primary button--small">
          Pay for your order
        </Link>
      </div>
    );
  }
  if (current.status === 'succeeded' && watched) {
    return (
      <p className="notice payment-outcome" role="status">
        Your payment went through. Thank you!
      </p>
    );
  }
  return <>{children}</>;
}
