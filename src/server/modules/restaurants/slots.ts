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
 * Where an order can take its place, in the order bookSlot tries them: the scheduled slot asked for, or for
 * ASAP the slot its window starts in, then the day's later slots. Worked out from the clock and the opening
 * hours alone (no count, no lock), so a caller can write what does not depend on the count before taking
 * the slot's lock; every refusal that needs no count is made here. All the choices are on one London day
 * (`day`: ASAP's later slots are the same day's), the day the order is for.
 */
export interface SlotChoices {
  asap: boolean;
  day: IsoDate;
  choices: Booking[];
}

export function slotChoices(
  restaurant: RestaurantRow,
  request: SlotRequest & { asap: boolean; slotStart: Date | null },
  now: Date,
): SlotChoices {
  assertOffers(restaurant, request);
  const rules = slotRules(restaurant, request);
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
    const window = slotWindow(start);
    return { asap: false, day: londonDate(window.from), choices: [{ slotStart: start, window }] };
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
  const day = londonDate(asap.from);
  const later = slotStartsOn(restaurant.openingHours, londonDate(now), now, rules)
    .filter((start) => start.getTime() > first.getTime())
    .map((start) => ({ slotStart: start, window: slotWindow(start) }));
  const choices = [{ slotStart: first, window: asap }, ...later];
  if (choices.some((choice) => londonDate(choice.window.from) !== day)) {
    throw new Error(`${restaurant.id}: an ASAP order's slots are not all on ${day}`);
  }
  return { asap: true, day, choices };
}

/**
 * Takes a place in a slot for an order, in the caller's transaction: the first of its choices (slotChoices)
 * with room. Each slot is locked before it is counted, in time order, so concurrent orders for the last place
 * get it once; the lock is held until the caller's transaction ends. `except` is an order taking its place
 * again (paid after its hold ended): it is not counted against itself.
 */
export async function bookSlot(
  tx: DbOrTx,
  restaurant: RestaurantRow,
  request: SlotRequest & { asap: boolean; slotStart: Date | null },
  now: Date,
  except: string | null = null,
  { asap, choices }: SlotChoices = slotChoices(restaurant, request, now),
): Promise<Booking> {
  const capacity = restaurant.slotCapacity;
  for (const choice of choices) {
    await lockSlot(tx, restaurant.id, choice.slotStart);
    const start = choice.slotStart;
    const load = await slotLoad(tx, restaurant.id, start, new Date(start.getTime() + 1), now, except);
    if ((load.get(start.getTime()) ?? 0) < capacity) return choice;
  }
  if (!asap) {
    const start = choices[0]!.slotStart;
    throw new DomainError(
      'SLOT_UNAVAILABLE',
      `${slotLabel(start)} is fully booked. Please choose another time.`,
      { startTime: start.toISOString() },
    );
  }
  throw new DomainError(
    'SLOT_UNAVAILABLE',
    `${restaurant.name} is fully booked for today. Please choose a time on another day.`,
  );
}

/**
 * The booking an order that holds a place in `held` would be given again now, when it is that place: the
 * first of its choices (slotChoices), which bookSlot would give it, for the order is counted there while its
 * hold lasts (the others are fewer than the capacity, unless the capacity was lowered since). Null when booking
 * again would move or refuse it: then only bookSlot, under the slot's lock, decides.
 */
export function samePlaceAgain(
  restaurant: RestaurantRow,
  request: SlotRequest & { asap: boolean; slotStart: Date | null },
  held: Date,
  now: Date,
): Booking | null {
  let first: Booking | undefined;
  try {
    first = slotChoices(restaurant, request, now).choices[0];
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  return first && first.slotStart.getTime() === held.getTime() ? first : null;
}
