import { addDays, londonDate, londonInstant } from './calendar';
import { DomainError } from './errors';
import { assertMove, canMove, ORDER_LIFECYCLE, type Lifecycle } from './lifecycles';
import { ORDER_STATES, type OrderState } from './orders';
import {
  DELIVERY_MAX_MINUTES,
  DELIVERY_MIN_MINUTES,
  SLOT_MINUTES,
  type FulfillmentType,
  type Window,
} from './restaurant-hours';
import { KITCHEN_ACTIONS, type KitchenAction, type SnoozeOption } from './kitchen-options';

export {
  BUSY_MINUTES_OPTIONS,
  KITCHEN_ACTIONS,
  PREP_MINUTES_MAX,
  PREP_MINUTES_MIN,
  SNOOZE_OPTIONS,
  type KitchenAction,
  type SnoozeOption,
} from './kitchen-options';

// The kitchen screen's rules (issue 13 part 3): a takeaway or catering order's life as a table of moves,
// what each button on a ticket does, and snoozes and busy mode.

/**
 * A takeaway or catering order (spec §4 states): `created` when placed, `paid`, then `submitted` the
 * moment its payment lands (it is on the kitchen's screen). The kitchen accepts it with a prep time, marks
 * it ready (`packed` for a courier, `ready_for_pickup` for a pickup or a table), sends it out (`shipped`),
 * and it ends `delivered` (by the courier or the kitchen, or collected). The kitchen may reject it before
 * it is ready (`dropped`, refunded). Every move is one the general order table allows too.
 */
export const TAKEAWAY_ORDER_LIFECYCLE: Lifecycle<OrderState> = {
  name: 'order',
  states: ORDER_STATES,
  moves: {
    created: ['paid', 'payment_pending', 'not_authorized', 'cancelled'],
    payment_pending: ['paid', 'payment_pending', 'not_authorized', 'cancelled'],
    not_authorized: ['paid', 'payment_pending', 'cancelled'],
    paid: ['submitted', 'cancelled', 'dropped'],
    submitted: ['accepted', 'dropped'],
    accepted: ['packed', 'ready_for_pickup', 'shipped', 'dropped'],
    packed: ['shipped', 'dropped'],
    shipped: ['delivered'],
    ready_for_pickup: ['delivered'],
    delivered: [],
    billed: [],
    skipped: [],
    dropped: [],
    cancelled: [],
  },
};

/**
 * A round of a table's tab (decision 28): placed `created` and sent to the kitchen (`submitted`) as soon as
 * the tab's card is held, paid when the tab closes; from there the kitchen moves it as any eat-in ticket.
 */
export const TABLE_ROUND_LIFECYCLE: Lifecycle<OrderState> = {
  ...TAKEAWAY_ORDER_LIFECYCLE,
  moves: { ...TAKEAWAY_ORDER_LIFECYCLE.moves, created: ['submitted', 'cancelled'] },
};

/** The states a ticket moves between, by action and fulfilment; null when the action is not for it. */
export function kitchenMove(
  action: Exclude<KitchenAction, 'acknowledge_allergens'>,
  fulfillmentType: FulfillmentType,
): { from: readonly OrderState[]; to: OrderState } | null {
  const delivery = fulfillmentType === 'delivery';
  switch (action) {
    case 'accept':
      return { from: ['submitted'], to: 'accepted' };
    case 'ready':
      return { from: ['accepted'], to: delivery ? 'packed' : 'ready_for_pickup' };
    case 'out_for_delivery':
      return delivery ? { from: ['accepted', 'packed'], to: 'shipped' } : null;
    case 'delivered':
      return delivery ? { from: ['shipped'], to: 'delivered' } : null;
    case 'collected':
      return delivery ? null : { from: ['ready_for_pickup'], to: 'delivered' };
    case 'reject':
      return { from: ['paid', 'submitted', 'accepted', 'packed'], to: 'dropped' };
  }
}

export interface TicketFacts {
  state: OrderState;
  fulfillmentType: FulfillmentType;
  /** The customer has allergens on file and no one in the kitchen has acknowledged them yet. */
  allergensPending: boolean;
}

