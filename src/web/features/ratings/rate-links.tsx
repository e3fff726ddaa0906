import { Link } from '../../shared/router';
import { MAX_STARS, starsLabel } from '../../../domain/ratings';
import './ratings.css';

// A delivered takeaway's stars on its tracking page (issue 23 part 1): each one opens /rate-my-takeaway with
// its stars chosen, for the order's customer signed in (the email's links carry a key instead).

export const ratePath = (orderId: string, stars?: number) =>
  `/rate-my-takeaway?${new URLSearchParams({ order: orderId, ...(stars ? { rating: String(stars) } : {}) })}`;

export function RateLinks({ orderId, headingId }: { orderId: string; headingId: string }) {
  return (
    <nav className="star-links" aria-labelledby={headingId}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Link key={index} to={ratePath(orderId, index + 1)} aria-label={`Rate it ${starsLabel(index + 1)}`}>
          <span aria-hidden="true">★</span>
        </Link>
      ))}
    </nav>
  );
}

/** "How was it?" with the five stars, for a delivered or collected takeaway's own customer. */
export function RateYourOrder({ orderId }: { orderId: string }) {
  return (
    <section className="checkout-card" aria-labelledby="rate-your-order-heading">
      <h2 id="rate-your-order-heading">How was it?</h2>
      <p>Tap a star to rate your order: the kitchen reads every rating.</p>
      <RateLinks orderId={orderId} headingId="rate-your-order-heading" />
    </section>
  );
}
