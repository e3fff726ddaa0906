import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { basketItems, baskets } from '../../db/schema/baskets';
import { products, productVariants } from '../../db/schema/catalogue';
import type { BasketType } from '../../../domain/basket';
import type { BasketOwner } from '../../http/basket-owner';
import { firstProductImage } from '../menu';

export type BasketRow = typeof baskets.$inferSelect;

/** The SQL condition "owned by", or null when the caller is nobody (no cookie): then nothing is theirs. */
export function ownedBy(owner: BasketOwner): SQL | null {
  const conditions = [
    owner.visitorId ? eq(baskets.visitorId, owner.visitorId) : null,
    owner.customerId ? eq(baskets.customerId, owner.customerId) : null,
  ].filter((c): c is SQL => c !== null);
  return conditions.length === 0 ? null : (or(...conditions) ?? null);
}

export async function findOwnedBasket(db: DbOrTx, owner: BasketOwner, id: string, { lock = false } = {}) {
  const mine = ownedBy(owner);
  if (!mine) return null;
  const query = db
    .select()
    .from(baskets)
    .where(and(eq(baskets.id, id), mine))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export function listOwnedBaskets(db: DbOrTx, owner: BasketOwner) {
  const mine = ownedBy(owner);
  if (!mine) return Promise.resolve([]);
  return db.select().from(baskets).where(mine).orderBy(asc(baskets.createdAt));
}

/**
 * Locks the visitor's basket for the rest of the transaction and marks it changed, in one statement:
 * null when there is no such basket for this visitor.
 */
export async function lockOwnedBasket(db: DbOrTx, owner: BasketOwner, id: string) {
  const mine = ownedBy(owner);
  if (!mine) return null;
  const [row] = await db
    .update(baskets)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(baskets.id, id), mine))
    .returning();
  return row ?? null;
}

/**
 * The statements of adding to a basket, prepared once per database: adding is the hottest write, and
 * each statement is then parsed and planned once per connection rather than on every click.
 */
export function prepareBasketWrites(db: Db) {
  const owned = db
    .select()
    .from(baskets)
    .where(
      and(
        eq(baskets.id, sql.placeholder('id')),
        or(
          eq(baskets.visitorId, sql.placeholder('visitorId')),
          eq(baskets.customerId, sql.placeholder('customerId')),
        ),
      ),
    )
    .limit(1)
    .prepare('basket_owned');
  const add = db
    .insert(basketItems)
    .values({
      basketId: sql.placeholder('basketId'),
      productVariantId: sql.placeholder('productVariantId'),
      mealWeek: sql.placeholder('mealWeek'),
      quantity: sql.placeholder('quantity'),
    })
    .onConflictDoUpdate({
      target: [basketItems.basketId, basketItems.mealWeek, basketItems.productVariantId],
      set: { quantity: sql`${basketItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${basketItems.quantity} + excluded.quantity <= ${sql.placeholder('limit')}::int`,
    })
    .returning({ quantity: basketItems.quantity })
    .prepare('basket_add_to_line');
  return {
    /** The visitor's basket; null when there is no such basket for this visitor. */
    async findOwned(owner: BasketOwner, id: string): Promise<BasketRow | null> {
      if (!owner.visitorId && !owner.customerId) return null;
      const [row] = await owned.execute({ id, visitorId: owner.visitorId, customerId: owner.customerId });
      return row ?? null;
    },
    /**
     * Adds to a line (creating it) only while the result stays within `limit`, atomically; null when that
     * would go over (the line is left as it was).
     */
    async addToLine(
      line: { basketId: string; productVariantId: number; mealWeek: string; quantity: number },
      limit: number,
    ): Promise<{ quantity: number } | null> {
      if (line.quantity > limit) return null;
      const [row] = await add.execute({ ...line, limit });
      return row ?? null;
    },
  };
}
export type BasketWrites = ReturnType<typeof prepareBasketWrites>;

/** Creates the visitor's basket of a type, or finds the one already there (two tabs get the same one). */
export async function createOrFindBasket(
  db: DbOrTx,
  values: {
    visitorId: string;
    customerId: string | null;
    type: BasketType;
    startSubscription: boolean;
    basketKey: string;
  },
): Promise<{ basket: BasketRow; created: boolean }> {
  if (values.customerId) {
    // A signed-in customer has one basket of a type, whichever device made it.
    const [theirs] = await db
      .select()
      .from(baskets)
      .where(and(eq(baskets.customerId, values.customerId), eq(baskets.type, values.type)))
      .orderBy(desc(baskets.updatedAt))
      .limit(1);
    if (theirs) return { basket: theirs, created: false };
  }
  const [inserted] = await db.insert(baskets).values(values).onConflictDoNothing().returning();
  if (inserted) return { basket: inserted, created: true };
  const [existing] = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.visitorId, values.visitorId), eq(baskets.type, values.type)));
  return { basket: existing!, created: false };
}

function linesQuery(db: DbOrTx, where: SQL) {
  const firstImage = firstProductImage(db);
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
    .where(where)
    .orderBy(asc(basketItems.mealWeek), asc(basketItems.createdAt), asc(basketItems.id));
}

/** Every line of the given baskets with what the basket shows of its product: one query, no N+1. */
export function readLines(db: DbOrTx, basketIds: readonly string[]) {
  if (basketIds.length === 0) return Promise.resolve([]);
  return linesQuery(db, inArray(basketItems.basketId, [...basketIds]));
}

/**
 * The lines of one basket as a prepared statement: read after every basket change, so it is parsed and
 * planned once per connection instead of on every call.
 */
export function prepareBasketLines(db: Db) {
  const prepared = linesQuery(db, eq(basketItems.basketId, sql.placeholder('basketId'))).prepare(
    'basket_lines',
  );
  return (basketId: string): Promise<LineRow[]> => prepared.execute({ basketId });
}
export type LineRow = Awaited<ReturnType<typeof readLines>>[number];

export async function findItem(db: DbOrTx, basketId: string, itemId: string) {
  const [row] = await db
    .select({
      id: basketItems.id,
      quantity: basketItems.quantity,
      quantityAvailable: productVariants.quantityAvailable,
      title: products.title,
      isDouble: productVariants.isDouble,
      productType: products.productType,
      tags: products.tags,
    })
    .from(basketItems)
    .innerJoin(productVariants, eq(productVariants.id, basketItems.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(basketItems.basketId, basketId), eq(basketItems.id, itemId)))
    .limit(1);
  return row ?? null;
}
