import { DomainError } from './errors';
import { ORDER_STATES, type OrderState } from './orders';

// Lifecycles as data (architecture 9a; issue 10 part 5): for each thing with states, the moves it may make.
// Every state write on the server goes through one `transition` that refuses a move not in its table and
// records who or what moved it (server: modules/orders order events). The spec (§4) names the states; the
// moves are ours.

export interface Lifecycle<S extends string> {
  /** What the thing is called in a refusal ("order", "subscription"). */
  readonly name: string;
  readonly states: readonly S[];
  readonly moves: Readonly<Record<S, readonly S[]>>;
}

export function canMove<S extends string>(lifecycle: Lifecycle<S>, from: S, to: S): boolean {
  return lifecycle.moves[from]?.includes(to) ?? false;
}

/** Refuses a move the lifecycle does not allow (409: the thing is not in a state that allows it). */
export function assertMove<S extends string>(lifecycle: Lifecycle<S>, from: S, to: S): void {
  if (!canMove(lifecycle, from, to)) {
    throw new DomainError(
      'CONFLICT',
      `This ${lifecycle.name} is ${words(from)} and cannot become ${words(to)}`,
      { from, to },
    );
  }
}

const words = (state: string) => state.replaceAll('_', ' ');

/** States nothing leaves. */
export function finalStates<S extends string>(lifecycle: Lifecycle<S>): S[] {
  return lifecycle.states.filter((state) => lifecycle.moves[state].length === 0);
}

/**
 * Orders (spec §4). A recipe-kit, one-off or gift order is `created` when placed and `paid` when its
 * checkout is paid; a failed payment makes it `payment_pending` (or `not_authorized` after a hard decline),
 * from which it can still be paid, until it is cancelled. A plan's weekly order (source `subscription`)
 * is `created` when its week is written, `skipped` and back while the week is open, `billed` at the cutoff
 * and then paid off-session (or waits for payment until it is dispatched, then is cancelled). Kitchen and courier move a paid order through submitted, accepted,
 * packed, shipped (or ready for pickup) to delivered; one the kitchen cannot make is `dropped`. A round of a
 * table's tab goes to the kitchen (`submitted`) before it is paid, its tab's card held, and is paid with the
 * tab (decision 28).
 */
export const ORDER_LIFECYCLE: Lifecycle<OrderState> = {
  name: 'order',
  states: ORDER_STATES,
  moves: {
    created: ['billed', 'paid', 'submitted', 'payment_pending', 'not_authorized', 'cancelled', 'skipped'],
    billed: ['paid', 'payment_pending', 'not_authorized', 'cancelled', 'skipped'],
    payment_pending: ['paid', 'payment_pending', 'not_authorized', 'cancelled'],
    not_authorized: ['paid', 'payment_pending', 'cancelled'],
    paid: ['submitted', 'accepted', 'packed', 'cancelled', 'dropped'],
    submitted: ['accepted', 'packed', 'cancelled', 'dropped'],
    accepted: ['packed', 'ready_for_pickup', 'shipped', 'dropped'],
    packed: ['shipped', 'ready_for_pickup', 'dropped'],
    shipped: ['delivered'],
    ready_for_pickup: ['delivered'],
    delivered: [],
    skipped: ['created', 'billed', 'cancelled'],
    dropped: [],
    cancelled: [],
  },
};

export const SUBSCRIPTION_STATES = ['created', 'active', 'paused', 'failed', 'cancelled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * Subscriptions (spec §4). `created` with the first checkout, `active` once it is paid; a weekly charge that
 * fails makes it `failed` until a payment succeeds; the customer pauses and activates it, cancels it, and
 * may restart it (no job ever moves a cancelled plan).
 */
export const SUBSCRIPTION_LIFECYCLE: Lifecycle<SubscriptionState> = {
  name: 'plan',
  states: SUBSCRIPTION_STATES,
  moves: {
    created: ['active', 'cancelled'],
    active: ['paused', 'failed', 'cancelled'],
    paused: ['active', 'cancelled'],
    failed: ['active', 'paused', 'cancelled'],
    // Only the customer restarts a cancelled plan (POST /subscriptions/{id}/activate); nothing else does.
    cancelled: ['active'],
  },
};

export const SCHEDULE_WEEK_STATES = ['active', 'skipped'] as const;
export type ScheduleWeekState = (typeof SCHEDULE_WEEK_STATES)[number];

/** Schedule weeks (spec §4): skip and unskip, until the week's cutoff (checked by the caller). */
export const SCHEDULE_WEEK_LIFECYCLE: Lifecycle<ScheduleWeekState> = {
  name: 'week',
  states: SCHEDULE_WEEK_STATES,
  moves: { active: ['skipped'], skipped: ['active'] },
};

export const CHECKOUT_STATES = ['open', 'paid', 'cancelled'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/** A checkout (the orders one basket made, paid together): paid once, or cancelled unpaid. */
export const CHECKOUT_LIFECYCLE: Lifecycle<CheckoutState> = {
  name: 'checkout',
  states: CHECKOUT_STATES,
  moves: { open: ['paid', 'cancelled'], paid: [], cancelled: [] },
};
