import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  addDays,
  deadlineLabel,
  londonClock,
  londonDate,
  timeLabel,
  weekdayOf,
} from '../../../domain/calendar';
import { shopNow, shopQueries } from '../../shared/shop.queries';

// How long a week stays open (issue 12 part 3: "a cutoff countdown"): "Changes close in 2 days 3 hours",
// and when, said as people say it: "12 noon today", "12 noon tomorrow", "Friday 12 noon" within the week,
// "Friday 27 November at 12 noon" beyond. Pure: both take the shop's `now`.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "in 2 days 3 hours", "in 5 hours 12 minutes", "in 4 minutes", "in less than a minute"; null once past. */
export function timeLeft(until: Date, now: Date): string | null {
  const left = until.getTime() - now.getTime();
  if (left <= 0) return null;
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `in ${plural(days, 'day')}${hours > 0 ? ` ${plural(hours, 'hour')}` : ''}`;
  if (hours > 0) return `in ${plural(hours, 'hour')}${minutes > 0 ? ` ${plural(minutes, 'minute')}` : ''}`;
  if (minutes > 0) return `in ${plural(minutes, 'minute')}`;
  return 'in less than a minute';
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "12 noon today", "12 noon tomorrow", "Friday 12 noon" (within six days), else "Friday 27 November at 12 noon". */
export function whenLabel(instant: Date, now: Date): string {
  const date = londonClock(instant).date;
  const today = londonDate(now);
  const time = timeLabel(instant);
  if (date === today) return `${time} today`;
  if (date === addDays(today, 1)) return `${time} tomorrow`;
  if (date > today && date < addDays(today, 7)) return `${WEEKDAYS[weekdayOf(date)]} ${time}`;
  return deadlineLabel(instant);
}

/** "Changes close in 2 days 3 hours (Friday 12 noon)"; "Changes closed Friday 27 November at 12 noon". */
export function cutoffCountdown(cutoff: Date, now: Date): { open: boolean; text: string } {
  const left = timeLeft(cutoff, now);
  if (left === null) return { open: false, text: `Changes closed ${deadlineLabel(cutoff)}` };
  return { open: true, text: `Changes close ${left} (${whenLabel(cutoff, now)})` };
}

/** The shop's clock read again every minute: a countdown on screen moves on by itself. */
export function useTicking(now: () => Date, everyMs = MINUTE): Date {
  const [, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now();
}

/** The shop's clock (it may be pinned in a demo: shop settings), ticking every minute. */
export function useShopClock(): Date {
  const settings = useQuery(shopQueries.settings()).data;
  return useTicking(() => (settings ? shopNow(settings) : new Date()));
}
