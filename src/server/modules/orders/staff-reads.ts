import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../contracts/orders';
import type { IsoDate } from '../../../domain/calendar';
import { orderStateLabel } from '../../../domain/orders';
import { takeawayStateLabel } from '../../../domain/takeaway';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { stateChanges } from '../../db/schema/state-changes';
import { findOrder, type OrderRow } from './orders.repo';

// The back office's reads of orders (issue 25 part 4): any customer's order found by its number, its
// customer, its delivery postcode or a day (delivered or placed on it, London time), newest first a page at a
// time; one order whatever its customer; and the history of the order, its checkout and its payments.

export interface StaffOrderSearch {
  number?: number;
  /** The customers whose orders these are (found by their email or name through customers' face). */
  customerIds?: readonly string[];
  /** The delivery address's postcode, spaces and case ignored. */
  postcode?: string;
  /** Delivered on this day, or placed on it (London). */
  date?: IsoDate;
  page: number;
  perPage: number;
}

export interface StaffOrderSummary {
  id: string;
  number: number;
  customerId: string;
  state: OrderRow['state'];
  stateLabel: string;
  source: OrderRow['source'];
  deliveryDate: string;
  postcode: string | null;
  recipient: string;
  total: number;
  createdAt: Date;
}

const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

function summaryOf(row: OrderRow, now: Date): StaffOrderSummary {
  const address = row.shippingAddress;
  return {
    id: row.id,
    number: row.number,
    customerId: row.customerId,
    state: row.state,
    stateLabel:
      row.source === 'takeaway' || row.source === 'catering'
        ? takeawayStateLabel(row.state)
        : orderStateLabel(row.state, row.deliveryDate, now, row.source),
    source: row.source,
    deliveryDate: row.deliveryDate,
    postcode: address.zip,
    recipient: [address.firstName, address.lastName].filter(Boolean).join(' '),
    total: row.total,
    createdAt: row.createdAt,
  };
}

/** Orders matching every criterion given, newest placed first; `total` counts them all. */
export async function searchOrders(
  db: DbOrTx,
  search: StaffOrderSearch,
  now: Date,
): Promise<{ orders: StaffOrderSummary[]; total: number }> {
  const conditions: SQL[] = [];
  if (search.number !== undefined) conditions.push(eq(orders.number, search.number));
  if (search.customerIds !== undefined) {
    if (search.customerIds.length === 0) return { orders: [], total: 0 };
    conditions.push(inArray(orders.customerId, [...search.customerIds]));
  }
  if (search.postcode) {
    conditions.push(
      sql`upper(replace(${orders.shippingAddress}->>'zip', ' ', '')) = ${compact(search.postcode)}`,
    );
  }
  if (search.date) {
    conditions.push(
      or(
        eq(orders.deliveryDate, search.date),
        sql`(${orders.createdAt} at time zone 'Europe/London')::date = ${search.date}::date`,
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(search.perPage)
    .offset((search.page - 1) * search.perPage);
  return { orders: rows.map((row) => summaryOf(row, now)), total: count };
}

/** Any customer's order with its lines (the back office's read); null when there is none. */
export function staffOrder(db: DbOrTx, id: string, now: Date): Promise<Order | null> {
  return findOrder(db, id, now);
}

export interface HistoryEntry {
  subject: (typeof stateChanges.$inferSelect)['subject'];
  subjectId: string;
  fromState: string | null;
  toState: string;
  actor: string;
  reason: string | null;
  at: Date;
}

/** What happened to the order, its checkout and its payments, oldest first. */
export async function orderHistory(
  db: DbOrTx,
  subjects: { orderId: string; checkoutId: string; paymentIds: readonly string[] },
): Promise<HistoryEntry[]> {
  const ids = [subjects.orderId, subjects.checkoutId, ...subjects.paymentIds];
  const rows = await db
    .select()
    .from(stateChanges)
    .where(
      and(
        inArray(stateChanges.subjectId, ids),
        inArray(stateChanges.subject, ['order', 'checkout', 'payment']),
      ),
    )
    .orderBy(asc(stateChanges.at), asc(stateChanges.id));
  return rows.map(({ id: _id, ...entry }) => entry);
}

/** A customer's orders, newest placed first (the back office's view of a customer). */
export async function staffOrdersOfCustomer(
  db: DbOrTx,
  customerId: string,
  now: Date,
  limit = 50,
): Promise<StaffOrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
  return rows.map((row) => summaryOf(row, now));
}
