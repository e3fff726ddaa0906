import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { daysBetween, isoDate, type IsoDate } from '../../../domain/calendar';
import { menuWeekStarts, weekLabel } from '../../../domain/menu-weeks';
import { ORDER_BY_PLACEHOLDER } from '../../../domain/banners';
import { cookingTimeTag, DOUBLE_PORTION_LABEL, REGULAR_PORTION_LABEL } from '../../../domain/menu';
import type { Db, DbOrTx } from '../client';
import {
  bundles,
  collectionProducts,
  collections,
  media,
  productImages,
  products,
  productVariants,
} from '../schema/catalogue';
import { basketItems } from '../schema/baskets';
import { vouchers } from '../schema/vouchers';
import { deliveryFeeConfig, marketingBanners, marketingOffers, settings } from '../schema/shop';
import { dishSvg } from './dish-art';
import { DISHES, type DishSeed } from './dishes';
import { seedVouchers } from './demo-vouchers';
import { DISH_INGREDIENTS, GAME_DISHES, INGREDIENTS } from './ingredients';
import { ingredientTag } from '../../../domain/chef-selection';
import { ingredients } from '../schema/subscriptions';
import { seedRestaurants } from './demo-restaurants';
import { seedEvents } from './demo-events';
import { seedExperiments } from './demo-experiments';

// The demo shop, seeded at every start and idempotent: rows that exist are left alone (stock that orders
// have used stays used), missing ones are added, and the rolling window of weekly menus is topped up.

export const productId = (dish: DishSeed) => 1000 + dish.n;
export const variantId = (dish: DishSeed, double: boolean) => 10_000 + dish.n * 10 + (double ? 2 : 1);
const imageId = (dish: DishSeed, index: number) => 100_000 + dish.n * 10 + index;
const IMAGES_PER_DISH = 3;

/** Monday 5 January 1970 (the first Monday after the epoch): week numbers count from it. */
const WEEK_ZERO = isoDate('1970-01-05');
const weekNumber = (weekStart: IsoDate) => Math.floor(daysBetween(WEEK_ZERO, weekStart) / 7);
export const collectionId = (weekStart: IsoDate) => 500_000 + weekNumber(weekStart);

/** Bundles on the bundles list; the last bundle is left off it, so the menu must hide it. */
const LISTED_BUNDLES = DISHES.filter((d) => d.kind === 'Bundle').slice(0, -1);

/** A dish's tags in the catalogue: its own, its cooking time, game, and the ingredients customers can avoid. */
export function dishTags(dish: DishSeed): string[] {
  return [
    ...dish.tags,
    cookingTimeTag(dish.cookMinutes),
    ...(GAME_DISHES.includes(dish.n) ? ['game'] : []),
    ...(DISH_INGREDIENTS[dish.n] ?? []).map(ingredientTag),
  ];
}

export async function seedDemo(db: Db, now: Date): Promise<{ weeks: IsoDate[] }> {
  return db.transaction(async (tx) => {
    await seedShopSettings(tx);
    await seedCatalogue(tx);
    const weeks = menuWeekStarts(now);
    for (const week of weeks) await seedWeek(tx, week);
    await seedGiftBoxes(tx);
    await seedBanners(tx);
    await seedOffers(tx);
    await seedVouchers(tx, now);
    await tx
      .insert(ingredients)
      .values(INGREDIENTS.map((ingredient, position) => ({ ...ingredient, position })))
      .onConflictDoNothing();
    await seedRestaurants(tx);
    await seedEvents(tx, now);
    await seedExperiments(tx);
    return { weeks };
  });
}

async function seedShopSettings(db: DbOrTx) {
  await db
    .insert(settings)
    .values([
      { key: 'minimum_spend', value: 1000 },
      { key: 'minimum_spend_per_order', value: 1000 },
      { key: 'default_delivery_fee', value: 199 },
      { key: 'free_delivery_threshold', value: 4000 },
      { key: 'minimum_card_charge', value: 30 },
    ])
    .onConflictDoNothing();
  // Monday to Friday £1.99 under £40; Saturday £2.99 under £50. No Sunday deliveries.
  await db
    .insert(deliveryFeeConfig)
    .values([
      ...[1, 2, 3, 4, 5].map((weekDay) => ({ weekDay, thresholdPence: 4000, pricePence: 199 })),
      { weekDay: 6, thresholdPence: 5000, pricePence: 299 },
    ])
    .onConflictDoNothing();
}

