import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { holdExpiresAt, type Seats } from '../../../domain/events';
import type { DbOrTx } from '../../db/client';
import { eventBookings, eventHolds, eventSlots } from '../../db/schema/events';

// A slot's seats (decision 29). Nothing counts them but this file: seats taken are the confirmed bookings' seats
// in the slot plus its holds still held and unexpired. Whoever wants seats locks the slot's row first, counts,
// and writes its hold before the transaction ends, so buyers of a slot's last seats take turns on its row and
// a slot is never sold past its capacity. An expired hold stops counting by itself: no sweep frees seats.

export type SlotRow = typeof eventSlots.$inferSelect;
export type HoldRow = typeof eventHolds.$inferSelect;

/**
 * Locks slots' rows, in id order (a move takes two): the lock every change to a slot's seats takes, after the
 * checkout's and before the booking's (docs/architecture.md, the lock order). Missing ids are left out.
 */
export async function lockSlots(tx: DbOrTx, slotIds: readonly string[]): Promise<Map<string, SlotRow>> {
  const ids = [...new Set(slotIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(eventSlots)
    .where(inArray(eventSlots.id, ids))
    .orderBy(asc(eventSlots.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Seats taken in a slot at `now`: confirmed bookings' seats and unexpired holds'. `exceptCheckout` leaves out
 * one purchase's own hold (when it is taken again while paying).
 */
export async function seatsTaken(
  tx: DbOrTx,
  slotId: string,
  now: Date,
  exceptCheckout?: string,
): Promise<number> {
  const [booked] = await tx
    .select({
      seats: sql<number>`coalesce(sum(${eventBookings.adults} + ${eventBookings.children}), 0)::int`,
    })
    .from(eventBookings)
    .where(and(eq(eventBookings.slotId, slotId), eq(eventBookings.state, 'confirmed')));
  const [held] = await tx
    .select({ seats: sql<number>`coalesce(sum(${eventHolds.adults} + ${eventHolds.children}), 0)::int` })
    .from(eventHolds)
    .where(
      and(
        eq(eventHolds.slotId, slotId),
        eq(eventHolds.state, 'held'),
        gt(eventHolds.expiresAt, now),
        exceptCheckout ? ne(eventHolds.checkoutId, exceptCheckout) : undefined,
      ),
    );
  return Number(booked?.seats ?? 0) + Number(held?.seats ?? 0);
}

/** Seats taken in many slots at once (the lists): slot id → seats. Reads only; no lock. */
export async function seatsTakenIn(
  tx: DbOrTx,
  slotIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  if (slotIds.length === 0) return taken;
  const booked = await tx
    .select({
      slotId: eventBookings.slotId,
      seats: sql<number>`coalesce(sum(${eventBookings.adults} + ${eventBookings.children}), 0)::int`,
    })
    .from(eventBookings)
    .where(and(inArray(eventBookings.slotId, [...slotIds]), eq(eventBookings.state, 'confirmed')))
    .groupBy(eventBookings.slotId);
  const held = await tx
    .select({
      slotId: eventHolds.slotId,
      seats: sql<number>`coalesce(sum(${eventHolds.adults} + ${eventHolds.children}), 0)::int`,
    })
    .from(eventHolds)
    .where(
      and(
        inArray(eventHolds.slotId, [...slotIds]),
        eq(eventHolds.state, 'held'),
        gt(eventHolds.expiresAt, now),
      ),
    )
    .groupBy(eventHolds.slotId);
  for (const row of [...booked, ...held])
    taken.set(row.slotId, (taken.get(row.slotId) ?? 0) + Number(row.seats));
  return taken;
}

export interface NewHold {
  checkoutId: string;
  bookingId: string;
  purpose: HoldRow['purpose'];
  slotId: string;
  seats: Seats;
  upgrades: HoldRow['upgrades'];
}

/** Writes a purchase's hold of seats (the caller holds the slot's lock and has counted them). */
export async function holdSeats(tx: DbOrTx, hold: NewHold, now: Date): Promise<HoldRow> {
  const [row] = await tx
    .insert(eventHolds)
    .values({
      checkoutId: hold.checkoutId,
      bookingId: hold.bookingId,
      purpose: hold.purpose,
      slotId: hold.slotId,
      adults: hold.seats.adults,
      children: hold.seats.children,
      upgrades: hold.upgrades,
      expiresAt: holdExpiresAt(now),
    })
    .returning();
  return row!;
}

/** A purchase's hold (null: it made none). */
export async function holdOfCheckout(tx: DbOrTx, checkoutId: string): Promise<HoldRow | null> {
  const [row] = await tx.select().from(eventHolds).where(eq(eventHolds.checkoutId, checkoutId));
  return row ?? null;
}

/** Keeps a hold for another 15 minutes from `now` (taken again while paying). */
export async function extendHold(tx: DbOrTx, checkoutId: string, now: Date): Promise<void> {
  await tx
    .update(eventHolds)
    .set({ expiresAt: holdExpiresAt(now) })
    .where(and(eq(eventHolds.checkoutId, checkoutId), eq(eventHolds.state, 'held')));
}

/** Ends a hold: `paid` (its seats are the booking's now) or `released` (given back). */
export async function endHold(tx: DbOrTx, checkoutId: string, state: 'paid' | 'released'): Promise<void> {
  await tx
    .update(eventHolds)
    .set({ state })
    .where(and(eq(eventHolds.checkoutId, checkoutId), eq(eventHolds.state, 'held')));
}
