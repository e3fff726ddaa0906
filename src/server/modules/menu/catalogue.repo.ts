import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bundles,
  collectionProducts,
  collections,
  media,
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

/** A product name or tag as the menu's rules compare them: trimmed, lower case, runs of space, "_", "-" as one space. */
function normalised(value: SQL): SQL {
  return sql`lower(regexp_replace(regexp_replace(${value}, '^\\s+|\\s+$', '', 'g'), '[\\s_-]+', ' ', 'g'))`;
}

function productHasTag(...names: string[]): SQL {
  const list = sql.raw(names.map((name) => `'${name}'`).join(', '));
  return sql`exists (select 1 from unnest(${products.tags}) as tag where ${normalised(sql`tag`)} in (${list}))`;
}

const productType = normalised(sql`${products.productType}`);

/**
 * The menu's rules about a product, in SQL for statements that act on them (adding to a basket decides in the
 * one statement that adds): `isVisibleOnMenu` (not hidden, not a gift box, a bundle only when listed) and
 * `offersDoublePortion` (not a bundle, gift box, side or dessert) of src/domain/menu.ts. The domain's
 * functions stay the rule; `menu-rules-sql.test.ts` holds these to them for every product in the catalogue.
 */
export const MENU_RULES_SQL = {
  onMenu: sql<boolean>`(not ${productHasTag('hide from menu')} and ${productType} <> 'gift box' and (${productType} <> 'bundle' or ${bundles.productId} is not null))`,
  offersDoublePortion: sql<boolean>`(not (${productType} in ('bundle', 'gift box', 'side', 'dessert') or ${productHasTag('side', 'dessert')}))`,
};

type Param = SQL | ReturnType<typeof sql.placeholder>;

/** Which variant: by our id or by the storefront's global id (a value or a prepared statement's placeholder). */
export type VariantPick = { id: Param } | { extId: Param };

/**
 * What the shop needs to know of a variant to sell it in the week starting `weekStart`: its product's facts,
 * whether it is on that week's menu, and the menu's rules as SQL. `pick` names the variant.
 */
