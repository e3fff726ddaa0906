import { and, eq, inArray } from 'drizzle-orm';
import type { OrderAddress } from '../../../domain/address';
import type { OrderSource } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';

// What other areas may change of an order besides its state (issue 20, part 2: the orders table is this
// area's alone): where and when it is delivered, while it can still change (the caller checks that, under
// its locks). A state changes only through state-changes.ts; an order's money through `rewriteOrder`.

export interface DeliveryChanges {
  deliveryDate?: string;
  shippingAddress?: OrderAddress;
  deliveryNote?: string | null;
}

/** Writes the orders' delivery day, address or note (those of `source` only, when given). */
export async function changeOrderDelivery(
  tx: DbOrTx,
  orderIds: readonly string[],
  changes: DeliveryChanges,
  at: Date,
  { source }: { source?: OrderSource } = {},
): Promise<void> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({
      ...(changes.deliveryDate !== undefined ? { deliveryDate: changes.deliveryDate } : {}),
      ...(changes.shippingAddress !== undefined ? { shippingAddress: changes.shippingAddress } : {}),
      ...(changes.deliveryNote !== undefined ? { deliveryNote: changes.deliveryNote } : {}),
      updatedAt: at,
    })
    .where(
      and(
        ids.length === 1 ? eq(orders.id, ids[0]!) : inArray(orders.id, ids),
        source ? eq(orders.source, source) : undefined,
      ),
    );
}

/**
 * A locked, open checkout's total set to what will be charged (a tab's capture at close, decision 28: its
 * orders are the rounds, its charge the holder's part and tip).
 */
export async function setCheckoutTotal(
  tx: DbOrTx,
  checkoutId: string,
  total: number,
  at: Date,
): Promise<void> {
  await tx
    .update(checkouts)
    .set({ total, updatedAt: at })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.state, 'open')));
}
