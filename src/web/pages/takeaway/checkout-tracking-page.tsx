import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { TakeawayOrder } from '../../../contracts/takeaway';
import { londonDate, longDayLabel } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { TakeawayLines, TakeawayTotals } from '../../features/takeaway/checkout-order-lines';
import { RiderProgressView } from '../../features/takeaway/checkout-rider';
import { clockTime, ukPhoneText, windowLabel } from '../../features/takeaway/checkout-rules';
import {
  awaitsPayment,
  driverPollInterval,
  followsRider,
  isFinished,
  orderPollInterval,
  trackingSteps,
} from '../../features/takeaway/checkout-tracking';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { customerQueries } from '../../shared/customer.queries';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { CheckIcon } from '../../shared/ui/icons';
import { Spinner } from '../../shared/ui/spinner';
import { StepHeading } from '../../shared/ui/step-heading';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/checkout/checkout.css';
import '../../features/orders/orders.css';
import './checkout.css';

// /takeaway/track/{orderId} (spec §2: the takeaway order's confirmation; issue 13 part 4): where the order
// is (spec §4 labels), the window promised and the current estimate, each step with its time, the rider on
// the way, the restaurant's name and phone, a refund if the kitchen could not take it, credit if it came
// late. Asks again every 10 s until it is delivered or dropped, and where the rider is every 5 s while out.

/** How the order's payment is going (payment code, so loaded only when there is a payment to follow). */
const PaymentOutcome = lazy(async () => ({
  default: (await import('../../features/payments/payment-outcome')).PaymentOutcome,
}));

/** "13:05 – 13:20", with the day when it is not today ("Thursday 19 November, 12:00 – 12:15"). */
function whenText(from: string, to: string, today: string): string {
  const day = londonDate(new Date(from));
  return day === today ? windowLabel(from, to) : `${longDayLabel(day)}, ${windowLabel(from, to)}`;
}

function Headline({ order, today }: { order: TakeawayOrder; today: string }) {
  const delivery = order.fulfillmentType === 'delivery';
  if (order.state === 'delivered') {
    const at = order.deliveredAt ? ` at ${clockTime(order.deliveredAt)}` : '';
    return <p className="tw-track__when">{delivery ? `Delivered${at}. Enjoy!` : `Collected${at}. Enjoy!`}</p>;
  }
  if (order.state === 'dropped' || order.state === 'cancelled' || awaitsPayment(order)) return null;
  if (order.state === 'ready_for_pickup') {
    return (
      <p className="tw-track__when">
        Ready to collect from {order.restaurant.name}, {order.restaurant.address1}.
      </p>
    );
  }
  const changed = order.etaFrom !== order.promisedFrom || order.etaTo !== order.promisedTo;
  return (
    <>
      <p className="tw-track__when">
        {delivery ? 'Arriving' : 'Ready'} <strong>{whenText(order.etaFrom, order.etaTo, today)}</strong>
      </p>
      {changed ? (
        <p className="field__hint">Promised {whenText(order.promisedFrom, order.promisedTo, today)}</p>
      ) : null}
    </>
  );
}

function Steps({ order }: { order: TakeawayOrder }) {
  const steps = trackingSteps(order);
  return (
    <ol className="tw-steps" aria-label="Your order’s progress">
      {steps.map((step) => (
        <li
          key={step.key}
          className={`tw-step ${step.done ? 'tw-step--done' : ''} ${step.current ? 'tw-step--current' : ''}`}
          aria-current={step.current ? 'step' : undefined}
        >
          <span className="tw-step__mark" aria-hidden="true">
            {step.done ? <CheckIcon /> : null}
          </span>
          <span className="tw-step__label">
            {step.label}
            {step.done ? <span className="visually-hidden"> (done)</span> : null}
            {step.current ? <span className="visually-hidden"> (now)</span> : null}
          </span>
          <span className="tw-step__time">{step.at ? clockTime(step.at) : ''}</span>
        </li>
      ))}
    </ol>
  );
}

function Rider({ order }: { order: TakeawayOrder }) {
  const following = followsRider(order);
  const driver = useQuery({
    ...takeawayQueries.driver(order.id),
    enabled: following,
    refetchInterval: (query) => (following ? driverPollInterval(query.state.data) : false),
  });
  if (!following || !driver.data) return null;
  return <RiderProgressView driver={driver.data} restaurant={order.restaurant.name} />;
}

