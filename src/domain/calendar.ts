import { TZDateMini } from '@date-fns/tz';

// Time is Europe/London (architecture decision 4). Calendar days travel as ISO local dates
// ("2026-11-23"); instants are `Date`s. Every clock-dependent rule takes `now` as an argument.

export const SHOP_TIME_ZONE = 'Europe/London';

/** An ISO calendar date, `YYYY-MM-DD`, with no time zone: a day on the shop's calendar. */
export type IsoDate = string & { readonly __brand: 'IsoDate' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): value is IsoDate {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isoDate(value: string): IsoDate {
  if (!isIsoDate(value)) throw new RangeError(`Not an ISO date: "${value}"`);
  return value;
}

function toUtcDate(date: IsoDate): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtcDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10) as IsoDate;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const utc = toUtcDate(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return fromUtcDate(utc);
}

export function addWeeks(date: IsoDate, weeks: number): IsoDate {
  return addDays(date, weeks * 7);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / 86_400_000);
}

/** Day of the week as JavaScript counts it: 0 Sunday … 5 Friday, 6 Saturday. */
export function weekdayOf(date: IsoDate): number {
  return toUtcDate(date).getUTCDay();
}

/** The shop's calendar date at an instant. */
export function londonDate(now: Date): IsoDate {
  const local = new TZDateMini(now.getTime(), SHOP_TIME_ZONE);
  const y = local.getFullYear();
  const m = String(local.getMonth() + 1).padStart(2, '0');
  const d = String(local.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}` as IsoDate;
}

/** The instant at which London's clocks show `date` `hours`:`minutes`. */
export function londonInstant(date: IsoDate, hours: number, minutes = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDateMini(y, m - 1, d, hours, minutes, SHOP_TIME_ZONE).getTime());
}

/** Menu weeks start on Monday; a week is named by its Monday. */
export function weekStartOf(date: IsoDate): IsoDate {
  const weekday = weekdayOf(date);
  return addDays(date, -((weekday + 6) % 7));
}

export function currentWeekStart(now: Date): IsoDate {
  return weekStartOf(londonDate(now));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function dayMonth(date: IsoDate): { day: number; month: string; year: number } {
  const utc = toUtcDate(date);
  return { day: utc.getUTCDate(), month: MONTHS[utc.getUTCMonth()]!, year: utc.getUTCFullYear() };
}

/** "Sat 28 Nov". */
export function shortDayLabel(date: IsoDate): string {
  const { day, month } = dayMonth(date);
  return `${WEEKDAYS[weekdayOf(date)]} ${day} ${month}`;
}
