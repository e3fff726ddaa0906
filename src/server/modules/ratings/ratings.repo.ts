import { and, count, desc, eq, gte, inArray, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterOrderAsks, orderFeedback, orderRatings, productRatings } from '../../db/schema/after-order';

// The ratings area's tables (decision 30): an order's stars, a dish's stars, the NPS answer and the email
// that asked for them. Rows stay here; the service maps them to contract shapes.

export type OrderRatingRow = typeof orderRatings.$inferSelect;
export type ProductRatingRow = typeof productRatings.$inferSelect;
export type FeedbackRow = typeof orderFeedback.$inferSelect;

export async function ratingOfOrder(db: DbOrTx, orderId: string): Promise<OrderRatingRow | null> {
  const [row] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, orderId));
  return row ?? null;
}

export async function ratingById(db: DbOrTx, id: string): Promise<OrderRatingRow | null> {
  const [row] = await db.select().from(orderRatings).where(eq(orderRatings.id, id));
  return row ?? null;
}

/** Locks a rating's row while it changes (two changes at once take turns). */
export async function lockRating(tx: DbOrTx, id: string): Promise<OrderRatingRow | null> {
  const [row] = await tx.select().from(orderRatings).where(eq(orderRatings.id, id)).for('update');
  return row ?? null;
}

export async function feedbackOf(db: DbOrTx, orderId: string): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(orderFeedback).where(eq(orderFeedback.orderId, orderId));
  return row ?? null;
}

export async function feedbackOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<FeedbackRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderFeedback)
    .where(inArray(orderFeedback.orderId, [...orderIds]));
}

export async function productRatingOfLine(db: DbOrTx, lineItemId: string): Promise<ProductRatingRow | null> {
  const [row] = await db.select().from(productRatings).where(eq(productRatings.lineItemId, lineItemId));
  return row ?? null;
}

export async function productRatingsOfLines(
  db: DbOrTx,
  lineItemIds: readonly string[],
): Promise<ProductRatingRow[]> {
  if (lineItemIds.length === 0) return [];
  return db
    .select()
    .from(productRatings)
    .where(inArray(productRatings.lineItemId, [...lineItemIds]));
}

/** Each dish's count and total of stars over every rating it has had, by product id. */
export async function productSums(
  db: DbOrTx,
  productIds: readonly number[],
): Promise<Map<number, { count: number; total: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productRatings.productId, count: count(), total: sum(productRatings.stars) })
    .from(productRatings)
    .where(inArray(productRatings.productId, [...productIds]))
    .groupBy(productRatings.productId);
  return new Map(
    rows.map((row) => [row.productId, { count: Number(row.count), total: Number(row.total ?? 0) }]),
  );
}

/** A restaurant's ratings given since `since`, newest first. */
export function restaurantRatingRows(db: DbOrTx, restaurantId: string, since: Date, limit: number) {
  return db
    .select()
    .from(orderRatings)
    .where(and(eq(orderRatings.restaurantId, restaurantId), gte(orderRatings.createdAt, since)))
    .orderBy(desc(orderRatings.updatedAt), desc(orderRatings.id))
    .limit(limit);
}

/** The order's after-order email, with its rating links' key; null until it is sent. */
export async function askOf(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(afterOrderAsks).where(eq(afterOrderAsks.orderId, orderId));
  return row ?? null;
}
