import {
  addDays,
  londonDate,
  londonInstant,
  longDayLabel,
  shortDayLabel,
  type IsoDate,
} from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import {
  asapWindow,
  isOfferedSlot,
  planAsap,
  slotLabel,
  slotOfWindow,
  slotStartsOn,
  slotWindow,
  type FulfillmentType,
  type SlotRules,
  type Window,
} from '../../../domain/restaurant-hours';
import { etaText } from '../../../domain/takeaway';
import {
  bookingDays,
  isBookableDate,
  isWithinHorizon,
  lastBookableDate,
} from '../../../domain/takeaway-promises';
import type { DbOrTx } from '../../db/client';
import { lockSlot, slotLoad, type RestaurantRow } from './restaurants.repo';

// A restaurant's time slots and their capacity (issue 13 part 1): what is on offer, and booking a place in
// one for an order, so that a busy kitchen is never given more orders in a slot than it can cook.

export interface SlotRequest {
  fulfillmentType: FulfillmentType;
  catering: boolean;
}

const FULFILMENT_WORDS: Record<FulfillmentType, string> = {
  delivery: 'delivery',
  pickup: 'collection',
  eat_in: 'eating in',
};

/** Refuses a fulfilment type (or catering) the restaurant does not offer. */
export function assertOffers(restaurant: RestaurantRow, request: SlotRequest): void {
  const offered = {
    delivery: restaurant.offersDelivery,
    pickup: restaurant.offersPickup,
    eat_in: restaurant.offersEatIn,
  }[request.fulfillmentType];
  if (!offered) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `${restaurant.name} doesn’t do ${FULFILMENT_WORDS[request.fulfillmentType]}. Please choose another option.`,
      { fulfillmentType: request.fulfillmentType },
    );
  }
  if (request.catering && (!restaurant.offersCatering || request.fulfillmentType === 'eat_in')) {
    throw new DomainError(
      'VALIDATION_FAILED',
      request.fulfillmentType === 'eat_in'
        ? 'Catering is for delivery or collection'
        : `${restaurant.name} doesn’t do catering. Please choose another restaurant.`,
    );
  }
}

export function slotRules(restaurant: RestaurantRow, request: SlotRequest): SlotRules {
  return {
    fulfillmentType: request.fulfillmentType,
    prepMinutes: restaurant.prepMinutes,
    busyMinutes: restaurant.busyMinutes,
    leadMinutes: request.catering ? restaurant.cateringLeadHours * 60 : 0,
  };
}

/** The dates that can be booked, from today: Pasta Now a week, catering three (domain/takeaway-promises.ts). */
export function bookableDates(now: Date, catering: boolean): IsoDate[] {
  const today = londonDate(now);
  return Array.from({ length: bookingDays(catering) }, (_, i) => addDays(today, i));
}

const dayRange = (date: IsoDate) => ({
  from: londonInstant(date, 0, 0),
  to: londonInstant(addDays(date, 1), 0, 0),
});

export interface OfferedSlot {
  date: IsoDate;
  asap: boolean;
  start: Date;
  end: Date;
  label: string;
  remaining: number;
}

/** The slots of a date, ASAP first when the kitchen can take one now; a full slot has 0 remaining. */
export async function offeredSlots(
  db: DbOrTx,
  restaurant: RestaurantRow,
  date: IsoDate,
  request: SlotRequest,
  now: Date,
): Promise<OfferedSlot[]> {
  const rules = slotRules(restaurant, request);
  const starts = slotStartsOn(restaurant.openingHours, date, now, rules);
  const { from, to } = dayRange(date);
  const load = await slotLoad(db, restaurant.id, from, to, now);
  const capacity = restaurant.slotCapacity;
  const slots: OfferedSlot[] = starts.map((start) => ({
    date,
    asap: false,
    start,
    end: slotWindow(start).to,
    label: slotLabel(start),
    remaining: Math.max(0, capacity - (load.get(start.getTime()) ?? 0)),
  }));
  const asap = date === londonDate(now) ? asapWindow(restaurant.openingHours, now, rules) : null;
  const plan = asap ? planAsap(asap, starts, load, capacity) : null;
  if (!plan) return slots;
  const label =
    request.fulfillmentType === 'delivery'
      ? `ASAP (${etaText(restaurant.prepMinutes, restaurant.busyMinutes)})`
      : `ASAP (ready in about ${restaurant.prepMinutes + restaurant.busyMinutes} mins)`;
  const remaining = capacity - (load.get(plan.slot.getTime()) ?? 0);
  return [{ date, asap: true, start: plan.window.from, end: plan.window.to, label, remaining }, ...slots];
}

