import {
  addDays,
  dayMonth,
  daysBetween,
  isIsoDate,
  londonDate,
  shortDayLabel,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from './calendar';
import { deliveryDaysOfWeek, isDateOrderable, isDeliveryDay } from './menu-weeks';
import { isBeforeDispatch, isWeekOpen } from './plans';

// Orders and paying for them (spec §4 Order states; §5 "A card is charged if the amount to charge is 30 or
// more. A card is requested if the basket says so or the amount after credits is above 0"; §9).

export const ORDER_STATES = [
  'created',
  'submitted',
  'accepted',
  'packed',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'billed',
  'paid',
  'skipped',
  'dropped',
  'cancelled',
  'payment_pending',
  'not_authorized',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Where an order came from: a checkout of a basket (a plan's first boxes, a one-off box), a gift, a
 * plan's weekly box (`subscription`), a restaurant's takeaway or catering order (decision 23), a round of
 * a table's tab or one payer's share of its bill (decision 28). */
export const ORDER_SOURCES = [
  'recipe_kit',
  'one_off',
  'gift_box',
  'subscription',
  'takeaway',
  'catering',
  'dine_in_tab',
  'dine_in_share',
  'event_booking',
] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** What is had at a restaurant's table: a tab's round, a share of its bill (decision 28). */
export const TABLE_SOURCES: readonly OrderSource[] = ['dine_in_tab', 'dine_in_share'];

/** How a table's order stands (a round in the kitchen, a share of a bill). */
const TABLE_LABELS: Partial<Record<OrderState, string>> = {
  created: 'Waiting for payment',
  paid: 'Paid',
  submitted: 'Sent to the kitchen',
  accepted: 'Being prepared',
  ready_for_pickup: 'Served',
  delivered: 'Served',
};

/** How an event booking's order stands (decision 29): its date is the event's. */
function eventLabel(state: OrderState, date: IsoDate, today: IsoDate): string | null {
  if (state === 'created') return 'Waiting for payment';
  if (state !== 'paid') return null;
  if (date > today) return `Booked for ${dayLabel(date, today)}`;
  return date === today ? 'Today' : `Was on ${dayLabel(date, today)}`;
}

const FAILED_PAYMENT: readonly OrderState[] = ['payment_pending', 'not_authorized'];
/** Paid for and waiting for its day: what the customer wants to know is when it comes. */
const AWAITING_DELIVERY: readonly OrderState[] = ['paid', 'billed', 'submitted', 'accepted'];

/** "Wed 2 Dec", with the year when it is not this year's ("Wed 2 Dec 2025"). */
function dayLabel(date: IsoDate, today: IsoDate): string {
  const year = dayMonth(date).year;
  return year === dayMonth(today).year ? shortDayLabel(date) : `${shortDayLabel(date)} ${year}`;
}

/**
 * What a customer reads for an order (spec §4 display labels), fitted to its date: a paid box seventeen days
 * away "Arrives Wed 2 Dec", not "Is being prepared". On its day it is "Arriving today"; once packed it
 * "Is being prepared" and once shipped it "Is out for delivery", whatever the date. A paid box whose day has
 * passed names that day (nothing here knows it was delivered). `now` is read in London time.
 */
export function orderStateLabel(
  state: OrderState,
  deliveryDate: string,
  now: Date,
  source: OrderSource = 'recipe_kit',
): string {
  if (FAILED_PAYMENT.includes(state)) return 'Payment failed';
  if (TABLE_SOURCES.includes(source) && TABLE_LABELS[state]) return TABLE_LABELS[state];
  if (source === 'event_booking' && isIsoDate(deliveryDate)) {
    const label = eventLabel(state, deliveryDate, londonDate(now));
    if (label) return label;
  }
  // A plan's box not yet charged: planned, charged at its week's cutoff.
  if (source === 'subscription' && state === 'created') {
    return isIsoDate(deliveryDate) ? `Planned for ${dayLabel(deliveryDate, londonDate(now))}` : 'Planned';
  }
  if (state === 'dropped') return 'Unable to process';
  if (state === 'shipped') return 'Is out for delivery';
  if (state === 'packed') return 'Is being prepared';
  if (AWAITING_DELIVERY.includes(state)) {
    if (!isIsoDate(deliveryDate)) return 'Is being prepared';
    const today = londonDate(now);
    if (deliveryDate > today) return `Arrives ${dayLabel(deliveryDate, today)}`;
    if (deliveryDate === today) return 'Arriving today';
    return `Delivery day ${dayLabel(deliveryDate, today)}`;
  }
  const words = state.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Orders in payment_pending or not_authorized count as failed payment. */
export function isFailedPayment(state: OrderState): boolean {
  return FAILED_PAYMENT.includes(state);
}

/**
 * An order can still be paid (again) from these states. A plan's box is not paid by hand until it is billed
 * at its week's cutoff (then, after a failed charge, on the pay-again page).
 */
export function isPayable(state: OrderState, source: OrderSource = 'recipe_kit'): boolean {
  if (source === 'subscription' && state === 'created') return false;
  // A tab is paid (its card held, a higher limit held, captured at close) while its rounds are cooked.
  if (source === 'dine_in_tab') return state !== 'cancelled' && state !== 'dropped';
  return state === 'created' || isFailedPayment(state);
}

export interface ChargePlan {
  /** Store credit spent on the checkout. */
  creditApplied: number;
  /** Charged to the card or PayPal: 0, or at least the minimum card charge. */
  charge: number;
  /** Left uncharged because the whole order is below what a card can be charged (processors refuse it). */
  waived: number;
  /** Whether the customer must give a card or PayPal. */
  requestCard: boolean;
}

/**
 * How a checkout's total is paid: credit first (when the customer uses it), then the card. A card is never
 * charged less than the minimum (30p): when credit would leave a smaller remainder, less credit is used so
 * the card takes the minimum; only a total itself below the minimum, after credit, goes uncharged.
 */
export function planCharge({
  total,
  creditBalance,
  useCredit,
  minimumCardCharge,
  basketRequestsCard,
}: {
  total: number;
  creditBalance: number;
  useCredit: boolean;
  minimumCardCharge: number;
  basketRequestsCard: boolean;
}): ChargePlan {
  let creditApplied = useCredit ? Math.max(0, Math.min(creditBalance, total)) : 0;
  let charge = total - creditApplied;
  let waived = 0;
  if (charge > 0 && charge < minimumCardCharge) {
    if (total >= minimumCardCharge) {
      creditApplied = total - minimumCardCharge;
      charge = minimumCardCharge;
    } else {
      waived = charge;
      charge = 0;
    }
  }
  return { creditApplied, charge, waived, requestCard: basketRequestsCard || charge > 0 };
}

/**
 * The delivery date of each week's order: the weekday chosen for the first delivery, in that meal week
 * (a two-week basket delivered on a Wednesday gets both boxes on Wednesdays).
 */
export function deliveryDateForWeek(firstDelivery: IsoDate, mealWeek: IsoDate): IsoDate {
  const offset = daysBetween(weekStartOf(firstDelivery), firstDelivery);
  const same = addDays(mealWeek, offset);
  if (isDeliveryDay(same)) return same;
  // That weekday is a closed day that week (Christmas): the next delivery day of the week, else the one before.
  const days = deliveryDaysOfWeek(mealWeek);
  return days.find((day) => day > same) ?? days.filter((day) => day < same).at(-1) ?? same;
}

/** Weekday index (0 Sunday … 6 Saturday) of a date, as subscriptions store it. */
export function deliveryDayOf(date: IsoDate): number {
  return weekdayOf(date);
}

/** What of an order can still change now (issue 12): the basis of every order-changing call and screen. */
export interface OrderChanges {
  /** Dishes, voucher and skip: a plan's box before its week's cutoff. */
  editable: boolean;
  /** The delivery day (within its week): a plan's box or a recipe-kit box before the cutoff, a one-off box
   * before its next-day deadline. */
  dateEditable: boolean;
  /** Address and note: until the box is dispatched (the day before delivery, 14:00). */
  addressEditable: boolean;
}

const BEFORE_DISPATCH: readonly OrderState[] = [
  'created',
  'billed',
  'paid',
  'payment_pending',
  'not_authorized',
  'submitted',
  'accepted',
  'skipped',
];

export function orderChanges(
  order: { source: OrderSource; state: OrderState; mealWeek: string | null; deliveryDate: string },
  now: Date,
): OrderChanges {
  // An event booking is changed through its own calls (POST /event_bookings/{orderId}/changes), never here.
  if (!isIsoDate(order.deliveryDate) || order.source === 'event_booking')
    return { editable: false, dateEditable: false, addressEditable: false };
  const week = order.mealWeek && isIsoDate(order.mealWeek) ? order.mealWeek : weekStartOf(order.deliveryDate);
  const planBox = order.source === 'subscription';
  const open = isWeekOpen(week, now);
  const editable = planBox && open && (order.state === 'created' || order.state === 'skipped');
  const dateEditable =
    editable ||
    (!planBox &&
      order.source !== 'gift_box' &&
      ['created', 'paid', 'payment_pending', 'not_authorized'].includes(order.state) &&
      isDateOrderable(order.deliveryDate, now, order.source === 'one_off' ? 'one-off' : 'plan'));
  const addressEditable = BEFORE_DISPATCH.includes(order.state) && isBeforeDispatch(order.deliveryDate, now);
  return { editable, dateEditable, addressEditable };
}
