import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import { bookingQueries } from './bookings.queries';
import { guestCountWords } from './booking-words';
import './booking.css';

// The account's upcoming events (issue 22 part 5), above the pasta plan's weeks: each booking still to come
// as its event ("Fresh pasta class · Sat 12 Dec, 19:00 – 22:00 · 3 guests"), to its page. Nothing at all for
// a customer without one.

/** `now`: the shop's clock (a pinned demo's). */
export function UpcomingBookings({ now }: { now: Date }) {
  const mine = useQuery(bookingQueries.mine());
  const coming = (mine.data ?? []).filter(
    (booking) => booking.state === 'confirmed' && new Date(booking.slot.endsAt).getTime() > now.getTime(),
  );
  if (coming.length === 0) return null;
  return (
    <section className="account-section" aria-labelledby="upcoming-events-heading">
      <h2 id="upcoming-events-heading">Your events</h2>
      <ul className="booking-upcoming">
        {coming.map((booking) => (
          <li key={booking.orderId} className="booking-upcoming__row">
            <Link to={`/order/${booking.orderId}`} className="booking-upcoming__link">
              <span className="booking-upcoming__title">{booking.template.title}</span>
              <span className="booking-upcoming__when">
                {booking.slot.dateLabel}, {booking.slot.timeLabel} ·{' '}
                {guestCountWords(booking.adults + booking.children)}
              </span>
              <span className="booking-upcoming__meta">
                {booking.location.name}
                {booking.unanswered > 0 ? ` · ${booking.unanswered} still to answer the dietary form` : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
