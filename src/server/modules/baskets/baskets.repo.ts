import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedJoining } from '../../db/request-transaction';
import { basketItems, baskets } from '../../db/schema/baskets';
import type { BasketType } from '../../../domain/basket';
import type { BasketOwner } from '../../security/basket-owner';
import { variantDishes, variantFacts, variantRefOf, type VariantPick } from '../menu';
import { basketHasVoucher } from '../vouchers';
import { MAX_LINE_QUANTITY } from '../../../domain/basket';

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

/**
 * Locks baskets for the rest of the transaction (`for update`, in id order): the first step of the money
 * path's lock order, taken by orders' `lockInOrder` before a basket's checkout.
 */
export async function lockBaskets(tx: DbOrTx, basketIds: readonly string[]): Promise<void> {
  const ids = [...new Set(basketIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: baskets.id })
    .from(baskets)
    .where(inArray(baskets.id, ids))
    .orderBy(asc(baskets.id))
    .for('update');
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

/** Marks a basket changed, with its delivery date or note when given; the row as it now is. */
export async function touchBasket(
  db: DbOrTx,
  id: string,
  changes: { deliveryDate?: BasketRow['deliveryDate']; deliveryNote?: string | null },
): Promise<BasketRow> {
  const [row] = await db
    .update(baskets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(baskets.id, id))
    .returning();
  return row!;
}

/** What adding to a basket found and did, from its one statement. */
export interface AddOutcome {
  /** The basket, when it is the caller's. */
  basket: BasketRow | null;
  /** The dish's facts, when the reference names one. */
  variant: VariantFacts | null;
  /** The line's quantity after the add; null when nothing was added. */
  quantity: number | null;
  /** The basket's lines with the add, as `readLines` reads them (none when the basket is not the caller's). */
  lines: LineRow[];
  /** Whether a voucher is on the basket (then the caller reads it). */
  hasVoucher: boolean;
}

export type VariantFacts = Awaited<ReturnType<typeof variantFacts>>[number];

/**
 * Adding to a basket, prepared once per database: it is the shop's hottest write, so it is one statement
 * (one round trip, parsed and planned once per connection). A CTE finds the caller's basket and the dish's
 * facts, and adds to the line (creating it) only when the basket is theirs, the dish is on the menu and on that
 * week's, the week is open for the basket's kind and the line stays within stock; it answers what it found,
 * so the service can say why when nothing was added, and the basket's lines as the add left them (the lines
 * the statement saw, with the added line as it wrote it) and whether a voucher is on it, so that showing the
 * basket takes no second round trip. The one statement is atomic without a transaction: two tabs or a double
 * click cannot take a line past its stock, and a basket deleted meanwhile fails the foreign key. It locks only
 * the line's row (decision 10's order: basket items are below the basket, which it does not lock, and above
 * nothing it touches).
 */
export function prepareBasketWrites(db: Db) {
  const prepare = (pick: VariantPick, name: string) =>
    preparedJoining(db, (db) => {
      const owned = db.$with('owned').as(
        db
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
          .limit(1),
      );
      const variant = db.$with('variant').as(variantFacts(db, pick, sql.placeholder('mealWeek')));
      const limit = sql`least(${variant.quantityAvailable}, ${MAX_LINE_QUANTITY})`;
      const added = db.$with('added', { quantity: sql<number>`quantity`.as('quantity') }).as(
        sql`insert into ${basketItems} (basket_id, product_variant_id, meal_week, quantity)
        select ${owned.id}, ${variant.id}, ${sql.placeholder('mealWeek')}::date, ${sql.placeholder('quantity')}::int
        from ${owned}, ${variant}
        where ${variant.sqlOnMenu}
          and ${owned.type} = 'RecipeKitBasket'
          and (not ${variant.isDouble} or ${variant.sqlOffersDoublePortion})
          and ${variant.onWeekMenu}
          and case when ${owned.startSubscription} then ${sql.placeholder('planWeekOpen')}::boolean
                   else ${sql.placeholder('oneOffWeekOpen')}::boolean end
          and ${sql.placeholder('quantity')}::int <= ${limit}
        on conflict (basket_id, meal_week, product_variant_id) do update
          set quantity = ${basketItems}.quantity + excluded.quantity, updated_at = now()
          where ${basketItems}.quantity + excluded.quantity <= (select ${limit} from ${variant})
        returning id, basket_id, product_variant_id, meal_week, quantity, created_at`,
      );
      // The lines as the add left them: those the statement saw (a statement does not see its own writes),
      // the added line in place of its old self. Ordered as readLines orders them.
      const dish = variantDishes(db);
      const lines = db.$with('lines', { lines: sql<LineJson[]>`lines`.as('lines') }).as(
        sql`select coalesce(json_agg(json_build_object(
            'id', l.id, 'basketId', l.basket_id, 'mealWeek', l.meal_week, 'quantity', l.quantity,
            'variantId', ${dish.variantId}, 'variantExtId', ${dish.variantExtId},
            'variantTitle', ${dish.variantTitle}, 'sku', ${dish.sku}, 'pricePence', ${dish.pricePence},
            'isDouble', ${dish.isDouble}, 'quantityAvailable', ${dish.quantityAvailable},
            'productId', ${dish.productId}, 'productExtId', ${dish.productExtId}, 'title', ${dish.title},
            'tags', ${dish.tags}, 'imageUrl', ${dish.imageUrl})
            order by l.meal_week, l.created_at, l.id), '[]'::json) as lines
          from (
            select item.id, item.basket_id, item.meal_week, item.quantity, item.created_at, item.product_variant_id
              from ${basketItems} item join ${owned} on item.basket_id = ${owned.id}
              where item.id not in (select id from ${added})
            union all
            select id, basket_id, meal_week, quantity, created_at, product_variant_id from ${added}
          ) l
          join ${dish} on ${dish.variantId} = l.product_variant_id`,
      );
      const basketColumns = Object.fromEntries(
        Object.keys(getTableColumns(baskets)).map((key) => [key, owned[key as keyof typeof owned]]),
      ) as unknown as typeof owned._.selectedFields;
      const variantColumns = Object.fromEntries(
        Object.keys(variant._.selectedFields).map((key) => [key, variant[key as keyof typeof variant]]),
      ) as unknown as typeof variant._.selectedFields;
      return db
        .with(owned, variant, added, lines)
        .select({
          found: sql<number>`1`,
          basket: basketColumns,
          variant: variantColumns,
          quantity: added.quantity,
          lines: lines.lines,
          hasVoucher: basketHasVoucher(owned.id),
        })
        .from(sql`(select 1) as one`)
        .leftJoin(owned, sql`true`)
        .leftJoin(variant, sql`true`)
        .leftJoin(added, sql`true`)
        .leftJoin(lines, sql`true`)
        .prepare(name);
    });
  const byId = prepare({ id: sql.placeholder('variantId') }, 'basket_add_by_id');
  const byExtId = prepare({ extId: sql.placeholder('variantExtId') }, 'basket_add_by_ext_id');
  return {
    /**
     * Adds `quantity` of a dish (our id or the storefront's) to the caller's basket for a meal week, when
     * everything allows it. The week's openness is the caller's to decide (it depends on the shop's clock):
     * for a plan's basket and for a one-off box's.
     */
    async add(input: {
      owner: BasketOwner;
      basketId: string;
      variantRef: string;
      mealWeek: string;
      quantity: number;
      planWeekOpen: boolean;
      oneOffWeekOpen: boolean;
    }): Promise<AddOutcome> {
      if (!input.owner.visitorId && !input.owner.customerId)
        return { basket: null, variant: null, quantity: null, lines: [], hasVoucher: false };
      const ref = variantRefOf(input.variantRef);
      const params = {
        id: input.basketId,
        visitorId: input.owner.visitorId,
        customerId: input.owner.customerId,
        mealWeek: input.mealWeek,
        quantity: input.quantity,
        planWeekOpen: input.planWeekOpen,
        oneOffWeekOpen: input.oneOffWeekOpen,
      };
      const rows = !ref
        ? await byId().execute({ ...params, variantId: -1 })
        : 'id' in ref
          ? await byId().execute({ ...params, variantId: ref.id })
          : await byExtId().execute({ ...params, variantExtId: ref.extId });
      const row = rows[0]!;
      const basket = (row.basket as BasketRow | null) ?? null;
      return {
        basket,
        variant: !ref ? null : ((row.variant as VariantFacts | null) ?? null),
        quantity: row.quantity ?? null,
        lines: basket ? (row.lines ?? []) : [],
        hasVoucher: row.hasVoucher === true,
      };
    },
  };
}
/** A line as the add's statement gives it back: readLines' columns, built by PostgreSQL as JSON. */
type LineJson = LineRow;
export type BasketWrites = ReturnType<typeof prepareBasketWrites>;

/** Creates the visitor's basket of a type, or finds the one already there (two tabs get the same one). */
/**
 * The owner's basket of a type and kind (a recipe kit's plan basket or one-off box: they never mix), or
 * null. A signed-in customer has one of each, whichever device made it.
 */
export async function findBasketOfKind(
  db: DbOrTx,
  owner: BasketOwner,
  type: BasketType,
  startSubscription: boolean,
  { lock = false } = {},
): Promise<BasketRow | null> {
  const mine = ownedBy(owner);
  if (!mine) return null;
  const query = db
    .select()
    .from(baskets)
    .where(and(mine, eq(baskets.type, type), eq(baskets.startSubscription, startSubscription)))
    .orderBy(desc(baskets.updatedAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function createOrFindBasket(
  db: DbOrTx,
  values: {
    visitorId: string;
    customerId: string | null;
    type: BasketType;
    startSubscription: boolean;
    oneOffFeeApplicable?: boolean;
    basketKey: string;
  },
): Promise<{ basket: BasketRow; created: boolean }> {
  const owner = { visitorId: values.visitorId, customerId: values.customerId };
  const theirs = await findBasketOfKind(db, owner, values.type, values.startSubscription);
  if (theirs) return { basket: theirs, created: false };
  const [inserted] = await db.insert(baskets).values(values).onConflictDoNothing().returning();
  if (inserted) return { basket: inserted, created: true };
  // Another tab made it first (one basket of a type and kind per visitor).
  return {
    basket: (await findBasketOfKind(db, owner, values.type, values.startSubscription))!,
    created: false,
  };
}

function linesQuery(db: DbOrTx, where: SQL) {
  const dish = variantDishes(db);
  return db
    .select({
      id: basketItems.id,
      basketId: basketItems.basketId,
      mealWeek: basketItems.mealWeek,
      quantity: basketItems.quantity,
      variantId: dish.variantId,
      variantExtId: dish.variantExtId,
      variantTitle: dish.variantTitle,
      sku: dish.sku,
      pricePence: dish.pricePence,
      isDouble: dish.isDouble,
      quantityAvailable: dish.quantityAvailable,
      productId: dish.productId,
      productExtId: dish.productExtId,
      title: dish.title,
      tags: dish.tags,
      imageUrl: dish.imageUrl,
    })
    .from(basketItems)
    .innerJoin(dish, eq(dish.variantId, basketItems.productVariantId))
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
  const prepared = preparedJoining(db, (db) =>
    linesQuery(db, eq(basketItems.basketId, sql.placeholder('basketId'))).prepare('basket_lines'),
  );
  return (basketId: string): Promise<LineRow[]> => prepared().execute({ basketId });
}
export type LineRow = Awaited<ReturnType<typeof readLines>>[number];

export async function findItem(db: DbOrTx, basketId: string, itemId: string) {
  const dish = variantDishes(db);
  const [row] = await db
    .select({
      id: basketItems.id,
      quantity: basketItems.quantity,
      quantityAvailable: dish.quantityAvailable,
      title: dish.title,
      isDouble: dish.isDouble,
      productType: dish.productType,
      tags: dish.tags,
    })
    .from(basketItems)
    .innerJoin(dish, eq(dish.variantId, basketItems.productVariantId))
    .where(and(eq(basketItems.basketId, basketId), eq(basketItems.id, itemId)))
    .limit(1);
  return row ?? null;
}
