import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FirstScreenLoader } from '../../app/first-screen';
import { Link, useLocation, useNavigate, useSearchParams } from '../../shared/router';
import { londonClock, londonDate, shortDayLabel } from '../../../domain/calendar';
import { isStars, RATING_EDIT_HOURS, starWords } from '../../../domain/ratings';
import { OrderRatingForm } from '../../features/ratings/order-rating-form';
import { ratingQueries, type RatingOrder } from '../../features/ratings/ratings.queries';
import { StarsShown } from '../../features/ratings/star-input';
import { customerQueries } from '../../shared/customer.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { useHydrated } from '../../shared/use-hydrated';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/ratings/ratings.css';

// /rate-my-takeaway?order=…&key=…&rating=n (spec §2; issue 23 part 1): the after-order email's stars and the
// tracking page's land here with the stars chosen. It works signed out with the email link's key, or for the
// order's customer signed in. It shows the order (number, restaurant, what was in it); a rating once given is
// shown, and changed while it may be (7 days). Sent, it goes on to /rate-my-takeaway/confirmation. The server
// renders it with the order when the link has its key (issue 24: the order is the page's first screen, and
// read in the browser it painted a round trip after the page went live), as anyone holding the link sees
// it: such a page is never kept (decision 39). Without a key (its customer signed in) the order loads in the
// browser.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stars a link chose ("4"), or null. */
export function starsFrom(value: string | null): number | null {
  const stars = value === null ? NaN : Number(value);
  return isStars(stars) ? stars : null;
}

/** The order a link names, when it names one (its key with it), or null. */
function orderOf(params: URLSearchParams): { orderId: string; key: string | null } | null {
  const orderId = params.get('order');
  return orderId !== null && UUID.test(orderId) ? { orderId, key: params.get('key') } : null;
}

/** Whether the server renders the page with its order: the link names one, with its key. */
const renderedWithOrder = (params: URLSearchParams) => orderOf(params)?.key != null;

/**
 * The page's loader. On the server, the order of a link with its key (the email's: the server's own call has
 * no cookie, so a link without one is left to the browser). In the browser the order's read starts at once,
 * and on a first load without the key before the page hydrates (issue 24: its observer started it only once
 * the page was live, a round trip after).
 */
export function rateMyTakeawayLoader(queryClient: QueryClient): FirstScreenLoader {
  const read = (url: URL) => {
    const link = orderOf(url.searchParams);
    return link ? queryClient.prefetchQuery(ratingQueries.order(link.orderId, link.key)) : undefined;
  };
  const loader: FirstScreenLoader = async ({ request }) => {
    const url = new URL(request.url);
    if (!import.meta.env.SSR) void read(url);
    else if (renderedWithOrder(url.searchParams)) await read(url);
    return null;
  };
  // A first load of a link with its key has the order in the page, or the server's read failed: then the page
  // reads it once live (read before it hydrated, it could show what the server's HTML did not).
  loader.firstLoad = (url) => {
    if (!renderedWithOrder(url.searchParams)) void read(url);
  };
  return loader;
}

/** The page's own address, keeping the order and its key (and the stars, when given). */
export function ratePagePath(orderId: string | null, key: string | null, stars?: number) {
  const params = new URLSearchParams({
    ...(orderId ? { order: orderId } : {}),
    ...(key ? { key } : {}),
    ...(stars ? { rating: String(stars) } : {}),
  });
  const query = params.toString();
  return `/rate-my-takeaway${query ? `?${query}` : ''}`;
}

export const confirmationPath = (orderId: string, key: string | null, stars: number) =>
  `/rate-my-takeaway/confirmation?${new URLSearchParams({ order: orderId, ...(key ? { key } : {}), rating: String(stars) })}`;

const dayOf = (iso: string) => shortDayLabel(londonDate(new Date(iso)));
/** "18:05" in London time (no Intl on a first load: issue 24). */
const timeOf = (iso: string) => {
  const { hours, minutes } = londonClock(new Date(iso));
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
};

