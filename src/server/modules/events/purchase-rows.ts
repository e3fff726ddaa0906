import { and, eq, inArray, sql } from 'drizzle-orm';
import { londonDate } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import { eventBookingChanges, eventBookings, eventBookingUpgrades } from '../../db/schema/events';
import { changeOrderDelivery } from '../orders';
import type { HoldRow } from './seats';

// A booking's rows as placing and paying write them (the booking, its add-ons, its changes). Its seats
// are counted by seats.ts only.

export type BookingRow = typeof eventBookings.$inferSelect;

export async function insertBooking(
  tx: DbOrTx,
  booking: { customerId: string; orderId: string; slotId: string; formToken: string; at: Date },
): Promise<BookingRow> {
  const [row] = await tx
    .insert(eventBookings)
    .values({
      customerId: booking.customerId,
      orderId: booking.orderId,
      slotId: booking.slotId,
      formToken: booking.formToken,
      createdAt: booking.at,
      updatedAt: booking.at,
    })
    .returning();
  return row!;
}

/** A booking's row, locked (taken after its slot's: the lock order). Null: none. */
export async function lockBooking(tx: DbOrTx, bookingId: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(eventBookings).where(eq(eventBookings.id, bookingId)).for('update');
  return row ?? null;
}

/** The bookings whose first order is one of `orderIds`. */
export function bookingsOfOrders(tx: DbOrTx, orderIds: readonly string[]): Promise<BookingRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(eventBookings)
    .where(inArray(eventBookings.orderId, [...orderIds]));
}

/** Deletes a booking (only while in `state`, when given). */
export async function deleteBooking(
  tx: DbOrTx,
  bookingId: string,
  state?: BookingRow['state'],
): Promise<void> {
  await tx
    .delete(eventBookings)
    .where(and(eq(eventBookings.id, bookingId), state ? eq(eventBookings.state, state) : undefined));
}

/** A booking whose first purchase was refunded in full (or never kept its seats): cancelled, its seats free. */
export async function cancelBooking(tx: DbOrTx, bookingId: string, at: Date): Promise<void> {
  await tx
    .update(eventBookings)
    .set({ state: 'cancelled', updatedAt: at })
    .where(and(eq(eventBookings.id, bookingId), inArray(eventBookings.state, ['confirmed', 'pending'])));
}

/**
 * A paid hold becomes the booking's: its seats added (more guests, the booking itself) or the booking moved to
 * its slot, its add-ons added, the booking confirmed. Returns the booking as it is now.
 */
export async function applyPaidHold(
  tx: DbOrTx,
  booking: BookingRow,
  hold: HoldRow,
  at: Date,
): Promise<BookingRow> {
  const seats =
    hold.purpose === 'move'
      ? { slotId: hold.slotId }
      : { adults: booking.adults + hold.adults, children: booking.children + hold.children };
  const [after] = await tx
    .update(eventBookings)
    .set({ ...seats, state: 'confirmed', confirmedAt: booking.confirmedAt ?? at, updatedAt: at })
    .where(eq(eventBookings.id, booking.id))
    .returning();
  if (hold.upgrades.length > 0) {
    await tx
      .insert(eventBookingUpgrades)
      .values(
        hold.upgrades.map((upgrade) => ({
          bookingId: booking.id,
          upgradeId: upgrade.upgradeId,
          quantity: upgrade.quantity,
          price: upgrade.price,
        })),
      )
      .onConflictDoUpdate({
        target: [eventBookingUpgrades.bookingId, eventBookingUpgrades.upgradeId],
        set: {
          quantity: sql`${eventBookingUpgrades.quantity} + excluded.quantity`,
          price: sql`excluded.price`,
        },
      });
  }
  return after!;
}

/**
 * A booking's order is dated as its event (decision 29): the date its label says ("Booked for Fri 4 Dec")
 * and whether the account lists it as upcoming or past. A move dates it again, in the lock order's last place.
 */
export async function dateBookingOrder(
  tx: DbOrTx,
  booking: BookingRow,
  startsAt: Date,
  at: Date,
): Promise<void> {
  await changeOrderDelivery(tx, [booking.orderId], { deliveryDate: londonDate(startsAt) }, at, {
    source: 'event_booking',
  });
}

export async function recordBookingChange(
  tx: DbOrTx,
  change: typeof eventBookingChanges.$inferInsert,
): Promise<void> {
  await tx.insert(eventBookingChanges).values(change);
}