export function variantFacts(db: DbOrTx, pick: VariantPick, weekStart: Param) {
  const where =
    'id' in pick ? eq(productVariants.id, pick.id as SQL) : eq(productVariants.extId, pick.extId as SQL);
  const onWeekMenu = db
    .select({ one: sql`1` })
    .from(collectionProducts)
    .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
    .where(and(eq(collections.weekStart, weekStart as SQL), eq(collectionProducts.productId, products.id)));
  return db
    .select({
      id: productVariants.id,
      extId: productVariants.extId,
      title: productVariants.title,
      isDouble: productVariants.isDouble,
      pricePence: productVariants.pricePence,
      quantityAvailable: productVariants.quantityAvailable,
      productId: sql<number>`${products.id}`.as('product_id'),
      productTitle: sql<string>`${products.title}`.as('product_title'),
      productType: products.productType,
      tags: products.tags,
      /** Whether the product is on the bundles list (spec §5: only listed bundles show on the menu). */
      listedBundle: sql<boolean>`${bundles.productId} is not null`.as('listed_bundle'),
      onWeekMenu: sql<boolean>`exists (${onWeekMenu})`.as('on_week_menu'),
      sqlOnMenu: MENU_RULES_SQL.onMenu.as('sql_on_menu'),
      sqlOffersDoublePortion: MENU_RULES_SQL.offersDoublePortion.as('sql_offers_double_portion'),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(bundles, eq(bundles.productId, products.id))
    .where(where)
    .limit(1);
}

/**
 * Every variant with its dish, as a basket's lines and a voucher's free dish show them: a subquery that
 * another area's statement joins on `variantId` (a basket's lines are one statement, read after every
 * change).
 */
export function variantDishes(db: DbOrTx) {
  return db
    .select({
      variantId: sql`${productVariants.id}`.mapWith(productVariants.id).as('variant_id'),
      variantExtId: sql`${productVariants.extId}`.mapWith(productVariants.extId).as('variant_ext_id'),
      variantTitle: sql`${productVariants.title}`.mapWith(productVariants.title).as('variant_title'),
      sku: productVariants.sku,
      pricePence: productVariants.pricePence,
      isDouble: productVariants.isDouble,
      quantityAvailable: productVariants.quantityAvailable,
      productId: sql`${products.id}`.mapWith(products.id).as('dish_product_id'),
      productExtId: sql`${products.extId}`.mapWith(products.extId).as('product_ext_id'),
      title: sql`${products.title}`.mapWith(products.title).as('product_title'),
      productType: products.productType,
      tags: products.tags,
      imageUrl: sql<string | null>`(${firstProductImage(db)})`.as('image_url'),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .as('dish');
}

/**
 * Which column a variant reference names: our id ("2001") or the storefront's global id
 * ("gid://shopify/ProductVariant/2001"); null when it is neither.
 */
export function variantRefOf(ref: string): { id: number } | { extId: string } | null {
  if (/^\d{1,15}$/.test(ref)) return { id: Number(ref) };
  if (ref.startsWith(VARIANT_GID_PREFIX)) return { extId: ref };
  return null;
}

/** A dish of a week's menu with its variants, as a plan's box is chosen and priced from it. */
export interface WeekMenuDish {
  productId: number;
  title: string;
  productType: string;
  tags: string[];
  /** Its place on the week's menu. */
  position: number;
  imageUrl: string | null;
  variants: {
    variantId: number;
    extId: string;
    title: string;
    sku: string;
    isDouble: boolean;
    price: number;
    quantityAvailable: number;
  }[];
}

/**
 * The dishes on the menu of the week starting `weekStart` that a customer could order (visible on the menu,
 * as the menu's rules say), each with its variants; empty while the week's menu is not published.
 */
export async function weekMenu(db: DbOrTx, weekStart: string): Promise<WeekMenuDish[]> {
  const rows = await db
    .select({
      productId: products.id,
      title: products.title,
      productType: products.productType,
      tags: products.tags,
      position: collectionProducts.position,
      imageUrl: sql<string | null>`(${firstProductImage(db)})`,
      variantId: productVariants.id,
      extId: productVariants.extId,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      isDouble: productVariants.isDouble,
      price: productVariants.pricePence,
      quantityAvailable: productVariants.quantityAvailable,
      offersDouble: MENU_RULES_SQL.offersDoublePortion,
    })
    .from(collections)
    .innerJoin(collectionProducts, eq(collectionProducts.collectionId, collections.id))
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .leftJoin(bundles, eq(bundles.productId, products.id))
    .where(and(eq(collections.weekStart, weekStart), MENU_RULES_SQL.onMenu))
    .orderBy(asc(collectionProducts.position), asc(productVariants.position));
  const dishes = new Map<number, WeekMenuDish>();
  for (const row of rows) {
    if (row.isDouble && !row.offersDouble) continue;
    let dish = dishes.get(row.productId);
    if (!dish) {
      dish = {
        productId: row.productId,
        title: row.title,
        productType: row.productType,
        tags: row.tags,
        position: row.position,
        imageUrl: row.imageUrl,
        variants: [],
      };
      dishes.set(row.productId, dish);
    }
    dish.variants.push({
      variantId: row.variantId,
      extId: row.extId,
      title: row.variantTitle,
      sku: row.sku,
      isDouble: row.isDouble,
      price: row.price,
      quantityAvailable: row.quantityAvailable,
    });
  }
  return [...dishes.values()];
}

/** The products of these variants (one per variant found; a product twice if two of its variants are asked). */
export async function productIdsOfVariants(db: DbOrTx, variantIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, [...variantIds]));
  return rows.map((row) => row.productId);
}

/** The bundles the shop lists, in their order (the shop's settings show them). */
export function readBundles(db: DbOrTx) {
  return db
    .select({
      productId: products.id,
      extId: products.extId,
      title: products.title,
      position: bundles.position,
    })
    .from(bundles)
    .innerJoin(products, eq(products.id, bundles.productId))
    .orderBy(asc(bundles.position), asc(products.id));
}

/** A variant with its product, by its number or its gid (`gid://shopify/ProductVariant/…`); null when none. */
export async function variantWithProduct(db: DbOrTx, ref: string) {
  const byId = /^\d{1,15}$/.test(ref)
    ? eq(productVariants.id, Number(ref))
    : ref.startsWith(VARIANT_GID_PREFIX)
      ? eq(productVariants.extId, ref)
      : null;
  if (!byId) return null;
  const [row] = await db
    .select({
      id: productVariants.id,
      extId: productVariants.extId,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      price: productVariants.pricePence,
      quantityAvailable: productVariants.quantityAvailable,
      productId: products.id,
      title: products.title,
      productType: products.productType,
      tags: products.tags,
      isDouble: productVariants.isDouble,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(byId);
  return row ?? null;
}

export type MediaFile = typeof media.$inferSelect;

/** A dish picture kept in the media table (generated SVG). */
export async function findMedia(db: DbOrTx, id: number): Promise<MediaFile | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

/** Which of these weeks (their Mondays) have a published menu. */
export async function publishedWeeks(db: DbOrTx, weekStarts: readonly string[]): Promise<Set<string>> {
  const starts = [...new Set(weekStarts)];
  if (starts.length === 0) return new Set();
  const rows = await db
    .select({ weekStart: collections.weekStart })
    .from(collections)
    .where(inArray(collections.weekStart, starts));
  return new Set(rows.flatMap((row) => (row.weekStart ? [row.weekStart] : [])));
}
