import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { EventSlot, HostSlot } from '../../../contracts/events';
import { isoDate, londonInstant } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { dietaryTotals, seatCount } from '../../../domain/events';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { eventBookings, eventSlots } from '../../db/schema/events';
import { customerContacts } from '../customers';
import { requireStaffOf } from '../kitchen';
import { orderOwnerOf } from '../orders';
import type { ShopRulesCache } from '../shop';
import { guestsOf, slotContexts, upgradesOf } from './bookings.repo';
import { guestModel, unansweredOf } from './booking-view';
import { eventSlotOf } from './booking-slots';
import { seatsTakenIn } from './seats';

// The host's view (issue 22 part 6): for staff of the restaurant hosting a slot, its guest list by booking,
// the seats sold, the add-ons to prepare and the dietary totals ("Cereals containing gluten 2 · Tree nuts 1"),
// ready to print. Staff only (403, as the kitchen's calls); another restaurant's slot is not found (404).

const SLOT_NOT_FOUND = 'We could not find that date among your restaurant’s events';

export class EventHostService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {}

  /** A restaurant's slots from `from` (a London date; default now), soonest first. */
  async slots(customerId: string, restaurantId: string, from?: string): Promise<EventSlot[]> {
    await requireStaffOf(this.db, customerId, restaurantId);
    const now = this.clock.now();
    const start = from ? londonInstant(isoDate(from), 0) : now;
    const rows = await this.db
      .select({ id: eventSlots.id })
      .from(eventSlots)
      .where(
        and(
          eq(eventSlots.restaurantId, restaurantId),
          gt(eventSlots.endsAt, start),
          isNull(eventSlots.cancelledAt),
        ),
      )
      .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id))
      .limit(100);
    const ids = rows.map((row) => row.id);
    const contexts = await slotContexts(this.db, ids);
    const taken = await seatsTakenIn(this.db, ids, now);
    const { bookingClosesHours } = (await this.rules.get()).events;
    return ids.flatMap((id) => {
      const context = contexts.get(id);
      return context ? [eventSlotOf(context, taken.get(id) ?? 0, now, bookingClosesHours)] : [];
    });
  }

  /** One slot's guest list, add-ons and dietary totals. */
  async slot(customerId: string, slotId: string): Promise<HostSlot> {
    const now = this.clock.now();
    const context = (await slotContexts(this.db, [slotId])).get(slotId);
    if (!context) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
    await requireStaffOf(this.db, customerId, context.slot.restaurantId).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'RESTAURANT_NOT_FOUND'
        ? new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND)
        : error;
    });
    const bookings = await this.db
      .select()
      .from(eventBookings)
      .where(and(eq(eventBookings.slotId, slotId), eq(eventBookings.state, 'confirmed')))
      .orderBy(asc(eventBookings.confirmedAt), asc(eventBookings.id));
    const ids = bookings.map((booking) => booking.id);
    const guests = await guestsOf(this.db, ids);
    const upgrades = await upgradesOf(this.db, ids);
    const bookers = await customerContacts(this.db, [...new Set(bookings.map((b) => b.customerId))]);
    const taken = await seatsTakenIn(this.db, [slotId], now);
    const { bookingClosesHours } = (await this.rules.get()).events;

    const totals = new Map<string, { upgradeId: string; title: string; quantity: number }>();
    const listed: HostSlot['bookings'] = [];
    for (const booking of bookings) {
      const answers = guests.get(booking.id) ?? [];
      const added = upgrades.get(booking.id) ?? [];
      for (const upgrade of added) {
        const total = totals.get(upgrade.upgradeId) ?? { ...upgrade, quantity: 0 };
        totals.set(upgrade.upgradeId, { ...total, quantity: total.quantity + upgrade.quantity });
      }
      const booker = bookers.get(booking.customerId);
      listed.push({
        orderNumber: (await orderOwnerOf(this.db, booking.orderId))?.number ?? 0,
        holderName: booking.holderName ?? booker?.firstName ?? '',
        holderEmail: booking.holderEmail ?? booker?.email ?? '',
        adults: booking.adults,
        children: booking.children,
        upgrades: added.map((upgrade) => ({ title: upgrade.title, quantity: upgrade.quantity })),
        guests: answers.map(guestModel),
        unanswered: unansweredOf(booking, answers.length),
      });
    }
    const everyone = bookings.flatMap((booking) => guests.get(booking.id) ?? []);
    return {
      slot: eventSlotOf(context, taken.get(slotId) ?? 0, now, bookingClosesHours),
      seatsSold: bookings.reduce((sum, booking) => sum + seatCount(booking), 0),
      bookings: listed,
      upgradeTotals: [...totals.values()],
      dietaryTotals: dietaryTotals(everyone),
      unanswered: listed.reduce((sum, booking) => sum + booking.unanswered, 0),
    };
  }
}