/** The order: its number, where from, when it came, and what was in it. */
export function RatedOrderSummary({ order }: { order: RatingOrder }) {
  const came =
    order.deliveredAt === null
      ? null
      : `${order.fulfillmentType === 'delivery' || order.fulfillmentType === null ? 'Delivered' : 'Collected'} ${dayOf(order.deliveredAt)} at ${timeOf(order.deliveredAt)}`;
  return (
    <section className="rating-card" aria-labelledby="rated-order-heading">
      <h2 id="rated-order-heading">
        Order #{order.number}
        {order.restaurantName ? ` from ${order.restaurantName}` : ''}
      </h2>
      {came ? <p className="field__hint">{came}</p> : null}
      <ul className="rating-lines" aria-label="What was in it">
        {order.lines.map((line, index) => (
          <li key={index}>
            {line.quantity} × {line.title}
            {line.detail ? <span className="field__hint"> · {line.detail}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RateMyTakeawayPage() {
  usePageMeta('Rate your order');
  const [params] = useSearchParams();
  const link = orderOf(params);
  const key = params.get('key');
  const chosen = starsFrom(params.get('rating'));
  const valid = link !== null;
  const query = ratingQueries.order(link?.orderId ?? '', key);
  const order = useQuery({ ...query, enabled: valid });
  const found = order.data;
  // Whether the visitor is signed in shows once the page is live, as does an order the server did not render
  // (it may have arrived before the page hydrated: the loader reads it at once), and a read that failed
  // (the server's is not kept in the page: the browser reads again).
  const live = useHydrated();
  const shown = live || renderedWithOrder(params);
  const me = useQuery(customerQueries.me()).data;
  const signedIn = live && Boolean(me);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The server reads with the link's key alone: a link to no order it could see may be the signed-in
  // customer's own with its key cut short, read once more with their session.
  const { refetch } = order;
  const ownOrderToCheck = signedIn && found === null && renderedWithOrder(params);
  useEffect(() => {
    if (ownOrderToCheck) void refetch();
  }, [ownOrderToCheck, refetch]);

  return (
    <div className="page page--narrow rating-page">
      <h1>Rate your order</h1>
      {!valid ? (
        <NoOrder signedIn={signedIn} />
      ) : order.isError && live ? (
        <LoadFailed
          message="We couldn’t load your order. Please try again."
          onRetry={() => order.refetch()}
        />
      ) : found === undefined || !shown ? (
        <Spinner label="Loading your order" />
      ) : found === null ? (
        <WrongLink hasKey={key !== null} signedIn={signedIn} />
      ) : (
        <>
          <p>
            {found.firstName ? `Thanks for ordering, ${found.firstName}. ` : ''}
            {found.restaurantName
              ? `The kitchen at ${found.restaurantName} reads every rating.`
              : 'Our kitchen reads every rating.'}
          </p>
          <RatedOrderSummary order={found} />
          <RatingState
            order={found}
            ratingKey={key}
            chosen={chosen}
            onRated={(rating) => {
              void queryClient.invalidateQueries({ queryKey: ratingQueries.all });
              void navigate(confirmationPath(found.orderId, key, rating));
            }}
            onStale={() => void order.refetch()}
          />
        </>
      )}
    </div>
  );
}

function RatingState({
  order,
  ratingKey,
  chosen,
  onRated,
  onStale,
}: {
  order: RatingOrder;
  ratingKey: string | null;
  chosen: number | null;
  onRated: (stars: number) => void;
  onStale: () => void;
}) {
  const rating = order.rating;
  if (rating) {
    return (
      <section className="rating-card" aria-labelledby="given-heading">
        <h2 id="given-heading">Your rating</h2>
        <div className="rating-given">
          <p>
            <StarsShown stars={rating.rating} /> {starWords(rating.rating)}, given {dayOf(rating.createdAt)}.
          </p>
          {rating.comment ? <blockquote>{rating.comment}</blockquote> : null}
        </div>
        {order.changeable ? (
          <>
            <p className="field__hint">You can change it until {dayOf(rating.editableUntil)}.</p>
            <OrderRatingForm
              key={rating.updatedAt}
              orderId={order.orderId}
              ratingKey={ratingKey}
              initialStars={chosen}
              existing={rating}
              onRated={(changed) => onRated(changed.rating)}
              onAlreadyRated={onStale}
            />
          </>
        ) : (
          <p className="notice">
            Ratings can be changed for {RATING_EDIT_HOURS / 24} days after they’re given, so this one stays as
            it is. Thank you for it.
          </p>
        )}
      </section>
    );
  }
  if (order.open) {
    return (
      <section className="rating-card" aria-labelledby="rate-heading">
        <h2 id="rate-heading">Your rating</h2>
        <OrderRatingForm
          orderId={order.orderId}
          ratingKey={ratingKey}
          initialStars={chosen}
          existing={null}
          onRated={(given) => onRated(given.rating)}
          onAlreadyRated={onStale}
        />
      </section>
    );
  }
  return (
    <div className="notice notice--warning" role="status">
      {order.closedReason === 'not_received' ? (
        <p>
          <strong>This order hasn’t reached you yet.</strong> You can rate it once it has been{' '}
          {order.fulfillmentType === 'delivery' ? 'delivered' : 'collected'}. Come back when you’ve had it.
        </p>
      ) : order.closedReason === 'too_late' ? (
        <p>
          <strong>This order can no longer be rated:</strong> orders can be rated for 60 days after they
          arrive.
        </p>
      ) : (
        <p>
          <strong>This order isn’t one we ask about here.</strong> Only takeaway orders and recipe-kit boxes
          are rated.
        </p>
      )}
    </div>
  );
}

function NoOrder({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="notice" role="status">
      <p>
        This page opens from the stars in the email we send after your order arrives, or from your order’s
        tracking page once it has been delivered.
      </p>
      <p className="notice__actions">
        <Link to={signedIn ? '/account/order-history' : '/login'}>
          {signedIn ? 'See your orders' : 'Sign in to see your orders'}
        </Link>
      </p>
    </div>
  );
}

function WrongLink({ hasKey, signedIn }: { hasKey: boolean; signedIn: boolean }) {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <div className="notice notice--warning" role="alert">
      <p>
        <strong>We couldn’t find that order.</strong>{' '}
        {hasKey
          ? 'The link may have been cut short when it was copied: open it again from your email.'
          : signedIn
            ? 'It isn’t one of the orders in your account. Open the link from your email, which works for the order it is about.'
            : 'Open the link from your email, or sign in if the order is yours.'}
      </p>
      {!signedIn ? (
        <p className="notice__actions">
          <Link to={`/social-login?returnTo=${encodeURIComponent(here)}`}>Sign in</Link>
        </p>
      ) : null}
    </div>
  );
}
