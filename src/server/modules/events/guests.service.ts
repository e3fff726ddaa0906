import { timingSafeEqual } from 'node:crypto';
import { and, count, eq, max } from 'drizzle-orm';
import type {
  EventGuest,
  EventGuestBody,
  EventGuestForm,
  GuestFormClosedReason,
} from '../../../contracts/events';
import { DomainError } from '../../../domain/errors';
import { seatCount } from '../../../domain/events';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { eventBookings, eventGuests } from '../../db/schema/events';
import { customerContact } from '../customers';
import { slotContexts, type BookingRow, type SlotContext } from './bookings.repo';
import { guestModel, unansweredOf } from './booking-view';
import { slotDateLabel, slotTimeLabel } from './booking-slots';

// The guests' dietary form (issue 22 part 3; decision 29): the booker signed in, or anyone with the link's
// key, reads who has answered and adds one guest's allergens and diets, until every seat has answered or the
// event starts. Without the booker's session or the right key a booking is not found (404): the form never
// says that a booking exists. Only the booker deletes an answer.

export const BOOKING_NOT_FOUND = 'We could not find that booking';

/** Whether `given` is the booking's key, compared in constant time. */
function keyMatches(booking: BookingRow, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(booking.formToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function bookingOfOrder(db: DbOrTx, orderId: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(eventBookings).where(eq(eventBookings.orderId, orderId));
  return row ?? null;
}

/**
 * The booking a form request names, for its booker or the key's holder; a booking never paid is no booking.
 * Anyone else: BOOKING_NOT_FOUND, as for an order id that names nothing.
 */
export async function formBooking(
  db: DbOrTx,
  orderId: string,
  customerId: string | null,
  key: string | undefined,
): Promise<{ booking: BookingRow; isBooker: boolean }> {
  const booking = await bookingOfOrder(db, orderId);
  const isBooker = booking !== null && customerId !== null && booking.customerId === customerId;
  if (!booking || booking.state === 'pending' || (!isBooker && !keyMatches(booking, key)))
    throw new DomainError('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
  return { booking, isBooker };
}

/** What a closed form's refusal (GUEST_FORM_CLOSED) says, by why it is closed. */
export const FORM_CLOSED_MESSAGES: Record<GuestFormClosedReason, string> = {
  cancelled: 'This booking has been cancelled, so the form is closed.',
  started: 'The event has started, so the form is closed.',
  answered: 'Every guest on this booking has answered. The booker can delete an answer to change it.',
};

/** Why the form takes no more answers (null: it does). */
export function formClosedReason(
  booking: BookingRow,
  startsAt: Date,
  answers: number,
  now: Date,
): GuestFormClosedReason | null {
  if (booking.state !== 'confirmed') return 'cancelled';
  if (now.getTime() >= startsAt.getTime()) return 'started';
  if (answers >= seatCount(booking)) return 'answered';
  return null;
}

async function answersOf(db: DbOrTx, bookingId: string): Promise<{ name: string }[]> {
  return db
    .select({ name: eventGuests.name })
    .from(eventGuests)
    .where(eq(eventGuests.bookingId, bookingId))
    .orderBy(eventGuests.createdAt, eventGuests.id);
}

export class EventGuestsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** GET /event_guests: the form's booking, without its money. */
  async form(customerId: string | null, orderId: string, key: string | undefined): Promise<EventGuestForm> {
    const now = this.clock.now();
    const { booking } = await formBooking(this.db, orderId, customerId, key);
    const context = await this.contextOf(this.db, booking);
    const answers = await answersOf(this.db, booking.id);
    const booker = await customerContact(this.db, booking.customerId);
    const closedReason = formClosedReason(booking, context.slot.startsAt, answers.length, now);
    return {
      orderId: booking.orderId,
      templateTitle: context.template.title,
      locationName: context.restaurant.name,
      startsAt: context.slot.startsAt.toISOString(),
      dateLabel: slotDateLabel(context.slot.startsAt),
      timeLabel: slotTimeLabel(context.slot.startsAt, context.slot.endsAt),
      holderName: booking.holderName ?? booker?.firstName ?? '',
      seats: seatCount(booking),
      answered: answers.map((answer) => answer.name),
      unanswered: unansweredOf(booking, answers.length),
      open: closedReason === null,
      closedReason,
    };
  }

  /**
   * POST /event_guests: one guest's answers. The booking's row is locked while its answers are counted, so two
   * guests sending the last answer at once take turns and the second is refused (GUEST_FORM_CLOSED).
   */
  async add(customerId: string | null, body: EventGuestBody): Promise<EventGuest> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const { booking: seen, isBooker } = await formBooking(tx, body.orderId, customerId, body.key);
      const [booking] = await tx
        .select()
        .from(eventBookings)
        .where(eq(eventBookings.id, seen.id))
        .for('update');
      const context = await this.contextOf(tx, booking!);
      const [answered] = await tx
        .select({ n: count(), last: max(eventGuests.createdAt) })
        .from(eventGuests)
        .where(eq(eventGuests.bookingId, booking!.id));
      const closed = formClosedReason(booking!, context.slot.startsAt, Number(answered?.n ?? 0), now);
      if (closed) throw new DomainError('GUEST_FORM_CLOSED', FORM_CLOSED_MESSAGES[closed]);
      const [row] = await tx
        .insert(eventGuests)
        .values({
          bookingId: booking!.id,
          name: body.name,
          allergens: [...new Set(body.allergens)],
          diets: [...new Set(body.diets)],
          notes: body.notes ? body.notes : null,
          answeredBy: isBooker ? 'booker' : 'guest',
          // After the last answer, so the list keeps the order they came in on a clock that stands still.
          createdAt: new Date(Math.max(now.getTime(), (answered?.last?.getTime() ?? 0) + 1)),
        })
        .returning();
      return guestModel(row!);
    });
  }

  /** DELETE /event_guests/{id}: the booker takes an answer off (to let the guest answer again). */
  async remove(customerId: string, guestId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ guest: eventGuests, booking: eventBookings })
        .from(eventGuests)
        .innerJoin(eventBookings, eq(eventBookings.id, eventGuests.bookingId))
        .where(and(eq(eventGuests.id, guestId), eq(eventBookings.customerId, customerId)));
      if (!found) throw new DomainError('NOT_FOUND', 'We could not find that guest on your bookings');
      const context = await this.contextOf(tx, found.booking);
      if (found.booking.state !== 'confirmed' || now.getTime() >= context.slot.startsAt.getTime())
        throw new DomainError('GUEST_FORM_CLOSED', 'This booking can no longer be changed');
      await tx.delete(eventGuests).where(eq(eventGuests.id, guestId));
    });
  }

  private async contextOf(db: DbOrTx, booking: BookingRow): Promise<SlotContext> {
    const context = (await slotContexts(db, [booking.slotId])).get(booking.slotId);
    if (!context) throw new DomainError('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    return context;
  }
}
