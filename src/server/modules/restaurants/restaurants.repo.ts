import { and, asc, eq, gt, gte, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { RELEASED_STATES, UNPAID_STATES } from '../../../domain/takeaway-promises';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import {
  diningTables,
  productSnoozes,
  restaurants,
  takeawayCategories,
  takeawayCategoryProducts,
  takeawayProductModifiers,
  takeawayProducts,
} from '../../db/schema/restaurants';
import { takeawayOrders, takeawaySlots } from '../../db/schema/takeaway';

// Reading restaurants, their menu, snoozes and how full their slots are.

export type RestaurantRow = typeof restaurants.$inferSelect;
export type ProductRow = typeof takeawayProducts.$inferSelect;

export async function findRestaurant(db: DbOrTx, id: string): Promise<RestaurantRow | null> {
  const [row] = await db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.id, id), eq(restaurants.active, true)));
  return row ?? null;
}

export type DiningTableRow = typeof diningTables.$inferSelect;

/** A restaurant's tables, in the floor's order (decision 28). */
export function diningTablesOf(db: DbOrTx, restaurantId: string): Promise<DiningTableRow[]> {
  return db
    .select()
    .from(diningTables)
    .where(eq(diningTables.restaurantId, restaurantId))
    .orderBy(asc(diningTables.position));
}

/** One of a restaurant's tables by its number ("12", as on the card; any case), or null. */
export async function findDiningTable(
  db: DbOrTx,
  restaurantId: string,
  number: string,
): Promise<DiningTableRow | null> {
  const [row] = await db
    .select()
    .from(diningTables)
    .where(
      and(
        eq(diningTables.restaurantId, restaurantId),
        sql`lower(${diningTables.number}) = lower(${number.trim()})`,
      ),
    );
  return row ?? null;
}

/** These restaurants (open or not), by name: what their kitchen's staff work at. */
export function restaurantsOf(db: DbOrTx, ids: readonly string[]): Promise<RestaurantRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(restaurants)
    .where(inArray(restaurants.id, [...ids]))
    .orderBy(asc(restaurants.name));
}

export function listRestaurants(db: DbOrTx): Promise<RestaurantRow[]> {
  return db.select().from(restaurants).where(eq(restaurants.active, true)).orderBy(asc(restaurants.name));
}

export interface Catalogue {
  categories: {
    id: number;
    name: string;
    position: number;
    channel: 'takeaway' | 'catering';
    productIds: number[];
  }[];
  products: Map<number, ProductRow>;
  /** Each dish's modifiers in menu order. */
  modifiers: Map<number, { modifier: ProductRow; position: number }[]>;
}

