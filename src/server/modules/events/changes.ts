import type { EventChangeBody, EventChangeQuote } from '../../../contracts/events';
import { fullDateLabel, londonClock, timeLabel } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import {
  refundFor,
  refundTermsAt,
  refundTermsText,
  seatCount,
  seatProblems,
  ticketsPrice,
  type RefundScale,
  type RefundTerms,
  type Seats,
} from '../../../domain/events';
import { refundOfParts, splitRefund, type RefundParts } from '../../../domain/event-refunds';
import { pence } from '../../../domain/money';
import type { BookingRow, GuestRow, SlotContext } from './bookings.repo';
import { guestsLabel, whenLabel } from './booking-view';

// What a change to a paid booking does (issue 22 part 4; decision 29), decided from the booking as it is and
// the refund scale at `now`, before anything is written: the same decision is the quote (POST …/quote) and
// what POST …/changes then makes. Fewer guests, a cheaper date and cancelling give back per the scale what
// they take off and are refused after its last step (BOOKING_CHANGE_CLOSED); more guests and a dearer date
// cost something, paid as an order of their own until booking closes; handing over is free until the start.

export interface BookingNow {
  booking: BookingRow;
  context: SlotContext;
  /** The booking's add-ons (quantity above 0). */
  upgrades: { upgradeId: string; title: string; quantity: number; price: number; perGuest: boolean }[];
  /** Its guests' answers, oldest first. */
  guests: GuestRow[];
  /** What it holds at the prices paid (its paid purchases less the value changes took off). */
  value: number;
  /** What may still be given back (its paid purchases less what changes gave back). */
  refundable: number;
  /** What its payments could still give back to cards (the rest of a card step's refund is store credit). */
  cardRoom: number;
}

export interface Target {
  context: SlotContext;
  /** Seats taken in it by everyone. */
  taken: number;
}

export type ChangeDecision =
  | {
      kind: 'add_guests';
      seats: Seats;
      /** The seats added (held while the order is paid). */
      added: Seats;
      toPay: number;
    }
  | {
      kind: 'remove_guests';
      seats: Seats;
      /** New quantities of per-guest add-ons above the new guest count. */
      upgrades: { upgradeId: string; quantity: number }[];
      takenOff: number;
      refund: { amount: number; as: 'card' | 'credit' | 'none' };
      drops: GuestRow[];
    }
  | {
      kind: 'move';
      target: SlotContext;
      /** Above 0: a dearer date, paid first. */
      toPay: number;
      takenOff: number;
      refund: { amount: number; as: 'card' | 'credit' | 'none' };
    }
  | { kind: 'transfer'; name: string; email: string }
  | { kind: 'cancel'; takenOff: number; refund: { amount: number; as: 'card' | 'credit' | 'none' } };

/** "Changes closed at 7pm on Monday 7 December 2026, 3 days before." */
function closedMessage(terms: RefundTerms, what: string): string {
  const at = terms.changesCloseAt;
  return (
    `It is too late to ${what}: bookings could be changed until ${timeLabel(at)} on ` +
    `${fullDateLabel(londonClock(at).date)}. You can still hand your booking to someone else.`
  );
}

/**
 * What taking `takenOff` off gives back: the step's percent of that value, and never more than is left to
 * give back of what was paid.
 */
function refundOf(
  takenOff: number,
  terms: RefundTerms,
  { refundable }: Pick<BookingNow, 'refundable'>,
): { amount: number; as: 'card' | 'credit' | 'none' } {
  const refund = refundFor(takenOff, terms);
  const amount = Math.min(refund.amount, refundable);
  return amount > 0 ? { amount, as: refund.as } : { amount: 0, as: 'none' };
}

const invalid = (detail: string) => new DomainError('EVENT_GUESTS_INVALID', detail);

