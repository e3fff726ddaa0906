import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { basketItems, baskets } from '../../db/schema/baskets';
import { productImages, products, productVariants } from '../../db/schema/catalogue';
import type { BasketType } from '../../../domain/basket';

export type BasketRow = typeof baskets.$inferSelect;

export async function findOwnedBasket(db: DbOrTx, visitorId: string, id: string, { lock = false } = {}) {
  const query = db
    .select()
    .from(baskets)
    .where(and(eq(baskets.id, id), eq(baskets.visitorId, visitorId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export function listOwnedBaskets(db: DbOrTx, visitorId: string) {
  return db.select().from(baskets).where(eq(baskets.visitorId, visitorId)).orderBy(asc(baskets.createdAt));
}

/** Creates the visitor's basket of a type, or finds the one already there (two tabs get the same one). */
export async function createOrFindBasket(
  db: DbOrTx,
  values: { visitorId: string; type: BasketType; startSubscription: boolean; basketKey: string },
): Promise<{ basket: BasketRow; created: boolean }> {
  const [inserted] = await db.insert(baskets).values(values).onConflictDoNothing().returning();
  if (inserted) return { basket: inserted, created: true };
  const [existing] = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.visitorId, values.visitorId), eq(baskets.type, values.type)));
  return { basket: existing!, created: false };
}

export async function touchBasket(db: DbOrTx, id: string) {
  await db
    .update(baskets)
    .set({ updatedAt: sql`now()` })
    .where(eq(baskets.id, id));
}

/** Every line of the given baskets with what the basket shows of its product: one query, no N+1. */
export function readLines(db: DbOrTx, basketIds: readonly string[]) {
  if (basketIds.length === 0) return Promise.resolve([]);
  const firstImage = db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, products.id))
    .orderBy(asc(productImages.position))
    .limit(1);
  return db
    .select({
      id: basketItems.id,
      basketId: basketItems.basketId,
      mealWeek: basketItems.mealWeek,
      quantity: basketItems.quantity,
      variantId: productVariants.id,
      variantExtId: productVariants.extId,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      pricePence: productVariants.pricePence,
      isDouble: productVariants.isDouble,
      quantityAvailable: productVariants.quantityAvailable,
      productId: products.id,
      productExtId: products.extId,
      title: products.title,
      tags: products.tags,
      imageUrl: sql<string | null>`(${firstImage})`,
    })
    .from(basketItems)
    .innerJoin(productVariants, eq(productVariants.id, basketItems.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(basketItems.basketId, [...basketIds]))
    .orderBy(asc(basketItems.mealWeek), asc(basketItems.createdAt), asc(basketItems.id));
}
export type LineRow = Awaited<ReturnType<typeof readLines>>[number];

export async function findLine(db: DbOrTx, basketId: string, mealWeek: string, variantId: number) {
  const [row] = await db
    .select()
    .from(basketItems)
    .where(
      and(
        eq(basketItems.basketId, basketId),
        eq(basketItems.mealWeek, mealWeek),
        eq(basketItems.productVariantId, variantId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findItem(db: DbOrTx, basketId: string, itemId: string) {
  const [row] = await db
    .select({
      id: basketItems.id,
      quantity: basketItems.quantity,
      quantityAvailable: productVariants.quantityAvailable,
      title: products.title,
    })
    .from(basketItems)
    .innerJoin(productVariants, eq(productVariants.id, basketItems.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(basketItems.basketId, basketId), eq(basketItems.id, itemId)))
    .limit(1);
  return row ?? null;
}
