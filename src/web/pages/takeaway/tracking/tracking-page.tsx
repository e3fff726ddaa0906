import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from '../../../shared/router';
import type { TakeawayOrder } from '../../../../contracts/takeaway';
import { londonDate, longDayLabel } from '../../../../domain/calendar';
import { formatPence } from '../../../../domain/money';
import { receipt, takeawayMoney } from '../../../../domain/receipt';
import { searchPathOf } from '../../../features/takeaway/tracking/elsewhere';
import { TakeawayLines } from '../../../features/takeaway/checkout/order-lines';
import { RateYourOrder } from '../../../features/ratings/rate-links';
import { RiderProgressView } from '../../../features/takeaway/tracking/rider';
import { clockTime, ukPhoneText, windowLabel } from '../../../features/takeaway/checkout/rules';
import {
  driverPollInterval,
  followsRider,
  isAwaitingKitchen,
  isFinished,
  isTrackingKey,
  milesText,
  orderPollInterval,
  trackingHeading,
  trackingSteps,
  type TrackedOrder,
} from '../../../features/takeaway/tracking/tracking';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { customerQueries } from '../../../shared/customer.queries';
import { shopNow, shopQueries } from '../../../shared/shop.queries';
import { CheckIcon } from '../../../shared/ui/icons';
import { ReceiptTotals } from '../../../shared/ui/receipt-totals';
import { Spinner } from '../../../shared/ui/spinner';
import { StepHeading } from '../../../shared/ui/step-heading';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import '../../../features/checkout/checkout.css';
import '../../../features/orders/orders.css';
import { TrackingPayNotice } from './tracking-payment';
import '../checkout/checkout.css';

// /takeaway/track/{key} (spec §2: public, the takeaway order's confirmation; issue 13 part 4, issue 19): where
// the order is (spec §4 labels; "Waiting for the restaurant" until the kitchen accepts, and by when it must),
// the window promised and the current estimate, each step with its time, the rider on the way, the
// restaurant's name and phone, why it was turned down with the refund and another restaurant to order from,
// credit if it came late. Anyone with the link sees it signed out, with nothing personal beyond a first name;
// its own customer, signed in, sees their prices, address and allergens too. The old address by the order's
// id (signed in) moves to the link's. Asks again every 10 s until it ends, the rider every 5 s while out.

/** "13:05 – 13:20", with the day when it is not today ("Thursday 19 November, 12:00 – 12:15"). */
function whenText(from: string, to: string, today: string): string {
  const day = londonDate(new Date(from));
  return day === today ? windowLabel(from, to) : `${longDayLabel(day)}, ${windowLabel(from, to)}`;
}

/** Its receipt, as every receipt shows one (issue 19): food, delivery, total, credit used and the charge. */
function takeawayReceipt(order: TakeawayOrder) {
  const money = takeawayMoney({ ...order, discount: 0, delivered: order.fulfillmentType === 'delivery' });
  return receipt([money], order.paid ?? null).orders[0]!;
}

/** "12:35", or "11:35 on Thursday 19 November". */
function atText(at: string, today: string): string {
  const day = londonDate(new Date(at));
  return day === today ? clockTime(at) : `${clockTime(at)} on ${longDayLabel(day)}`;
}

function Headline({ order, today }: { order: TrackedOrder; today: string }) {
  const delivery = order.fulfillmentType === 'delivery';
  if (order.state === 'delivered') {
    const at = order.deliveredAt ? ` at ${clockTime(order.deliveredAt)}` : '';
    return <p className="tw-track__when">{delivery ? `Delivered${at}. Enjoy!` : `Collected${at}. Enjoy!`}</p>;
  }
  if (['dropped', 'cancelled', 'created', 'payment_pending', 'not_authorized'].includes(order.state))
    return null;
  if (order.state === 'ready_for_pickup') {
    return (
      <p className="tw-track__when">
        Ready to collect from {order.restaurant.name}, {order.restaurant.address1}.
      </p>
    );
  }
  const when = whenText(order.etaFrom, order.etaTo, today);
  if (isAwaitingKitchen(order)) {
    return (
      <>
        <p className="tw-track__when">
          {order.restaurant.name} has your order and should accept it
          {order.acceptBy ? ` by ${atText(order.acceptBy, today)}` : ' shortly'}.
        </p>
        <p>
          If they don’t, we’ll cancel it and refund you in full. Once accepted, it’s{' '}
          {delivery ? 'due' : 'ready'} <strong>{when}</strong>.
        </p>
      </>
    );
  }
  const changed = order.etaFrom !== order.promisedFrom || order.etaTo !== order.promisedTo;
  return (
    <>
      <p className="tw-track__when">
        {delivery ? 'Arriving' : 'Ready'} <strong>{when}</strong>
      </p>
      {changed ? (
        <p className="field__hint">Promised {whenText(order.promisedFrom, order.promisedTo, today)}</p>
      ) : null}
    </>
  );
}

