import { addDays, londonClock, londonDate, londonInstant, weekdayOf, type IsoDate } from './calendar';
import type { FulfillmentType } from './fulfillment-types';

// A restaurant's opening hours and the times a takeaway can be had (issue 13 part 1; spec §4 "ASAP or a
// time slot"). Hours are London wall-clock times per weekday, so a restaurant that opens at 11:00 opens at
// 11:00 in GMT and in BST alike. Every rule here takes `now`; nothing reads a clock.
//
// The rules, in one place:
// - A slot is 15 minutes. For delivery it is when the food arrives, so the kitchen must have it ready 15
//   minutes before the slot starts; for pickup and eat-in it is when it is ready.
// - A slot is inside the opening hours when the kitchen, having opened and had its prep time, can have it
//   ready (opens + prep ≤ ready), and it is ready at least 15 minutes before closing (ready ≤ closes − 15).
// - The earliest slot is the first whose ready time is at least now + prep time + the kitchen's busy
//   minutes (+ a catering lead time).
// - ASAP: ready at now + prep + busy, which must itself fall inside today's hours as a slot's would; the
//   customer is promised prep + busy + 15 to 30 minutes for a delivery (spec §9), the 15 minutes from ready
//   for a pickup.

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;
/** A delivery takes 15 to 30 minutes from the kitchen's door (spec §9's ETA). */
export const DELIVERY_MIN_MINUTES = 15;
export const DELIVERY_MAX_MINUTES = 30;

export { FULFILLMENT_TYPES, type FulfillmentType } from './fulfillment-types';

/** "11:30" to "22:00" ("24:00" is midnight at the end of the day), on quarter hours. */
export interface OpeningWindow {
  opens: string;
  closes: string;
}
/** Windows per weekday, index 0 Sunday … 6 Saturday (JavaScript's numbering); an empty list is closed. */
export type OpeningHours = readonly (readonly OpeningWindow[])[];

const CLOCK = /^([01]\d|2[0-4]):(00|15|30|45)$/;

/** Minutes after midnight of "HH:MM" on a quarter hour ("24:00" is 1440); null if it is not one. */
export function clockMinutes(value: string): number | null {
  const match = CLOCK.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 1440 ? minutes : null;
}

/** Seven days of windows, each opening before it closes, in order and not overlapping. */
export function isValidOpeningHours(hours: OpeningHours): boolean {
  if (hours.length !== 7) return false;
  return hours.every((day) => {
    let last = -1;
    for (const window of day) {
      const opens = clockMinutes(window.opens);
      const closes = clockMinutes(window.closes);
      if (opens === null || closes === null || opens >= closes || opens < last || opens === 1440)
        return false;
      last = closes;
    }
    return true;
  });
}

export interface OpenSpan {
  opensAt: Date;
  closesAt: Date;
}

/** The instants a restaurant is open on a London date. */
export function openSpansOn(hours: OpeningHours, date: IsoDate): OpenSpan[] {
  return (hours[weekdayOf(date)] ?? []).map((window) => ({
    opensAt: wallInstant(date, clockMinutes(window.opens)!),
    closesAt: wallInstant(date, clockMinutes(window.closes)!),
  }));
}

function wallInstant(date: IsoDate, minutes: number): Date {
  if (minutes >= 1440) return londonInstant(addDays(date, 1), 0, 0);
  return londonInstant(date, Math.floor(minutes / 60), minutes % 60);
}

export function isOpenAt(hours: OpeningHours, now: Date): boolean {
  return openSpansOn(hours, londonDate(now)).some(
    (span) => span.opensAt.getTime() <= now.getTime() && now.getTime() < span.closesAt.getTime(),
  );
}

/** Open now, or opening later today (spec: nearest lists those only). */
export function isOpenNowOrLaterToday(hours: OpeningHours, now: Date): boolean {
  return openSpansOn(hours, londonDate(now)).some((span) => now.getTime() < span.closesAt.getTime());
}

/** Today's span that is open now or comes next; null when the restaurant is done for the day. */
export function currentOrNextSpan(hours: OpeningHours, now: Date): OpenSpan | null {
  return openSpansOn(hours, londonDate(now)).find((span) => now.getTime() < span.closesAt.getTime()) ?? null;
}

export interface SlotRules {
  fulfillmentType: FulfillmentType;
  prepMinutes: number;
  /** The kitchen's busy mode: minutes added to every estimate. */
  busyMinutes: number;
  /** Catering: how long ahead it must be ordered. */
  leadMinutes?: number;
}

/** How long before its slot the food must be ready: a delivery's ride. */
export function travelMinutes(fulfillmentType: FulfillmentType): number {
  return fulfillmentType === 'delivery' ? DELIVERY_MIN_MINUTES : 0;
}

/** The first instant on a 15-minute boundary at or after `instant` (London's offsets are whole hours). */
export function ceilToSlot(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / SLOT_MS) * SLOT_MS);
}

