import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { restaurants } from '../../db/schema/restaurants';
import type { RestaurantRow } from './restaurants.repo';

// A restaurant's running as the back office changes it (issue 25 part 3): its hours, delivery radius, fees,
// minimum spends, slot capacity, what it offers and its tables. What they must be is the back office's
// (shop-admin); its name, address and place are not changed here.

export type RestaurantSettings = Pick<
  RestaurantRow,
  | 'openingHours'
  | 'prepMinutes'
  | 'deliveryRadiusMiles'
  | 'deliveryFee'
  | 'freeDeliveryFrom'
  | 'minimumSpend'
  | 'slotCapacity'
  | 'offersDelivery'
  | 'offersPickup'
  | 'offersEatIn'
  | 'offersCatering'
  | 'cateringMinimumSpend'
  | 'cateringLeadHours'
  | 'tableCount'
  | 'hasTableNumbers'
  | 'tableNumberPrompt'
  | 'openTabCheckouts'
>;

/** Every restaurant the shop runs (open to customers), by name. */
export function activeRestaurants(db: DbOrTx): Promise<RestaurantRow[]> {
  return db.select().from(restaurants).where(eq(restaurants.active, true)).orderBy(asc(restaurants.name));
}

/** The restaurant, locked for a change in this transaction; null when there is no such active one. */
export async function restaurantForChange(db: DbOrTx, id: string): Promise<RestaurantRow | null> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id)).limit(1).for('update');
  return row?.active ? row : null;
}

export async function changeRestaurant(
  db: DbOrTx,
  id: string,
  values: RestaurantSettings,
): Promise<RestaurantRow> {
  const [row] = await db
    .update(restaurants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(restaurants.id, id))
    .returning();
  return row!;
}
