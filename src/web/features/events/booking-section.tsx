import { useQuery } from '@tanstack/react-query';
import { formatPence } from '../../../domain/money';
import { isApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { BookingChanges, type PayFor } from './booking-changes';
import { BookingGuests } from './booking-guests';
import { seatsWords, whenLabel } from './booking-words';
import { bookingQueries, calendarUrl, type EventBooking } from './bookings.queries';
import './booking.css';

// An event booking on its order's page (/order/{orderId}; issue 22 parts 3–5): the event (what, when, where,
// what to bring, a calendar file), the seats and add-ons, what was paid, the guests' dietary answers and the
// form's link, the refund rule and the terms now, the changes a booker can make and those made so far.

export function BookingSection({
  orderId,
  pay,
  onChanged,
}: {
  orderId: string;
  pay: PayFor;
  /** A change was made without paying (a paid one is read again by the page's pay section). */
  onChanged?: () => void;
}) {
  const booking = useQuery(bookingQueries.detail(orderId));
  if (booking.isPending) return <Spinner label="Loading your booking" />;
  if (booking.isError) {
    return (
      <LoadFailed
        message={
          isApiError(booking.error, 'BOOKING_NOT_FOUND', 'NOT_FOUND')
            ? 'We can’t find this booking in your account.'
            : 'We couldn’t load your booking.'
        }
        onRetry={
          isApiError(booking.error, 'BOOKING_NOT_FOUND', 'NOT_FOUND') ? undefined : () => booking.refetch()
        }
      />
    );
  }
  const b = booking.data;
  return (
    <div className="booking" aria-busy={booking.isFetching}>
      <BookingEvent booking={b} />
      <BookingSeats booking={b} />
      {b.pendingPayment && b.state !== 'cancelled' ? (
        <section className="checkout-card" aria-labelledby="booking-pending-heading">
          <h2 id="booking-pending-heading">A change waiting for payment</h2>
          <p>
            {formatPence(b.pendingPayment.amount)} to pay for{' '}
            {b.pendingPayment.purpose === 'move'
              ? 'the move to another date'
              : b.pendingPayment.purpose === 'add_guests'
                ? 'more guests'
                : 'the booking'}
            . The seats are held until {whenLabel(b.pendingPayment.expiresAt)}.
          </p>
          {pay(b.pendingPayment.orderId, () => void booking.refetch())}
        </section>
      ) : null}
      {b.state === 'cancelled' ? null : <BookingGuests booking={b} />}
      {b.isBooker ? <BookingChanges booking={b} pay={pay} onChanged={onChanged} /> : null}
      <section className="checkout-card" aria-labelledby="booking-rule-heading">
        <h2 id="booking-rule-heading">If your plans change</h2>
        <p>{b.refundRule}</p>
        {b.state === 'cancelled' || b.isBooker ? null : (
          <p>
            <strong>Now:</strong> {b.refundTerms.text}
          </p>
        )}
      </section>
      {b.changes.length > 0 ? <BookingHistory booking={b} /> : null}
    </div>
  );
}

function BookingEvent({ booking }: { booking: EventBooking }) {
  const { slot, location, template } = booking;
  return (
    <section className="checkout-card booking-event" aria-labelledby="booking-event-heading">
      <h2 id="booking-event-heading">{template.title}</h2>
      {booking.state === 'cancelled' ? (
        <p className="notice notice--warning" role="status">
          This booking is cancelled.
        </p>
      ) : null}
      <p className="booking-event__when">
        <strong>{slot.dateLabel}</strong> · {slot.timeLabel}
      </p>
      <address className="booking-event__where">
        <span>{location.name}</span>
        <span>{location.address1}</span>
        {location.address2 ? <span>{location.address2}</span> : null}
        <span>
          {location.city} {location.postcode}
        </span>
      </address>
      {booking.state === 'cancelled' ? null : (
        <p>
          <a className="button button--secondary button--small" href={calendarUrl(booking.orderId)} download>
            Add to calendar
          </a>
        </p>
      )}
      {template.bring.length > 0 && booking.state !== 'cancelled' ? (
        <>
          <h3 className="booking-event__bring-heading">What to bring</h3>
          <ul className="booking-event__bring">
            {template.bring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function BookingSeats({ booking }: { booking: EventBooking }) {
  return (
    <section className="checkout-card booking-seats" aria-labelledby="booking-seats-heading">
      <h2 id="booking-seats-heading">Your booking</h2>
      <dl className="booking-facts">
        <div>
          <dt>Guests</dt>
          <dd>{seatsWords(booking.adults, booking.children)}</dd>
        </div>
        <div>
          <dt>Add-ons</dt>
          <dd>
            {booking.upgrades.length === 0 ? (
              'None'
            ) : (
              <ul className="booking-facts__list">
                {booking.upgrades.map((upgrade) => (
                  <li key={upgrade.upgradeId}>
                    {upgrade.title} × {upgrade.quantity}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Booked for</dt>
          <dd>
            {booking.holderName}
            <span className="booking-facts__sub">{booking.holderEmail}</span>
          </dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>
            <strong>{formatPence(booking.paid)}</strong>
          </dd>
        </div>
      </dl>
    </section>
  );
}

const KIND_LABELS: Record<EventBooking['changes'][number]['kind'], string> = {
  add_guests: 'More guests',
  remove_guests: 'Fewer guests',
  move: 'Moved',
  transfer: 'Handed over',
  cancel: 'Cancelled',
};

function BookingHistory({ booking }: { booking: EventBooking }) {
  return (
    <section className="checkout-card" aria-labelledby="booking-history-heading">
      <h2 id="booking-history-heading">Changes made</h2>
      <ol className="booking-history">
        {[...booking.changes]
          .sort((a, b) => b.at.localeCompare(a.at))
          .map((change) => (
            <li key={`${change.at}-${change.kind}`} className="booking-history__item">
              <span className="booking-history__when">{whenLabel(change.at)}</span>
              <span>
                <strong>{KIND_LABELS[change.kind]}:</strong> {change.summary}
              </span>
              <span className="field__hint">
                {[
                  change.paidAmount > 0 ? `${formatPence(change.paidAmount)} paid` : null,
                  change.refund.as === 'none' ? null : change.refund.label,
                ]
                  .filter(Boolean)
                  .join(' · ') || 'No money either way'}
              </span>
            </li>
          ))}
      </ol>
    </section>
  );
}
