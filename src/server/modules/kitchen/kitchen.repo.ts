import { and, eq, gt, gte, inArray, notInArray, or } from 'drizzle-orm';
import { OPEN_TICKET_STATES } from '../../../domain/kitchen';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { kitchenBoards, takeawayOrders } from '../../db/schema/takeaway';
import {
  lockTakeawayRow,
  readTakeawayOrders,
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
  const mine = and(
    eq(takeawayOrders.restaurantId, restaurantId),
    notInArray(orders.state, [...NOT_FOR_THE_KITCHEN]),
  );
  return readTakeawayOrders(
    db,
    since !== null
      ? and(mine, gt(takeawayOrders.version, since))
      : and(
          mine,
          or(
            inArray(orders.state, [...OPEN_TICKET_STATES]),
            gte(orders.updatedAt, new Date(now.getTime() - DONE_SHOWN_MS)),
          ),
        ),
  );
}

/** The board's number now: every ticket change up to it has committed (takeaway_orders.version). */
export async function boardVersion(db: DbOrTx, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ version: kitchenBoards.version })
    .from(kitchenBoards)
    .where(eq(kitchenBoards.restaurantId, restaurantId));
  return row?.version ?? 0;
}

/** Whether an order is one the kitchen sees (paid, not an unpaid or abandoned one). */
export function isKitchenTicket(state: string): boolean {
  return !(NOT_FOR_THE_KITCHEN as readonly string[]).includes(state);
}

/** Locks a ticket's order, then its takeaway row (the money path's order): its state and row, or null. */
export async function lockTicket(
  tx: DbOrTx,
  orderId: string,
): Promise<{ state: (typeof orders.$inferSelect)['state']; row: TakeawayOrderRow } | null> {
  const [order] = await tx
    .select({ state: orders.state })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  const row = await lockTakeawayRow(tx, orderId);
  return order && row ? { state: order.state, row } : null;
}
