import { Link } from '../../shared/router';
import type { EventSlot } from '../../../contracts/events';
import { formatPence } from '../../../domain/money';
import { seatsLabel } from './format';

/** The booking of a date; `seats` (the seats needed the dates were filtered by) is the guests to start from. */
export const bookingPath = (slotId: string, seats?: number) =>
  `/events/booking?slot=${encodeURIComponent(slotId)}${seats ? `&seats=${seats}` : ''}`;

/** Upcoming dates of a theme, each with its seats left and, when it can be booked, the way to choose it. */
export function SlotList({
  slots,
  label,
  seats,
}: {
  slots: readonly EventSlot[];
  label: string;
  /** The seats needed, carried to the booking. */
  seats?: number;
}) {
  return (
    <ul className="ev-slots" aria-label={label}>
      {slots.map((slot) => {
        const few = slot.bookable && slot.seatsLeft <= 3;
        return (
          <li key={slot.id} className={`ev-slot ${slot.bookable ? '' : 'ev-slot--off'}`}>
            <div className="ev-slot__when">
              <strong>{slot.dateLabel}</strong>
              <span>{slot.timeLabel}</span>
              <span className="ev-slot__where">{slot.locationName}</span>
            </div>
            <div className="ev-slot__side">
              <span className="ev-slot__price">{formatPence(slot.adultPrice)}</span>
              <span className={`ev-slot__seats ${few ? 'ev-slot__seats--few' : ''}`}>{seatsLabel(slot)}</span>
              {slot.bookable ? (
                <Link to={bookingPath(slot.id, seats)} className="button button--primary button--small">
                  Choose
                  <span className="visually-hidden">
                    {' '}
                    {slot.dateLabel}, {slot.timeLabel} at {slot.locationName}
                  </span>
                </Link>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
