import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  bundles,
  collectionProducts,
  collections,
  productImages,
  products,
  productVariants,
} from '../../db/schema/catalogue';

export const VARIANT_GID_PREFIX = 'gid://shopify/ProductVariant/';

/**
 * A product's first picture, as a subquery correlated to `products.id` (or to `productId` when given): select
 * it as a column of any query over products (`sql\`(${firstProductImage(db)})\``).
 */
export function firstProductImage(db: DbOrTx, productId: SQL | number = sql`${products.id}`) {
  return db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position))
    .limit(1);
}

/**
 * A variant by our id ("2001") or the storefront's global id ("gid://shopify/ProductVariant/2001"), with
 * whether its product is on the menu of the week starting `weekStart`: one prepared query.
 */
export function prepareFindVariant(db: Db) {
  const query = (where: SQL) => {
    const onWeekMenu = db
      .select({ one: sql`1` })
      .from(collectionProducts)
      .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
      .where(
        and(
          eq(collections.weekStart, sql.placeholder('weekStart')),
          eq(collectionProducts.productId, products.id),
        ),
      );
    return db
      .select({
        id: productVariants.id,
        extId: productVariants.extId,
        title: productVariants.title,
        isDouble: productVariants.isDouble,
        pricePence: productVariants.pricePence,
        quantityAvailable: productVariants.quantityAvailable,
        productId: products.id,
        productTitle: products.title,
        productType: products.productType,
        tags: products.tags,
        /** Whether the product is on the bundles list (spec §5: only listed bundles show on the menu). */
        listedBundle: sql<boolean>`${bundles.productId} is not null`,
        onWeekMenu: sql<boolean>`exists (${onWeekMenu})`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(bundles, eq(bundles.productId, products.id))
      .where(where)
      .limit(1);
  };
  const byId = query(eq(productVariants.id, sql.placeholder('id'))).prepare('variant_by_id');
  const byExtId = query(eq(productVariants.extId, sql.placeholder('extId'))).prepare('variant_by_ext_id');
  return async (ref: string, weekStart: string) => {
    const rows = /^\d{1,15}$/.test(ref)
      ? await byId.execute({ id: Number(ref), weekStart })
      : ref.startsWith(VARIANT_GID_PREFIX)
        ? await byExtId.execute({ extId: ref, weekStart })
        : [];
    return rows[0] ?? null;
  };
}
