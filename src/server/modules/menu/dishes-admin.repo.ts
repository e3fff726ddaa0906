import { and, asc, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  collectionProducts,
  collections,
  media,
  menuWeekDrafts,
  productImages,
  products,
  productVariants,
} from '../../db/schema/catalogue';

// The catalogue as the back office changes it (issue 25 part 2): dishes, their variants and pictures, and the
// weekly menus, drafted then published. The catalogue-admin area calls these inside its transactions, with its
// audit record; the menu area keeps its tables.

/** Catalogue writes that make ids take this lock first (ids are Shopify-sized numbers with no sequence). */
export async function lockCatalogueWrites(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sfoglia:catalogue-writes'))`);
}

async function nextId(
  tx: DbOrTx,
  column: typeof products.id | typeof productVariants.id | typeof media.id | typeof productImages.id,
  floor: number,
) {
  const [row] = await tx.select({ top: max(column) }).from(column.table);
  return Math.max(Number(row?.top ?? 0), floor) + 1;
}

export interface DishRecord {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  tags: string[];
  updatedAt: Date;
  variants: { id: number; title: string; sku: string; pricePence: number; stock: number }[];
  picture: { url: string; width: number | null; height: number | null } | null;
  weeks: string[];
}

/** Dishes with their variants, first picture and menu weeks (published or drafted), by title. */
export async function readDishes(
  db: DbOrTx,
  filter: { ids?: readonly number[]; search?: string } = {},
): Promise<DishRecord[]> {
  const conditions = [
    filter.ids ? inArray(products.id, [...filter.ids]) : undefined,
    filter.search ? ilike(products.title, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  ].filter((condition) => condition !== undefined);
  if (filter.ids && filter.ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(products.title), asc(products.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [variants, images, published, drafted] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ productId: collectionProducts.productId, weekStart: collections.weekStart })
      .from(collectionProducts)
      .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
      .where(and(inArray(collectionProducts.productId, ids), sql`${collections.weekStart} is not null`)),
    db
      .select({ productId: menuWeekDrafts.productId, weekStart: menuWeekDrafts.weekStart })
      .from(menuWeekDrafts)
      .where(inArray(menuWeekDrafts.productId, ids)),
  ]);
  return rows.map((row) => {
    const image = images.find((candidate) => candidate.productId === row.id);
    return {
      id: row.id,
      handle: row.handle,
      title: row.title,
      descriptionHtml: row.descriptionHtml,
      productType: row.productType,
      tags: row.tags,
      updatedAt: row.updatedAt,
      variants: variants
        .filter((variant) => variant.productId === row.id)
        .map((variant) => ({
          id: variant.id,
          title: variant.title,
          sku: variant.sku,
          pricePence: variant.pricePence,
          stock: variant.quantityAvailable,
        })),
      picture: image ? { url: image.url, width: image.width, height: image.height } : null,
      weeks: [
        ...new Set(
          [...published, ...drafted]
            .filter((week) => week.productId === row.id && week.weekStart)
            .map((week) => week.weekStart!),
        ),
      ].sort(),
    };
  });
}

/** The variant ids of these SKUs held by another dish's variants (a SKU is the shop's, not the dish's). */
export async function skusHeldElsewhere(tx: DbOrTx, skus: readonly string[], dishId: number | null) {
  if (skus.length === 0) return [];
  const rows = await tx
    .select({ sku: productVariants.sku, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.sku, [...skus]));
  return rows.filter((row) => row.productId !== dishId).map((row) => row.sku);
}

export interface DishFields {
  title: string;
  descriptionHtml: string;
  productType: string;
  tags: string[];
}

export interface VariantFields {
  id?: number;
  title: string;
  sku: string;
  pricePence: number;
  stock: number;
  isDouble: boolean;
}

function handleOf(title: string, id: number): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'dish'}-${id}`;
}

/** A new dish and its variants (after lockCatalogueWrites); its id. */
export async function insertDish(
  tx: DbOrTx,
  fields: DishFields,
  variants: readonly VariantFields[],
  now: Date,
): Promise<number> {
  const id = await nextId(tx, products.id, 0);
  await tx.insert(products).values({
    id,
    extId: `gid://shopify/Product/${id}`,
    handle: handleOf(fields.title, id),
    ...fields,
    createdAt: now,
    updatedAt: now,
  });
  await writeVariants(tx, id, variants);
  return id;
}

/** A dish's fields and variants from now on: the variants named by id change, the others are added. */
export async function updateDish(
  tx: DbOrTx,
  id: number,
  fields: DishFields,
  variants: readonly VariantFields[],
  now: Date,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...fields, updatedAt: now })
    .where(eq(products.id, id));
  await writeVariants(tx, id, variants);
}

async function writeVariants(tx: DbOrTx, productId: number, variants: readonly VariantFields[]) {
  // Two passes so that SKUs may swap between a dish's variants: first out of the way, then their own.
  const known = variants.filter((variant) => variant.id !== undefined);
  for (const variant of known) {
    await tx
      .update(productVariants)
      .set({ sku: `~${variant.id}~${variant.sku}` })
      .where(and(eq(productVariants.id, variant.id!), eq(productVariants.productId, productId)));
  }
  for (const [position, variant] of variants.entries()) {
    const values = {
      title: variant.title,
      sku: variant.sku,
      pricePence: variant.pricePence,
      quantityAvailable: variant.stock,
      isDouble: variant.isDouble,
      position: position + 1,
    };
    if (variant.id !== undefined) {
      await tx
        .update(productVariants)
        .set(values)
        .where(and(eq(productVariants.id, variant.id), eq(productVariants.productId, productId)));
    } else {
      const id = await nextId(tx, productVariants.id, 0);
      await tx
        .insert(productVariants)
        .values({ id, extId: `gid://shopify/ProductVariant/${id}`, productId, ...values });
    }
  }
}

export interface StoredPicture {
  width: number;
  height: number;
  contentType: string;
  data: Buffer;
  etag: string;
}

/**
 * A dish's new picture in its sizes (after lockCatalogueWrites): each size a media file; the dish's first
 * picture from now on is the size nearest 800 wide (its others move down). The files' URLs by size.
 */
export async function attachPicture(
  tx: DbOrTx,
  productId: number,
  sizes: readonly StoredPicture[],
  altText: string,
  now: Date,
): Promise<{ width: number; height: number; url: string }[]> {
  let mediaId = await nextId(tx, media.id, 900_000_000);
  const stored = [];
  for (const size of sizes) {
    const id = mediaId++;
    await tx.insert(media).values({
      id,
      contentType: size.contentType,
      body: '',
      data: size.data,
      etag: size.etag,
      createdAt: now,
    });
    stored.push({ width: size.width, height: size.height, url: `/media/${id}.webp` });
  }
  const main = stored.reduce((best, size) =>
    Math.abs(size.width - 800) < Math.abs(best.width - 800) ? size : best,
  );
  await tx
    .update(productImages)
    .set({ position: sql`${productImages.position} + 1` })
    .where(eq(productImages.productId, productId));
  await tx.insert(productImages).values({
    id: await nextId(tx, productImages.id, 0),
    productId,
    position: 0,
    url: main.url,
    altText,
    width: main.width,
    height: main.height,
  });
  await tx.update(products).set({ updatedAt: now }).where(eq(products.id, productId));
  return stored;
}
