import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '../shared/router';
import type { Order } from '../../contracts/orders';
import { deadlineLabel, isIsoDate, londonDate } from '../../domain/calendar';
import { formatPence } from '../../domain/money';
import { weekCutoff } from '../../domain/plans';
import { BookingSection } from '../features/events/booking-section';
import { OrderLines } from '../features/orders/order-lines';
import { addressLines, longDate, OrderTotals } from '../features/orders/order-summary';
import { orderQueries, ordersApi } from '../features/orders/orders.queries';
import { PaySection } from '../features/payments/pay-section';
import { PaymentOutcome } from '../features/payments/payment-outcome';
import { paymentQueries } from '../features/payments/payments.queries';
import { usePayOrder } from '../features/payments/use-pay-order';
import { LoadFailed } from '../shared/ui/load-failed';
import { PlanHistory } from '../features/subscriptions/plan-history';
import { asksForBoxFeedback, BoxFeedback } from '../features/ratings/box-feedback';
import { menuQueries } from '../features/menu/menu.queries';
import { isApiError } from '../shared/api/client';
import { Spinner } from '../shared/ui/spinner';
import { usePageMeta } from '../shared/use-page-meta';

// /order/{orderId} (login needed): one order, its state, its lines and where it goes; for a box of the
// pasta plan, when it is charged, what can still change and what was changed about its week (issue 12).
// /schedule/one-off/{orderId}/view shows an order the same way, from the plan's schedule. An event booking
// (issue 22) shows the booking in place of a delivery: its event, guests, dietary answers and changes, a
// change that costs something paid here with the pay section.

