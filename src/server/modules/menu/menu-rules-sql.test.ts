import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isVisibleOnMenu, offersDoublePortion } from '../../../domain/menu';
import { bundles, products } from '../../db/schema/catalogue';
import { createTestApp, type TestApp } from '../../test/harness';
import { MENU_RULES_SQL } from './catalogue.repo';

// The menu's rules in SQL (adding to a basket decides in one statement) must say what the domain's functions
// say: for every product of the demo catalogue, and for products whose type and tags are written as an
// operator might (case, spaces, "_" and "-").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ODD_PRODUCTS: { productType: string; tags: string[]; listed?: boolean }[] = [
  { productType: 'Pasta Kit', tags: [' Hide_From-Menu '] },
  { productType: 'Pasta Kit', tags: ['HIDE FROM  MENU'] },
  { productType: 'Pasta Kit', tags: ['hide-from-menus'] },
  { productType: ' Gift-Box', tags: [] },
  { productType: 'gift_box', tags: [] },
  { productType: 'Giftbox', tags: [] },
  { productType: 'BUNDLE', tags: [], listed: true },
  { productType: 'Bundle ', tags: [] },
  { productType: 'Side', tags: [] },
  { productType: 'Pasta Kit', tags: ['SIDE'] },
  { productType: 'Pasta Kit', tags: ['Dessert', 'vegetarian'] },
  { productType: 'dessert', tags: [] },
  { productType: 'Pasta Kit', tags: ['side dish'] },
  { productType: 'Desserts', tags: [] },
  { productType: '', tags: [] },
];

test('MENU_RULES_SQL agrees with isVisibleOnMenu and offersDoublePortion for every product', async () => {
  const db = t.database.db;
  for (const [i, odd] of ODD_PRODUCTS.entries()) {
    const id = 900_000 + i;
    await db.insert(products).values({
      id,
      extId: `gid://shopify/Product/${id}`,
      handle: `odd-${id}`,
      title: `Odd ${i}`,
      productType: odd.productType,
      tags: odd.tags,
    });
    if (odd.listed) await db.insert(bundles).values({ productId: id });
  }
  const rows = await db
    .select({
      id: products.id,
      productType: products.productType,
      tags: products.tags,
      listed: bundles.productId,
      onMenu: MENU_RULES_SQL.onMenu,
      offersDoublePortion: MENU_RULES_SQL.offersDoublePortion,
    })
    .from(products)
    .leftJoin(bundles, eq(bundles.productId, products.id));
  expect(rows.length).toBeGreaterThan(50 + ODD_PRODUCTS.length - 1);
  const disagreements = rows.filter((row) => {
    const facts = { id: String(row.id), productType: row.productType, tags: row.tags };
    const listed = new Set(row.listed === null ? [] : [String(row.id)]);
    return (
      row.onMenu !== isVisibleOnMenu(facts, listed) || row.offersDoublePortion !== offersDoublePortion(facts)
    );
  });
  expect(disagreements).toEqual([]);
  // Both answers occur, so the comparison means something.
  expect(new Set(rows.map((row) => row.onMenu))).toEqual(new Set([true, false]));
  expect(new Set(rows.map((row) => row.offersDoublePortion))).toEqual(new Set([true, false]));
});
