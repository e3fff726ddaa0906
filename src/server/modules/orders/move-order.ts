import { eq } from 'drizzle-orm';
import { assertMove, ORDER_LIFECYCLE, type Lifecycle } from '../../../domain/lifecycles';
import type { OrderState } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { recordStateChange, type Mover, type OrderRow } from './state-changes';

// One order moved on its own along a lifecycle (a takeaway's kitchen and courier steps, issue 13), as
// state-changes.ts moves a checkout's: locked, checked against its lifecycle (the general order table unless a
// stricter one is given), and recorded; an order that is not there is an error. (`moveOrder` in
// state-changes.ts is fulfilment's: the general table only, and null when someone moved the order first.) In
// the money path's lock order orders come after the checkout and its payments.

export async function moveOrderAlong(
  tx: DbOrTx,
  orderId: string,
  to: OrderState,
  by: Mover,
  lifecycle: Lifecycle<OrderState> = ORDER_LIFECYCLE,
): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw new Error(`Order ${orderId} is not there to move`);
  if (row.state === to) return row;
  assertMove(lifecycle, row.state, to);
  const [updated] = await tx
    .update(orders)
    .set({ state: to, updatedAt: by.at })
    .where(eq(orders.id, orderId))
    .returning();
  await recordStateChange(tx, 'order', orderId, row.state, to, by);
  return updated!;
}
