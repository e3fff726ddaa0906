import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { PAID_ORDER_STATES } from '../../../domain/referrals';
import type { OrderSource, OrderState } from '../../../domain/orders';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';

// What referrals and plan loyalty (the rewards area, decision 30) read of checkouts and orders: whether a
// customer has paid for anything yet, their paid checkouts in the order they were paid, where their orders
// went, and how many boxes each plan has had paid.

/** Whether the customer has paid for a checkout (of any kind). */
export async function hasPaidCheckout(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(checkouts)
    .where(and(eq(checkouts.customerId, customerId), eq(checkouts.state, 'paid')))
    .limit(1);
  return row !== undefined;
}

export interface PaidCheckoutRecord {
  id: string;
  kind: (typeof checkouts.$inferSelect)['kind'];
  paidAt: Date | null;
  orders: {
    id: string;
    state: OrderState;
    source: OrderSource;
    address1: string | null;
    zip: string | null;
  }[];
}

/** The customer's paid checkouts, the first paid first (at most `limit`), each with its orders. */
export async function paidCheckoutsOf(
  db: DbOrTx,
  customerId: string,
  limit = 20,
): Promise<PaidCheckoutRecord[]> {
  const paid = await db
    .select({ id: checkouts.id, kind: checkouts.kind, paidAt: checkouts.paidAt })
    .from(checkouts)
    .where(and(eq(checkouts.customerId, customerId), eq(checkouts.state, 'paid')))
    .orderBy(sql`${checkouts.paidAt} asc nulls last`, asc(checkouts.createdAt))
    .limit(limit);
  if (paid.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      checkoutId: orders.checkoutId,
      state: orders.state,
      source: orders.source,
      number: orders.number,
      address1: sql<string | null>`${orders.shippingAddress}->>'address1'`,
      zip: sql<string | null>`${orders.shippingAddress}->>'zip'`,
    })
    .from(orders)
    .where(
      inArray(
        orders.checkoutId,
        paid.map((checkout) => checkout.id),
      ),
    )
    .orderBy(asc(orders.number));
  return paid.map((checkout) => ({
    ...checkout,
    orders: rows
      .filter((row) => row.checkoutId === checkout.id)
      .map(({ id, state, source, address1, zip }) => ({ id, state, source, address1, zip })),
  }));
}

/**
 * The checkouts holding these orders, each with all its orders (one query): what the first paid orders of
 * the referrals already rewarded were, for one reward per household.
 */
export async function checkoutsOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<PaidCheckoutRecord[]> {
  if (orderIds.length === 0) return [];
  const holding = db
    .select({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  const rows = await db
    .select({
      checkoutId: checkouts.id,
      kind: checkouts.kind,
      paidAt: checkouts.paidAt,
      id: orders.id,
      state: orders.state,
      source: orders.source,
      address1: sql<string | null>`${orders.shippingAddress}->>'address1'`,
      zip: sql<string | null>`${orders.shippingAddress}->>'zip'`,
    })
    .from(orders)
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(inArray(orders.checkoutId, holding))
    .orderBy(asc(orders.number));
  const out = new Map<string, PaidCheckoutRecord>();
  for (const { checkoutId, kind, paidAt, ...order } of rows) {
    const checkout = out.get(checkoutId) ?? { id: checkoutId, kind, paidAt, orders: [] };
    checkout.orders.push(order);
    out.set(checkoutId, checkout);
  }
  return [...out.values()];
}

/** Where these customers' orders were sent (first line and postcode), leaving out orders of `exceptSources`. */
export async function orderAddressLines(
  db: DbOrTx,
  customerIds: readonly string[],
  exceptSources: readonly OrderSource[] = [],
): Promise<{ customerId: string; address1: string | null; zip: string | null }[]> {
  if (customerIds.length === 0) return [];
  return db
    .selectDistinct({
      customerId: orders.customerId,
      address1: sql<string | null>`${orders.shippingAddress}->>'address1'`,
      zip: sql<string | null>`${orders.shippingAddress}->>'zip'`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.customerId, [...customerIds]),
        exceptSources.length > 0 ? notInArray(orders.source, [...exceptSources]) : undefined,
      ),
    );
}

/** How many paid orders each plan has had (an upper bound of its paid boxes), by plan id; none: not in it. */
export async function paidOrderCountsOfPlans(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ subscriptionId: orders.subscriptionId, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(isNotNull(orders.subscriptionId), inArray(orders.state, [...PAID_ORDER_STATES])))
    .groupBy(orders.subscriptionId);
  return new Map(rows.map((row) => [row.subscriptionId!, row.count]));
}
