import {
  addDays,
  addWeeks,
  currentWeekStart,
  dayMonth,
  londonInstant,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from './calendar';

// Spec §9: next week's menu closes on Friday at 12:00 UK time; after that, that week is unavailable.
export const CUTOFF_WEEKDAY = 5; // Friday
export const CUTOFF_HOUR = 12;
export const FUTURE_MENU_WEEKS = 4;

const cutoffs = new Map<IsoDate, number>();

/** The instant after which the week starting `weekStart` can no longer be ordered: the Friday before, 12:00. */
export function orderCutoff(weekStart: IsoDate): Date {
  // Pure and asked for on every basket read: remembered (time-zone arithmetic is not cheap).
  let cutoff = cutoffs.get(weekStart);
  if (cutoff === undefined) {
    cutoff = londonInstant(addDays(weekStart, CUTOFF_WEEKDAY - 1 - 7), CUTOFF_HOUR).getTime();
    if (cutoffs.size > 5000) cutoffs.clear();
    cutoffs.set(weekStart, cutoff);
  }
  return new Date(cutoff);
}

/**
 * What is being ordered: a recipe-kit plan (a basket with start_subscription) keeps the weekly cutoff; a
 * one-off box may also have next-day delivery (spec §1, issue 9; docs/decisions/0011).
 */
export type OrderKind = 'plan' | 'one-off';

export function orderKindOf(startSubscription: boolean): OrderKind {
  return startSubscription ? 'plan' : 'one-off';
}

/** Spec §1: "Next-day delivery if ordered before 5pm Monday to Thursday, or before 8am on Sundays". */
export const NEXT_DAY_HOUR = 17;
export const SUNDAY_NEXT_DAY_HOUR = 8;

/**
 * The next-day deadline of a delivery date: Tuesday to Friday, 17:00 London the day before (an order
 * Monday to Thursday); Monday, 08:00 London on the Sunday before. Saturday has none (null): a Saturday box
 * is ordered by the weekly cutoff.
 */
export function nextDayDeadline(date: IsoDate): Date | null {
  const weekday = weekdayOf(date);
  if (weekday === 1) return londonInstant(addDays(date, -1), SUNDAY_NEXT_DAY_HOUR);
  if (weekday >= 2 && weekday <= 5) return londonInstant(addDays(date, -1), NEXT_DAY_HOUR);
  return null;
}

/**
 * The last instant at which a box of this kind can still be ordered for delivery on `date`: for a plan,
 * its menu week's cutoff (Friday 12:00 before the week); for a one-off box, the next-day deadline when the
 * date has one, else the week's cutoff. (The next-day deadline is always the later of the two.)
 */
export function orderDeadline(date: IsoDate, kind: OrderKind): Date {
  const cutoff = orderCutoff(weekStartOf(date));
  if (kind === 'plan') return cutoff;
  return nextDayDeadline(date) ?? cutoff;
}

export function isDateOrderable(date: IsoDate, now: Date, kind: OrderKind): boolean {
  return now.getTime() < orderDeadline(date, kind).getTime();
}

const oneOffWeekDeadlines = new Map<IsoDate, number>();

/**
 * The last instant at which anything of the week can be ordered: for a plan, the week's cutoff; for a
 * one-off box, the latest deadline of its delivery days (Thursday 17:00 for an ordinary week's Friday).
 */
export function weekOrderDeadline(weekStart: IsoDate, kind: OrderKind = 'plan'): Date {
  if (kind === 'plan') return orderCutoff(weekStart);
  let deadline = oneOffWeekDeadlines.get(weekStart);
  if (deadline === undefined) {
    const deadlines = deliveryDaysOfWeek(weekStart).map((date) => orderDeadline(date, kind).getTime());
    deadline = Math.max(orderCutoff(weekStart).getTime(), ...deadlines);
    if (oneOffWeekDeadlines.size > 5000) oneOffWeekDeadlines.clear();
    oneOffWeekDeadlines.set(weekStart, deadline);
  }
  return new Date(deadline);
}

/** Whether a week's dishes can still be ordered: by a plan before its cutoff, by a one-off box while one
 * of its delivery days is still reachable. */
export function isWeekOrderable(weekStart: IsoDate, now: Date, kind: OrderKind = 'plan'): boolean {
  return now.getTime() < weekOrderDeadline(weekStart, kind).getTime();
}

/** The first week a plan can still order: next week before Friday 12:00, the week after from then on. */
export function firstOrderableWeek(now: Date): IsoDate {
  const next = addWeeks(currentWeekStart(now), 1);
  return isWeekOrderable(next, now) ? next : addWeeks(next, 1);
}

/** Weeks the menu shows: the previous week, the current week and `future` weeks after it. */
export function menuWeekStarts(now: Date, future = FUTURE_MENU_WEEKS): IsoDate[] {
  const current = currentWeekStart(now);
  return Array.from({ length: future + 2 }, (_, index) => addWeeks(current, index - 1));
}

/**
 * The one-off menu's week (spec §9 "the one-off menu uses the next week from Friday onward", made exact by
 * the next-day rule): this week while one of its days can still be delivered next day (until Thursday
 * 17:00 in an ordinary week), then next week's.
 */
export function oneOffMenuWeek(now: Date): IsoDate {
  const current = currentWeekStart(now);
  return isWeekOrderable(current, now, 'one-off') ? current : addWeeks(current, 1);
}

/**
 * Menu loading order (spec §9): the current and previous week first, then the first two future weeks,
 * then the rest in the background.
 */
export function menuLoadingOrder(weeks: readonly IsoDate[], now: Date): IsoDate[][] {
  const current = currentWeekStart(now);
  const previous = addWeeks(current, -1);
  const first = weeks.filter((w) => w === current || w === previous);
  const future = weeks.filter((w) => w > current).sort();
  const rest = weeks.filter((w) => w < previous);
  return [first, future.slice(0, 2), [...future.slice(2), ...rest]].filter((batch) => batch.length > 0);
}

/** Spec §9: a delivery date can be chosen from today up to 21 days ahead. */
export const DELIVERY_WINDOW_DAYS = 21;

// Deliveries run Monday to Saturday; the kitchen is closed on these days of the year (MM-DD).
export const CLOSED_DAYS = ['12-25', '12-26', '01-01'] as const;

export function isDeliveryDay(date: IsoDate): boolean {
  return weekdayOf(date) !== 0 && !(CLOSED_DAYS as readonly string[]).includes(date.slice(5));
}

/** The delivery days of a menu week, Monday to Saturday minus the days the kitchen is closed. */
export function deliveryDaysOfWeek(weekStart: IsoDate): IsoDate[] {
  return Array.from({ length: 6 }, (_, i) => addDays(weekStart, i)).filter(isDeliveryDay);
}

/**
 * A week's label is the span of its delivery days, "23 – 28 Nov" or "30 Nov – 5 Dec". The 27 December case
 * (spec §9) falls out of it: the kitchen is closed on Christmas Day and Boxing Day, so a week in which they
 * are delivery days starts its label on 27 December ("27 – 30 Dec" in 2023) or ends it on the 24th
 * ("21 – 24 Dec" in 2026); a week that crosses New Year names both years. See docs/decisions/0003.
 */
const labels = new Map<IsoDate, string>();

export function weekLabel(weekStart: IsoDate): string {
  let label = labels.get(weekStart);
  if (label === undefined) {
    label = computeWeekLabel(weekStart);
    if (labels.size > 5000) labels.clear();
    labels.set(weekStart, label);
  }
  return label;
}

function computeWeekLabel(weekStart: IsoDate): string {
  const days = deliveryDaysOfWeek(weekStart);
  const first = dayMonth(days[0] ?? weekStart);
  const last = dayMonth(days.at(-1) ?? addDays(weekStart, 6));
  if (first.year !== last.year) {
    return `${first.day} ${first.month} ${first.year} – ${last.day} ${last.month} ${last.year}`;
  }
  if (first.month === last.month) return `${first.day} – ${last.day} ${last.month}`;
  return `${first.day} ${first.month} – ${last.day} ${last.month}`;
}

/** "This week", "Next week" or the label, relative to `now`. */
export function relativeWeekName(weekStart: IsoDate, now: Date): string {
  const current = currentWeekStart(now);
  if (weekStart === current) return 'This week';
  if (weekStart === addWeeks(current, 1)) return 'Next week';
  if (weekStart === addWeeks(current, -1)) return 'Last week';
  return weekLabel(weekStart);
}

/**
 * A week tab's words: "Next week" over its dates "23 – 28 Nov"; a week without a name of its own is just its
 * dates, said once.
 */
export function weekTabText(weekStart: IsoDate, now: Date): { name: string; dates: string | null } {
  const name = relativeWeekName(weekStart, now);
  const dates = weekLabel(weekStart);
  return name === dates ? { name, dates: null } : { name, dates };
}
