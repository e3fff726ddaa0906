import { addDays, daysBetween, londonDate, type IsoDate } from './calendar';
import type { OrderState } from './orders';
import { openSpansOn, type OpeningHours } from './restaurant-hours';

// What a takeaway promises and for how long (issue 19): how far ahead it can be booked (the dates the time
// slots offer), how long an unpaid order keeps its place in a slot, and by when the kitchen must accept a
// paid order before it is turned down and refunded by itself.

/** How far ahead Pasta Now can be booked (today and the next six days); catering three weeks. */
export const TAKEAWAY_DAYS = 7;
export const CATERING_DAYS = 21;

export const bookingDays = (catering: boolean) => (catering ? CATERING_DAYS : TAKEAWAY_DAYS);

/** The last London date that can be booked from `now`. */
export function lastBookableDate(now: Date, catering: boolean): IsoDate {
  return addDays(londonDate(now), bookingDays(catering) - 1);
}

/** Whether a London date is within the booking horizon (today up to the last bookable date). */
export function isBookableDate(date: IsoDate, now: Date, catering: boolean): boolean {
  const ahead = daysBetween(londonDate(now), date);
  return ahead >= 0 && ahead < bookingDays(catering);
}

/** Whether a slot starting at `start` is on a date that can be booked (not beyond the horizon). */
export function isWithinHorizon(start: Date, now: Date, catering: boolean): boolean {
  return isBookableDate(londonDate(start), now, catering);
}

/** Minutes an unpaid order keeps its place in its slot while its customer pays (renewed at each try). */
export const SLOT_HOLD_MINUTES = 10;
/** Minutes a declined payment's place is kept, for the customer to try another card. */
export const DECLINE_GRACE_MINUTES = 2;

/**
 * A payment keeps its order's place without booking it again (issue 24) only while the hold has this long
 * still to run. The order is counted in its slot until its hold ends, so a longer hold needs no new count,
 * provided it is committed before the old one ends; the payment's first transaction, which writes it, takes
 * far less (it is a dozen statements, each stopped by the database after 20 s). Nearer the end, the place is
 * booked again under the slot's lock.
 */
export const KEEP_PLACE_MINUTES = 5;

/** Whether a payment starting at `now` may keep its order's place as it is (KEEP_PLACE_MINUTES). */
export function holdOutlastsPayment(heldUntil: Date | null, now: Date): boolean {
  return heldUntil !== null && heldUntil.getTime() - now.getTime() >= KEEP_PLACE_MINUTES * 60_000;
}

/** Until when an unpaid order holds its slot: `minutes` from now, never past the slot's start. */
export function holdUntil(now: Date, slotStart: Date, minutes: number): Date {
  return new Date(Math.min(now.getTime() + minutes * 60_000, slotStart.getTime()));
}

/** States of an order that has not been paid yet (its place in a slot is only held for a while). */
export const UNPAID_STATES: readonly OrderState[] = ['created', 'payment_pending', 'not_authorized'];
/** States of an order that gives its place back. */
export const RELEASED_STATES: readonly OrderState[] = ['cancelled', 'dropped'];

/** Whether an order takes one of its slot's places at `now` (slots.ts counts the same in SQL). */
export function holdsSlot(state: OrderState, heldUntil: Date | null, now: Date): boolean {
  if (RELEASED_STATES.includes(state)) return false;
  if (!UNPAID_STATES.includes(state)) return true;
  return heldUntil !== null && heldUntil.getTime() > now.getTime();
}

/** Minutes a kitchen has to accept a paid order unless the shop sets another (settings `takeaway_accept_minutes`). */
export const DEFAULT_ACCEPT_MINUTES = 5;

/**
 * By when the kitchen must accept an order paid at `paidAt`: `minutes` after it reached an open kitchen, so an
 * order paid before opening waits for the opening (and `minutes` more). Looks up to `days` days ahead.
 */
export function acceptDeadline(
  hours: OpeningHours,
  paidAt: Date,
  minutes: number,
  days = CATERING_DAYS,
): Date {
  const today = londonDate(paidAt);
  for (let i = 0; i <= days; i += 1) {
    for (const span of openSpansOn(hours, addDays(today, i))) {
      if (span.closesAt.getTime() <= paidAt.getTime()) continue;
      const reached = Math.max(span.opensAt.getTime(), paidAt.getTime());
      return new Date(reached + minutes * 60_000);
    }
  }
  return new Date(paidAt.getTime() + minutes * 60_000);
}

/** The acceptance promise in words, as /settings, the tracking page and the emails say it. */
export function acceptanceRule(minutes: number): string {
  return (
    `The restaurant accepts your order within ${minutesText(minutes)} of receiving it (of opening, if you ` +
    `order before it opens). If it doesn’t, we cancel the order and refund you in full.`
  );
}

export function minutesText(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
