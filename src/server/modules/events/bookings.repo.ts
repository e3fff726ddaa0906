import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  eventBookingChanges,
  type eventBookings,
  eventBookingUpgrades,
  eventGuests,
  eventHolds,
  eventSlots,
  eventTemplates,
  eventUpgrades,
} from '../../db/schema/events';
import { restaurantsOf, type RestaurantRow } from '../restaurants';
import type { HoldRow, SlotRow } from './seats';

// A booking's rows as its pages read them: its slot with its template and restaurant, its add-ons, its guests'
// answers, its changes and its holds.

export type BookingRow = typeof eventBookings.$inferSelect;
export type GuestRow = typeof eventGuests.$inferSelect;
export type ChangeRow = typeof eventBookingChanges.$inferSelect;
export type TemplateRow = typeof eventTemplates.$inferSelect;

export interface SlotContext {
  slot: SlotRow;
  template: TemplateRow;
  restaurant: RestaurantRow;
}

/** Slots with their template and restaurant, by slot id (those that exist). */
export async function slotContexts(
  db: DbOrTx,
  slotIds: readonly string[],
): Promise<Map<string, SlotContext>> {
  const contexts = new Map<string, SlotContext>();
  if (slotIds.length === 0) return contexts;
  const rows = await db
    .select({ slot: eventSlots, template: eventTemplates })
    .from(eventSlots)
    .innerJoin(eventTemplates, eq(eventTemplates.id, eventSlots.templateId))
    .where(inArray(eventSlots.id, [...new Set(slotIds)]));
  const restaurants = new Map(
    (await restaurantsOf(db, [...new Set(rows.map((row) => row.slot.restaurantId))])).map((r) => [r.id, r]),
  );
  for (const { slot, template } of rows) {
    const restaurant = restaurants.get(slot.restaurantId);
    if (restaurant) contexts.set(slot.id, { slot, template, restaurant });
  }
  return contexts;
}

/** A template's slots still to start and not cancelled, soonest first. */
export function upcomingSlotsOfTemplate(db: DbOrTx, templateId: string, now: Date): Promise<SlotRow[]> {
  return db
    .select()
    .from(eventSlots)
    .where(
      and(
        eq(eventSlots.templateId, templateId),
        gt(eventSlots.startsAt, now),
        isNull(eventSlots.cancelledAt),
      ),
    )
    .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id));
}

/** Bookings' add-ons with their titles, by booking id. */
export async function upgradesOf(
  db: DbOrTx,
  bookingIds: readonly string[],
): Promise<Map<string, { upgradeId: string; title: string; quantity: number; price: number }[]>> {
  const byBooking = new Map<
    string,
    { upgradeId: string; title: string; quantity: number; price: number }[]
  >();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      bookingId: eventBookingUpgrades.bookingId,
      upgradeId: eventBookingUpgrades.upgradeId,
      title: eventUpgrades.title,
      quantity: eventBookingUpgrades.quantity,
      price: eventBookingUpgrades.price,
    })
    .from(eventBookingUpgrades)
    .innerJoin(eventUpgrades, eq(eventUpgrades.id, eventBookingUpgrades.upgradeId))
    .where(inArray(eventBookingUpgrades.bookingId, [...bookingIds]))
    .orderBy(asc(eventUpgrades.position), asc(eventUpgrades.id));
  for (const { bookingId, ...upgrade } of rows) {
    if (upgrade.quantity > 0) byBooking.set(bookingId, [...(byBooking.get(bookingId) ?? []), upgrade]);
  }
  return byBooking;
}

/** Bookings' dietary answers, oldest first, by booking id. */
export async function guestsOf(db: DbOrTx, bookingIds: readonly string[]): Promise<Map<string, GuestRow[]>> {
  const byBooking = new Map<string, GuestRow[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(eventGuests)
    .where(inArray(eventGuests.bookingId, [...bookingIds]))
    .orderBy(asc(eventGuests.createdAt), asc(eventGuests.id));
  for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
  return byBooking;
}

/** A booking's changes, oldest first. */
export function changesOf(db: DbOrTx, bookingId: string): Promise<ChangeRow[]> {
  return db
    .select()
    .from(eventBookingChanges)
    .where(eq(eventBookingChanges.bookingId, bookingId))
    .orderBy(asc(eventBookingChanges.at), asc(eventBookingChanges.id));
}

/** A booking's holds (every purchase of it), oldest first. */
export function holdsOfBooking(db: DbOrTx, bookingId: string): Promise<HoldRow[]> {
  return db
    .select()
    .from(eventHolds)
    .where(eq(eventHolds.bookingId, bookingId))
    .orderBy(asc(eventHolds.createdAt));
}
