import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { redirect } from '../../shared/router';
import { Link, useNavigate, useParams, useSearchParams } from '../../shared/router';
import { afterTokenSignIn } from '../../app/guards';
import { useFinishPayment } from '../../app/use-finish-payment';
import { dinerOf, useDiner } from '../../features/dine-in/diner';
import { OrdersSummary } from '../../features/orders/order-summary';
import { orderQueries, ordersApi } from '../../features/orders/orders.queries';
import { PaySection } from '../../features/payments/pay-section';
import { pendingPaymentFor } from '../../features/payments/pending-payment';
import { declineOf, type PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { ApiError } from '../../shared/api/client';
import { Spinner } from '../../shared/ui/spinner';
import { StepHeading } from '../../shared/ui/step-heading';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';

// /payment/{orderId}: pay an order again (after a failed payment), and where a 3-D Secure check comes back
// to (?payment_intent=pi_…): that return is confirmed here (POST /orders/confirm) and goes on to the
// confirmation of the flow that started it; a failed check stays here to pay another way. A guest at a
// table (decision 28) comes back here too: a tab's hold, or a part of its bill, goes on to the tab (never a
// confirmation page), and a refused check goes back to the dine-in screen that asked for it.

/** Signed in, or a guest at a table; anyone else signs in first and comes back. */
export const payAgainLoader = (queryClient: QueryClient) =>
  afterTokenSignIn(queryClient, async ({ request }) => {
    if (await dinerOf(queryClient)) return null;
    const url = new URL(request.url);
    return redirect(`/social-login?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  });

const TABLE_SOURCES = ['dine_in_tab', 'dine_in_share'];

export function PayAgainPage() {
  usePageMeta('Pay for your order');
  const { orderId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { confirmed, finish } = useFinishPayment();
  // A guest has no account's orders to read: only the return is theirs here.
  const who = useDiner();
  const signedIn = who.diner?.kind === 'customer';
  const detail = useQuery({ ...orderQueries.detail(orderId), enabled: signedIn });
  // The checkout's other weeks are paid with it.
  const upcoming = useQuery({ ...orderQueries.list('upcoming'), enabled: signedIn });
  // A payment still being confirmed is followed on the order's page (a takeaway's: its tracking page).
  const payment = usePayOrder(confirmed, undefined, (id) =>
    detail.data?.order.source === 'takeaway' || detail.data?.order.source === 'catering'
      ? `/takeaway/track/${id}`
      : `/order/${id}`,
  );
  const { setDecline } = payment;
  const [returning, setReturning] = useState(() => params.has('payment_intent'));
  const started = useRef(false);
  const pending = pendingPaymentFor(orderId);
  const doneAt = pending?.doneAt ?? '/payment/success';
  // A dine-in screen paid this (its own place to try again): a refused check goes back there.
  const retryElsewhere = pending && pending.retryAt !== `/payment/${orderId}` ? pending.retryAt : null;

  // Back from a 3-D Secure check: confirm it once. A tab's hold or a part of its bill goes on to the tab.
  useEffect(() => {
    const intent = params.get('payment_intent');
    if (!intent || started.current) return;
    started.current = true;
    const confirm = async () => {
      const list = await ordersApi.confirm(orderId, intent);
      const table = TABLE_SOURCES.includes(list.orders[0]?.source ?? '');
      await finish(list, pending?.doneAt ?? (table ? '/dine-in-view-tab' : doneAt));
    };
    confirm().catch((error: unknown) => {
      const declined = declineOf(error);
      if (retryElsewhere) {
        showToast(
          `${declined?.message ?? (error instanceof ApiError ? error.message : 'The card check didn’t go through.')} Please try again.`,
          'error',
          8000,
        );
        void navigate(retryElsewhere, { replace: true });
        return;
      }
      setDecline(
        declined ?? {
          message: error instanceof ApiError ? error.message : 'Something went wrong',
          declineCode: null,
          hardDecline: false,
        },
      );
      setReturning(false);
      if (signedIn) void detail.refetch();
      setParams({}, { replace: true });
    });
  }, [
    params,
    orderId,
    finish,
    doneAt,
    pending,
    retryElsewhere,
    navigate,
    signedIn,
    detail,
    setParams,
    setDecline,
  ]);

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (payment.begin(missingMethod)) await payment.pay(orderId, how, doneAt);
  };

  if (returning) {
    return (
      <div className="page page--narrow checkout-step">
        <StepHeading>Confirming your payment…</StepHeading>
        <Spinner label="Confirming your payment" />
        <p>This takes a few seconds. Please don’t close this page.</p>
      </div>
    );
  }
  if (!signedIn && !who.pending) {
    // A guest at a table: their order is paid from their table's screens.
    return (
      <div className="page page--narrow checkout-step">
        <StepHeading>Pay for your order</StepHeading>
        <p className="notice" role="status">
          Your order at the table is paid from its own page. Go back to your tab, or to your table’s menu to
          order and pay again.
        </p>
        <div className="button-row">
          <Link to="/dine-in-view-tab" className="button button--primary">
            See your tab
          </Link>
          <Link to="/dine-in" className="button button--secondary">
            Back to the menu
          </Link>
        </div>
      </div>
    );
  }
  if (who.pending || detail.isPending) {
    return (
      <div className="page page--narrow checkout-step">
        <StepHeading>Pay for your order</StepHeading>
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="page page--narrow checkout-step">
        <StepHeading>Pay for your order</StepHeading>
        <p role="alert">We were unable to process your request</p>
        <Link to="/account" className="button button--primary">
          Go to my account
        </Link>
      </div>
    );
  }
  const { order, checkout } = detail.data;
  const paid = checkout?.state === 'paid' || !order.payable;
  return (
    <div className="page checkout-page">
      <div className="checkout-step checkout-step--wide">
        <StepHeading>{paid ? `Order #${order.number}` : `Pay for order #${order.number}`}</StepHeading>
        {paid ? (
          <>
            <p className="notice">
              {checkout?.state === 'cancelled'
                ? 'This order was cancelled because it wasn’t paid in time. Please order again.'
                : `This order needs no payment. ${order.stateLabel}.`}
            </p>
            <Link to={`/order/${order.id}`} className="button button--primary">
              See the order
            </Link>
          </>
        ) : (
          <div className="checkout-columns">
            <div className="checkout-columns__main">
              {order.failedPayment ? (
                <p className="notice notice--warning">The last payment for this order didn’t go through.</p>
              ) : null}
              {checkout ? (
                <PaySection
                  checkout={checkout}
                  payment={payment}
                  onPay={(how, missing) => void onPay(how, missing)}
                />
              ) : (
                <p role="alert">We were unable to process your request</p>
              )}
            </div>
            <aside className="checkout-columns__aside" aria-labelledby="pay-summary-heading">
              <h2 id="pay-summary-heading">Your order</h2>
              <OrdersSummary
                orders={
                  upcoming.data?.orders.filter((o) => o.checkoutId === order.checkoutId).length
                    ? upcoming.data.orders.filter((o) => o.checkoutId === order.checkoutId)
                    : [order]
                }
              />
            </aside>
          </div>
        )}
      </div>
    </div>
  );
}