/** Decides a change (throwing what is in the way of it). `target` is the slot a move goes to. */
export function decideChange(
  body: EventChangeBody,
  current: BookingNow,
  target: Target | null,
  scale: RefundScale,
  now: Date,
): ChangeDecision {
  const { booking, context } = current;
  const { slot } = context;
  if (booking.state !== 'confirmed')
    throw new DomainError('BOOKING_CHANGE_CLOSED', 'This booking is cancelled, so it cannot be changed.');
  const terms = refundTermsAt(slot.startsAt, now, scale);
  const mustBeOpen = (what: string) => {
    if (!terms.changesAllowed) throw new DomainError('BOOKING_CHANGE_CLOSED', closedMessage(terms, what));
  };
  switch (body.kind) {
    case 'guests': {
      const seats = { adults: body.adults, children: body.children ?? 0 };
      const up = { adults: seats.adults - booking.adults, children: seats.children - booking.children };
      if (up.adults === 0 && up.children === 0) throw invalid('That is how many guests the booking has now.');
      if (seatCount(seats) === 0) throw invalid('To take everyone off, cancel the booking instead.');
      if (seats.adults === 0)
        throw invalid('Children come with an adult: keep at least one adult on the booking.');
      if (up.adults >= 0 && up.children >= 0) {
        const problem = seatProblems(
          {
            startsAt: slot.startsAt,
            capacity: slot.capacity,
            taken: 0,
            cancelled: slot.cancelledAt !== null,
          },
          {
            title: context.template.title,
            childPrice: slot.childPrice,
            maxGuests: context.template.maxGuests,
          },
          up,
          now,
          scale.bookingClosesHours,
          seatCount(booking),
        ).find((found) => found.code !== 'EVENT_SLOT_FULL');
        if (problem) throw new DomainError(problem.code, problem.detail);
        return { kind: 'add_guests', seats, added: up, toPay: ticketsPrice(up, slot) };
      }
      if (up.adults > 0 || up.children > 0)
        throw invalid('Add guests and take guests off in two separate changes.');
      mustBeOpen('take guests off');
      const removed = { adults: -up.adults, children: -up.children };
      const count = seatCount(seats);
      const upgrades = current.upgrades
        .filter((upgrade) => upgrade.perGuest && upgrade.quantity > count)
        .map((upgrade) => ({
          upgradeId: upgrade.upgradeId,
          quantity: count,
          price: upgrade.price,
          was: upgrade.quantity,
        }));
      const takenOff = Math.min(
        current.value,
        ticketsPrice(removed, slot) + upgrades.reduce((sum, u) => sum + (u.was - u.quantity) * u.price, 0),
      );
      return {
        kind: 'remove_guests',
        seats,
        upgrades: upgrades.map(({ upgradeId, quantity }) => ({ upgradeId, quantity })),
        takenOff,
        refund: refundOf(takenOff, terms, current),
        drops: current.guests.slice(count).reverse(),
      };
    }
    case 'move': {
      if (!target || target.context.template.id !== context.template.id || target.context.slot.id === slot.id)
        throw new DomainError('EVENT_SLOT_NOT_FOUND', 'Choose another date of the same event to move to.');
      mustBeOpen('move this booking');
      const to = target.context.slot;
      const [problem] = seatProblems(
        {
          startsAt: to.startsAt,
          capacity: to.capacity,
          taken: target.taken,
          cancelled: to.cancelledAt !== null,
        },
        {
          title: target.context.template.title,
          childPrice: to.childPrice,
          maxGuests: target.context.template.maxGuests,
        },
        booking,
        now,
        scale.bookingClosesHours,
      );
      if (problem) throw new DomainError(problem.code, problem.detail);
      const difference = ticketsPrice(booking, to) - ticketsPrice(booking, slot);
      const takenOff = Math.min(current.value, Math.max(0, -difference));
      return {
        kind: 'move',
        target: target.context,
        toPay: Math.max(0, difference),
        takenOff,
        refund: refundOf(takenOff, terms, current),
      };
    }
    case 'transfer':
      if (now.getTime() >= slot.startsAt.getTime())
        throw new DomainError(
          'BOOKING_CHANGE_CLOSED',
          'This event has started, so the booking cannot be handed over.',
        );
      return { kind: 'transfer', name: body.name, email: body.email.toLowerCase() };
    case 'cancel': {
      mustBeOpen('cancel this booking');
      // What is left of it, at the prices paid: never a share of what earlier changes gave back.
      return { kind: 'cancel', takenOff: current.value, refund: refundOf(current.value, terms, current) };
    }
  }
}

/** The decision as the quote shows it. */
export function quoteOf(
  decision: ChangeDecision,
  current: BookingNow,
  scale: RefundScale,
  now: Date,
): EventChangeQuote {
  const terms = refundTermsText(refundTermsAt(current.context.slot.startsAt, now, scale));
  const refund = refundOfParts(refundPartsOf(decision, current));
  return {
    kind: decision.kind,
    summary: summaryOf(decision, current),
    refund: { ...refund, amount: pence(refund.amount) },
    toPay: pence('toPay' in decision ? decision.toPay : 0),
    refundTerms: terms,
    dropsGuests: decision.kind === 'remove_guests' ? decision.drops.map((guest) => guest.name) : [],
  };
}

/** What the decision gives back to the card and as store credit, as it will be given. */
export function refundPartsOf(decision: ChangeDecision, current: Pick<BookingNow, 'cardRoom'>): RefundParts {
  return 'refund' in decision ? splitRefund(decision.refund, current.cardRoom) : { card: 0, credit: 0 };
}

export function summaryOf(decision: ChangeDecision, { booking, context }: BookingNow): string {
  switch (decision.kind) {
    case 'add_guests':
    case 'remove_guests':
      return `${guestsLabel(booking)} → ${guestsLabel(decision.seats)}`;
    case 'move':
      return `${whenLabel(context.slot)} → ${whenLabel(decision.target.slot)}`;
    case 'transfer':
      return `Handed to ${decision.name}`;
    case 'cancel':
      return 'Booking cancelled';
  }
}

/** What the customer's store credit history says: "Event booking #1234: 1 guest removed". */
export function creditReason(decision: ChangeDecision, booking: BookingRow, orderNumber: number): string {
  const what =
    decision.kind === 'remove_guests'
      ? (() => {
          const n = seatCount(booking) - seatCount(decision.seats);
          return `${n} ${n === 1 ? 'guest' : 'guests'} removed`;
        })()
      : decision.kind === 'move'
        ? 'moved to a cheaper date'
        : 'cancelled';
  return `Event booking #${orderNumber}: ${what}`;
}
