import {
  addDays,
  addWeeks,
  currentWeekStart,
  daysBetween,
  londonDate,
  londonInstant,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from './calendar';
import { deliveryDaysOfWeek, firstOrderableWeek, isDeliveryDay, orderCutoff } from './menu-weeks';

// The Pasta Plan week by week (issue 12; docs/decisions/0021): which weeks a plan delivers, when each
// week closes and is billed, what a customer may still change and until when, when an unpaid box is given
// up, and how a failed weekly charge is tried again. Pure: every rule takes `now`.

/** How far ahead a plan's weeks are written: the weeks a customer can see, skip and plan for. */
export const PLAN_WEEKS_AHEAD = 6;

/** Recipes per box a plan may have (each a dish for the household, one portion size for all). */
export const MIN_RECIPES = 2;
export const MAX_RECIPES = 10;
export const MAX_COCKTAILS = 4;

/** Delivery weekdays a plan can choose: Monday (1) to Saturday (6); never Sunday (spec §5). */
export const PLAN_DELIVERY_DAYS = [1, 2, 3, 4, 5, 6] as const;

/** A week's cutoff: the Friday 12:00 (London) before its Monday. Its box is billed then. */
export function weekCutoff(weekStart: IsoDate): Date {
  return orderCutoff(weekStart);
}

/** The calendar day a week is billed on (spec §3 Schedule week billingDate). */
export function billingDateOf(weekStart: IsoDate): IsoDate {
  return londonDate(weekCutoff(weekStart));
}

/** Whether a week's box can still be changed (dishes, day, skip): before its cutoff. */
export function isWeekOpen(weekStart: IsoDate, now: Date): boolean {
  return now.getTime() < weekCutoff(weekStart).getTime();
}

/** Spec §4: only weeks from yesterday onward count as future. */
export function isFutureDelivery(deliveryDate: IsoDate, now: Date): boolean {
  return deliveryDate >= addDays(londonDate(now), -1);
}

/** The first week a plan can still change, which is also where a new rhythm starts. */
export function firstOpenWeek(now: Date): IsoDate {
  return firstOrderableWeek(now);
}

/**
 * The weeks a plan delivers from `from` to `until` (both Mondays, inclusive): every `frequency` weeks
 * counted from `anchor`, the first week of its rhythm. Weeks before the anchor are not the plan's.
 */
export function planWeeks(anchor: IsoDate, frequency: number, from: IsoDate, until: IsoDate): IsoDate[] {
  const step = Math.max(1, Math.trunc(frequency));
  const weeks: IsoDate[] = [];
  let start = weekStartOf(from) < anchor ? anchor : weekStartOf(from);
  const offset = (daysBetween(anchor, start) / 7) % step;
  if (offset !== 0) start = addWeeks(start, step - offset);
  for (let week = start; week <= until; week = addWeeks(week, step)) weeks.push(week);
  return weeks;
}

/** The last week a plan's schedule is written to, seen from `now`. */
export function scheduleHorizon(now: Date): IsoDate {
  return addWeeks(currentWeekStart(now), PLAN_WEEKS_AHEAD);
}

/**
 * A week's delivery day for a plan delivering on `deliveryDay` (0 Sunday … 6 Saturday): that weekday of the
 * week, or the nearest delivery day of the week when it is closed (Christmas): the next, else the one before.
 */
export function planDeliveryDate(weekStart: IsoDate, deliveryDay: number): IsoDate {
  const same = addDays(weekStart, (deliveryDay + 6) % 7);
  if (isDeliveryDay(same)) return same;
  const days = deliveryDaysOfWeek(weekStart);
  return days.find((day) => day > same) ?? days.filter((day) => day < same).at(-1) ?? same;
}

/** Whether a plan may deliver on this weekday (Monday to Saturday). */
export function isPlanDeliveryDay(day: number): boolean {
  return (PLAN_DELIVERY_DAYS as readonly number[]).includes(day);
}

/** A date a week's box may be moved to: a delivery day of the same week. */
export function isDateInWeek(date: IsoDate, weekStart: IsoDate): boolean {
  return weekStartOf(date) === weekStart && isDeliveryDay(date);
}

/**
 * The moment a box is packed and handed to the courier's depot: the day before its delivery, 14:00. A box
 * still unpaid then is not sent (its order is cancelled, nothing charged), and nothing about it changes any
 * more (address and note included).
 */
export const DISPATCH_HOUR = 14;
export function dispatchDeadline(deliveryDate: IsoDate): Date {
  return londonInstant(addDays(deliveryDate, -1), DISPATCH_HOUR);
}

/** Whether a box's address and note can still change: before it is packed and dispatched. */
export function isBeforeDispatch(deliveryDate: IsoDate, now: Date): boolean {
  return now.getTime() < dispatchDeadline(deliveryDate).getTime();
}

/** Why a weekly charge did not go through, as far as trying again is concerned. */
export type ChargeFailure =
  /** Stolen, lost, fraudulent, blacklisted (spec §8): never tried again with that card. */
  | 'hard_decline'
  /** The bank wants the customer to approve it (3-D Secure): only the customer can, on the pay-again page. */
  | 'needs_customer'
  /** Insufficient funds, a generic decline, the processor unreachable: worth trying again later. */
  | 'soft';

/** After the first try at the cutoff, soft failures are tried again this many hours after the cutoff. */
export const RETRY_HOURS_AFTER_CUTOFF = [6, 24, 48] as const;

/**
 * When to try a failed weekly charge again: `attempts` tries made so far (the first at the cutoff). Soft
 * failures follow RETRY_HOURS_AFTER_CUTOFF while the box can still be dispatched (an hour to spare); hard
 * declines and charges the bank wants the customer to approve are never retried automatically. Null: no
 * more automatic tries.
 */
export function nextChargeAttempt({
  attempts,
  failure,
  weekStart,
  deliveryDate,
}: {
  attempts: number;
  failure: ChargeFailure;
  weekStart: IsoDate;
  deliveryDate: IsoDate;
}): Date | null {
  if (failure !== 'soft') return null;
  const hours = RETRY_HOURS_AFTER_CUTOFF[attempts - 1];
  if (hours === undefined) return null;
  const at = new Date(weekCutoff(weekStart).getTime() + hours * 3_600_000);
  const latest = dispatchDeadline(deliveryDate).getTime() - 3_600_000;
  return at.getTime() <= latest ? at : null;
}

/** The email two days before a week's cutoff: what will be sent and charged if the customer does nothing. */
export const REMINDER_HOURS_BEFORE_CUTOFF = 48;
export function reminderTime(weekStart: IsoDate): Date {
  return new Date(weekCutoff(weekStart).getTime() - REMINDER_HOURS_BEFORE_CUTOFF * 3_600_000);
}

/** Whether a week's reminder is due now: from its time until the cutoff. */
export function isReminderDue(weekStart: IsoDate, now: Date): boolean {
  const t = now.getTime();
  return t >= reminderTime(weekStart).getTime() && t < weekCutoff(weekStart).getTime();
}

/** "Every week", "Every 2 weeks". */
export function frequencyLabel(frequency: number): string {
  return frequency === 1 ? 'Every week' : `Every ${frequency} weeks`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Wednesday". */
export function weekdayName(day: number): string {
  return WEEKDAY_NAMES[day] ?? '';
}

/** The weekday a date falls on, as a plan stores it (0 Sunday … 6 Saturday). */
export function planDeliveryDayOf(date: IsoDate): number {
  return weekdayOf(date);
}
