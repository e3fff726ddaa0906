import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { daysBetween, isoDate, type IsoDate } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import { collectionProducts, collections, menuWeekDrafts, products } from '../../db/schema/catalogue';

// Weekly menus. A week is published when its collection exists (the storefront and the shop read only
// those); until then its dishes are a draft.

const WEEK_ZERO = isoDate('1970-01-05');
/** The week's collection id, as the demo seed makes it, so that the seed never makes the week a second time. */
export const weekCollectionId = (weekStart: IsoDate) =>
  500_000 + Math.floor(daysBetween(WEEK_ZERO, weekStart) / 7);

export interface WeekRecord {
  weekStart: IsoDate;
  published: boolean;
  dishes: { id: number; title: string; tags: string[] }[];
}

/** These weeks with their dishes in menu order, published or drafted. */
export async function readWeeks(db: DbOrTx, weekStarts: readonly IsoDate[]): Promise<WeekRecord[]> {
  if (weekStarts.length === 0) return [];
  const [publishedRows, weekCollections, draftRows] = await Promise.all([
    db
      .select({
        weekStart: collections.weekStart,
        id: products.id,
        title: products.title,
        tags: products.tags,
      })
      .from(collections)
      .innerJoin(collectionProducts, eq(collectionProducts.collectionId, collections.id))
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(inArray(collections.weekStart, [...weekStarts]))
      .orderBy(asc(collectionProducts.position), asc(products.id)),
    db
      .select({ weekStart: collections.weekStart })
      .from(collections)
      .where(inArray(collections.weekStart, [...weekStarts])),
    db
      .select({
        weekStart: menuWeekDrafts.weekStart,
        id: products.id,
        title: products.title,
        tags: products.tags,
      })
      .from(menuWeekDrafts)
      .innerJoin(products, eq(products.id, menuWeekDrafts.productId))
      .where(inArray(menuWeekDrafts.weekStart, [...weekStarts]))
      .orderBy(asc(menuWeekDrafts.position), asc(products.id)),
  ]);
  const published = new Set(weekCollections.map((row) => row.weekStart));
  return weekStarts.map((weekStart) => {
    const isPublished = published.has(weekStart);
    const rows = (isPublished ? publishedRows : draftRows).filter((row) => row.weekStart === weekStart);
    return {
      weekStart,
      published: isPublished,
      dishes: rows.map(({ id, title, tags }) => ({ id, title, tags })),
    };
  });
}

/** Whether a dish with this id exists. */
export async function dishExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return row !== undefined;
}

/** Puts a dish at the end of a week's menu (its collection when published, else its draft); false if it was on it. */
export async function putOnWeek(tx: DbOrTx, weekStart: IsoDate, productId: number): Promise<boolean> {
  const [collection] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(eq(collections.weekStart, weekStart))
    .for('update');
  if (collection) {
    const [last] = await tx
      .select({ top: max(collectionProducts.position) })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, collection.id));
    const added = await tx
      .insert(collectionProducts)
      .values({ collectionId: collection.id, productId, position: (last?.top ?? -1) + 1 })
      .onConflictDoNothing()
      .returning({ productId: collectionProducts.productId });
    if (added.length > 0) {
      await tx
        .update(collections)
        .set({ updatedAt: sql`now()` })
        .where(eq(collections.id, collection.id));
    }
    return added.length > 0;
  }
  const [last] = await tx
    .select({ top: max(menuWeekDrafts.position) })
    .from(menuWeekDrafts)
    .where(eq(menuWeekDrafts.weekStart, weekStart));
  const added = await tx
    .insert(menuWeekDrafts)
    .values({ weekStart, productId, position: (last?.top ?? -1) + 1 })
    .onConflictDoNothing()
    .returning({ productId: menuWeekDrafts.productId });
  return added.length > 0;
}

/** Takes a dish off a week's menu; false if it was not on it. */
export async function takeOffWeek(tx: DbOrTx, weekStart: IsoDate, productId: number): Promise<boolean> {
  const [collection] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(eq(collections.weekStart, weekStart))
    .for('update');
  if (collection) {
    const removed = await tx
      .delete(collectionProducts)
      .where(
        and(eq(collectionProducts.collectionId, collection.id), eq(collectionProducts.productId, productId)),
      )
      .returning({ productId: collectionProducts.productId });
    if (removed.length > 0) {
      await tx
        .update(collections)
        .set({ updatedAt: sql`now()` })
        .where(eq(collections.id, collection.id));
    }
    return removed.length > 0;
  }
  const removed = await tx
    .delete(menuWeekDrafts)
    .where(and(eq(menuWeekDrafts.weekStart, weekStart), eq(menuWeekDrafts.productId, productId)))
    .returning({ productId: menuWeekDrafts.productId });
  return removed.length > 0;
}

/**
 * Publishes a drafted week: its collection is made from the draft, which is emptied. False when the week was
 * published already (nothing changes).
 */
export async function publishWeek(tx: DbOrTx, weekStart: IsoDate, description: string, now: Date) {
  const id = weekCollectionId(weekStart);
  const created = await tx
    .insert(collections)
    .values({
      id,
      extId: `gid://shopify/Collection/${id}`,
      handle: weekStart,
      title: weekStart,
      descriptionHtml: description,
      weekStart,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: collections.id });
  if (created.length === 0) return false;
  const drafted = await tx
    .delete(menuWeekDrafts)
    .where(eq(menuWeekDrafts.weekStart, weekStart))
    .returning({ productId: menuWeekDrafts.productId, position: menuWeekDrafts.position });
  if (drafted.length > 0) {
    await tx
      .insert(collectionProducts)
      .values(drafted.map((row) => ({ collectionId: id, productId: row.productId, position: row.position })));
  }
  return true;
}
