import { useQuery } from '@tanstack/react-query';
import { bookingQueries } from './bookings.queries';

// An account's lists name an event booking by its event as it is now (issue 22 part 5): "Fresh pasta class ·
// Sat 12 Dec, 19:00 · 3 guests". Read only when the list holds an event booking.

export interface BookingRow {
  title: string;
  when: string;
  guests: number;
}

export function useBookingRows(orders: readonly { source: string }[] | undefined) {
  const wanted = orders?.some((order) => order.source === 'event_booking') ?? false;
  const mine = useQuery({ ...bookingQueries.mine(), enabled: wanted });
  return new Map<string, BookingRow>(
    (mine.data ?? []).map((booking) => [
      booking.orderId,
      {
        title: booking.template.title,
        when: `${booking.slot.dateLabel}, ${booking.slot.timeLabel.split(/\s*[–-]\s*/)[0]}`,
        guests: booking.adults + booking.children,
      },
    ]),
  );
}
