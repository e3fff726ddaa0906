import type { EventBooking, EventGuest } from '../../../contracts/events';
import {
  bookingClosesAt,
  refundRuleText,
  refundTermsAt,
  refundTermsText,
  seatCount,
  type RefundScale,
} from '../../../domain/events';
import { refundOfParts } from '../../../domain/event-refunds';
import { pence } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { checkoutOf, firstOrderOf, orderOwnerOf } from '../orders';
import { customerContact } from '../customers';
import {
  changesOf,
  guestsOf,
  holdsOfBooking,
  slotContexts,
  upcomingSlotsOfTemplate,
  upgradesOf,
  type BookingRow,
  type ChangeRow,
  type GuestRow,
  type SlotContext,
} from './bookings.repo';
import { givenBackOf, refundPartsOf } from './change-money';
import { eventLocationOf, eventSlotOf, slotDateLabel, slotTimeLabel } from './booking-slots';
import { seatsTakenIn } from './seats';

// A booking as its booker sees it (GET /event_bookings/{orderId}): where and when, who is coming and who has
// answered the dietary form, what was paid, the refund rule and the terms in force now, what can still be
// changed (more guests until booking closes, handing over until the start, other dates of the same theme
// with seats for everyone), its changes and any purchase still to pay.

export const guestModel = (row: GuestRow): EventGuest => ({
  id: row.id,
  name: row.name,
  allergens: row.allergens,
  diets: row.diets,
  notes: row.notes,
  answeredBy: row.answeredBy,
  createdAt: row.createdAt.toISOString(),
});

/** The dietary form's link to forward: whoever has it may answer for a guest. */
export const formUrlOf = (publicUrl: string, booking: Pick<BookingRow, 'orderId' | 'formToken'>) =>
  `${publicUrl}/events/dietary-form/${booking.orderId}?key=${booking.formToken}`;

export const unansweredOf = (booking: Pick<BookingRow, 'adults' | 'children'>, answers: number) =>
  Math.max(0, seatCount(booking) - answers);

/** "2 adults and 1 child". */
export function guestsLabel(seats: { adults: number; children: number }): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    seats.adults > 0 || seats.children === 0 ? part(seats.adults, 'adult', 'adults') : null,
    seats.children > 0 ? part(seats.children, 'child', 'children') : null,
  ].filter(Boolean);
  return parts.join(' and ');
}

/** "Thu 10 Dec, 7pm – 10pm". */
export const whenLabel = (slot: { startsAt: Date; endsAt: Date }) =>
  `${slotDateLabel(slot.startsAt)}, ${slotTimeLabel(slot.startsAt, slot.endsAt)}`;

/** A change in a line: "2 adults → 3 adults", "Thu 10 Dec 7pm → Thu 17 Dec 7pm". */
export function changeSummary(change: Pick<ChangeRow, 'kind' | 'before' | 'after'>): string {
  const { before, after } = change;
  if (typeof after.summary === 'string') return after.summary;
  const seats = (side: Record<string, unknown>) =>
    guestsLabel({ adults: Number(side.adults ?? 0), children: Number(side.children ?? 0) });
  switch (change.kind) {
    case 'add_guests':
    case 'remove_guests':
      return `${seats(before)} → ${seats(after)}`;
    case 'move': {
      const at = (side: Record<string, unknown>) =>
        typeof side.startsAt === 'string'
          ? whenLabel({
              startsAt: new Date(side.startsAt),
              endsAt: new Date(String(side.endsAt ?? side.startsAt)),
            })
          : 'another date';
      return `${at(before)} → ${at(after)}`;
    }
    case 'transfer':
      return `Handed to ${String(after.holderName ?? 'someone else')}`;
    case 'cancel':
      return 'Booking cancelled';
  }
}

export interface BookingViewParts {
  publicUrl: string;
  scale: RefundScale;
  now: Date;
}

