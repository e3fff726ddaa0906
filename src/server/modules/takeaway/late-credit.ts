import { and, eq, isNull } from 'drizzle-orm';
import { isLateDelivery } from '../../../domain/takeaway';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { takeawayOrders } from '../../db/schema/takeaway';
import { addCredit } from '../credit';
import { orderOwnerOf } from '../orders';
import { lateDeliveryRule, type ShopRulesCache } from '../shop';
import { queueLateDeliveryCredit } from './takeaway-emails';
import { readTakeawayOrder, touchTakeawayOrder } from './takeaway-orders.repo';
import { lateUncredited } from './tracking.service';

// Credit for a late delivery (issue 13 part 5): a takeaway delivered after the end of the window promised when
// it was paid gets the shop's late-delivery credit (settings `late_delivery_credit`, £5 by default, shown in
// GET /settings) with an email saying so, and no claim needed. The `takeaway-late-credit` job runs it every
// minute on the shop's clock. Each order is credited once: its row is claimed `for update skip locked` and
// stamped in the same transaction as the credit, and the ledger's unique index on (reason late_delivery,
// the order) refuses a second credit even through a bug.

export async function creditLateDeliveries(db: Db, clock: Clock, rules: ShopRulesCache): Promise<number> {
  const amount = (await rules.get()).lateDeliveryCredit;
  let credited = 0;
  for (const { orderId } of await lateUncredited(db)) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(takeawayOrders)
        .where(and(eq(takeawayOrders.orderId, orderId), isNull(takeawayOrders.lateCreditedAt)))
        .for('update', { skipLocked: true });
      if (!row?.deliveredAt || !isLateDelivery(row.promisedTo, row.deliveredAt)) return false;
      const order = await orderOwnerOf(tx, orderId);
      if (!order) return false;
      await addCredit(tx, {
        customerId: order.customerId,
        amount,
        reason: 'late_delivery',
        description: `Order #${order.number} arrived later than promised`,
        reference: orderId,
        at: clock.now(),
      });
      await touchTakeawayOrder(tx, orderId, { lateCreditedAt: clock.now(), lateCredit: amount });
      const record = await readTakeawayOrder(tx, orderId);
      if (record) await queueLateDeliveryCredit(tx, record, { amount, rule: lateDeliveryRule(amount) });
      return true;
    });
    if (done) credited += 1;
  }
  return credited;
}