export function TakeawayTrackingPage() {
  usePageMeta('Your takeaway order');
  const { orderId = '' } = useParams();
  const order = useQuery({
    ...takeawayQueries.order(orderId),
    refetchInterval: (query) => orderPollInterval(query.state.data),
  });
  const settings = useQuery(shopQueries.settings());
  const customer = useQuery(customerQueries.me()).data;
  const today = londonDate(settings.data ? shopNow(settings.data) : new Date());

  if (order.isPending) {
    return (
      <div className="page page--narrow tw-track">
        <StepHeading>Your order</StepHeading>
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="page page--narrow tw-track">
        <StepHeading>Your order</StepHeading>
        <p className="notice notice--error" role="alert">
          We were unable to process your request
        </p>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => void order.refetch()}>
            Try again
          </button>
          <Link to="/account" className="button button--primary">
            Go to my account
          </Link>
        </div>
      </div>
    );
  }

  const o = order.data;
  const delivery = o.fulfillmentType === 'delivery';
  const payNotice = (
    <div className="notice notice--warning" role="status">
      <p>
        {o.state === 'created'
          ? 'This order isn’t paid yet, so the kitchen hasn’t started it.'
          : 'Your payment didn’t go through, so the kitchen hasn’t started your order.'}
      </p>
      <Link to={`/payment/${o.id}`} className="button button--primary button--small">
        Pay for your order
      </Link>
    </div>
  );
  const phone = ukPhoneText(o.restaurant.phone);
  return (
    <div className="page tw-track">
      <div className="tw-track__columns">
        <div className="tw-track__main">
          <p className="tw-track__kicker">
            {customer?.firstName ? `Thanks, ${customer.firstName}! ` : ''}Order #{o.number} ·{' '}
            {o.restaurant.name}
            {o.isCateringOrder ? ' · Catering' : ''}
          </p>
          <StepHeading>{o.stateLabel}</StepHeading>
          <div className="tw-track__headline" aria-live="polite">
            <Headline order={o} today={today} />
          </div>

          {o.state === 'dropped' ? (
            <div className="notice notice--warning" role="status">
              <p>
                <strong>{o.restaurant.name} couldn’t take your order</strong>
                {o.rejectedReason ? `: ${o.rejectedReason}` : '.'}
              </p>
              <p>
                {o.refunded
                  ? `We’ve refunded ${formatPence(o.total)}. It can take 3 to 5 working days to show on your statement.`
                  : `We’re refunding ${formatPence(o.total)} to how you paid. You don’t need to do anything.`}
              </p>
            </div>
          ) : null}

          {/* A payment being confirmed with the processor, or how it ended (issue 19), else the way to pay. */}
          {awaitsPayment(o) ? (
            customer ? (
              <Suspense fallback={payNotice}>
                <PaymentOutcome orderId={o.id} enabled onSettled={() => void order.refetch()}>
                  {payNotice}
                </PaymentOutcome>
              </Suspense>
            ) : (
              payNotice
            )
          ) : null}

          {o.lateCredit ? (
            <p className="notice" role="status">
              It came later than we promised, so we’ve added {formatPence(o.lateCredit)} credit to your
              account. It comes off your next order.
            </p>
          ) : null}

          <Rider order={o} />

          {o.state !== 'dropped' && o.state !== 'cancelled' && !awaitsPayment(o) ? (
            <section className="checkout-card" aria-labelledby="tw-steps-heading">
              <h2 id="tw-steps-heading">Progress</h2>
              <Steps order={o} />
              {!isFinished(o) ? <p className="field__hint">This page updates by itself.</p> : null}
            </section>
          ) : null}

          <section className="checkout-card" aria-labelledby="tw-restaurant-heading">
            <h2 id="tw-restaurant-heading">{o.restaurant.name}</h2>
            <p>
              {o.restaurant.address1}, {o.restaurant.city}, {o.restaurant.postcode}
            </p>
            <p>
              Questions about your order?{' '}
              <a href={`tel:${o.restaurant.phone}`} className="tw-track__phone">
                Call {phone}
              </a>
            </p>
          </section>
        </div>

        <aside className="tw-track__aside" aria-labelledby="tw-summary-heading">
          <section className="checkout-card">
            <h2 id="tw-summary-heading">Your order</h2>
            <TakeawayLines lines={o.lineItems} label={`Order #${o.number}`} />
            <TakeawayTotals
              subtotal={o.subtotal}
              deliveryFee={o.shippingPrice}
              total={o.total}
              delivery={delivery}
            />
            {delivery && o.deliveryAddress ? (
              <p className="tw-track__address">
                To{' '}
                {[o.deliveryAddress.address1, o.deliveryAddress.city, o.deliveryAddress.zip]
                  .filter(Boolean)
                  .join(', ')}
              </p>
            ) : null}
            {o.deliveryNote ? <p className="field__hint">Note: {o.deliveryNote}</p> : null}
            {o.customerAllergens.length > 0 ? (
              <p className="field__hint">
                Your allergens, shown to the kitchen: {o.customerAllergens.map((a) => a.name).join(', ')}
              </p>
            ) : null}
          </section>
          <Link
            to={o.isCateringOrder ? '/catering-menu' : '/pasta-now'}
            className="button button--secondary button--block"
          >
            Order something else
          </Link>
        </aside>
      </div>
    </div>
  );
}
