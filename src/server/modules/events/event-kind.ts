import { DomainError } from '../../../domain/errors';
import {
  bookingClosesAt,
  refundTermsAt,
  seatCount,
  seatsLeft,
  type RefundScale,
} from '../../../domain/events';
import type { DbOrTx } from '../../db/client';
import { orderIdsOf, type CheckoutRow, type Mover, type OrderKind } from '../orders';
import { requestRefund } from '../payments';
import type { ShopRulesCache } from '../shop';
import { slotWithTemplate } from './catalogue.repo';
import {
  applyPaidHold,
  bookingsOfOrders,
  cancelBooking,
  dateBookingOrder,
  deleteBooking,
  lockBooking,
  recordBookingChange,
} from './purchase-rows';
import {
  endHold,
  extendHold,
  holdOfCheckout,
  lockSlots,
  seatsTaken,
  type HoldRow,
  type SlotRow,
} from './seats';

// What paying for seats means (the `event_booking` kind, registered in services.ts; decision 29):
// - paying: refused, nothing charged, once its date is cancelled, passed or closed to bookings (a move: once the
//   booking's changes have closed); the purchase's seats are taken again under the slot's lock when its hold has run out (refused,
//   nothing charged, when someone took them meanwhile), and held 15 minutes more while the payment runs;
// - paid: the hold's seats and add-ons become the booking's (a move: the booking moves to the hold's slot),
//   the booking is confirmed, a change to a paid booking recorded, and the emails queued;
// - withdrawn/cancelled: the seats are given back, and a booking never paid goes with them;
// - reversed: a booking whose first payment was refunded in full is cancelled (its seats free again).

export const SEATS_GONE =
  'Sorry, the seats we held for you were taken while you were away, so you have not been charged. ' +
  'Please choose another date.';

/** Why a payment that outlived its hold is given back. */
export const SEATS_GONE_REFUND =
  'The seats we held for you were taken while your bank checked the payment, so we have refunded it in full.';

/** What a paid purchase tells its booker (the emails: event-emails.ts, wired in services.ts). */
export interface BookingEmails {
  confirmed(tx: DbOrTx, bookingId: string, purpose: HoldRow['purpose'], by: Mover): Promise<void>;
}

const side = (slot: SlotRow | undefined, seats: { adults: number; children: number }) => ({
  adults: seats.adults,
  children: seats.children,
  ...(slot
    ? { slotId: slot.id, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() }
    : {}),
});

async function release(tx: DbOrTx, checkout: CheckoutRow): Promise<void> {
  const hold = await holdOfCheckout(tx, checkout.id);
  if (!hold) return;
  await endHold(tx, checkout.id, 'released');
  // A booking never paid goes with its first purchase (its orders go too, or stay cancelled).
  if (hold.purpose === 'book') await deleteBooking(tx, hold.bookingId, 'pending');
}

/**
 * Why a purchase can no longer be paid at `now` (null: it can): its date cancelled, passed or closed to
 * bookings; a move once the booking's changes have closed. Checked whenever payment starts, however long ago
 * the purchase was placed (a declined checkout stays open for two days).
 */
async function closedReason(
  tx: DbOrTx,
  hold: HoldRow,
  slot: SlotRow,
  now: Date,
  scale: RefundScale,
): Promise<string | null> {
  if (slot.cancelledAt)
    return 'This date has been cancelled, so you have not been charged. Please choose another.';
  if (now.getTime() >= slot.startsAt.getTime())
    return 'This date has passed, so you have not been charged. Please choose another.';
  if (now.getTime() >= bookingClosesAt(slot.startsAt, scale.bookingClosesHours).getTime())
    return (
      `Booking for this date closed ${scale.bookingClosesHours} hours before it starts, so you have not ` +
      'been charged. Please choose another.'
    );
  if (hold.purpose === 'move') {
    const booking = await lockBooking(tx, hold.bookingId);
    const from = booking ? await slotWithTemplate(tx, booking.slotId) : null;
    const terms = from ? refundTermsAt(from.slot.startsAt, now, scale) : null;
    if (!terms?.changesAllowed)
      return 'It is too late to move this booking, so you have not been charged. It stays on its date.';
  }
  return null;
}

