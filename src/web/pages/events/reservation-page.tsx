import { Link } from '../../shared/router';
import { BookingFacts, BookingPrice, bookingPriceRows } from '../../features/events/booking-summary';
import { bookingPath } from '../../features/events/slot-list';
import { themePath } from '../../features/events/theme-card';
import { RefundRule } from '../../features/events/refund-rule';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { CHECKOUT } from './guards';
import { useDraftBooking } from './use-draft-booking';

// /events/reservation (issue 22; spec §2): the booking before the checkout: what, when, where (with the
// address), who, the price line by line and the refund rule again, then on to /events-checkout.

export function ReservationPage() {
  usePageMeta('Your booking');
  const { draft, slot, template, location } = useDraftBooking();
  if (!draft || slot.isPending || template.isPending) return <Spinner label="Loading your booking" />;
  if (slot.isError || template.isError) {
    return (
      <div className="ev-page ev-narrow">
        <h1>Your booking</h1>
        <LoadFailed
          message="We couldn’t load your booking."
          onRetry={() => void (slot.isError ? slot.refetch() : template.refetch())}
        >
          <Link to="/events/themes">See what’s on</Link>
        </LoadFailed>
      </div>
    );
  }
  const rows = bookingPriceRows(slot.data, { ...draft, upgrades: {} });
  return (
    <div className="ev-page ev-narrow">
      <Link to={bookingPath(draft.slotId)} className="back-link">
        Back to your guests
      </Link>
      <h1>Your booking</h1>
      <section className="checkout-card" aria-labelledby="ev-summary-heading">
        <div className="checkout-card__header">
          <h2 id="ev-summary-heading">{slot.data.templateTitle}</h2>
          <Link to={bookingPath(draft.slotId)}>
            Change<span className="visually-hidden"> the guests</span>
          </Link>
        </div>
        <BookingFacts slot={slot.data} location={location} adults={draft.adults} children={draft.children} />
        <BookingPrice rows={rows} />
        <p className="ev-muted">You can add extras, like a wine pairing, in the next steps.</p>
      </section>
      {!slot.data.bookable ? (
        <div className="notice notice--warning" role="alert">
          <p>
            {slot.data.unavailableReason ?? 'This date can’t be booked any more'}. Please choose another date.
          </p>
          <p className="notice__actions">
            <Link to={themePath(slot.data.templateId)}>Choose another date</Link>
          </p>
        </div>
      ) : null}
      <RefundRule rule={template.data.refundRule} />
      {slot.data.bookable ? (
        <Link to={CHECKOUT} className="button button--primary button--block">
          Continue to book
        </Link>
      ) : null}
    </div>
  );
}
