import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from '../../shared/router';
import { isApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { guestCountWords, needsWords, seatsWords } from './booking-words';
import { bookingQueries, type EventSlot, type HostSlot } from './bookings.queries';
import './host.css';

// The host's view (issue 22 part 6; decision 29), for staff of the hosting restaurant on the kitchen screen
// (/kitchen?view=events): the restaurant's upcoming slots; one chosen (?slot=…) shows its seats sold against
// capacity, the add-ons to prepare, the dietary totals, who is still to answer and every booking's guests
// with their needs, printable on A4 (host.css's @media print keeps only the sheet).

const refusedText = (error: unknown, fallback: string) =>
  isApiError(error, 'FORBIDDEN', 'RESTAURANT_NOT_FOUND', 'EVENT_SLOT_NOT_FOUND')
    ? `${(error as Error).message.replace(/\.$/, '')}. Ask your manager to check your access.`
    : fallback;

export function HostEventsView({ restaurantId }: { restaurantId: string }) {
  const [params, setParams] = useSearchParams();
  const slots = useQuery(bookingQueries.hostSlots(restaurantId));
  const chosen = params.get('slot');
  const choose = (slotId: string | null) => {
    const next = new URLSearchParams(params);
    if (slotId) next.set('slot', slotId);
    else next.delete('slot');
    setParams(next, { replace: true });
  };
  if (chosen) return <HostSlotSheet slotId={chosen} onBack={() => choose(null)} />;
  return (
    <section className="host-events" aria-labelledby="host-events-heading">
      <h2 id="host-events-heading">Upcoming events</h2>
      {slots.isPending ? (
        <Spinner label="Loading the events" />
      ) : slots.isError ? (
        <LoadFailed
          message={refusedText(slots.error, 'We couldn’t load the events.')}
          onRetry={() => slots.refetch()}
        />
      ) : slots.data.length === 0 ? (
        <p className="kitchen__empty">No events coming up at this restaurant.</p>
      ) : (
        <ul className="host-slots">
          {slots.data.map((slot) => (
            <li key={slot.id}>
              <SlotButton slot={slot} onChoose={() => choose(slot.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SlotButton({ slot, onChoose }: { slot: EventSlot; onChoose: () => void }) {
  const sold = slot.capacity - slot.seatsLeft;
  return (
    <button type="button" className="host-slot" onClick={onChoose}>
      <span className="host-slot__when">
        {slot.dateLabel} · {slot.timeLabel}
      </span>
      <span className="host-slot__title">{slot.templateTitle}</span>
      <span className="host-slot__seats">
        {sold} of {slot.capacity} seats taken
        {slot.unavailableReason ? ` · ${slot.unavailableReason}` : ''}
      </span>
    </button>
  );
}

function HostSlotSheet({ slotId, onBack }: { slotId: string; onBack: () => void }) {
  const sheet = useQuery(bookingQueries.hostSlot(slotId));
  const titleId = useId();
  if (sheet.isPending) return <Spinner label="Loading the guest list" />;
  if (sheet.isError) {
    return (
      <div className="host-sheet-missing">
        <LoadFailed
          message={refusedText(sheet.error, 'We couldn’t load the guest list.')}
          onRetry={() => sheet.refetch()}
        />
        <button type="button" className="button button--secondary" onClick={onBack}>
          All events
        </button>
      </div>
    );
  }
  const data = sheet.data;
  const { slot } = data;
  return (
    <section className="host-sheet" aria-labelledby={titleId}>
      <div className="host-sheet__bar">
        <button type="button" className="button button--secondary button--small" onClick={onBack}>
          ← All events
        </button>
        <button type="button" className="button button--primary button--small" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="host-sheet__header">
        <h2 id={titleId}>{slot.templateTitle}</h2>
        <p className="host-sheet__when">
          <strong>{slot.dateLabel}</strong> · {slot.timeLabel} · {slot.locationName}
        </p>
      </header>
      <HostTotals sheet={data} />
      <h3 className="host-sheet__subhead">Guest list</h3>
      {data.bookings.length === 0 ? (
        <p>No bookings yet.</p>
      ) : (
        <ol className="host-bookings">
          {data.bookings.map((booking) => (
            <li key={booking.orderNumber} className="host-booking">
              <div className="host-booking__head">
                <span className="host-booking__holder">{booking.holderName}</span>
                <span className="host-booking__seats">
                  {seatsWords(booking.adults, booking.children)} · #{booking.orderNumber}
                </span>
              </div>
              {booking.upgrades.length > 0 ? (
                <p className="host-booking__upgrades">
                  Add-ons: {booking.upgrades.map((u) => `${u.title} × ${u.quantity}`).join(', ')}
                </p>
              ) : null}
              <ul className="host-guests">
                {booking.guests.map((guest) => (
                  <li key={guest.id} className="host-guest">
                    <span className="host-guest__name">{guest.name}</span>
                    <span
                      className={`host-guest__needs${guest.allergens.length + guest.diets.length > 0 ? ' host-guest__needs--some' : ''}`}
                    >
                      {needsWords(guest)}
                    </span>
                    {guest.notes ? <span className="host-guest__notes">Note: {guest.notes}</span> : null}
                  </li>
                ))}
                {booking.unanswered > 0 ? (
                  <li className="host-guest host-guest--unanswered">
                    {booking.unanswered} {booking.unanswered === 1 ? 'guest has' : 'guests have'} not answered
                  </li>
                ) : null}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function HostTotals({ sheet }: { sheet: HostSlot }) {
  const { slot } = sheet;
  return (
    <dl className="host-totals">
      <div className="host-total">
        <dt>Seats sold</dt>
        <dd>
          <strong>{sheet.seatsSold}</strong> / {slot.capacity}
        </dd>
      </div>
      <div className="host-total">
        <dt>Still to answer</dt>
        <dd>
          <strong>{sheet.unanswered}</strong>
          {sheet.unanswered > 0 ? ` of ${guestCountWords(sheet.seatsSold)}` : ''}
        </dd>
      </div>
      <div className="host-total host-total--wide">
        <dt>Add-ons to prepare</dt>
        <dd>
          {sheet.upgradeTotals.length === 0
            ? 'None'
            : sheet.upgradeTotals.map((u) => `${u.title} × ${u.quantity}`).join(' · ')}
        </dd>
      </div>
      <div className="host-total host-total--wide">
        <dt>Allergies and diets</dt>
        <dd>
          {sheet.dietaryTotals.length === 0
            ? 'None given'
            : sheet.dietaryTotals.map((t) => `${t.label} ${t.count}`).join(' · ')}
        </dd>
      </div>
    </dl>
  );
}