export function eventKind(rules: ShopRulesCache, emails?: BookingEmails): OrderKind {
  return {
    async paying(tx, { checkout, by }) {
      const hold = await holdOfCheckout(tx, checkout.id);
      if (!hold) return undefined;
      const slot = (await lockSlots(tx, [hold.slotId])).get(hold.slotId);
      if (hold.state !== 'held' || !slot) throw new DomainError('EVENT_SLOT_FULL', SEATS_GONE);
      const closed = await closedReason(tx, hold, slot, by.at, (await rules.get(tx)).events);
      if (closed) throw new DomainError('EVENT_SLOT_CLOSED', closed);
      if (hold.expiresAt.getTime() <= by.at.getTime()) {
        // Run out: the seats are taken again if nobody has taken them meanwhile.
        const taken = await seatsTaken(tx, slot.id, by.at, checkout.id);
        if (slot.cancelledAt || seatCount(hold) > seatsLeft(slot.capacity, taken))
          throw new DomainError('EVENT_SLOT_FULL', SEATS_GONE);
      }
      await extendHold(tx, checkout.id, by.at);
      return undefined;
    },

    async paid(tx, { checkout, by }) {
      const hold = await holdOfCheckout(tx, checkout.id);
      if (!hold) return;
      if (hold.state !== 'held' || hold.expiresAt.getTime() <= by.at.getTime()) {
        // The hold ran out while the payment did (a 3-D Secure check longer than it): the seats are the
        // booking's if still free; if someone has taken them, the money goes straight back (the refund's
        // `reversed` cancels the booking), so a slot is never sold past its capacity.
        const slot = (await lockSlots(tx, [hold.slotId])).get(hold.slotId);
        const taken = slot ? await seatsTaken(tx, slot.id, by.at, checkout.id) : 0;
        if (
          hold.state !== 'held' ||
          !slot ||
          slot.cancelledAt ||
          seatCount(hold) > seatsLeft(slot.capacity, taken)
        ) {
          await endHold(tx, checkout.id, 'released');
          await requestRefund(tx, checkout.id, SEATS_GONE_REFUND, by);
          return;
        }
      }
      // Seats move from the hold to the booking in this one transaction: the slot's count stays as it was.
      const booking = await lockBooking(tx, hold.bookingId);
      if (!booking) return;
      const after = await applyPaidHold(tx, booking, hold, by.at);
      await endHold(tx, checkout.id, 'paid');
      if (hold.purpose !== 'book') {
        const before = await slotWithTemplate(tx, booking.slotId);
        const now = await slotWithTemplate(tx, after.slotId);
        if (hold.purpose === 'move' && now) await dateBookingOrder(tx, booking, now.slot.startsAt, by.at);
        await recordBookingChange(tx, {
          bookingId: booking.id,
          kind: hold.purpose,
          before: side(before?.slot, booking),
          after: side(now?.slot, after),
          paidAmount: checkout.total,
          actor: by.actor,
          at: by.at,
        });
      }
      await emails?.confirmed(tx, booking.id, hold.purpose, by);
    },

    async withdrawn(tx, { checkout }) {
      await release(tx, checkout);
    },

    async cancelled(tx, { checkout }) {
      await release(tx, checkout);
    },

    async reversed(tx, { checkout, by }) {
      // The booking's own first purchase refunded in full: it is cancelled, its seats free again.
      const bookings = await bookingsOfOrders(tx, await orderIdsOf(tx, checkout.id));
      for (const booking of bookings) await cancelBooking(tx, booking.id, by.at);
    },
  };
}
