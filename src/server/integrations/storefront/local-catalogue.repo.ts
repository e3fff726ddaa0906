import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedJoining } from '../../db/request-transaction';
import {
  collectionProducts,
  collections,
  productImages,
  products,
  productVariants,
} from '../../db/schema/catalogue';

// Catalogue reads for the embedded storefront. Products of a page are hydrated in three queries
// (products, images, variants) whatever the page size: no N+1.

export type CollectionRow = typeof collections.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ImageRow = typeof productImages.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

export interface HydratedProduct extends ProductRow {
  images: ImageRow[];
  variants: VariantRow[];
}

export type CollectionOrder = 'ID' | 'TITLE' | 'UPDATED_AT' | 'RELEVANCE';

export interface CollectionFilter {
  titlePrefix?: string;
  titleExact?: string;
}

function collectionWhere({ titlePrefix, titleExact }: CollectionFilter) {
  const filters: SQL[] = [];
  if (titlePrefix !== undefined)
    filters.push(like(collections.title, `${titlePrefix.replace(/[\\%_]/g, '\\$&')}%`));
  if (titleExact !== undefined) filters.push(eq(collections.title, titleExact));
  return filters.length ? and(...filters) : undefined;
}

export async function countCollections(db: DbOrTx, filter: CollectionFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(collections)
    .where(collectionWhere(filter));
  return row?.count ?? 0;
}

export function listCollections(
  db: DbOrTx,
  {
    order,
    reverse,
    offset,
    limit,
    ...filter
  }: CollectionFilter & {
    order: CollectionOrder;
    reverse: boolean;
    offset: number;
    limit: number;
  },
) {
  const column =
    order === 'TITLE' ? collections.title : order === 'UPDATED_AT' ? collections.updatedAt : collections.id;
  return db
    .select()
    .from(collections)
    .where(collectionWhere(filter))
    .orderBy(reverse ? desc(column) : asc(column), reverse ? desc(collections.id) : asc(collections.id))
    .offset(offset)
    .limit(limit);
}

export async function findCollection(db: DbOrTx, by: { handle?: string; id?: number }) {
  const where = by.handle !== undefined ? eq(collections.handle, by.handle) : eq(collections.id, by.id ?? -1);
  const [row] = await db.select().from(collections).where(where).limit(1);
  return row ?? null;
}

export type ProductOrder =
  'COLLECTION_DEFAULT' | 'MANUAL' | 'BEST_SELLING' | 'RELEVANCE' | 'TITLE' | 'ID' | 'CREATED' | 'PRICE';

export async function collectionProductIds(
  db: DbOrTx,
  collectionId: number,
  { order, reverse, offset, limit }: { order: ProductOrder; reverse: boolean; offset: number; limit: number },
): Promise<number[]> {
  const minPrice = sql`(select min(${productVariants.pricePence}) from ${productVariants} where ${productVariants.productId} = ${products.id})`;
  const column =
    order === 'TITLE'
      ? products.title
      : order === 'ID'
        ? products.id
        : order === 'CREATED'
          ? products.createdAt
          : order === 'PRICE'
            ? minPrice
            : collectionProducts.position;
  const rows = await db
    .select({ id: products.id })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(reverse ? desc(column) : asc(column), reverse ? desc(products.id) : asc(products.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function countCollectionProducts(db: DbOrTx, collectionId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId));
  return row?.count ?? 0;
}

/** Products with their images and variants, in the order of `ids`. */
export async function hydrateProducts(db: DbOrTx, ids: readonly number[]): Promise<HydratedProduct[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [productRows, imageRows, variantRows] = await Promise.all([
    db.select().from(products).where(inArray(products.id, list)),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, list))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
    db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, list))
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
  ]);
  const byId = new Map(
    productRows.map((row) => [row.id, { ...row, images: [] as ImageRow[], variants: [] as VariantRow[] }]),
  );
  for (const image of imageRows) byId.get(image.productId)?.images.push(image);
  for (const variant of variantRows) byId.get(variant.productId)?.variants.push(variant);
  return list.map((id) => byId.get(id)).filter((p): p is HydratedProduct => p !== undefined);
}

export async function findProductId(
  db: DbOrTx,
  by: { handle?: string; id?: number },
): Promise<number | null> {
  const where = by.handle !== undefined ? eq(products.handle, by.handle) : eq(products.id, by.id ?? -1);
  const [row] = await db.select({ id: products.id }).from(products).where(where).limit(1);
  return row?.id ?? null;
}

export async function findVariantProductId(db: DbOrTx, variantId: number): Promise<number | null> {
  const [row] = await db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.id, variantId))
    .limit(1);
  return row?.productId ?? null;
}

/**
 * What a collection's answer was made from, as one short string that changes whenever any of it changes: the
 * collection with that handle, its product list, and those products with their variants and images. Each row
 * is named by its id and its xmin (the transaction that wrote this version of it; a new version always has a
 * new one), so an insert, an update or a delete of any of them makes a new fingerprint, within transactions
 * as PostgreSQL sees them. A prepared statement: one round trip, planned once per connection.
 */
export function prepareCollectionFingerprint(db: Db) {
  const handle = sql.placeholder('handle');
  const prepared = preparedJoining(db, (db) =>
    db
      .select({
        fingerprint: sql<string>`(
          with c as (select id, xmin::text as x from ${collections} where handle = ${handle}),
          cp as (select product_id, xmin::text as x from ${collectionProducts} where collection_id in (select id from c))
          select md5(
            coalesce((select string_agg(id || ':' || x, ',' order by id) from c), '')
            || '|' || coalesce((select string_agg(product_id || ':' || x, ',' order by product_id) from cp), '')
            || '|' || coalesce((select string_agg(p.id || ':' || p.xmin::text, ',' order by p.id)
                from ${products} p where p.id in (select product_id from cp)), '')
            || '|' || coalesce((select string_agg(v.id || ':' || v.xmin::text, ',' order by v.id)
                from ${productVariants} v where v.product_id in (select product_id from cp)), '')
            || '|' || coalesce((select string_agg(i.id || ':' || i.xmin::text, ',' order by i.id)
                from ${productImages} i where i.product_id in (select product_id from cp)), '')))`,
      })
      .from(sql`(select 1) as one`)
      .prepare('storefront_collection_fingerprint'),
  );
  return async (collectionHandle: string): Promise<string> => {
    const [row] = await prepared().execute({ handle: collectionHandle });
    return row!.fingerprint;
  };
}