export function dateLabel(date: IsoDate, now: Date): string {
  const today = londonDate(now);
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return shortDayLabel(date);
}

/** Refuses a date outside what can be booked. */
export function assertBookableDate(date: IsoDate, now: Date, catering: boolean): void {
  if (!isBookableDate(date, now, catering)) {
    const days = bookingDays(catering);
    throw new DomainError('VALIDATION_FAILED', `Choose a date from today up to ${days - 1} days ahead`, {
      date,
    });
  }
}

/** Why a slot beyond the booking horizon cannot be had, in the customer's words. */
export function tooFarAheadText(now: Date, catering: boolean): string {
  const last = longDayLabel(lastBookableDate(now, catering));
  return catering
    ? `Catering can be booked up to ${last}. Please choose an earlier day.`
    : `Pasta Now can be booked up to ${last}. Please choose an earlier time.`;
}

/**
 * Refuses a slot beyond what the time slots offer (a week for Pasta Now, three for catering): the same
 * horizon at the basket's update and when the order is placed (issue 19).
 */
export function assertWithinHorizon(start: Date, now: Date, catering: boolean): void {
  if (!isWithinHorizon(start, now, catering)) {
    throw new DomainError('SLOT_TOO_FAR_AHEAD', tooFarAheadText(now, catering), {
      field: 'timeSlot',
      startTime: start.toISOString(),
      lastDate: lastBookableDate(now, catering),
    });
  }
}

export interface Booking {
  slotStart: Date;
  /** What the customer is promised. */
  window: Window;
}

/**
 * Takes a place in a slot for an order, in the caller's transaction: the scheduled slot asked for, or for
 * ASAP the slot its window starts in (or the next with room). Each slot is locked before it is counted, in
 * time order, so concurrent orders for the last place get it once. `except` is an order taking its place
 * again (paid after its hold ended): it is not counted against itself.
 */
export async function bookSlot(
  tx: DbOrTx,
  restaurant: RestaurantRow,
  request: SlotRequest & { asap: boolean; slotStart: Date | null },
  now: Date,
  except: string | null = null,
): Promise<Booking> {
  assertOffers(restaurant, request);
  const rules = slotRules(restaurant, request);
  const capacity = restaurant.slotCapacity;
  const count = async (start: Date) => {
    await lockSlot(tx, restaurant.id, start);
    const load = await slotLoad(tx, restaurant.id, start, new Date(start.getTime() + 1), now, except);
    return load.get(start.getTime()) ?? 0;
  };
  if (!request.asap) {
    const start = request.slotStart;
    if (start) assertWithinHorizon(start, now, request.catering);
    if (!start || !isOfferedSlot(restaurant.openingHours, start, now, rules)) {
      throw new DomainError(
        'SLOT_UNAVAILABLE',
        'That time is no longer available. Please choose another time.',
        start ? { startTime: start.toISOString() } : undefined,
      );
    }
    if ((await count(start)) >= capacity) {
      throw new DomainError(
        'SLOT_UNAVAILABLE',
        `${slotLabel(start)} is fully booked. Please choose another time.`,
        { startTime: start.toISOString() },
      );
    }
    return { slotStart: start, window: slotWindow(start) };
  }
  const asap = asapWindow(restaurant.openingHours, now, rules);
  if (!asap) {
    throw new DomainError(
      'RESTAURANT_CLOSED',
      `${restaurant.name} isn’t taking orders for as soon as possible right now. Please choose a time.`,
    );
  }
  // As planAsap: the slot the window starts in, else the next offered slot with room.
  const first = slotOfWindow(asap);
  const later = slotStartsOn(restaurant.openingHours, londonDate(now), now, rules).filter(
    (start) => start.getTime() > first.getTime(),
  );
  for (const slot of [first, ...later]) {
    if ((await count(slot)) < capacity) {
      return { slotStart: slot, window: slot === first ? asap : slotWindow(slot) };
    }
  }
  throw new DomainError(
    'SLOT_UNAVAILABLE',
    `${restaurant.name} is fully booked for today. Please choose a time on another day.`,
  );
}