/** The buttons a ticket shows now, in the order a kitchen uses them. */
export function availableActions(ticket: TicketFacts): KitchenAction[] {
  const actions: KitchenAction[] = [];
  if (ticket.allergensPending && ['paid', 'submitted'].includes(ticket.state)) {
    actions.push('acknowledge_allergens');
  }
  for (const action of KITCHEN_ACTIONS) {
    if (action === 'acknowledge_allergens') continue;
    if (action === 'accept' && ticket.allergensPending) continue;
    const move = kitchenMove(action, ticket.fulfillmentType);
    if (move && move.from.includes(ticket.state)) actions.push(action);
  }
  return actions;
}

const ACTION_WORDS: Record<Exclude<KitchenAction, 'acknowledge_allergens'>, string> = {
  accept: 'accepted',
  ready: 'marked ready',
  out_for_delivery: 'sent out for delivery',
  delivered: 'marked delivered',
  collected: 'marked collected',
  reject: 'rejected',
};

/** Checks an action against the ticket and the lifecycle (409 otherwise); the state it leads to. */
export function assertKitchenMove(
  action: Exclude<KitchenAction, 'acknowledge_allergens'>,
  ticket: TicketFacts,
): OrderState {
  const move = kitchenMove(action, ticket.fulfillmentType);
  if (!move) {
    const kind = ticket.fulfillmentType === 'delivery' ? 'delivery' : 'collection';
    throw new DomainError('CONFLICT', `A ${kind} order cannot be ${ACTION_WORDS[action]}`, {
      action,
      fulfillmentType: ticket.fulfillmentType,
    });
  }
  if (!move.from.includes(ticket.state)) {
    throw new DomainError(
      'CONFLICT',
      `This order is ${ticket.state.replaceAll('_', ' ')} and cannot be ${ACTION_WORDS[action]} now`,
      { action, state: ticket.state },
    );
  }
  assertMove(TAKEAWAY_ORDER_LIFECYCLE, ticket.state, move.to);
  return move.to;
}

/** Whether every takeaway move is one the general order table allows (payments moves orders by that one). */
export function takeawayMovesAreOrderMoves(): boolean {
  return ORDER_STATES.every((from) =>
    TAKEAWAY_ORDER_LIFECYCLE.moves[from].every((to) => canMove(ORDER_LIFECYCLE, from, to) || from === to),
  );
}

/** States a ticket is on the kitchen's board in (not yet done with). */
export const OPEN_TICKET_STATES: readonly OrderState[] = [
  'paid',
  'submitted',
  'accepted',
  'packed',
  'shipped',
  'ready_for_pickup',
];

/** Until when a snooze lasts: an hour from now, or until the start of tomorrow in London. */
export function snoozeUntil(option: SnoozeOption, now: Date): Date {
  if (option === 'hour') return new Date(now.getTime() + 60 * 60_000);
  return londonInstant(addDays(londonDate(now), 1), 0, 0);
}

/**
 * The estimate once the kitchen accepts with its prep time: ready at now + prep; a delivery arrives 15 to 30
 * minutes after (spec §9), a collection is ready for its 15 minutes. A scheduled order keeps its slot unless
 * the kitchen cannot make it in time; then the estimate moves on (the promise it was paid with does not).
 */
export function etaOnAccept(input: {
  now: Date;
  prepMinutes: number;
  fulfillmentType: FulfillmentType;
  asap: boolean;
  promised: Window;
}): Window {
  const ready = input.now.getTime() + input.prepMinutes * 60_000;
  const delivery = input.fulfillmentType === 'delivery';
  const from = ready + (delivery ? DELIVERY_MIN_MINUTES : 0) * 60_000;
  const to = ready + (delivery ? DELIVERY_MAX_MINUTES : SLOT_MINUTES) * 60_000;
  if (!input.asap && from <= input.promised.from.getTime()) return input.promised;
  return { from: new Date(from), to: new Date(to) };
}

/** When the kitchen must have it ready: the promise's start, less a delivery's ride. */
export function readyBy(promisedFrom: Date, fulfillmentType: FulfillmentType): Date {
  return new Date(
    promisedFrom.getTime() - (fulfillmentType === 'delivery' ? DELIVERY_MIN_MINUTES : 0) * 60_000,
  );
}
