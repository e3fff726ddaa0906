// Time is Europe/London (architecture decision 4). Calendar days travel as ISO local dates
// ("2026-11-23"); instants are `Date`s. Every clock-dependent rule takes `now` as an argument.

export const SHOP_TIME_ZONE = 'Europe/London';

/** An ISO calendar date, `YYYY-MM-DD`, with no time zone: a day on the shop's calendar. */
export type IsoDate = string & { readonly __brand: 'IsoDate' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * A real day on the (proleptic Gregorian) calendar, as `YYYY-MM-DD`. Years before 100 are refused, as they
 * always were here (Date.UTC reads them as 1900–1999). Every answer's dates pass this: no Date is made.
 */
export function isIsoDate(value: string): value is IsoDate {
  if (value.length !== 10 || !ISO_DATE.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!);
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

/**
 * The London day last asked for, from its first instant to the next day's: a request asks for today's date
 * several times.
 */
let knownDay: { from: number; to: number; date: IsoDate } | null = null;

// London's clocks since 1996 (the EU rule, which the time-zone database carries on): one hour ahead (BST)
// from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. Worked out here
// rather than asked of Intl: a browser's first Intl call loads its locale data, 30–80 ms in one task on a
// phone's first load (issue 24). Earlier instants ask Intl (property-tested against @date-fns/tz).
const RULE_FROM = Date.UTC(1996, 0, 1);

let intlLondon: Intl.DateTimeFormat | null = null;

/** London's offset at an instant before 1996, from the platform's time-zone data. */
function intlOffsetMinutes(time: number): number {
  intlLondon ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part = Object.fromEntries(intlLondon.formatToParts(time).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return Math.round((wall - (time - (((time % 1000) + 1000) % 1000))) / 60_000);
}

/** 01:00 UTC on the last Sunday of `month` (0-based) in `year`. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/** London's offset from UTC at an instant, in minutes (0 or 60). */
export function londonOffsetMinutes(time: number): number {
  if (Number.isNaN(time)) return NaN;
  if (time < RULE_FROM) return intlOffsetMinutes(time);
  const year = new Date(time).getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 60 : 0;
}

/** London's wall clock at an instant, as a Date whose UTC fields read it. */
function londonWall(time: number): Date {
  return new Date(time + londonOffsetMinutes(time) * 60_000);
}

/** The shop's calendar date at an instant. */
export function londonDate(now: Date): IsoDate {
  const time = now.getTime();
  if (knownDay && time >= knownDay.from && time < knownDay.to) return knownDay.date;
  const local = londonWall(time);
  const y = local.getUTCFullYear();
  const m = String(local.getUTCMonth() + 1).padStart(2, '0');
  const d = String(local.getUTCDate()).padStart(2, '0');
  const date = `${y}-${m}-${d}` as IsoDate;
  if (isIsoDate(date)) {
    // London's clocks change at 1 or 2 in the morning, never at midnight: each day starts at its 00:00.
    const from = londonInstant(date, 0).getTime();
    const to = londonInstant(addDays(date, 1), 0).getTime();
    if (time >= from && time < to) knownDay = { from, to, date };
  }
  return date;
}

/** The instant at which London's clocks show `date` `hours`:`minutes`. */
export function londonInstant(date: IsoDate, hours: number, minutes = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hours, minutes);
  // A time the spring change skips (01:00–01:59) is read as GMT, and one the autumn change shows twice as
  // its second (GMT) time: the lesser of the offsets an hour before and at that wall time, as
  // @date-fns/tz answers.
  return new Date(wall - Math.min(londonOffsetMinutes(wall - 3_600_000), londonOffsetMinutes(wall)) * 60_000);
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

// How dates and times are written (British English, one place for every screen and email): "Wed 2 Dec",
// "Friday 27 November", "5pm", "5:30pm", "12 noon", "midnight"; "Friday 27 November at 12 noon".

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const LONG_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Friday 27 November". */
export function longDayLabel(date: IsoDate): string {
  const utc = toUtcDate(date);
  return `${LONG_WEEKDAYS[utc.getUTCDay()]} ${utc.getUTCDate()} ${LONG_MONTHS[utc.getUTCMonth()]}`;
}

/** "27 November 2026". */
export function fullDateLabel(date: IsoDate): string {
  const utc = toUtcDate(date);
  return `${utc.getUTCDate()} ${LONG_MONTHS[utc.getUTCMonth()]} ${utc.getUTCFullYear()}`;
}

/** London's wall clock at an instant: its date, hours (0–23) and minutes. */
export function londonClock(instant: Date): { date: IsoDate; hours: number; minutes: number } {
  const local = londonWall(instant.getTime());
  return { date: londonDate(instant), hours: local.getUTCHours(), minutes: local.getUTCMinutes() };
}

/** A time of day as people write it in the UK: "5pm", "8:30am", "12 noon", "midnight". */
export function clockTimeLabel(hours: number, minutes = 0): string {
  if (minutes === 0 && hours === 12) return '12 noon';
  if (minutes === 0 && hours === 0) return 'midnight';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? 'am' : 'pm';
  return minutes === 0 ? `${hour12}${suffix}` : `${hour12}:${String(minutes).padStart(2, '0')}${suffix}`;
}

/** The London time of an instant: "5pm", "12 noon". */
export function timeLabel(instant: Date): string {
  const { hours, minutes } = londonClock(instant);
  return clockTimeLabel(hours, minutes);
}

/** "Friday 27 November at 12 noon" (London time). */
export function deadlineLabel(instant: Date): string {
  return `${longDayLabel(londonClock(instant).date)} at ${timeLabel(instant)}`;
}

/**
 * A deadline said relative to `now` where that reads better: "5pm today", "8am tomorrow", else
 * "Friday 27 November at 12 noon".
 */
export function relativeDeadlineLabel(instant: Date, now: Date): string {
  const date = londonClock(instant).date;
  const today = londonDate(now);
  if (date === today) return `${timeLabel(instant)} today`;
  if (date === addDays(today, 1)) return `${timeLabel(instant)} tomorrow`;
  return deadlineLabel(instant);
}
