import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cookingMinutesFromTags, offersDoublePortion } from '../../../domain/menu';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW, WEEKS } from '../../test/test-clock';
import { basketItems, baskets, visitors } from '../schema/baskets';
import { products, productVariants } from '../schema/catalogue';
import { marketingBanners } from '../schema/shop';
import { productId, seedDemo, variantId } from './demo-seed';
import { DISHES } from './dishes';

// The demo catalogue: every dish has its cooking time, only main dishes have a double portion, and a data
// folder seeded before that (sides with a "Double Portion", no cooking times) is brought up to date at start
// without touching stock or a customer's basket.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byHandle = (handle: string) => DISHES.find((dish) => dish.handle === handle)!;

describe('the seed data', () => {
  test.each(DISHES.map((dish) => [dish.title, dish] as const))(
    '%s: its cooking time is the one its description gives; a double portion only if it is a main',
    (_title, dish) => {
      expect(dish.descriptionHtml).toMatch(new RegExp(`ready in ${dish.cookMinutes} minutes?`, 'i'));
      expect(dish.doublePence !== null).toBe(
        offersDoublePortion({ productType: dish.kind, tags: dish.tags }),
      );
    },
  );
});

describe('seeding a catalogue from before', () => {
  test('cooking times are added, doubles of sides retired unless a basket holds one, stock kept', async () => {
    const { db } = t.database;
    const focaccia = byHandle('garlic-and-rosemary-focaccia');
    const tiramisu = byHandle('tiramisu');
    const beef = byHandle('beef-shin-ragu-pappardelle');
    // How an older seed left them: doubles of a side and a dessert, and tags without a cooking time.
    const oldDouble = (dish: typeof focaccia) => ({
      id: variantId(dish, true),
      extId: `gid://shopify/ProductVariant/${variantId(dish, true)}`,
      productId: productId(dish),
      title: 'Double Portion (Serves 2)',
      sku: `SFG-${String(dish.n).padStart(3, '0')}-D`,
      pricePence: 810,
      isDouble: true,
      quantityAvailable: 30,
      position: 2,
    });
    await db.insert(productVariants).values([oldDouble(focaccia), oldDouble(tiramisu)]);
    await db
      .update(products)
      .set({ tags: focaccia.tags })
      .where(eq(products.id, productId(focaccia)));
    await db
      .update(productVariants)
      .set({ quantityAvailable: 7 })
      .where(eq(productVariants.id, variantId(beef, false)));
    // A visitor's basket holds the tiramisù's double.
    const [visitor] = await db.insert(visitors).values({ tokenHash: 'seed-test' }).returning();
    const [basket] = await db
      .insert(baskets)
      .values({ visitorId: visitor!.id, type: 'RecipeKitBasket', basketKey: 'seed-test-basket' })
      .returning();
    await db.insert(basketItems).values({
      basketId: basket!.id,
      productVariantId: variantId(tiramisu, true),
      mealWeek: WEEKS.next,
      quantity: 1,
    });

    await seedDemo(db, TEST_NOW);

    const doubles = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.id, [variantId(focaccia, true), variantId(tiramisu, true)]));
    expect(doubles.map((row) => row.id)).toEqual([variantId(tiramisu, true)]);
    const [product] = await db
      .select()
      .from(products)
      .where(eq(products.id, productId(focaccia)));
    expect(cookingMinutesFromTags(product!.tags)).toBe(8);
    const [regular] = await db
      .select({ stock: productVariants.quantityAvailable })
      .from(productVariants)
      .where(eq(productVariants.id, variantId(beef, false)));
    expect(regular!.stock).toBe(7);
    const lines = await db.select().from(basketItems).where(eq(basketItems.basketId, basket!.id));
    expect(lines).toHaveLength(1);
  });

  test('the cutoff banner that said "Friday 12 noon" whatever the day says the next cutoff; others are kept', async () => {
    const { db } = t.database;
    const stale = "Order by Friday 12 noon for next week's box. Free delivery on orders over £40.";
    await db.update(marketingBanners).set({ text: stale }).where(eq(marketingBanners.position, 2));
    await db.update(marketingBanners).set({ text: 'Our own words' }).where(eq(marketingBanners.position, 3));
    await seedDemo(db, TEST_NOW);
    const texts = await db
      .select({ position: marketingBanners.position, text: marketingBanners.text })
      .from(marketingBanners)
      .where(inArray(marketingBanners.position, [2, 3]))
      .orderBy(marketingBanners.position);
    expect(texts).toEqual([
      { position: 2, text: '{order_by}. Free delivery on orders over £40.' },
      { position: 3, text: 'Our own words' },
    ]);
  });
});
