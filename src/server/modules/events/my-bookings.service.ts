import type { EventBooking } from '../../../contracts/events';
import { DomainError } from '../../../domain/errors';
import { icsEvent } from '../../../domain/ics';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import type { ShopRulesCache } from '../shop';
import { bookingView } from './booking-view';
import { eventBookings } from '../../db/schema/events';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { slotContexts, type BookingRow } from './bookings.repo';
import { bookingOfOrder, BOOKING_NOT_FOUND } from './guests.service';
import { calendarOf, calendarSequence } from './event-emails';

// A customer's event bookings as their booker reads them (issue 22 parts 3–5): the list, one booking with all
// it can still do, and its calendar file. Another customer's booking is not found (404), like an order.

export class MyBookingsService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    readonly publicUrl: string,
  ) {}

  /** GET /event_bookings: the customer's bookings ever paid, the soonest to come first, then the past. */
  async list(customerId: string): Promise<EventBooking[]> {
    const rows = await this.db
      .select()
      .from(eventBookings)
      .where(
        and(
          eq(eventBookings.customerId, customerId),
          inArray(eventBookings.state, ['confirmed', 'cancelled']),
        ),
      )
      .orderBy(desc(eventBookings.createdAt));
    const views: EventBooking[] = [];
    for (const row of rows) views.push(await this.view(this.db, row));
    const now = this.clock.now().getTime();
    const upcoming = (view: EventBooking) =>
      view.state === 'confirmed' && new Date(view.slot.endsAt).getTime() > now;
    return [
      ...views.filter(upcoming).sort((a, b) => a.slot.startsAt.localeCompare(b.slot.startsAt)),
      ...views
        .filter((view) => !upcoming(view))
        .sort((a, b) => b.slot.startsAt.localeCompare(a.slot.startsAt)),
    ];
  }

  /** GET /event_bookings/{orderId}: the booker's booking (another customer's: 404). */
  async booking(customerId: string, orderId: string): Promise<EventBooking> {
    return this.view(this.db, await this.bookerBooking(this.db, customerId, orderId));
  }

  /** GET /event_bookings/{orderId}/calendar.ics: the booking as a calendar entry. */
  async calendar(customerId: string, orderId: string): Promise<{ filename: string; content: string }> {
    const booking = await this.bookerBooking(this.db, customerId, orderId);
    const context = (await slotContexts(this.db, [booking.slotId])).get(booking.slotId);
    if (!context) throw new DomainError('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    const sequence = await calendarSequence(this.db, booking.id);
    const file = calendarOf(booking, context, this.publicUrl, this.clock.now(), sequence);
    return { filename: file.filename, content: icsEvent(file.event) };
  }

  /** The booking, its booker's (a booking never paid, or another customer's: BOOKING_NOT_FOUND). */
  async bookerBooking(db: DbOrTx, customerId: string, orderId: string): Promise<BookingRow> {
    const booking = await bookingOfOrder(db, orderId);
    if (!booking || booking.customerId !== customerId || booking.state === 'pending')
      throw new DomainError('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    return booking;
  }

  async view(db: DbOrTx, booking: BookingRow): Promise<EventBooking> {
    const rules = await this.rules.get(db === this.db ? undefined : db);
    return bookingView(db, booking, {
      publicUrl: this.publicUrl,
      scale: rules.events,
      now: this.clock.now(),
    });
  }
}
