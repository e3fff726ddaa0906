import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { takeawayCategories, takeawayCategoryProducts, takeawayProducts } from '../../db/schema/restaurants';
import { activeSnoozes, snoozeProduct, unsnoozeProduct } from './restaurants.repo';

// The takeaway menu as the back office changes it at one restaurant (issue 25 part 2): an item sold out here
// (the kitchen's snooze, until the start of tomorrow) or back, and its price. A dish has one price at every
// restaurant: the catalogue holds one price per dish, so a price changed here is changed everywhere.

export interface TakeawayItemRecord {
  id: number;
  title: string;
  sku: string;
  category: string;
  channel: 'takeaway' | 'catering';
  pricePence: number;
  available: boolean;
  soldOutUntil: Date | null;
}

/** The dishes (not modifiers) of the takeaway and catering menus, in menu order, with this restaurant's snoozes. */
export async function takeawayItemsAt(
  db: DbOrTx,
  restaurantId: string,
  now: Date,
): Promise<TakeawayItemRecord[]> {
  const [rows, snoozes] = await Promise.all([
    db
      .select({
        id: takeawayProducts.id,
        title: takeawayProducts.title,
        sku: takeawayProducts.sku,
        category: takeawayCategories.name,
        channel: takeawayCategories.channel,
        pricePence: takeawayProducts.price,
        available: takeawayProducts.available,
      })
      .from(takeawayCategoryProducts)
      .innerJoin(takeawayCategories, eq(takeawayCategories.id, takeawayCategoryProducts.categoryId))
      .innerJoin(takeawayProducts, eq(takeawayProducts.id, takeawayCategoryProducts.productId))
      .where(eq(takeawayProducts.kind, 'item'))
      .orderBy(
        // The takeaway menu first, then catering's platters.
        desc(takeawayCategories.channel),
        asc(takeawayCategories.position),
        asc(takeawayCategoryProducts.position),
        asc(takeawayProducts.id),
      ),
    activeSnoozes(db, restaurantId, now),
  ]);
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .map((row) => ({ ...row, soldOutUntil: snoozes.get(row.id) ?? null }));
}

/** A takeaway dish's price everywhere; false when there is no such dish. */
export async function setTakeawayPrice(db: DbOrTx, productId: number, pricePence: number): Promise<boolean> {
  const changed = await db
    .update(takeawayProducts)
    .set({ price: pricePence })
    .where(eq(takeawayProducts.id, productId))
    .returning({ id: takeawayProducts.id });
  return changed.length > 0;
}

/** Sold out at this restaurant until `until`, or available again (false when it was not sold out). */
export async function setSoldOut(
  db: DbOrTx,
  values: { restaurantId: string; productId: number; until: Date | null; by: string; at: Date },
): Promise<boolean> {
  if (values.until === null) return unsnoozeProduct(db, values.restaurantId, values.productId);
  await snoozeProduct(db, { ...values, until: values.until });
  return true;
}
