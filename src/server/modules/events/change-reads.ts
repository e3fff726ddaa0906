import { inArray } from 'drizzle-orm';
import type { EventChangeBody } from '../../../contracts/events';
import { DomainError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { eventUpgrades } from '../../db/schema/events';
import { checkoutOf } from '../orders';
import { cardRefundRoom } from '../payments';
import {
  changesOf,
  guestsOf,
  holdsOfBooking,
  slotContexts,
  upgradesOf,
  type BookingRow,
} from './bookings.repo';
import { bookingMoney } from './change-money';
import type { BookingNow, Target } from './changes';
import { seatsTaken } from './seats';

// What deciding a change reads (decision 29): the booking with its slot, add-ons, answers and money, and the
// slot a move goes to with its seats taken.

/** The booking with its slot, add-ons, answers, what it holds at the prices paid and what may go back. */
export async function bookingNow(db: DbOrTx, booking: BookingRow): Promise<BookingNow> {
  const context = (await slotContexts(db, [booking.slotId])).get(booking.slotId);
  if (!context) throw new DomainError('BOOKING_NOT_FOUND', 'We could not find that booking');
  const upgrades = (await upgradesOf(db, [booking.id])).get(booking.id) ?? [];
  const perGuest = await perGuestUpgrades(
    db,
    upgrades.map((upgrade) => upgrade.upgradeId),
  );
  const paidTotals: number[] = [];
  const paidCheckouts: string[] = [];
  for (const hold of await holdsOfBooking(db, booking.id)) {
    if (hold.state !== 'paid') continue;
    paidCheckouts.push(hold.checkoutId);
    paidTotals.push((await checkoutOf(db, hold.checkoutId))?.total ?? 0);
  }
  const money = bookingMoney(paidTotals, await changesOf(db, booking.id));
  return {
    booking,
    context,
    upgrades: upgrades.map((upgrade) => ({ ...upgrade, perGuest: perGuest.has(upgrade.upgradeId) })),
    guests: (await guestsOf(db, [booking.id])).get(booking.id) ?? [],
    value: money.value,
    refundable: money.refundable,
    cardRoom: await cardRefundRoom(db, paidCheckouts),
  };
}

/** The slot a move goes to, with the seats taken in it (null: not a move, or no such slot). */
export async function moveTarget(db: DbOrTx, body: EventChangeBody, now: Date): Promise<Target | null> {
  if (body.kind !== 'move') return null;
  const context = (await slotContexts(db, [body.slotId])).get(body.slotId);
  return context ? { context, taken: await seatsTaken(db, body.slotId, now) } : null;
}

async function perGuestUpgrades(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: eventUpgrades.id, perGuest: eventUpgrades.perGuest })
    .from(eventUpgrades)
    .where(inArray(eventUpgrades.id, [...ids]));
  return new Set(rows.filter((row) => row.perGuest).map((row) => row.id));
}
