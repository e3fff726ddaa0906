import {
  addDays,
  clockTimeLabel,
  deadlineLabel,
  shortDayLabel,
  weekdayOf,
  type IsoDate,
} from '../../../domain/calendar';
import { WEEKDAY_NAMES } from '../../../domain/delivery-dates';
import {
  CUTOFF_HOUR,
  DELIVERY_WINDOW_DAYS,
  isDateOrderable,
  isDeliveryDay,
  NEXT_DAY_HOUR,
  orderDeadline,
  SUNDAY_NEXT_DAY_HOUR,
  type OrderKind,
} from '../../../domain/menu-weeks';

// Why a day is not on offer, said in a few lines a customer reads at a glance under the days: "No
// deliveries on Sundays.", "No deliveries to BN2 on Mondays and Wednesdays.", "Too soon for Sat 21 Nov: order
// by 12 noon on the Friday the week before.", and where the 21 days end. Every day from tomorrow to the last
// date that POST /delivery_dates did not offer falls under one line, told by the rules the server offered the
// days by (menu-weeks: the kitchen's closed days, the order deadline of the kind of order) and the
// postcode's courier days, which its answer carries. (Only this page's chunk loads it: it reads nothing that
// the menu's first JS does not already have.)

/** How late a day can be ordered, as a rule: "order by 5pm the day before". */
function tooSoon(date: IsoDate, kind: OrderKind): string {
  const weekday = weekdayOf(date);
  const rule =
    kind === 'plan'
      ? `orders for its week closed ${deadlineLabel(orderDeadline(date, kind))}`
      : weekday === 1
        ? `order by ${clockTimeLabel(SUNDAY_NEXT_DAY_HOUR)} on the Sunday before`
        : weekday === 6
          ? `order by ${clockTimeLabel(CUTOFF_HOUR)} on the Friday the week before`
          : `order by ${clockTimeLabel(NEXT_DAY_HOUR)} the day before`;
  return `Too soon for ${shortDayLabel(date)}: ${rule}.`;
}

/** "Mon 1, Tue 2 and Wed 3". */
function andList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export interface UnofferedDaysInput {
  /** The days POST /delivery_dates offered, from tomorrow to `lastDate`. */
  offered: readonly string[];
  /** The courier's days for the postcode (its answer's `deliveryDays`) and the outcode they are for. */
  deliveryDays: readonly number[];
  outcode: string;
  /** The last day that can be chosen (today plus 21 days). */
  lastDate: IsoDate;
  now: Date;
  kind: OrderKind;
}

export function unofferedDayNotes(input: UnofferedDaysInput): string[] {
  const { offered, deliveryDays, outcode, lastDate, now, kind } = input;
  const taken = new Set(offered);
  const soon: string[] = [];
  const courier = new Set<number>();
  const closed: string[] = [];
  const other: string[] = [];
  for (let ahead = DELIVERY_WINDOW_DAYS - 1; ahead >= 0; ahead--) {
    const date = addDays(lastDate, -ahead);
    const weekday = weekdayOf(date);
    if (taken.has(date) || weekday === 0) continue;
    if (!isDeliveryDay(date)) closed.push(shortDayLabel(date));
    // A day the courier never comes is said once, for that reason.
    else if (!deliveryDays.includes(weekday)) courier.add(weekday);
    else if (!isDateOrderable(date, now, kind)) soon.push(tooSoon(date, kind));
    // Sold out, or blocked for the postcode that day.
    else other.push(`${shortDayLabel(date)} isn’t available.`);
  }
  // Monday first, as the week is read.
  const courierDays = [...courier].sort((a, b) => a - b).map((day) => `${WEEKDAY_NAMES[day]}s`);
  return [
    ...soon,
    'No deliveries on Sundays.',
    ...(courierDays.length > 0 ? [`No deliveries to ${outcode} on ${andList(courierDays)}.`] : []),
    ...(closed.length > 0 ? [`We’re closed on ${andList(closed)}.`] : []),
    ...other,
    `Too far ahead after ${shortDayLabel(lastDate)}: we take orders up to ${DELIVERY_WINDOW_DAYS} days ahead, and a new day opens each day.`,
  ];
}
