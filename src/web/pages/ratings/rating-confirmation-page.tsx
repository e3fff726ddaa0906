import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from '../../shared/router';
import { isLowRating, RATING_EDIT_HOURS, starWords } from '../../../domain/ratings';
import { FeedbackGiven, NpsQuestion } from '../../features/ratings/nps-question';
import { ratingQueries } from '../../features/ratings/ratings.queries';
import { StarsShown } from '../../features/ratings/star-input';
import { usePageMeta } from '../../shared/use-page-meta';
import { ratePagePath, starsFrom } from './rate-my-takeaway-page';
import '../../features/ratings/ratings.css';

// /rate-my-takeaway/confirmation?rating=n (spec §2: its child confirmation needs the rating query, otherwise
// it goes back): thanks, what happens to the rating now, and the one NPS question if it is still to answer.
// Without a rating it goes back to /rate-my-takeaway, keeping the order and its key.

export function RatingConfirmationPage() {
  const [params] = useSearchParams();
  const stars = starsFrom(params.get('rating'));
  const orderId = params.get('order');
  const key = params.get('key');
  if (stars === null) return <Navigate replace to={ratePagePath(orderId, key)} />;
  return <Thanks stars={stars} orderId={orderId} ratingKey={key} />;
}

function Thanks({
  stars: asked,
  orderId,
  ratingKey,
}: {
  stars: number;
  orderId: string | null;
  ratingKey: string | null;
}) {
  usePageMeta('Thank you for your rating');
  const queryClient = useQueryClient();
  const query = ratingQueries.order(orderId ?? '', ratingKey);
  const order = useQuery({ ...query, enabled: orderId !== null });
  const restaurant = order.data?.restaurantName ?? null;
  const kitchen = restaurant ? `the kitchen at ${restaurant}` : 'our kitchen';
  // The stars kept, once the order has loaded (the address's are what the link asked for).
  const stars = order.data?.rating?.rating ?? asked;
  const low = isLowRating(stars);
  return (
    <div className="page page--narrow rating-page">
      <h1>Thank you</h1>
      <p className="rating-given">
        You rated your order <StarsShown stars={stars} /> {starWords(stars)}.
      </p>
      <section className="rating-card" aria-labelledby="next-heading">
        <h2 id="next-heading">What happens next</h2>
        {low ? (
          <>
            <p>
              We’re sorry it wasn’t right. Your rating and comment have gone straight to {kitchen}, and the
              manager will look into what went wrong.
            </p>
            <p>
              If you’d like us to put it right, <Link to="/support">ask us for help</Link> and mention your
              order number: we reply to every message.
            </p>
          </>
        ) : (
          <p>
            Your rating has gone to {kitchen}: they read every one, and it helps them keep cooking what you
            love.
          </p>
        )}
        <p className="field__hint">
          Changed your mind? You can change your rating for {RATING_EDIT_HOURS / 24} days, from the same link.
        </p>
      </section>
      {order.data ? (
        <section className="rating-card" aria-label="Your feedback">
          {order.data.feedback ? (
            <FeedbackGiven feedback={order.data.feedback} />
          ) : (
            <NpsQuestion
              orderId={order.data.orderId}
              ratingKey={ratingKey}
              onAnswered={() => void queryClient.invalidateQueries({ queryKey: query.queryKey })}
            />
          )}
        </section>
      ) : null}
      <div className="button-row">
        <Link to="/pasta-now" className="button button--primary">
          Order again
        </Link>
        {orderId ? (
          <Link to={ratePagePath(orderId, ratingKey)} className="button button--secondary">
            See your rating
          </Link>
        ) : null}
      </div>
    </div>
  );
}
