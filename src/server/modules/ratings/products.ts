import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { variantDishes } from '../menu';

// A dish's storefront id (gid://shopify/Product/…), the id the menu knows it by, from our product id.

export async function productExtIds(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const dish = variantDishes(db);
  const rows = await db
    .selectDistinct({ productId: dish.productId, extId: dish.productExtId })
    .from(dish)
    .where(inArray(dish.productId, ids));
  return new Map(rows.map((row) => [Number(row.productId), String(row.extId)]));
}
