import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bundles,
  collectionProducts,
  collections,
  products,
  productVariants,
} from '../../db/schema/catalogue';

export const VARIANT_GID_PREFIX = 'gid://shopify/ProductVariant/';

/** A variant by our id ("2001") or the storefront's global id ("gid://shopify/ProductVariant/2001"). */
export async function findVariant(db: DbOrTx, ref: string) {
  const where = /^\d{1,15}$/.test(ref)
    ? eq(productVariants.id, Number(ref))
    : ref.startsWith(VARIANT_GID_PREFIX)
      ? eq(productVariants.extId, ref)
      : null;
  if (!where) return null;
  const [row] = await db
    .select({
      id: productVariants.id,
      extId: productVariants.extId,
      title: productVariants.title,
      pricePence: productVariants.pricePence,
      quantityAvailable: productVariants.quantityAvailable,
      productId: products.id,
      productTitle: products.title,
      productType: products.productType,
      tags: products.tags,
      /** Whether the product is on the bundles list (spec §5: only listed bundles show on the menu). */
      listedBundle: sql<boolean>`${bundles.productId} is not null`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(bundles, eq(bundles.productId, products.id))
    .where(where)
    .limit(1);
  return row ?? null;
}

/** Whether the product is on the menu of the week starting `weekStart`. */
export async function isOnWeekMenu(db: DbOrTx, productId: number, weekStart: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(collectionProducts)
    .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
    .where(and(eq(collections.weekStart, weekStart), eq(collectionProducts.productId, productId)))
    .limit(1);
  return row !== undefined;
}
