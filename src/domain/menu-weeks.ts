import {
  addDays,
  addWeeks,
  currentWeekStart,
  dayMonth,
  londonDate,
  londonInstant,
  weekdayOf,
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

export function isWeekOrderable(weekStart: IsoDate, now: Date): boolean {
  return now.getTime() < orderCutoff(weekStart).getTime();
}

/** The first week a customer can still order: next week before Friday 12:00, the week after from then on. */
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
 * Spec §9: "the one-off menu uses the next week from Friday onward". One-off boxes go out within days,
 * so Monday to Thursday the one-off menu is this week's; from Friday (all day) to Sunday it is next week's.
 */
export function oneOffMenuWeek(now: Date): IsoDate {
  const today = londonDate(now);
  const current = currentWeekStart(now);
  const weekday = weekdayOf(today);
  return weekday >= CUTOFF_WEEKDAY || weekday === 0 ? addWeeks(current, 1) : current;
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
