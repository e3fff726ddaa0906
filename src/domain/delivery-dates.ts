import {
  addDays,
  daysBetween,
  deadlineLabel,
  isIsoDate,
  londonDate,
  shortDayLabel,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from './calendar';
import {
  DELIVERY_WINDOW_DAYS,
  isDateOrderable,
  orderDeadline,
  weekLabel,
  type CLOSED_DAYS,
  type OrderKind,
} from './menu-weeks';

// Delivery dates (spec §5 "no Sundays; up to 21 days ahead; blocked dates come from a constraints call", §9
// "the delivery date window is 21 days, with no Sundays"). A date can be chosen when all of these hold:
// - it is Monday to Saturday and not a day the kitchen is closed (menu-weeks CLOSED_DAYS);
// - the courier for the postcode delivers on that weekday;
// - it is at most 21 days after today in London;
// - it can still be ordered (menu-weeks orderDeadline, docs/decisions/0011): for a plan, its menu week
//   closes on the Friday before at 12:00 London time; a one-off box may also come next day, when ordered
//   by 17:00 the day before (Tuesday to Friday) or by 08:00 on Sunday (Monday). Nothing today or earlier;
// - it is not blocked (bank holidays, a courier gap, a dish out of stock that week).

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Mondays to Saturdays: the days we deliver at most (JavaScript weekday numbers). */
export const DELIVERY_WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;

const CLOSED_DAY_NAMES: Record<(typeof CLOSED_DAYS)[number], string> = {
  '12-25': 'Christmas Day',
  '12-26': 'Boxing Day',
  '01-01': "New Year's Day",
};

/** "Christmas Day" when the kitchen is closed on that date, else null. */
export function closedDayName(date: IsoDate): string | null {
  return CLOSED_DAY_NAMES[date.slice(5) as (typeof CLOSED_DAYS)[number]] ?? null;
}

/** "Mondays, Wednesdays and Fridays": a list of weekdays as a person reads it. */
export function weekdayList(weekdays: readonly number[]): string {
  const names = [...new Set(weekdays)]
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    .map((day) => `${WEEKDAY_NAMES[day]}s`);
  if (names.length <= 1) return names[0] ?? 'no days';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export interface DeliveryDateRules {
  /** Weekdays the courier covers for the postcode (0 Sunday … 6 Saturday); Sundays are ignored. */
  deliveryDays: readonly number[];
  /** Dates blocked for this postcode and basket. */
  blocked?: ReadonlySet<string> | readonly string[];
  /** Only dates of this menu week (its Monday). */
  mealWeek?: IsoDate;
  /** A plan (the weekly cutoff; the default) or a one-off box (next-day delivery where it applies). */
  kind?: OrderKind;
}

export type DeliveryDateProblemCode =
  'SUNDAY' | 'CLOSED' | 'NOT_A_COURIER_DAY' | 'TOO_SOON' | 'TOO_FAR' | 'OTHER_WEEK' | 'BLOCKED';

export interface DeliveryDateProblem {
  code: DeliveryDateProblemCode;
  /** A sentence the customer understands. */
  message: string;
}

/** The last day a customer can choose: today (London) plus 21 days. */
export function lastDeliveryDate(now: Date): IsoDate {
  return addDays(londonDate(now), DELIVERY_WINDOW_DAYS);
}

/**
 * Why `date` cannot be chosen, or null when it can. Pure: depends on `now` only through the London date
 * and the menu week's cutoff.
 */
export function deliveryDateProblem(
  date: IsoDate,
  now: Date,
  rules: DeliveryDateRules,
): DeliveryDateProblem | null {
  const weekday = weekdayOf(date);
  if (weekday === 0) return { code: 'SUNDAY', message: "We don't deliver on Sundays" };
  const closed = closedDayName(date);
  if (closed) return { code: 'CLOSED', message: `We don't deliver on ${closed}` };
  if (rules.mealWeek && weekStartOf(date) !== rules.mealWeek) {
    return {
      code: 'OTHER_WEEK',
      message: `Choose a delivery date in the week of ${weekLabel(rules.mealWeek)}`,
    };
  }
  const kind = rules.kind ?? 'plan';
  if (!isDateOrderable(date, now, kind)) {
    const deadline = deadlineLabel(orderDeadline(date, kind));
    return {
      code: 'TOO_SOON',
      message:
        kind === 'plan'
          ? `It's too late to order for ${shortDayLabel(date)}: orders for ${weekLabel(weekStartOf(date))} closed ${deadline}`
          : `It's too late to order for ${shortDayLabel(date)}: orders for that day closed ${deadline}`,
    };
  }
  if (daysBetween(londonDate(now), date) > DELIVERY_WINDOW_DAYS) {
    return {
      code: 'TOO_FAR',
      message: `Choose a delivery date up to ${DELIVERY_WINDOW_DAYS} days ahead`,
    };
  }
  if (!rules.deliveryDays.includes(weekday)) {
    return {
      code: 'NOT_A_COURIER_DAY',
      message: `Our courier delivers to this postcode on ${weekdayList(rules.deliveryDays.filter((d) => d !== 0))} only`,
    };
  }
  if (isBlocked(rules.blocked, date)) {
    return { code: 'BLOCKED', message: `${shortDayLabel(date)} is not available for delivery` };
  }
  return null;
}

function isBlocked(blocked: DeliveryDateRules['blocked'], date: IsoDate): boolean {
  if (!blocked) return false;
  return 'has' in blocked ? blocked.has(date) : blocked.includes(date);
}

export interface DeliveryDateOption {
  date: IsoDate;
  /** "Monday". */
  weekday: (typeof WEEKDAY_NAMES)[number];
  /** "Mon 23 Nov". */
  label: string;
  /** The Monday of the date's menu week. */
  mealWeek: IsoDate;
  /** The last instant to order for this date (ISO 8601). */
  orderBy: string;
}

export function deliveryDateOption(date: IsoDate, kind: OrderKind = 'plan'): DeliveryDateOption {
  return {
    date,
    weekday: WEEKDAY_NAMES[weekdayOf(date)]!,
    label: shortDayLabel(date),
    mealWeek: weekStartOf(date),
    orderBy: orderDeadline(date, kind).toISOString(),
  };
}

/** The days from `from` to `to` inclusive (empty when `to` is before `from`). */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days = daysBetween(from, to);
  return days < 0 ? [] : Array.from({ length: days + 1 }, (_, i) => addDays(from, i));
}

/** A menu week's delivery span: its Monday to its Saturday. */
export function mealWeekSpan(mealWeek: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: mealWeek, to: addDays(mealWeek, 5) };
}

/**
 * The dates a customer may choose between `from` and `to` (inclusive), in order. Only the part of the
 * range inside the 21-day window is looked at, so any range costs at most 22 days of work.
 */
export function availableDeliveryDates(
  range: { from: IsoDate; to: IsoDate },
  now: Date,
  rules: DeliveryDateRules,
): DeliveryDateOption[] {
  const today = londonDate(now);
  const from = range.from > today ? range.from : addDays(today, 1);
  const last = lastDeliveryDate(now);
  const to = range.to < last ? range.to : last;
  return datesBetween(from, to)
    .filter((date) => deliveryDateProblem(date, now, rules) === null)
    .map((date) => deliveryDateOption(date, rules.kind));
}

/** Whether a string is a Monday as an ISO date (a menu week's name). */
export function isMealWeek(value: string): value is IsoDate {
  return isIsoDate(value) && weekdayOf(value) === 1;
}