/** The whole takeaway and catering catalogue: four queries, however big the menu. */
export async function readCatalogue(db: DbOrTx): Promise<Catalogue> {
  const [categories, links, products, modifierLinks] = await Promise.all([
    db
      .select()
      .from(takeawayCategories)
      .orderBy(asc(takeawayCategories.position), asc(takeawayCategories.id)),
    db
      .select()
      .from(takeawayCategoryProducts)
      .orderBy(asc(takeawayCategoryProducts.position), asc(takeawayCategoryProducts.productId)),
    db.select().from(takeawayProducts),
    db
      .select()
      .from(takeawayProductModifiers)
      .orderBy(asc(takeawayProductModifiers.position), asc(takeawayProductModifiers.modifierId)),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  const modifiers = new Map<number, { modifier: ProductRow; position: number }[]>();
  for (const link of modifierLinks) {
    const modifier = byId.get(link.modifierId);
    if (!modifier) continue;
    const list = modifiers.get(link.productId) ?? [];
    list.push({ modifier, position: link.position });
    modifiers.set(link.productId, list);
  }
  return {
    categories: categories.map((category) => ({
      ...category,
      productIds: links.filter((link) => link.categoryId === category.id).map((link) => link.productId),
    })),
    products: byId,
    modifiers,
  };
}

/** Dishes by id with their modifiers (in menu order): what a basket prices and checks. */
export async function readProducts(db: DbOrTx, ids: readonly number[]): Promise<ProductsWithModifiers> {
  const found: ProductsWithModifiers = { products: new Map(), modifiers: new Map() };
  if (ids.length === 0) return found;
  const [rows, links] = await Promise.all([
    db
      .select()
      .from(takeawayProducts)
      .where(inArray(takeawayProducts.id, [...ids])),
    db
      .select({
        productId: takeawayProductModifiers.productId,
        position: takeawayProductModifiers.position,
        modifier: takeawayProducts,
      })
      .from(takeawayProductModifiers)
      .innerJoin(takeawayProducts, eq(takeawayProducts.id, takeawayProductModifiers.modifierId))
      .where(inArray(takeawayProductModifiers.productId, [...ids]))
      .orderBy(asc(takeawayProductModifiers.position)),
  ]);
  for (const row of rows) found.products.set(row.id, row);
  for (const { productId, position, modifier } of links) {
    found.modifiers.set(productId, [...(found.modifiers.get(productId) ?? []), { modifier, position }]);
  }
  return found;
}

export interface ProductsWithModifiers {
  products: Map<number, ProductRow>;
  modifiers: Map<number, { modifier: ProductRow; position: number }[]>;
}

/** A restaurant's snoozes still in force at `now`: product id → until. */
export async function activeSnoozes(db: DbOrTx, restaurantId: string, now: Date): Promise<Map<number, Date>> {
  const rows = await db
    .select({ productId: productSnoozes.productId, until: productSnoozes.until })
    .from(productSnoozes)
    .where(and(eq(productSnoozes.restaurantId, restaurantId), gt(productSnoozes.until, now)));
  return new Map(rows.map((row) => [row.productId, row.until]));
}

export async function snoozeProduct(
  db: DbOrTx,
  values: { restaurantId: string; productId: number; until: Date; by: string | null; at: Date },
): Promise<void> {
  await db
    .insert(productSnoozes)
    .values({
      restaurantId: values.restaurantId,
      productId: values.productId,
      until: values.until,
      snoozedBy: values.by,
      snoozedAt: values.at,
    })
    .onConflictDoUpdate({
      target: [productSnoozes.restaurantId, productSnoozes.productId],
      set: { until: values.until, snoozedBy: values.by, snoozedAt: values.at },
    });
}

export async function unsnoozeProduct(db: DbOrTx, restaurantId: string, productId: number): Promise<boolean> {
  const deleted = await db
    .delete(productSnoozes)
    .where(and(eq(productSnoozes.restaurantId, restaurantId), eq(productSnoozes.productId, productId)))
    .returning({ productId: productSnoozes.productId });
  return deleted.length > 0;
}

export async function setBusyMinutes(db: DbOrTx, restaurantId: string, minutes: number, at: Date) {
  const [row] = await db
    .update(restaurants)
    .set({ busyMinutes: minutes, updatedAt: at })
    .where(eq(restaurants.id, restaurantId))
    .returning();
  return row ?? null;
}

/**
 * How many orders hold each slot of a restaurant between two instants at `now`: slot start (ms) → orders. A
 * paid order holds its place; an unpaid one only until its hold ends (minutes while its customer pays, never
 * past the slot: domain/takeaway-promises.ts `holdsSlot`, which this counts in SQL); a cancelled or rejected
 * one not at all. `except` leaves one order out (the one being paid, taking its place again).
 */
export async function slotLoad(
  db: DbOrTx,
  restaurantId: string,
  from: Date,
  to: Date,
  now: Date,
  except: string | null = null,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ slotStart: takeawayOrders.slotStart, count: sql<number>`count(*)::int` })
    .from(takeawayOrders)
    .innerJoin(orders, eq(orders.id, takeawayOrders.orderId))
    .where(
      and(
        eq(takeawayOrders.restaurantId, restaurantId),
        gte(takeawayOrders.slotStart, from),
        lt(takeawayOrders.slotStart, to),
        notInArray(orders.state, [...RELEASED_STATES]),
        or(notInArray(orders.state, [...UNPAID_STATES]), gt(takeawayOrders.heldUntil, now)),
        except ? ne(takeawayOrders.orderId, except) : undefined,
      ),
    )
    .groupBy(takeawayOrders.slotStart);
  return new Map(rows.map((row) => [row.slotStart.getTime(), row.count]));
}

/**
 * Locks a restaurant's slot for the rest of the transaction (making its row the first time): two orders for
 * its last place are decided one after the other. In the money path's lock order it comes after the basket
 * and before the checkout (docs/decisions: takeaway and kitchen).
 */
export async function lockSlot(tx: DbOrTx, restaurantId: string, start: Date): Promise<void> {
  const locked = () =>
    tx
      .select({ startsAt: takeawaySlots.startsAt })
      .from(takeawaySlots)
      .where(and(eq(takeawaySlots.restaurantId, restaurantId), eq(takeawaySlots.startsAt, start)))
      .for('update');
  // A slot's row is made by its first order: every later one locks it in one round trip.
  if ((await locked()).length > 0) return;
  await tx.insert(takeawaySlots).values({ restaurantId, startsAt: start }).onConflictDoNothing();
  await locked();
}
