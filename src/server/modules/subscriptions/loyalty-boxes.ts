import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { PAID_ORDER_STATES } from '../../../domain/referrals';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { orderRowsOf } from '../orders';

// What plan loyalty (the rewards area, decision 30) reads of plans: each plan's weeks whose box was paid (at
// checkout or at its cutoff) and not given back, in delivery order, and whose plan it is.

export interface PaidPlanBoxes {
  customerId: string;
  boxes: { weekId: string; orderId: string; deliveryDate: string }[];
}

const PAID: ReadonlySet<string> = new Set(PAID_ORDER_STATES);

/** These plans' paid boxes, by plan id, each plan's in delivery order. */
export async function paidPlanBoxes(
  db: DbOrTx,
  subscriptionIds: readonly string[],
): Promise<Map<string, PaidPlanBoxes>> {
  const out = new Map<string, PaidPlanBoxes>();
  if (subscriptionIds.length === 0) return out;
  const plans = await db
    .select({ id: subscriptions.id, customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...subscriptionIds]));
  const weeks = await db
    .select({
      id: scheduleWeeks.id,
      subscriptionId: scheduleWeeks.subscriptionId,
      orderId: scheduleWeeks.orderId,
      deliveryDate: scheduleWeeks.deliveryDate,
    })
    .from(scheduleWeeks)
    .where(and(inArray(scheduleWeeks.subscriptionId, [...subscriptionIds]), isNotNull(scheduleWeeks.orderId)))
    .orderBy(asc(scheduleWeeks.deliveryDate), asc(scheduleWeeks.startDate));
  const orders = await orderRowsOf(
    db,
    weeks.map((week) => week.orderId!),
  );
  for (const plan of plans) out.set(plan.id, { customerId: plan.customerId, boxes: [] });
  for (const week of weeks) {
    const order = orders.get(week.orderId!);
    if (!order || !PAID.has(order.state)) continue;
    out.get(week.subscriptionId)?.boxes.push({
      weekId: week.id,
      orderId: week.orderId!,
      // The day it came (or comes): the order's, which a moved delivery changes.
      deliveryDate: order.deliveryDate,
    });
  }
  for (const plan of out.values()) plan.boxes.sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate));
  return out;
}

/** The customer's plans (every state: a cancelled plan keeps what it earned), the oldest first. */
export function plansOfCustomer(
  db: DbOrTx,
  customerId: string,
): Promise<{ id: string; name: string; state: string }[]> {
  return db
    .select({ id: subscriptions.id, name: subscriptions.name, state: subscriptions.state })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .orderBy(asc(subscriptions.createdAt));
}
