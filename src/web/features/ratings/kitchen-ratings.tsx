import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { londonDate, shortDayLabel } from '../../../domain/calendar';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { ratingQueries } from './ratings.queries';
import { StarsShown } from './star-input';
import './ratings.css';

// The kitchen's view of its ratings (issue 23 part 1; decision 30): the last 30 days' ratings of the
// restaurant's orders, newest first, a low one marked (its staff are emailed of it too), read again each
// minute.

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export function KitchenRatings({ restaurantId }: { restaurantId: string }) {
  const ratings = useQuery(ratingQueries.kitchen(restaurantId));
  const headingId = useId();
  if (ratings.isPending) return <Spinner label="Loading the ratings" />;
  if (ratings.isError)
    return <LoadFailed message="We couldn’t load the ratings." onRetry={() => ratings.refetch()} />;
  const { ratings: list, text } = ratings.data;
  return (
    <section className="kitchen-ratings" aria-labelledby={headingId}>
      <h2 id={headingId}>Ratings of the last 30 days</h2>
      <p className="kitchen-ratings__summary">{list.length === 0 ? 'No ratings yet.' : text}</p>
      <ul className="kitchen-ratings__list">
        {list.map((rating) => (
          <li key={rating.id} className={rating.low ? 'kitchen-ratings__low' : undefined}>
            <p>
              <strong>#{rating.orderNumber}</strong> · <StarsShown stars={rating.rating} />
              {rating.low ? <strong> · Low: please look into it</strong> : null}
            </p>
            <p className="field__hint">
              {rating.firstName || 'A customer'}, {shortDayLabel(londonDate(new Date(rating.updatedAt)))} at{' '}
              {clock.format(new Date(rating.updatedAt))}
            </p>
            {rating.comment ? <p>“{rating.comment}”</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