function OrderDetail({ orderId, back }: { orderId: string; back: { to: string; label: string } }) {
  const detail = useQuery(orderQueries.detail(orderId));
  const queryClient = useQueryClient();
  usePageMeta(detail.data ? `Order #${detail.data.order.number}` : 'Your order');
  if (detail.isPending) {
    return (
      <div className="page page--narrow">
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="page page--narrow">
        <h1>Your order</h1>
        <p role="alert">
          {isApiError(detail.error, 'ORDER_NOT_FOUND', 'NOT_FOUND')
            ? 'We can’t find that order in your account.'
            : 'We were unable to process your request'}
        </p>
        <Link to="/account" className="button button--primary">
          Go to my account
        </Link>
      </div>
    );
  }
  const { order, checkout } = detail.data;
  if (order.source === 'event_booking') {
    return (
      <div className="page page--narrow order-page">
        <p>
          <Link to={back.to}>← {back.label}</Link>
        </p>
        <h1>Booking #{order.number}</h1>
        <OrderStateBadge order={order} />
        <PaymentOutcome orderId={order.id} enabled={order.payable} onSettled={() => void detail.refetch()}>
          {order.payable && order.failedPayment ? (
            <p>
              <Link to={`/payment/${order.id}`} className="button button--primary">
                Pay now
              </Link>
            </p>
          ) : null}
        </PaymentOutcome>
        <BookingSection
          orderId={order.id}
          // A change read again in the order too: a move dates it again ("Booked for …"), a refund its state.
          onChanged={() => void queryClient.invalidateQueries({ queryKey: orderQueries.all })}
          pay={(payOrderId, onPaid) => (
            <BookingPay payOrderId={payOrderId} bookingOrderId={order.id} onPaid={onPaid} />
          )}
        />
        {/* The first purchase as it was paid (its lines keep their date and price); changes are listed above. */}
        <section className="checkout-card" aria-labelledby="order-items-heading">
          <h2 id="order-items-heading">Receipt when you booked</h2>
          <OrderLines lines={order.lineItems} />
          <OrderTotals order={order} checkout={checkout} />
        </section>
      </div>
    );
  }
  return (
    <div className="page page--narrow order-page">
      <p>
        <Link to={back.to}>← {back.label}</Link>
      </p>
      <h1>Order #{order.number}</h1>
      <OrderStateBadge order={order} />
      {/* How its payment is going or how it ended (issue 19), else the way to pay a failed one. */}
      <PaymentOutcome orderId={order.id} enabled={order.payable} onSettled={() => void detail.refetch()}>
        {order.payable && order.failedPayment ? (
          <p>
            <Link to={`/payment/${order.id}`} className="button button--primary">
              Pay now
            </Link>
          </p>
        ) : null}
      </PaymentOutcome>
      <PlanBoxNote order={order} />
      <section className="checkout-card" aria-labelledby="order-delivery-heading">
        <div className="checkout-card__header">
          <h2 id="order-delivery-heading">Delivery</h2>
          {order.addressEditable || order.dateEditable ? (
            <Link to={`/order/${order.id}/edit`}>
              Change<span className="visually-hidden"> delivery</span>
            </Link>
          ) : null}
        </div>
        <p>
          <strong>{longDate(order.deliveryDate)}</strong>
        </p>
        <address className="checkout-address">
          {addressLines(order.shippingAddress).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        {order.deliveryNote ? <p className="field__hint">Note: {order.deliveryNote}</p> : null}
      </section>
      <section className="checkout-card" aria-labelledby="order-items-heading">
        <div className="checkout-card__header">
          <h2 id="order-items-heading">What’s in the box</h2>
          {order.editable && order.scheduleWeekId ? (
            <Link to={`/order/${order.id}/edit/recipes`}>
              Change<span className="visually-hidden"> the dishes</span>
            </Link>
          ) : null}
        </div>
        <OrderLines lines={order.lineItems} />
        <OrderTotals order={order} checkout={checkout} />
      </section>
      <OrderRefunds order={order} />
      {/* A delivered box (issue 23): rate its dishes and answer the one question (the email links to #rate). */}
      {asksForBoxFeedback(order) ? (
        <BoxFeedback
          order={order}
          onChanged={() => {
            void queryClient.invalidateQueries({ queryKey: orderQueries.all });
            // The menu's stars for these dishes change with them.
            void queryClient.invalidateQueries({ queryKey: menuQueries.all });
          }}
        />
      ) : null}
      {order.subscriptionId && order.mealWeek ? (
        <section className="checkout-card" aria-labelledby="order-history-heading">
          <h2 id="order-history-heading">Changes to this box’s week</h2>
          <PlanHistory
            subscriptionId={order.subscriptionId}
            week={order.mealWeek}
            headingId="order-history-heading"
          />
        </section>
      ) : null}
    </div>
  );
}

/** Refunds the shop gave on the order (issue 25 part 4): to the card (on its way, then refunded) or as credit. */
function OrderRefunds({ order }: { order: Order }) {
  if (!order.refunds?.length) return null;
  return (
    <section className="checkout-card" aria-labelledby="order-refunds-heading">
      <h2 id="order-refunds-heading">Refunds</h2>
      <ul className="order-refunds">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            <strong>{formatPence(refund.toCard + refund.toCredit)}</strong> refunded on{' '}
            {longDate(londonDate(new Date(refund.createdAt)))}
            {refund.toCard > 0 ? (
              <>
                {' '}
                · {formatPence(refund.toCard)} to your card
                {refund.cardState === 'owed' ? ' (on its way)' : ''}
              </>
            ) : null}
            {refund.toCredit > 0 ? <> · {formatPence(refund.toCredit)} as store credit</> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Pays the order a booking's change made (more guests, a dearer date) with the pay section; once paid the
 * booking and the orders are read again. A 3-D Secure check or PayPal comes back to this page.
 */
function BookingPay({
  payOrderId,
  bookingOrderId,
  onPaid,
}: {
  payOrderId: string;
  bookingOrderId: string;
  onPaid: () => void;
}) {
  const queryClient = useQueryClient();
  const detail = useQuery(orderQueries.detail(payOrderId));
  const bookingPage = `/order/${bookingOrderId}`;
  const payment = usePayOrder(
    async (orderId) => {
      await ordersApi.confirm(orderId);
      void queryClient.invalidateQueries({ queryKey: orderQueries.all });
      onPaid();
    },
    undefined,
    () => bookingPage,
  );
  if (detail.isPending) return <Spinner label="Loading what to pay" />;
  if (detail.isError || !detail.data.checkout) {
    return <LoadFailed message="We couldn’t load what to pay." onRetry={() => detail.refetch()} />;
  }
  return (
    <PaySection
      checkout={detail.data.checkout}
      payment={payment}
      onPay={(how, missing) => {
        if (payment.begin(missing)) void payment.pay(payOrderId, how, bookingPage);
      }}
      wording={{ heading: 'Pay for the change' }}
    />
  );
}

/** A box of the plan: when it is charged (while planned), and the way to its week. */
function PlanBoxNote({ order }: { order: Order }) {
  if (order.source !== 'subscription' || !order.scheduleWeekId) return null;
  const week = order.mealWeek && isIsoDate(order.mealWeek) ? order.mealWeek : null;
  return (
    <div className="notice">
      <p>
        {order.state === 'created' && week
          ? `A box of your pasta plan. It is charged ${deadlineLabel(weekCutoff(week))}, when its changes close, unless you skip it.`
          : order.state === 'skipped'
            ? 'A box of your pasta plan: skipped, so nothing is sent or charged.'
            : 'A box of your pasta plan.'}
      </p>
      <Link to={`/schedule/${order.scheduleWeekId}/edit`}>See and change this week</Link>
    </div>
  );
}

export function OrderPage() {
  const { orderId = '' } = useParams();
  return <OrderDetail orderId={orderId} back={{ to: '/account', label: 'Your account' }} />;
}

export function OneOffViewPage() {
  const { orderId = '' } = useParams();
  return (
    <OrderDetail orderId={orderId} back={{ to: '/account/upcoming-orders', label: 'Your pasta plan' }} />
  );
}

/**
 * The order's state; while its payment is still being confirmed (or waits for the bank), that, never
 * "Payment failed" beside "We're confirming your payment" (issue 19).
 */
function OrderStateBadge({
  order,
}: {
  order: { id: string; payable: boolean; failedPayment: boolean; stateLabel: string };
}) {
  const payment = useQuery({ ...paymentQueries.ofOrder(order.id), enabled: order.payable, retry: false });
  const status = payment.data?.status;
  const label =
    status === 'processing'
      ? 'Confirming payment'
      : status === 'requires_action'
        ? 'Waiting for your bank'
        : order.stateLabel;
  const failed = order.failedPayment && label === order.stateLabel;
  return <p className={`order-state ${failed ? 'order-state--failed' : ''}`}>{label}</p>;
}
