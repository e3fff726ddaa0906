import { OPEN_TICKET_STATES } from '../../../domain/kitchen';
import type { DbOrTx } from '../../db/client';
import { lockOrderState, type OrderRow } from '../orders';
import {
  kitchenBoardVersion,
  lockTakeawayRow,
  restaurantTickets,
  type TakeawayOrderRecord,
  type TakeawayOrderRow,
} from '../takeaway';

// What a kitchen board reads: its tickets (paid orders only: the kitchen never sees an unpaid one), what
// changed since a number, and the board's number now.

/** How long a finished ticket stays on the board. */
export const DONE_SHOWN_MS = 2 * 60 * 60 * 1000;
const NOT_FOR_THE_KITCHEN = ['created', 'payment_pending', 'not_authorized', 'cancelled'] as const;

export function boardTickets(
  db: DbOrTx,
  restaurantId: string,
  since: number | null,
  now: Date,
): Promise<TakeawayOrderRecord[]> {
  return restaurantTickets(db, restaurantId, {
    hidden: NOT_FOR_THE_KITCHEN,
    since,
    open: OPEN_TICKET_STATES,
    changedSince: new Date(now.getTime() - DONE_SHOWN_MS),
  });
}

/** The board's number now: every ticket change up to it has committed (takeaway_orders.version). */
export function boardVersion(db: DbOrTx, restaurantId: string): Promise<number> {
  return kitchenBoardVersion(db, restaurantId);
}

/** Whether an order is one the kitchen sees (paid, not an unpaid or abandoned one). */
export function isKitchenTicket(state: string): boolean {
  return !(NOT_FOR_THE_KITCHEN as readonly string[]).includes(state);
}

/** Locks a ticket's order, then its takeaway row (the money path's order): its state and row, or null. */
export async function lockTicket(
  tx: DbOrTx,
  orderId: string,
): Promise<{ state: OrderRow['state']; row: TakeawayOrderRow } | null> {
  const state = await lockOrderState(tx, orderId);
  const row = await lockTakeawayRow(tx, orderId);
  return state && row ? { state, row } : null;
}
