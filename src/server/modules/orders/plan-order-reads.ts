import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { OrderState } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema/orders';
import type { OrderRow } from './orders.repo';

// What the plans (subscriptions) read of their orders: a plan's weekly boxes (source `subscription`) and the
// weeks paid at its first checkout (issue 20, part 2: the orders table is this area's alone).

/** The checkouts of a plan's boxes in weeks from `fromWeek`, in id order (to lock them: `lockInOrder`). */
export async function planBoxCheckoutIds(
  db: DbOrTx,
  subscriptionId: string,
  fromWeek: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(
      and(
        eq(orders.subscriptionId, subscriptionId),
        eq(orders.source, 'subscription'),
        gte(orders.mealWeek, fromWeek),
      ),
    )
    .orderBy(asc(orders.checkoutId));
  return rows.map((row) => row.checkoutId);
}

/** A plan's orders (its boxes and the weeks paid at checkout), those in `states` when given. */
export async function planOrders(
  db: DbOrTx,
  subscriptionId: string,
  states?: readonly OrderState[],
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(eq(orders.subscriptionId, subscriptionId), states ? inArray(orders.state, [...states]) : undefined),
    );
}

/** The dishes (variant ids) of a plan's orders of the meal weeks from `fromWeek` to before `beforeWeek`. */
export async function planDishVariants(
  db: DbOrTx,
  subscriptionId: string,
  fromWeek: string,
  beforeWeek: string,
): Promise<number[]> {
  const rows = await db
    .select({ variantId: orderLineItems.productVariantId })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .where(
      and(
        eq(orders.subscriptionId, subscriptionId),
        gte(orders.mealWeek, fromWeek),
        lt(orders.mealWeek, beforeWeek),
        isNotNull(orderLineItems.productVariantId),
      ),
    )
    .orderBy(desc(orders.mealWeek));
  return rows.map((row) => row.variantId!);
}

/** The plans' orders delivered from `from` on and in `states`, by delivery date. */
export async function ordersOfPlans(
  db: DbOrTx,
  subscriptionIds: readonly string[],
  { from, states }: { from: string; states: readonly OrderState[] },
): Promise<OrderRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.subscriptionId, [...subscriptionIds]),
        gte(orders.deliveryDate, from),
        inArray(orders.state, [...states]),
      ),
    )
    .orderBy(asc(orders.deliveryDate));
}

/** How many orders each plan has ever had, by plan id (a plan with none is not in it). */
export async function orderCountsOfPlans(
  db: DbOrTx,
  subscriptionIds: readonly string[],
): Promise<Map<string, number>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db
    .select({ subscriptionId: orders.subscriptionId, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.subscriptionId, [...subscriptionIds]))
    .groupBy(orders.subscriptionId);
  return new Map(rows.map((row) => [row.subscriptionId!, row.count]));
}