function Steps({ order }: { order: TrackedOrder }) {
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

/** Turned down: why, the money, and the nearest other restaurant (or the search). */
function Dropped({
  order,
  token,
  owner,
}: {
  order: TrackedOrder;
  token: string;
  owner: TakeawayOrder | null;
}) {
  const name = order.restaurant.name;
  const money = owner ? formatPence(owner.total) : 'your payment';
  const elsewhere = order.elsewhere;
  return (
    <div className="notice notice--warning" role="status">
      {order.rejectedBy === 'timeout' ? (
        <p>
          <strong>{name} didn’t accept your order in time</strong>, so we cancelled it rather than keep you
          waiting.
        </p>
      ) : (
        <p>
          <strong>{name} couldn’t take your order</strong>
          {order.rejectedReason ? `: ${order.rejectedReason}` : '.'}
        </p>
      )}
      <p>
        {order.refunded
          ? `We’ve refunded ${money} in full. It can take 3 to 5 working days to show on your statement.`
          : `We’re refunding ${money} in full to how you paid. You don’t need to do anything.`}
      </p>
      {elsewhere ? (
        <>
          <p>
            {elsewhere.name} is open today,{' '}
            {order.fulfillmentType === 'delivery'
              ? `${milesText(elsewhere.distanceMiles)} away`
              : `${milesText(elsewhere.distanceMiles)} from ${name}`}
            . Your dishes can go there instead.
          </p>
          <Link to={`/takeaway/track/${token}/elsewhere`} className="button button--primary button--small">
            Order from {elsewhere.name}
          </Link>
        </>
      ) : (
        <p className="notice__actions">
          <Link to={searchPathOf(order.isCateringOrder)}>Find another restaurant</Link>
        </p>
      )}
    </div>
  );
}

function Rider({ order, token }: { order: TrackedOrder; token: string }) {
  const following = followsRider(order);
  const driver = useQuery({
    ...takeawayQueries.trackedDriver(token),
    enabled: following,
    refetchInterval: (query) => (following ? driverPollInterval(query.state.data) : false),
  });
  if (!following || !driver.data) return null;
  return <RiderProgressView driver={driver.data} restaurant={order.restaurant.name} />;
}

/** The link to pass on: anyone with it can follow the order (it shows only the first name). */
function Share({ token }: { token: string }) {
  const url = `${window.location.origin}/takeaway/track/${token}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast('Link copied');
    } catch {
      showToast(`The link is ${url}`);
    }
  };
  return (
    <section className="checkout-card" aria-labelledby="tw-share-heading">
      <h2 id="tw-share-heading">Share this page</h2>
      <p>Anyone with this link can follow your order. It shows only your first name.</p>
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
        Copy the link
      </button>
    </section>
  );
}

function Failed({ onRetry, signedIn, here }: { onRetry: () => void; signedIn: boolean; here: string }) {
  return (
    <div className="page page--narrow tw-track">
      <StepHeading>Your order</StepHeading>
      <p className="notice notice--error" role="alert">
        We couldn’t find that order. Please check the link{signedIn ? '' : ', or sign in if it is yours'}.
      </p>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
        {signedIn ? (
          <Link to="/account" className="button button--primary">
            Go to my account
          </Link>
        ) : (
          <Link to={`/social-login?returnTo=${encodeURIComponent(here)}`} className="button button--primary">
            Sign in
          </Link>
        )}
      </div>
    </div>
  );
}

export function TakeawayTrackingPage() {
  usePageMeta('Your takeaway order');
  const navigate = useNavigate();
  const { orderId: ref = '' } = useParams();
  const byKey = isTrackingKey(ref);
  const customer = useQuery(customerQueries.me()).data;
  const settings = useQuery(shopQueries.settings());
  const today = londonDate(settings.data ? shopNow(settings.data) : new Date());

  const tracked = useQuery({
    ...takeawayQueries.tracking(ref),
    enabled: byKey,
    // Its own customer's order is followed through their own call instead.
    refetchInterval: (query) =>
      query.state.data?.orderId ? false : orderPollInterval(query.state.data?.tracking),
  });
  const ownId = byKey ? (tracked.data?.orderId ?? null) : ref;
  const own = useQuery({
    ...takeawayQueries.order(ownId ?? ''),
    enabled: ownId !== null,
    refetchInterval: (query) => orderPollInterval(query.state.data),
  });
  // The signed-in address by the order's id moves to the link's, which is the one to share.
  const token = byKey ? ref : (own.data?.trackingToken ?? null);
  useEffect(() => {
    if (!byKey && token) void navigate(`/takeaway/track/${token}`, { replace: true });
  }, [byKey, token, navigate]);

  const owner = own.data ?? null;
  const order: TrackedOrder | null = owner ?? tracked.data?.tracking ?? null;
  const loading = byKey ? tracked.isPending || (ownId !== null && own.isPending) : own.isPending;
  if (loading) {
    return (
      <div className="page page--narrow tw-track">
        <StepHeading>Your order</StepHeading>
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (!order || !token) {
    return (
      <Failed
        signedIn={Boolean(customer)}
        here={`/takeaway/track/${ref}`}
        onRetry={() => void (byKey ? tracked.refetch() : own.refetch())}
      />
    );
  }

  const delivery = order.fulfillmentType === 'delivery';
  const phone = ukPhoneText(order.restaurant.phone);
  const ended = order.state === 'dropped' || order.state === 'cancelled';
  const unpaid = ['created', 'payment_pending', 'not_authorized'].includes(order.state);
  // A guest at a table has no account: their first name is the order's.
  const firstName = owner
    ? (customer?.firstName ?? tracked.data?.tracking.firstName ?? null)
    : (tracked.data?.tracking.firstName ?? null);
  const table = owner?.fulfillmentType === 'eat_in' && owner.tableNumber ? owner.tableNumber : null;
  const kicker = owner
    ? `${firstName && !ended && !unpaid ? `Thanks, ${firstName}! ` : ''}Order #${order.number}`
    : `${firstName ? `${firstName}’s order` : 'Order'} #${order.number}`;
  return (
    <div className="page tw-track">
      <div className="tw-track__columns">
        <div className="tw-track__main">
          <p className="tw-track__kicker">
            {kicker} · {order.restaurant.name}
            {table ? ` · Table ${table}` : ''}
            {order.isCateringOrder ? ' · Catering' : ''}
          </p>
          <StepHeading>{trackingHeading(order)}</StepHeading>
          <div className="tw-track__headline" aria-live="polite">
            <Headline order={order} today={today} />
          </div>

          {order.state === 'dropped' ? <Dropped order={order} token={token} owner={owner} /> : null}

          {/* A payment being confirmed with the processor, or how it ended (issue 19), else the way to pay. */}
          {unpaid ? (
            <TrackingPayNotice state={order.state} owner={owner} onSettled={() => void own.refetch()} />
          ) : null}

          {owner?.lateCredit ? (
            <p className="notice" role="status">
              It came later than we promised, so we’ve added {formatPence(owner.lateCredit)} credit to your
              account. It comes off your next order.
            </p>
          ) : null}

          <Rider order={order} token={token} />

          {/* Delivered or collected (issue 23): its customer rates it from here, the stars chosen on the way. */}
          {owner && ownId && order.state === 'delivered' ? <RateYourOrder orderId={ownId} /> : null}

          {!ended && !unpaid ? (
            <section className="checkout-card" aria-labelledby="tw-steps-heading">
              <h2 id="tw-steps-heading">Progress</h2>
              <Steps order={order} />
              {!isFinished(order) ? <p className="field__hint">This page updates by itself.</p> : null}
            </section>
          ) : null}

          {owner && !ended && !isFinished(order) ? <Share token={token} /> : null}

          <section className="checkout-card" aria-labelledby="tw-restaurant-heading">
            <h2 id="tw-restaurant-heading">{order.restaurant.name}</h2>
            <p>
              {order.restaurant.address1}, {order.restaurant.city}, {order.restaurant.postcode}
            </p>
            <p>
              Questions about the order?{' '}
              <a href={`tel:${order.restaurant.phone}`} className="tw-track__phone">
                Call {phone}
              </a>
            </p>
          </section>
        </div>

        <aside className="tw-track__aside" aria-labelledby="tw-summary-heading">
          <section className="checkout-card">
            <h2 id="tw-summary-heading">{owner ? 'Your order' : 'The order'}</h2>
            <TakeawayLines lines={owner?.lineItems ?? order.lineItems} label={`Order #${order.number}`} />
            {owner ? (
              <>
                <ReceiptTotals rows={takeawayReceipt(owner)} />
                {delivery && owner.deliveryAddress ? (
                  <p className="tw-track__address">
                    To{' '}
                    {[owner.deliveryAddress.address1, owner.deliveryAddress.city, owner.deliveryAddress.zip]
                      .filter(Boolean)
                      .join(', ')}
                  </p>
                ) : null}
                {owner.deliveryNote ? <p className="field__hint">Note: {owner.deliveryNote}</p> : null}
                {owner.customerAllergens.length > 0 ? (
                  <p className="field__hint">
                    Your allergens, shown to the kitchen:{' '}
                    {owner.customerAllergens.map((a) => a.name).join(', ')}
                  </p>
                ) : null}
              </>
            ) : null}
          </section>
          {owner && !ended ? (
            <Link
              to={
                order.fulfillmentType === 'eat_in'
                  ? `/dine-in?${new URLSearchParams({ restaurant: order.restaurant.id, ...(table ? { table } : {}) }).toString()}`
                  : order.isCateringOrder
                    ? '/catering-menu'
                    : '/pasta-now'
              }
              className="button button--secondary button--block"
            >
              Order something else
            </Link>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