export function floorToSlot(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / SLOT_MS) * SLOT_MS);
}

/** The earliest the kitchen can have an order ready if it starts now. */
export function earliestReady(now: Date, rules: SlotRules): Date {
  const minutes = rules.prepMinutes + rules.busyMinutes + (rules.leadMinutes ?? 0);
  return new Date(now.getTime() + minutes * 60_000);
}

function fitsSpan(ready: number, span: OpenSpan, prepMinutes: number): boolean {
  return span.opensAt.getTime() + prepMinutes * 60_000 <= ready && ready <= span.closesAt.getTime() - SLOT_MS;
}

/** Whether a slot starting at `start` is one the restaurant offers at `now` (capacity aside). */
export function isOfferedSlot(hours: OpeningHours, start: Date, now: Date, rules: SlotRules): boolean {
  if (start.getTime() % SLOT_MS !== 0) return false;
  const ready = start.getTime() - travelMinutes(rules.fulfillmentType) * 60_000;
  if (ready < earliestReady(now, rules).getTime()) return false;
  return openSpansOn(hours, londonDate(start)).some((span) => fitsSpan(ready, span, rules.prepMinutes));
}

/** Every slot a restaurant offers on a London date, in order (capacity aside). */
export function slotStartsOn(hours: OpeningHours, date: IsoDate, now: Date, rules: SlotRules): Date[] {
  const travel = travelMinutes(rules.fulfillmentType) * 60_000;
  const earliest = earliestReady(now, rules).getTime();
  const starts: Date[] = [];
  for (const span of openSpansOn(hours, date)) {
    const firstReady = Math.max(span.opensAt.getTime() + rules.prepMinutes * 60_000, earliest);
    let start = ceilToSlot(new Date(firstReady + travel)).getTime();
    for (; start - travel <= span.closesAt.getTime() - SLOT_MS; start += SLOT_MS) {
      const candidate = new Date(start);
      // A slot belongs to the date its London wall clock shows (a span that closes at midnight ends there).
      if (londonDate(candidate) === date) starts.push(candidate);
    }
  }
  return starts;
}

/** The next `days` London dates from today. */
export function datesAhead(now: Date, days: number): IsoDate[] {
  const today = londonDate(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i));
}

export interface Window {
  from: Date;
  to: Date;
}

/**
 * ASAP, when the kitchen can take one now: ready at now + prep + busy, inside today's hours. The window is
 * when the customer gets it: 15 to 30 minutes after that for a delivery, the 15 minutes from ready otherwise.
 * Null when the restaurant is closed, or too near closing, for ASAP.
 */
export function asapWindow(hours: OpeningHours, now: Date, rules: SlotRules): Window | null {
  if (rules.leadMinutes) return null;
  const ready = earliestReady(now, rules).getTime();
  const today = openSpansOn(hours, londonDate(now));
  const span = today.find(
    (s) => s.opensAt.getTime() <= now.getTime() && now.getTime() < s.closesAt.getTime(),
  );
  if (!span || !fitsSpan(ready, span, rules.prepMinutes)) return null;
  return rules.fulfillmentType === 'delivery'
    ? {
        from: new Date(ready + DELIVERY_MIN_MINUTES * 60_000),
        to: new Date(ready + DELIVERY_MAX_MINUTES * 60_000),
      }
    : { from: new Date(ready), to: new Date(ready + SLOT_MS) };
}

/** A scheduled slot's window: its 15 minutes. */
export function slotWindow(start: Date): Window {
  return { from: start, to: new Date(start.getTime() + SLOT_MS) };
}

/** The slot whose capacity an order with this window uses: the one its window starts in. */
export function slotOfWindow(window: Window): Date {
  return floorToSlot(window.from);
}

/** "12:15" London time (24-hour, as kitchens and slot pickers write it). */
export function wallTime(instant: Date): string {
  const { hours, minutes } = londonClock(instant);
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** "12:15 – 12:30". */
export function slotLabel(start: Date): string {
  return `${wallTime(start)} – ${wallTime(new Date(start.getTime() + SLOT_MS))}`;
}

/**
 * Where an ASAP order goes when slots have a capacity: the slot its window starts in, if that has room;
 * else the first offered slot after it with room, whose 15 minutes become the promise. Null: full today.
 * `load` is the orders each slot holds (slot start in ms → orders).
 */
export function planAsap(
  window: Window,
  offered: readonly Date[],
  load: ReadonlyMap<number, number>,
  capacity: number,
): { slot: Date; window: Window } | null {
  const first = slotOfWindow(window);
  if ((load.get(first.getTime()) ?? 0) < capacity) return { slot: first, window };
  const later = offered.find(
    (start) => start.getTime() > first.getTime() && (load.get(start.getTime()) ?? 0) < capacity,
  );
  return later ? { slot: later, window: slotWindow(later) } : null;
}
