import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../shared/router';
import { isApiError } from '../../shared/api/client';
import { showToast } from '../../shared/ui/toast';
import { bookingQueries, bookingsApi, type EventBooking } from './bookings.queries';
import { guestCountWords, needsWords } from './booking-words';

// The booking's dietary answers as its booker sees them (issue 22 part 3): each guest's name and needs, a way
// to remove one (someone no longer coming, or answered twice), how many seats are still to answer, and the
// form's link to forward (shared where the phone can, copied otherwise).

export function BookingGuests({ booking }: { booking: EventBooking }) {
  const seats = booking.adults + booking.children;
  const open = booking.state === 'confirmed' && booking.unanswered > 0;
  return (
    <section className="checkout-card booking-guests" aria-labelledby="booking-guests-heading">
      <h2 id="booking-guests-heading">Guests’ dietary needs</h2>
      <p>
        <strong>
          {booking.unanswered === 0
            ? `All ${guestCountWords(seats)} have answered`
            : `${booking.unanswered} still to answer`}
        </strong>
        {booking.unanswered > 0 ? ` (${booking.guests.length} of ${seats} answered)` : null}
      </p>
      {booking.guests.length > 0 ? (
        <ul className="booking-guests__list">
          {booking.guests.map((guest) => (
            <GuestRow key={guest.id} guest={guest} booking={booking} />
          ))}
        </ul>
      ) : (
        <p className="field__hint">Nobody has answered yet.</p>
      )}
      {open && booking.formUrl ? <FormLink booking={booking} url={booking.formUrl} /> : null}
    </section>
  );
}

function GuestRow({ guest, booking }: { guest: EventBooking['guests'][number]; booking: EventBooking }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => bookingsApi.removeAnswer(guest.id),
    onSuccess: async () => {
      showToast(`${guest.name}’s answer removed`);
      await queryClient.invalidateQueries({ queryKey: bookingQueries.detail(booking.orderId).queryKey });
    },
    onError: async (error) => {
      // Removed already (another device): the list catches up.
      if (isApiError(error, 'NOT_FOUND', 'BOOKING_NOT_FOUND'))
        await queryClient.invalidateQueries({ queryKey: bookingQueries.detail(booking.orderId).queryKey });
    },
  });
  return (
    <li className="booking-guest">
      <div className="booking-guest__text">
        <span className="booking-guest__name">{guest.name}</span>
        <span className="booking-guest__needs">{needsWords(guest)}</span>
        {guest.notes ? <span className="booking-guest__notes">“{guest.notes}”</span> : null}
      </div>
      {booking.isBooker && booking.state === 'confirmed' ? (
        confirming ? (
          <div className="booking-guest__confirm" role="group" aria-label={`Remove ${guest.name}’s answer?`}>
            <button
              type="button"
              className="button button--danger button--small"
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? 'Removing…' : 'Remove'}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={remove.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button--link booking-guest__remove"
            onClick={() => setConfirming(true)}
          >
            Remove<span className="visually-hidden"> {guest.name}’s answer</span>
          </button>
        )
      ) : null}
      {remove.isError ? (
        <p className="field__error" role="alert">
          {remove.error.message}
        </p>
      ) : null}
    </li>
  );
}

function FormLink({ booking, url }: { booking: EventBooking; url: string }) {
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      showToast('Link copied');
    } catch {
      showToast(`The link is ${url}`);
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        title: `Dietary needs for ${booking.template.title}`,
        text: `Tell the host what you can’t eat for ${booking.template.title} on ${booking.slot.dateLabel}:`,
        url,
      });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  const path = new URL(url, window.location.origin);
  return (
    <div className="booking-form-link">
      <p>
        Send your guests this link: each fills in their own needs. Or{' '}
        <Link to={`${path.pathname}${path.search}`}>fill it in for them</Link>.
      </p>
      <label className="booking-form-link__label" htmlFor="booking-form-link">
        Link to the dietary form
      </label>
      <input
        id="booking-form-link"
        className="booking-form-link__input"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
      <div className="button-row">
        {canShare ? (
          <button type="button" className="button button--primary button--small" onClick={() => void share()}>
            Share the link…
          </button>
        ) : null}
        <button
          type="button"
          className={`button button--small ${canShare ? 'button--secondary' : 'button--primary'}`}
          onClick={() => void copy()}
        >
          {copied ? 'Copied' : 'Copy the link'}
        </button>
      </div>
    </div>
  );
}
