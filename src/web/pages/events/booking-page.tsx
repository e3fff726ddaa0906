import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router';
import type { EventSlot, EventTemplate } from '../../../contracts/events';
import { MAX_GUESTS_PER_BOOKING } from '../../../domain/events';
import { formatPence } from '../../../domain/money';
import { readBookingDraft, saveBookingDraft, type BookingDraft } from '../../features/events/booking-draft';
import { BookingPrice, bookingPriceRows } from '../../features/events/booking-summary';
import { eventQueries } from '../../features/events/events.queries';
import { seatsLabel } from '../../features/events/format';
import { GuestStepper } from '../../features/events/guest-stepper';
import { themePath } from '../../features/events/theme-card';
import { isApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';

// /events/booking?slot=…&seats=… (issue 22; spec §2): the date chosen and how many guests: adults, and children
// where the event takes them, within the seats left and the event's most guests a booking. The running total
// is the slot's prices; the choice is kept in the booking draft (a reload keeps it) and goes on to the
// reservation's summary.

export function BookingPage() {
  usePageMeta('Choose your guests');
  const [params] = useSearchParams();
  const slotId = params.get('slot') ?? '';
  const slot = useQuery(eventQueries.slot(slotId));
  const templateId = slot.data?.templateId ?? '';
  const template = useQuery({ ...eventQueries.template(templateId), enabled: templateId !== '' });

  if (slot.isPending || (slot.isSuccess && template.isPending)) return <Spinner label="Loading your date" />;
  if (slot.isError || template.isError) {
    const gone = isApiError(slot.error, 'EVENT_SLOT_NOT_FOUND', 'NOT_FOUND');
    return (
      <div className="ev-page ev-narrow">
        <h1>{gone ? 'We can’t find that date' : 'Choose your guests'}</h1>
        {gone ? (
          <>
            <p>It may have been taken off. Have a look at what’s on and choose another date.</p>
            <Link to="/events/themes" className="button button--primary">
              See what’s on
            </Link>
          </>
        ) : (
          <LoadFailed
            message="We couldn’t load this date."
            onRetry={() => void (slot.isError ? slot.refetch() : template.refetch())}
          />
        )}
      </div>
    );
  }
  const seats = Number(params.get('seats'));
  return (
    <ChooseGuests
      key={slot.data.id}
      slot={slot.data}
      template={template.data!}
      seatsNeeded={Number.isInteger(seats) && seats >= 1 ? seats : null}
    />
  );
}

/** The most guests this slot can take in one booking. */
const mostGuests = (slot: EventSlot, template: EventTemplate) =>
  Math.max(0, Math.min(slot.seatsLeft, template.maxGuests, MAX_GUESTS_PER_BOOKING));

function ChooseGuests({
  slot,
  template,
  seatsNeeded,
}: {
  slot: EventSlot;
  template: EventTemplate;
  /** The seats the dates were filtered by, if they were. */
  seatsNeeded: number | null;
}) {
  const navigate = useNavigate();
  const most = mostGuests(slot, template);
  const kids = slot.childPrice !== null;
  // The draft's guests for this date, or as many adults as the seats the dates were filtered by, or two to
  // start with (fewer when fewer seats are left).
  const [guests, setGuests] = useState(() => {
    const draft = readBookingDraft();
    if (draft && draft.slotId === slot.id) {
      return { adults: Math.min(draft.adults, most), children: kids ? draft.children : 0 };
    }
    return { adults: Math.min(seatsNeeded ?? 2, most), children: 0 };
  });
  const draft: BookingDraft = {
    slotId: slot.id,
    templateId: slot.templateId,
    ...guests,
    upgrades: (() => {
      const saved = readBookingDraft();
      return saved && saved.slotId === slot.id ? saved.upgrades : {};
    })(),
  };
  // Kept as it changes, so a reload (or the back button) finds the same choice.
  useEffect(() => {
    if (slot.bookable && most > 0) saveBookingDraft(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guests.adults, guests.children, slot.id, slot.bookable, most]);

  const total = guests.adults + guests.children;
  const rows = bookingPriceRows(slot, { ...guests, upgrades: {} });

  return (
    <div className="ev-page ev-narrow">
      <Link to={themePath(slot.templateId)} className="back-link">
        Back to {slot.templateTitle}
      </Link>
      <h1>Choose your guests</h1>
      <section className="checkout-card" aria-labelledby="ev-slot-heading">
        <h2 id="ev-slot-heading">{slot.templateTitle}</h2>
        <p className="ev-when">
          <strong>
            {slot.dateLabel}, {slot.timeLabel}
          </strong>
          <br />
          {slot.locationName}
        </p>
        <p className="ev-muted">
          {seatsLabel(slot)}
          {slot.bookable ? ` · up to ${most} ${most === 1 ? 'guest' : 'guests'} in one booking` : ''}
        </p>
        <Link to={themePath(slot.templateId)}>Choose another date</Link>
      </section>

      {!slot.bookable || most === 0 ? (
        <div className="notice notice--warning" role="alert">
          <p>{slot.unavailableReason ?? 'This date can’t be booked any more'}. Please choose another date.</p>
          <p className="notice__actions">
            <Link to={themePath(slot.templateId)}>See the other dates</Link>
          </p>
        </div>
      ) : (
        <section className="checkout-card" aria-labelledby="ev-guests-heading">
          <h2 id="ev-guests-heading">How many guests?</h2>
          <GuestStepper
            label="Adults"
            hint={`${formatPence(slot.adultPrice)} each`}
            value={guests.adults}
            min={1}
            max={most - guests.children}
            onChange={(adults) => setGuests((g) => ({ ...g, adults }))}
          />
          {kids ? (
            <GuestStepper
              label="Children"
              hint={`${formatPence(slot.childPrice!)} each${template.childNote ? ` · ${template.childNote}` : ''}`}
              value={guests.children}
              min={0}
              max={most - guests.adults}
              onChange={(children) => setGuests((g) => ({ ...g, children }))}
            />
          ) : (
            <p className="ev-muted">This event is for adults only.</p>
          )}
          {total >= most ? (
            <p className="field__hint" role="status">
              {most === slot.seatsLeft
                ? `That’s every seat left on this date.`
                : `One booking can have up to ${most} guests. For a bigger group, make a second booking.`}
            </p>
          ) : null}
          <BookingPrice rows={rows} />
          <button
            type="button"
            className="button button--primary button--block"
            disabled={total === 0}
            onClick={() => {
              saveBookingDraft(draft);
              void navigate('/events/reservation');
            }}
          >
            Continue
          </button>
        </section>
      )}
    </div>
  );
}
