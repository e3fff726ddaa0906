import { and, asc, desc, eq, gte, inArray, lt, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../contracts/orders';
import { londonDate } from '../../../domain/calendar';
import {
  isFailedPayment,
  isPayable,
  orderChanges,
  orderStateLabel,
  TABLE_SOURCES,
  type OrderState,
} from '../../../domain/orders';
import { takeawayStateLabel } from '../../../domain/takeaway';
import type { DbOrTx } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema/orders';
import { scheduleWeeks } from '../../db/schema/subscriptions';
import { voucherCodeOf } from '../vouchers';
import { lineItemView } from './place-orders';

// Reading orders: one query for the orders, one for all their lines (never a query per order).

export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLineItems.$inferSelect;

type ReadRow = OrderRow & { voucherCode: string | null; scheduleWeekId: string | null };

function toOrder(row: ReadRow, lines: LineRow[], now: Date): Order {
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    stateLabel:
      row.source === 'takeaway' || row.source === 'catering'
        ? takeawayStateLabel(row.state)
        : orderStateLabel(row.state, row.deliveryDate, now, row.source),
    failedPayment: isFailedPayment(row.state),
    // A plan's box is charged at its cutoff, never paid by hand before it is billed.
    payable: isPayable(row.state as OrderState, row.source),
    type: row.type,
    source: row.source,
    subscriptionId: row.subscriptionId,
    checkoutId: row.checkoutId,
    mealWeek: row.mealWeek,
    deliveryDate: row.deliveryDate,
    deliveryNote: row.deliveryNote,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress ?? null,
    voucherCode: row.voucherCode,
    gift: row.giftRecipient
      ? {
          recipientName: row.giftRecipient.name,
          recipientEmail: row.giftRecipient.email,
          message: row.giftRecipient.message,
        }
      : null,
    subtotal: row.subtotal,
    discount: row.totalDiscounts,
    shippingPrice: row.shippingPrice,
    oneOffFee: row.oneOffFee,
    tip: row.tip,
    total: row.total,
    scheduleWeekId: row.scheduleWeekId,
    ...orderChanges(row, now),
    createdAt: row.createdAt.toISOString(),
    lineItems: lines.map((line) => lineItemView(line, line.id)),
  };
}

async function withLines(db: DbOrTx, rows: ReadRow[], now: Date): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLineItems)
    .where(
      inArray(
        orderLineItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLineItems.position));
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((line) => line.orderId === row.id),
      now,
    ),
  );
}

function selectOrders(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ order: orders, voucherCode: voucherCodeOf(orders.voucherId), scheduleWeekId: scheduleWeeks.id })
    .from(orders)
    .leftJoin(scheduleWeeks, eq(scheduleWeeks.orderId, orders.id))
    .where(where);
}

const flat = (rows: { order: OrderRow; voucherCode: string | null; scheduleWeekId: string | null }[]) =>
  rows.map(({ order, voucherCode, scheduleWeekId }) => ({ ...order, voucherCode, scheduleWeekId }));

// Each read takes `now`: an order's label depends on its delivery date (domain/orders orderStateLabel).

/** A customer's order; null for anyone else's (the caller answers 404). */
export async function findCustomerOrder(
  db: DbOrTx,
  customerId: string,
  id: string,
  now: Date,
): Promise<Order | null> {
  const rows = flat(await selectOrders(db, and(eq(orders.id, id), eq(orders.customerId, customerId))));
  return (await withLines(db, rows, now))[0] ?? null;
}

/** Any customer's order (the back office's read); null when there is none. */
export async function findOrder(db: DbOrTx, id: string, now: Date): Promise<Order | null> {
  const rows = flat(await selectOrders(db, eq(orders.id, id)));
  return (await withLines(db, rows, now))[0] ?? null;
}

export async function checkoutOrders(db: DbOrTx, checkoutId: string, now: Date): Promise<Order[]> {
  const rows = flat(await selectOrders(db, eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.number)));
  return withLines(db, rows, now);
}

export interface OrderFilter {
  deliveryDate?: 'past' | 'upcoming';
  type?: string;
  subscriptionId?: string;
  excludeStates?: string[];
  /** Upcoming and past are from London's today; labels fit the delivery date. */
  now: Date;
  page: number;
  perPage: number;
}

export async function listCustomerOrders(
  db: DbOrTx,
  customerId: string,
  filter: OrderFilter,
): Promise<{ orders: Order[]; total: number }> {
  const today = londonDate(filter.now);
  const conditions: SQL[] = [eq(orders.customerId, customerId)];
  // What was had at a table (a tab's rounds, a share of its bill) is never a delivery to come: it is past.
  const atTable = inArray(orders.source, [...TABLE_SOURCES]);
  if (filter.deliveryDate === 'upcoming') {
    conditions.push(and(gte(orders.deliveryDate, today), not(atTable))!);
  }
  if (filter.deliveryDate === 'past') conditions.push(or(lt(orders.deliveryDate, today), atTable)!);
  if (filter.type) conditions.push(eq(orders.type, filter.type));
  if (filter.subscriptionId) conditions.push(eq(orders.subscriptionId, filter.subscriptionId));
  const excluded = (filter.excludeStates ?? []).filter(Boolean);
  if (excluded.length > 0) conditions.push(notInArray(orders.state, excluded as OrderState[]));
  const where = and(...conditions);
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = flat(
    await selectOrders(db, where)
      .orderBy(
        filter.deliveryDate === 'past' ? desc(orders.deliveryDate) : asc(orders.deliveryDate),
        asc(orders.number),
      )
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
  );
  return { orders: await withLines(db, rows, filter.now), total: count };
}

/** What a checkout's orders hold: each line's dish and quantity (to give the stock back). */
export function checkoutLines(db: DbOrTx, checkoutId: string) {
  return db
    .select({ productVariantId: orderLineItems.productVariantId, quantity: orderLineItems.quantity })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .where(eq(orders.checkoutId, checkoutId));
}

/** A checkout's orders withdrawn before anyone paid: they never were (their history stays). */
export async function deleteCheckoutOrders(db: DbOrTx, checkoutId: string): Promise<void> {
  await db.delete(orders).where(eq(orders.checkoutId, checkoutId));
}
