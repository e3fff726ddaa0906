import { deadlineLabel, type IsoDate } from './calendar';
import { firstOrderableWeek, orderCutoff, weekLabel } from './menu-weeks';

// Marketing banners (spec §3 Marketing banner; §9 the Friday 12:00 cutoff) are the operator's words. A
// banner that tells when to order says `{order_by}`, and the shop fills it from its own clock with the next
// cutoff still ahead: before Friday 12 noon this week's, after it the next Friday's with the week it is for.
// Said in full ("Friday 27 November at 12 noon"), never "today" or "tomorrow": the words change only at a
// cutoff, when a server-rendered page changes too, so a page is never hydrated with other words.

export const ORDER_BY_PLACEHOLDER = '{order_by}';

/** "Order by Friday 27 November at 12 noon for delivery 30 Nov – 5 Dec": a plan week and its cutoff. */
export function planOrderByText(weekStart: IsoDate): string {
  return `Order by ${deadlineLabel(orderCutoff(weekStart))} for delivery ${weekLabel(weekStart)}`;
}

/** When to order for the first week a plan can still order at `now`. */
export function nextPlanOrderByText(now: Date): string {
  return planOrderByText(firstOrderableWeek(now));
}

/** A banner's text with `{order_by}` filled in at `now`. */
export function bannerText(text: string, now: Date): string {
  return text.includes(ORDER_BY_PLACEHOLDER)
    ? text.replaceAll(ORDER_BY_PLACEHOLDER, nextPlanOrderByText(now))
    : text;
}