/** Everything one booking's page needs, read in `db` (a transaction's, after a change). */
export async function bookingView(
  db: DbOrTx,
  booking: BookingRow,
  { publicUrl, scale, now }: BookingViewParts,
): Promise<EventBooking> {
  // One statement at a time: on the embedded database a transaction has one connection.
  const contexts = await slotContexts(db, [booking.slotId]);
  const upgrades = await upgradesOf(db, [booking.id]);
  const guests = await guestsOf(db, [booking.id]);
  const changes = await changesOf(db, booking.id);
  const holds = await holdsOfBooking(db, booking.id);
  const owner = await orderOwnerOf(db, booking.orderId);
  const booker = await customerContact(db, booking.customerId);
  const context = contexts.get(booking.slotId)!;
  const { slot, template, restaurant } = context;
  const answers = guests.get(booking.id) ?? [];
  const confirmed = booking.state === 'confirmed';
  const terms = refundTermsAt(slot.startsAt, now, scale);
  const taken = await seatsTakenIn(db, [slot.id], now);

  let paid = -changes.reduce((sum, change) => sum + givenBackOf(change), 0);
  let pendingPayment: EventBooking['pendingPayment'] = null;
  for (const hold of holds) {
    const checkout = await checkoutOf(db, hold.checkoutId);
    if (!checkout) continue;
    if (hold.state === 'paid') paid += checkout.total;
    else if (hold.state === 'held' && checkout.state === 'open' && !pendingPayment) {
      const order = await firstOrderOf(db, checkout.id);
      if (order)
        pendingPayment = {
          orderId: order.id,
          amount: pence(checkout.total),
          purpose: hold.purpose,
          expiresAt: hold.expiresAt.toISOString(),
        };
    }
  }

  return {
    // The booking's links name its first order.
    id: booking.orderId,
    orderId: booking.orderId,
    orderNumber: owner?.number ?? 0,
    state: booking.state,
    slot: eventSlotOf(context, taken.get(slot.id) ?? 0, now, scale.bookingClosesHours),
    template: {
      id: template.id,
      title: template.title,
      images: template.images,
      bring: template.bring,
      childPrice: template.childPrice === null ? null : pence(template.childPrice),
      maxGuests: template.maxGuests,
    },
    location: eventLocationOf(restaurant),
    adults: booking.adults,
    children: booking.children,
    upgrades: (upgrades.get(booking.id) ?? []).map((upgrade) => ({
      upgradeId: upgrade.upgradeId,
      title: upgrade.title,
      quantity: upgrade.quantity,
      price: pence(upgrade.price),
    })),
    paid: pence(Math.max(0, paid)),
    holderName: booking.holderName ?? booker?.firstName ?? '',
    holderEmail: booking.holderEmail ?? booker?.email ?? '',
    isBooker: true,
    formUrl: formUrlOf(publicUrl, booking),
    guests: answers.map(guestModel),
    unanswered: unansweredOf(booking, answers.length),
    refundRule: refundRuleText(scale),
    refundTerms: {
      text: refundTermsText(terms),
      step: terms.step ? { ...terms.step } : null,
      until: terms.until?.toISOString() ?? null,
      changesAllowed: confirmed && terms.changesAllowed,
      changesCloseAt: terms.changesCloseAt.toISOString(),
    },
    canAddGuests:
      confirmed &&
      !slot.cancelledAt &&
      now.getTime() < bookingClosesAt(slot.startsAt, scale.bookingClosesHours).getTime(),
    canTransfer: confirmed && now.getTime() < slot.startsAt.getTime(),
    moveOptions: confirmed && terms.changesAllowed ? await moveOptions(db, booking, context, scale, now) : [],
    changes: changes.map((change) => {
      const refund = refundOfParts(refundPartsOf(change));
      return {
        kind: change.kind,
        summary: changeSummary(change),
        refund: { ...refund, amount: pence(refund.amount) },
        paidAmount: pence(change.paidAmount),
        at: change.at.toISOString(),
      };
    }),
    pendingPayment,
  };
}

/** Other upcoming slots of the same template, still taking bookings, with a seat for every guest. */
export async function moveOptions(
  db: DbOrTx,
  booking: BookingRow,
  { template }: SlotContext,
  scale: RefundScale,
  now: Date,
): Promise<EventBooking['moveOptions']> {
  const others = (await upcomingSlotsOfTemplate(db, template.id, now)).filter(
    (slot) =>
      slot.id !== booking.slotId &&
      now.getTime() < bookingClosesAt(slot.startsAt, scale.bookingClosesHours).getTime(),
  );
  if (others.length === 0) return [];
  const ids = others.map((slot) => slot.id);
  const taken = await seatsTakenIn(db, ids, now);
  const contexts = await slotContexts(db, ids);
  return others.flatMap((slot) => {
    const context = contexts.get(slot.id);
    const view = context && eventSlotOf(context, taken.get(slot.id) ?? 0, now, scale.bookingClosesHours);
    return view && view.bookable && view.seatsLeft >= seatCount(booking) ? [view] : [];
  });
}