async function seedCatalogue(db: DbOrTx) {
  const mediaRows = DISHES.flatMap((dish) =>
    Array.from({ length: IMAGES_PER_DISH }, (_, index) => {
      const body = dishSvg(dish.art, dish.n, index, dish.title);
      return {
        id: imageId(dish, index),
        contentType: 'image/svg+xml',
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
    }),
  );
  await db.insert(media).values(mediaRows).onConflictDoNothing();
  // What a dish is and says follows the seed (a data folder from before gets the cooking times); stock,
  // in the variants, is left as orders have left it.
  await db
    .insert(products)
    .values(DISHES.map((dish) => ({ id: productId(dish), ...productFields(dish) })))
    .onConflictDoUpdate({
      target: products.id,
      set: {
        extId: sql`excluded.ext_id`,
        handle: sql`excluded.handle`,
        title: sql`excluded.title`,
        descriptionHtml: sql`excluded.description_html`,
        productType: sql`excluded.product_type`,
        tags: sql`excluded.tags`,
      },
      setWhere: sql`(${products.title}, ${products.descriptionHtml}, ${products.productType}, ${products.tags}) is distinct from (excluded.title, excluded.description_html, excluded.product_type, excluded.tags)`,
    });
  await db
    .insert(productImages)
    .values(
      DISHES.flatMap((dish) =>
        Array.from({ length: IMAGES_PER_DISH }, (_, index) => ({
          id: imageId(dish, index),
          productId: productId(dish),
          position: index + 1,
          url: `/media/${imageId(dish, index)}.svg`,
          altText: index === 0 ? dish.title : `${dish.title}, served`,
          width: 800,
          height: 600,
        })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(productVariants)
    .values(
      DISHES.flatMap((dish) =>
        [false, true]
          .filter((double) => !double || dish.doublePence !== null)
          .map((double) => ({
            id: variantId(dish, double),
            extId: `gid://shopify/ProductVariant/${variantId(dish, double)}`,
            productId: productId(dish),
            title: double ? DOUBLE_PORTION_LABEL : REGULAR_PORTION_LABEL,
            sku: `SFG-${String(dish.n).padStart(3, '0')}-${double ? 'D' : 'R'}`,
            pricePence: double ? dish.doublePence! : dish.regularPence,
            isDouble: double,
            quantityAvailable: dish.stock,
            position: double ? 2 : 1,
          })),
      ),
    )
    .onConflictDoNothing();
  await retireDoublePortions(db);
  await db
    .insert(bundles)
    .values(LISTED_BUNDLES.map((dish, position) => ({ productId: productId(dish), position })))
    .onConflictDoNothing();
}

function productFields(dish: DishSeed) {
  return {
    extId: `gid://shopify/Product/${productId(dish)}`,
    handle: dish.handle,
    title: dish.title,
    descriptionHtml: dish.descriptionHtml,
    productType: dish.kind,
    tags: dishTags(dish),
  };
}

/**
 * Sides, desserts, bundles and gift boxes were once seeded with a "Double Portion (Serves 2)" too. A data
 * folder from then loses those variants, except where a basket still holds one: that line stays until its
 * customer removes it (the server no longer adds to it), and so does one a voucher adds. Past orders keep
 * their copied lines.
 */
async function retireDoublePortions(db: DbOrTx) {
  const retired = DISHES.filter((dish) => dish.doublePence === null).map((dish) => variantId(dish, true));
  if (retired.length === 0) return;
  await db.delete(productVariants).where(
    and(
      inArray(productVariants.id, retired),
      notExists(
        db
          .select({ one: sql`1` })
          .from(basketItems)
          .where(eq(basketItems.productVariantId, productVariants.id)),
      ),
      notExists(
        db
          .select({ one: sql`1` })
          .from(vouchers)
          .where(eq(vouchers.addonVariantId, productVariants.id)),
      ),
    ),
  );
}

/**
 * The dishes of a week: 16 mains rotating through the menu week by week, every side, dessert and bundle,
 * and the products the menu's visibility rules must hide.
 */
export function dishesForWeek(weekStart: IsoDate): DishSeed[] {
  const isHidden = (d: DishSeed) => d.kind === 'Gift Box' || d.tags.includes('hide-from-menu');
  const mains = DISHES.filter((d) => d.kind === 'Pasta Kit' && !isHidden(d));
  const offset = (weekNumber(weekStart) * 5) % mains.length;
  const rotating = Array.from(
    { length: Math.min(16, mains.length) },
    (_, i) => mains[(offset + i) % mains.length]!,
  );
  // One gift box stays on every week's menu collection, for the menu to hide; the others live only in
  // the gift-boxes collection.
  const firstGiftBox = DISHES.find((d) => d.kind === 'Gift Box');
  const rest = DISHES.filter(
    (d) => (d.kind !== 'Pasta Kit' || isHidden(d)) && (d.kind !== 'Gift Box' || d === firstGiftBox),
  );
  return [...rotating, ...rest];
}

async function seedWeek(db: DbOrTx, weekStart: IsoDate) {
  const id = collectionId(weekStart);
  const [created] = await db
    .insert(collections)
    .values({
      id,
      extId: `gid://shopify/Collection/${id}`,
      handle: weekStart,
      title: weekStart,
      descriptionHtml: `<p>Our menu for ${weekLabel(weekStart)}.</p>`,
      weekStart,
    })
    .onConflictDoNothing()
    .returning({ id: collections.id });
  if (!created) return;
  await db
    .insert(collectionProducts)
    .values(
      dishesForWeek(weekStart).map((dish, position) => ({
        collectionId: id,
        productId: productId(dish),
        position,
      })),
    )
    .onConflictDoNothing();
}

/** The gift-boxes collection (the /gift-boxes page reads it from the storefront); new gift boxes join it. */
export const GIFT_BOXES_HANDLE = 'gift-boxes';
const GIFT_BOXES_COLLECTION_ID = 400_001;

async function seedGiftBoxes(db: DbOrTx) {
  await db
    .insert(collections)
    .values({
      id: GIFT_BOXES_COLLECTION_ID,
      extId: `gid://shopify/Collection/${GIFT_BOXES_COLLECTION_ID}`,
      handle: GIFT_BOXES_HANDLE,
      title: 'Gift boxes',
      descriptionHtml: '<p>Fresh pasta to send to someone you love, with a handwritten card.</p>',
    })
    .onConflictDoNothing();
  await db
    .insert(collectionProducts)
    .values(
      DISHES.filter((dish) => dish.kind === 'Gift Box').map((dish, position) => ({
        collectionId: GIFT_BOXES_COLLECTION_ID,
        productId: productId(dish),
        position,
      })),
    )
    .onConflictDoNothing();
}

async function seedOffers(db: DbOrTx) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(marketingOffers);
  if (count > 0) return;
  await db.insert(marketingOffers).values([
    {
      title: '£15 off your first box',
      description: 'Use WELCOME-15 on your first order when its dishes come to £40 or more.',
      voucherCode: 'WELCOME-15',
      customerType: 'new',
      link: '/menu',
      position: 1,
    },
    {
      title: '20% off a box',
      description: 'Put OOS-20 on your next pasta plan box, or use it at checkout.',
      voucherCode: 'OOS-20',
      customerType: 'existing',
      link: '/menu',
      position: 2,
    },
    {
      title: 'A free Tiramisù',
      description: 'Add FREE-TIRAMISU at checkout and we’ll put a Tiramisù in your box.',
      voucherCode: 'FREE-TIRAMISU',
      customerType: null,
      link: '/one-off/menu',
      position: 3,
    },
    {
      title: '£5 of store credit',
      description: 'Add CREDIT-5 to your account: it comes off your next boxes.',
      voucherCode: 'CREDIT-5',
      customerType: 'existing',
      link: null,
      position: 4,
    },
  ]);
}

/** The demo's cutoff banner before it said when by the shop's clock (issue 19): still said after the cutoff. */
const STATIC_CUTOFF_BANNER = "Order by Friday 12 noon for next week's box. Free delivery on orders over £40.";
const CUTOFF_BANNER = `${ORDER_BY_PLACEHOLDER}. Free delivery on orders over £40.`;

async function seedBanners(db: DbOrTx) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(marketingBanners);
  if (count > 0) {
    // A shop seeded before keeps its banners, but not the one whose deadline went stale every Friday.
    await db
      .update(marketingBanners)
      .set({ text: CUTOFF_BANNER })
      .where(eq(marketingBanners.text, STATIC_CUTOFF_BANNER));
    return;
  }
  await db.insert(marketingBanners).values([
    {
      category: 'recipe_kits',
      position: 1,
      customerType: 'new',
      text: 'New here? Fresh pasta kits from £6.50 a dish, ready in 15 minutes.',
      mobileText: 'Fresh pasta kits, ready in 15 minutes',
      link: '/menu',
    },
    {
      category: 'recipe_kits',
      position: 2,
      customerType: null,
      text: CUTOFF_BANNER,
      mobileText: 'Free delivery over £40',
      link: '/menu',
      bgColor: '#8b2e1f',
    },
    {
      category: 'recipe_kits',
      position: 3,
      customerType: 'existing',
      text: 'Welcome back! This week’s specials are on the menu now.',
      mobileText: 'This week’s specials are in',
      link: '/menu',
    },
    {
      category: 'recipe_kits',
      position: 4,
      active: false,
      customerType: null,
      text: 'Summer menu coming soon',
      link: null,
    },
  ]);
}
