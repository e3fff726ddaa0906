import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collectionId, dishesForWeek, dishTags } from '../../db/seed/demo-seed';
import { DISHES } from '../../db/seed/dishes';
import { createTestApp, type TestApp } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';
import type { IsoDate } from '../../../domain/calendar';
import { offersDoublePortion } from '../../../domain/menu';
// The web app's own storefront documents: the server must answer exactly what the browser sends.
// eslint-disable-next-line sfoglia/boundaries -- a test of the server against the web app's real queries
import {
  PRODUCT_QUERY,
  WEEK_COLLECTIONS_QUERY,
  WEEK_MENU_QUERY,
} from '../../../web/features/menu/storefront.documents';
import { MAX_QUERY_COST, MAX_QUERY_DEPTH } from './local-storefront';
import { and, eq } from 'drizzle-orm';
import {
  collectionProducts,
  collections,
  productImages,
  products,
  productVariants,
} from '../../db/schema/catalogue';

// The embedded storefront (architecture decision 8): Shopify Storefront API shapes over our catalogue, with a
// token, page limits, and depth and cost limits that keep one request from costing more than a menu page.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEEK_HANDLES_NEWEST_FIRST = [
  '2026-12-14',
  '2026-12-07',
  WEEKS.later,
  WEEKS.next,
  WEEKS.current,
  WEEKS.previous,
];

async function gql(
  query: string,
  variables?: Record<string, unknown>,
  { token = t.config.storefront.token as string | null } = {},
): Promise<{ status: number; body: any }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/storefront/graphql',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { 'x-shopify-storefront-access-token': token }),
    },
    payload: JSON.stringify(variables ? { query, variables } : { query }),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A successful answer: 200, data, no errors. */
async function data(query: string, variables?: Record<string, unknown>) {
  const answer = await gql(query, variables);
  expect(answer.status).toBe(200);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data;
}

/** A refused document: 200 with an `errors` array and no data at all. */
async function refused(query: string, variables?: Record<string, unknown>) {
  const answer = await gql(query, variables);
  expect(answer.status).toBe(200);
  expect(answer.body).not.toHaveProperty('data');
  expect(Array.isArray(answer.body.errors) && answer.body.errors.length > 0).toBe(true);
  return answer.body.errors as { message: string; extensions?: Record<string, unknown> }[];
}

const dish = (n: number) => DISHES.find((d) => d.n === n)!;
const decimal = (pence: number) => (pence / 100).toFixed(2);

describe('access', () => {
  test('without the access token, or with a wrong one, it is 401 and nothing is answered', async () => {
    for (const token of [null, 'wrong-token', '']) {
      const answer = await gql('{ collections(first: 1) { nodes { handle } } }', undefined, { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
  });

  test('a body without a query string is 400; a body that is not JSON is 415', async () => {
    for (const payload of [{}, { query: 42 }, { query: '' }, { query: '{ __typename }', variables: [1] }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/storefront/graphql',
        headers: {
          'content-type': 'application/json',
          'x-shopify-storefront-access-token': t.config.storefront.token,
        },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ message: 'Send a JSON body with a "query" string and optional "variables" object' }],
      });
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: '/storefront/graphql',
      headers: {
        'content-type': 'text/plain',
        'x-shopify-storefront-access-token': t.config.storefront.token,
      },
      payload: '{"query":"{ __typename }"}',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('collections', () => {
  test('weekly collections by title, newest first', async () => {
    const result = await data(
      '{ collections(first: 20, sortKey: TITLE, reverse: true, query: "title:20*") { nodes { id handle title } } }',
    );
    expect(result.collections.nodes).toEqual(
      WEEK_HANDLES_NEWEST_FIRST.map((week) => ({
        id: `gid://shopify/Collection/${collectionId(week as IsoDate)}`,
        handle: week,
        title: week,
      })),
    );
  });

  test('title prefixes and exact titles filter; other query syntax is an error', async () => {
    const november = await data(
      '{ collections(first: 20, sortKey: TITLE, query: "title:2026-11*") { nodes { handle } } }',
    );
    expect(november.collections.nodes.map((n: any) => n.handle)).toEqual([
      WEEKS.previous,
      WEEKS.current,
      WEEKS.next,
      WEEKS.later,
    ]);
    const exact = await data(
      `{ collections(first: 5, query: "title:\\"${WEEKS.next}\\"") { nodes { handle } } }`,
    );
    expect(exact.collections.nodes).toEqual([{ handle: WEEKS.next }]);
    const none = await data(
      '{ collections(first: 5, query: "title:1999*") { nodes { handle } totalCount } }',
    );
    expect(none.collections).toEqual({ nodes: [], totalCount: '0' });

    const answer = await gql('{ collections(first: 5, query: "handle:foo") { nodes { handle } } }');
    expect(answer.body.errors[0].message).toBe(
      'This storefront only supports collection queries of the form title:<prefix>*',
    );
    expect(answer.body.data).toBeNull();
  });

  test('a week collection holds 20+ dishes with images, prices as decimal strings and stock', async () => {
    for (const week of [WEEKS.previous, WEEKS.current, WEEKS.next, WEEKS.later]) {
      const result = await data(
        `query ($handle: String!) {
          collection(handle: $handle) {
            handle
            products(first: 100) {
              nodes {
                id handle title productType tags availableForSale
                images(first: 5) { nodes { url altText width height } }
                variants(first: 2) { nodes { id title sku availableForSale quantityAvailable price { amount currencyCode } } }
              }
            }
          }
        }`,
        { handle: week },
      );
      const products = result.collection.products.nodes as any[];
      const expected = dishesForWeek(week as IsoDate);
      expect(products.length).toBeGreaterThanOrEqual(20);
      // In the collection's own order, every dish of the week's menu.
      expect(products.map((p) => p.id)).toEqual(expected.map((d) => `gid://shopify/Product/${1000 + d.n}`));
      for (const [index, product] of products.entries()) {
        const seed = expected[index]!;
        expect(product).toMatchObject({
          handle: seed.handle,
          title: seed.title,
          productType: seed.kind,
          tags: dishTags(seed),
        });
        expect(product.images.nodes).toHaveLength(3);
        expect(product.images.nodes[0]).toEqual({
          url: expect.stringMatching(new RegExp(`^https?://[^/]+/media/${100_000 + seed.n * 10}\\.svg$`)),
          altText: seed.title,
          width: 800,
          height: 600,
        });
        expect(product.variants.nodes).toEqual([
          {
            id: `gid://shopify/ProductVariant/${10_000 + seed.n * 10 + 1}`,
            title: 'Regular',
            sku: `SFG-${String(seed.n).padStart(3, '0')}-R`,
            availableForSale: seed.stock > 0,
            quantityAvailable: seed.stock,
            price: { amount: decimal(seed.regularPence), currencyCode: 'GBP' },
          },
          // Only main dishes come as a double portion (sides, desserts, bundles and gift boxes do not).
          ...(seed.doublePence === null
            ? []
            : [
                {
                  id: `gid://shopify/ProductVariant/${10_000 + seed.n * 10 + 2}`,
                  title: 'Double Portion (Serves 2)',
                  sku: `SFG-${String(seed.n).padStart(3, '0')}-D`,
                  availableForSale: seed.stock > 0,
                  quantityAvailable: seed.stock,
                  price: { amount: decimal(seed.doublePence), currencyCode: 'GBP' },
                },
              ]),
        ]);
        expect(seed.doublePence !== null).toBe(seed.kind === 'Pasta Kit');
        for (const variant of product.variants.nodes) expect(variant.price.amount).toMatch(/^\d+\.\d{2}$/);
        expect(product.availableForSale).toBe(seed.stock > 0);
      }
    }
    // Spot checks against literal values, not only the seed: £10.50 and £5.25 as decimals, sold out dish 12.
    const next = await data(
      `{ collection(handle: "${WEEKS.next}") { products(first: 100) { nodes { handle availableForSale variants(first: 1) { nodes { price { amount } quantityAvailable } } } } } }`,
    );
    const byHandle = new Map((next.collection.products.nodes as any[]).map((p) => [p.handle, p]));
    expect(byHandle.get(dish(1).handle).variants.nodes[0]).toEqual({
      price: { amount: '10.50' },
      quantityAvailable: 140,
    });
    expect(byHandle.get(dish(40).handle).variants.nodes[0].price.amount).toBe('5.25');
    expect(byHandle.get(dish(12).handle)).toMatchObject({
      availableForSale: false,
      variants: { nodes: [{ quantityAvailable: 0 }] },
    });
  });

  test('an unknown handle is null', async () => {
    expect(await data('{ collection(handle: "1999-01-04") { handle } }')).toEqual({ collection: null });
  });
});

describe('product and node', () => {
  test('product by id and by handle', async () => {
    const query = `{
      byId: product(id: "gid://shopify/Product/1001") { id handle title productType availableForSale totalInventory
        description(truncateAt: 20) featuredImage { url } variants(first: 2) { nodes { id price { amount } } } }
      byHandle: product(handle: "${dish(2).handle}") { id title }
      missing: product(id: "gid://shopify/Product/999999") { id }
      wrongType: product(id: "gid://shopify/Collection/1001") { id }
    }`;
    const result = await data(query);
    expect(result.byId).toEqual({
      id: 'gid://shopify/Product/1001',
      handle: dish(1).handle,
      title: 'Beef Shin Ragù Pappardelle',
      productType: 'Pasta Kit',
      availableForSale: true,
      totalInventory: 280,
      description: expect.stringMatching(/^.{19}…$/),
      featuredImage: { url: expect.stringMatching(/\/media\/100010\.svg$/) },
      variants: {
        nodes: [
          { id: 'gid://shopify/ProductVariant/10011', price: { amount: '10.50' } },
          { id: 'gid://shopify/ProductVariant/10012', price: { amount: '18.90' } },
        ],
      },
    });
    expect(result.byHandle).toEqual({ id: 'gid://shopify/Product/1002', title: 'Cacio e Pepe Tonnarelli' });
    expect(result.missing).toBeNull();
    expect(result.wrongType).toBeNull();
  });

  test('node resolves products, variants and collections by global id', async () => {
    const result = await data(`{
      product: node(id: "gid://shopify/Product/1043") { id ... on Product { title } }
      variant: node(id: "gid://shopify/ProductVariant/10012") {
        id ... on ProductVariant { title quantityAvailable price { amount currencyCode } product { handle } }
      }
      collection: node(id: "gid://shopify/Collection/${collectionId(WEEKS.next as IsoDate)}") { ... on Collection { handle } }
      unknown: node(id: "gid://shopify/Product/999999") { id }
      garbage: node(id: "not-a-gid") { id }
    }`);
    expect(result).toEqual({
      product: { id: 'gid://shopify/Product/1043', title: 'Sicilian Pistachio Cannoli' },
      variant: {
        id: 'gid://shopify/ProductVariant/10012',
        title: 'Double Portion (Serves 2)',
        quantityAvailable: 140,
        price: { amount: '18.90', currencyCode: 'GBP' },
        product: { handle: dish(1).handle },
      },
      collection: { handle: WEEKS.next },
      unknown: null,
      garbage: null,
    });
  });
});

describe('pagination', () => {
  const page = (args: string) =>
    data(`{ collection(handle: "${WEEKS.next}") { products(${args}) {
      edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`).then(
      (result) => result.collection.products,
    );

  test('first/after walks the whole collection once, in order', async () => {
    const all = (await page('first: 100')).nodes.map((n: any) => n.id);
    expect(all).toHaveLength(31);
    const walked: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const current = await page(after ? `first: 8, after: "${after}"` : 'first: 8');
      pages += 1;
      expect(current.nodes).toEqual(current.edges.map((e: any) => e.node));
      expect(current.pageInfo.startCursor).toBe(current.edges[0]?.cursor ?? null);
      expect(current.pageInfo.endCursor).toBe(current.edges.at(-1)?.cursor ?? null);
      expect(current.pageInfo.hasPreviousPage).toBe(after !== null);
      walked.push(...current.nodes.map((n: any) => n.id));
      if (!current.pageInfo.hasNextPage) break;
      after = current.pageInfo.endCursor;
    }
    expect(pages).toBe(4);
    expect(walked).toEqual(all);
  });

  test('last, and before, count back from the end', async () => {
    const all = (await page('first: 100')).nodes.map((n: any) => n.id);
    const last = await page('last: 3');
    expect(last.nodes.map((n: any) => n.id)).toEqual(all.slice(-3));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await page(`last: 2, before: "${last.pageInfo.startCursor}"`);
    expect(before.nodes.map((n: any) => n.id)).toEqual(all.slice(-5, -3));

    const collections = await data(
      '{ collections(last: 2, sortKey: TITLE) { nodes { handle } totalCount } }',
    );
    // "Gift boxes" sorts after the weeks' dates.
    expect(collections.collections).toEqual({
      nodes: [{ handle: '2026-12-14' }, { handle: 'gift-boxes' }],
      totalCount: '7',
    });
  });

  test('totalCount counts every matching collection, not the page', async () => {
    const result = await data(
      '{ collections(first: 2, query: "title:2026-11*") { nodes { handle } totalCount pageInfo { hasNextPage } } }',
    );
    expect(result.collections).toEqual({
      nodes: [{ handle: WEEKS.previous }, { handle: WEEKS.current }],
      totalCount: '4',
      pageInfo: { hasNextPage: true },
    });
  });

  test('first or last above 250, below 0, neither of them, or a bad cursor is an error', async () => {
    const cases: [string, string][] = [
      ['{ collections(first: 251) { nodes { id } } }', 'first must be between 0 and 250'],
      ['{ collections(last: 300) { nodes { id } } }', 'last must be between 0 and 250'],
      [
        `{ collection(handle: "${WEEKS.next}") { products(first: 251) { nodes { id } } } }`,
        'first must be between 0 and 250',
      ],
      [
        `{ collection(handle: "${WEEKS.next}") { products(first: -1) { nodes { id } } } }`,
        'first must be between 0 and 250',
      ],
      [
        '{ product(id: "gid://shopify/Product/1001") { images(first: 1000) { nodes { url } } } }',
        'first must be between 0 and 250',
      ],
      ['{ collections { nodes { id } } }', 'you must provide one of first or last'],
      ['{ collections(first: 1, after: "bogus") { nodes { id } } }', 'Invalid cursor: bogus'],
    ];
    for (const [query, message] of cases) {
      const answer = await gql(query);
      expect(answer.status).toBe(200);
      expect(answer.body.errors.map((e: any) => [e.message, e.extensions?.code])).toEqual([
        [message, 'BAD_REQUEST'],
      ]);
      // The field that failed is null all the way up to a nullable parent.
      expect(JSON.stringify(answer.body.data ?? null)).not.toContain('gid://');
    }
    // first: 250 is allowed.
    const big = await data('{ collections(first: 250) { nodes { handle } } }');
    expect(big.collections.nodes).toHaveLength(7);
  });
});

describe('documents that are refused before they run', () => {
  test(`a query deeper than ${MAX_QUERY_DEPTH} levels`, async () => {
    const deep = `{ product(id: "gid://shopify/Product/1001") {
      variants(first: 1) { nodes { product { variants(first: 1) { nodes { product {
        variants(first: 1) { nodes { product { variants(first: 1) { nodes { id } } } } } } } } } } } } }`;
    const errors = await refused(deep);
    expect(errors.map((e) => [e.message, e.extensions?.code])).toEqual([
      ['Query has depth of 13, which exceeds max depth of 12', 'MAX_DEPTH_EXCEEDED'],
    ]);
    // Twelve levels is fine: product › variants › nodes (×3) › product › featuredImage › url.
    const twelve = await data(`{ product(id: "gid://shopify/Product/1001") {
      variants(first: 1) { nodes { product { variants(first: 1) { nodes { product {
        variants(first: 1) { nodes { product { featuredImage { url } } } } } } } } } } } }`);
    expect(JSON.stringify(twelve)).toMatch(/media\/100010\.svg/);
  });

  test('fragments count towards depth too', async () => {
    const errors = await refused(`
      query { product(id: "gid://shopify/Product/1001") { ...A } }
      fragment A on Product { variants(first: 1) { nodes { product { ...B } } } }
      fragment B on Product { variants(first: 1) { nodes { product { ...C } } } }
      fragment C on Product { variants(first: 1) { nodes { product { ...D } } } }
      fragment D on Product { variants(first: 1) { nodes { product { id } } } }`);
    expect(errors[0]!.extensions?.code).toBe('MAX_DEPTH_EXCEEDED');
  });

  test(`a query costing more than ${MAX_QUERY_COST}: literal page sizes, variables, or variable defaults`, async () => {
    const costly = `{ collection(handle: "${WEEKS.next}") { products(first: 250) { nodes { images(first: 250) { nodes { url } } } } } }`;
    const errors = await refused(costly);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^Query cost \d+ exceeds the maximum of 5000$/);
    expect(errors[0]!.extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', maxCost: 5000 });
    expect(Number(errors[0]!.extensions!.cost)).toBeGreaterThan(MAX_QUERY_COST);

    const withVariables = `query ($a: Int!, $b: Int!) {
      collection(handle: "${WEEKS.next}") { products(first: $a) { nodes { images(first: $b) { nodes { url } } } } } }`;
    expect((await refused(withVariables, { a: 250, b: 250 }))[0]!.extensions?.code).toBe('MAX_COST_EXCEEDED');
    // The same document with small pages is fine.
    const small = await data(withVariables, { a: 2, b: 1 });
    expect(small.collection.products.nodes).toHaveLength(2);

    const withDefaults = `query ($n: Int = 250) {
      collections(first: $n) { nodes { products(first: $n) { nodes { images(first: $n) { nodes { url } } } } } } }`;
    expect((await refused(withDefaults))[0]!.extensions?.code).toBe('MAX_COST_EXCEEDED');
    expect((await refused(withDefaults, { other: 1 }))[0]!.extensions?.code).toBe('MAX_COST_EXCEEDED');
  });

  test('syntax errors and unknown fields, types or arguments', async () => {
    const syntax = await refused('{ collections(first: 1 { nodes { id } }');
    expect(syntax[0]!.message).toMatch(/^Syntax Error: /);
    expect(await refused('{ shop { name } }')).toEqual([
      expect.objectContaining({ message: 'Cannot query field "shop" on type "QueryRoot".' }),
    ]);
    expect((await refused('{ product(id: "gid://shopify/Product/1001") { price } }'))[0]!.message).toBe(
      'Cannot query field "price" on type "Product".',
    );
    expect((await refused('{ collections(first: 1, sort: TITLE) { nodes { id } } }'))[0]!.message).toBe(
      'Unknown argument "sort" on field "QueryRoot.collections".',
    );
    expect((await refused('{ collections(first: 1) }'))[0]!.message).toMatch(
      /must have a selection of subfields/,
    );
    expect((await refused('query ($h: String!) { collection(handle: $h) { id } }'))[0]!.message).toMatch(
      /Variable "\$h" of required type "String!" was not provided/,
    );
    // The storefront is read-only: graphql-js reports a mutation at execution, with data null.
    const mutation = await gql('mutation { cartCreate { id } }');
    expect(mutation.body).toEqual({
      errors: [
        expect.objectContaining({ message: 'Schema is not configured to execute mutation operation.' }),
      ],
      data: null,
    });
  });
});

describe("the web app's storefront documents", () => {
  test('WEEK_COLLECTIONS_QUERY lists the week handles newest first', async () => {
    const result = await data(WEEK_COLLECTIONS_QUERY, { first: 20 });
    expect(result.collections.nodes.map((n: any) => n.handle)).toEqual(WEEK_HANDLES_NEWEST_FIRST);
  });

  test('WEEK_MENU_QUERY answers every week with 20+ dishes, at most 5 images, 2 variants for a main, 1 otherwise', async () => {
    for (const week of WEEK_HANDLES_NEWEST_FIRST) {
      const result = await data(WEEK_MENU_QUERY, { handle: week });
      expect(result.collection.handle).toBe(week);
      const products = result.collection.products.nodes as any[];
      expect(products.length).toBeGreaterThanOrEqual(20);
      for (const product of products) {
        expect(product.images.nodes.length).toBeGreaterThan(0);
        expect(product.images.nodes.length).toBeLessThanOrEqual(5);
        expect(product.variants.nodes).toHaveLength(offersDoublePortion(product) ? 2 : 1);
        for (const variant of product.variants.nodes) {
          expect(variant.price.currencyCode).toBe('GBP');
          expect(variant.price.amount).toMatch(/^\d+\.\d{2}$/);
          expect(Number.isInteger(variant.quantityAvailable)).toBe(true);
        }
      }
    }
  });

  test('PRODUCT_QUERY answers a product by id', async () => {
    const result = await data(PRODUCT_QUERY, { id: 'gid://shopify/Product/1035' });
    expect(result.product).toMatchObject({
      id: 'gid://shopify/Product/1035',
      title: 'Black Truffle Tagliatelle',
      availableForSale: true,
      variants: {
        nodes: [{ quantityAvailable: 3, price: { amount: '11.50' } }, { price: { amount: '20.70' } }],
      },
    });
  });
});

describe('database work', () => {
  /** Counts the SQL statements the storefront sends while `run` runs. */
  async function countQueries(run: () => Promise<unknown>): Promise<number> {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    let count = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
    try {
      await run();
    } finally {
      client.query = original;
    }
    return count;
  }

  test('the number of queries does not grow with the page size', async () => {
    const menu = (first: number) =>
      data(
        `{ collection(handle: "${WEEKS.next}") { products(first: ${first}) { nodes { id images(first: 5) { nodes { url } } variants(first: 2) { nodes { id } } } } } }`,
      );
    const small = await countQueries(() => menu(2));
    const large = await countQueries(() => menu(100));
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(6);
  });

  test('a collection asked for again is answered with one query while nothing it shows changed, and each change is seen at once', async () => {
    const db = t.database.db;
    const query = `query($h: String!) { collection(handle: $h) { title products(first: 100) { nodes {
      id title featuredImage { url } variants(first: 2) { nodes { id title quantityAvailable price { amount } } } } } } }`;
    const menu = () => data(query, { h: WEEKS.later });
    const first = await menu();
    expect(await countQueries(menu)).toBe(1);
    expect(await menu()).toEqual(first);

    const [dish] = first.collection.products.nodes as { id: string; variants: { nodes: { id: string }[] } }[];
    const productId = Number(dish!.id.split('/').pop());
    const variantId = Number(dish!.variants.nodes[0]!.id.split('/').pop());
    const variantOf = (answer: typeof first) =>
      answer.collection.products.nodes[0].variants.nodes[0] as {
        quantityAvailable: number;
        price: { amount: string };
      };

    // Stock taken by an order elsewhere (another server process, or the database itself).
    await db.update(productVariants).set({ quantityAvailable: 7 }).where(eq(productVariants.id, variantId));
    expect(variantOf(await menu()).quantityAvailable).toBe(7);
    expect(await countQueries(menu)).toBe(1);
    // A price, a product's title, its picture.
    await db.update(productVariants).set({ pricePence: 1234 }).where(eq(productVariants.id, variantId));
    expect(variantOf(await menu()).price.amount).toBe('12.34');
    await db.update(products).set({ title: 'Renamed dish' }).where(eq(products.id, productId));
    expect((await menu()).collection.products.nodes[0].title).toBe('Renamed dish');
    await db
      .update(productImages)
      .set({ url: 'https://example.com/new.jpg' })
      .where(eq(productImages.productId, productId));
    expect((await menu()).collection.products.nodes[0].featuredImage.url).toBe('https://example.com/new.jpg');
    // The dish taken off the week's menu, and put back; the collection renamed.
    const [week] = await db.select().from(collections).where(eq(collections.handle, WEEKS.later));
    const [link] = await db
      .delete(collectionProducts)
      .where(and(eq(collectionProducts.productId, productId), eq(collectionProducts.collectionId, week!.id)))
      .returning();
    expect((await menu()).collection.products.nodes.map((p: { id: string }) => p.id)).not.toContain(dish!.id);
    await db.insert(collectionProducts).values(link!);
    expect((await menu()).collection.products.nodes.map((p: { id: string }) => p.id)).toContain(dish!.id);
    await db.update(collections).set({ title: 'Renamed week' }).where(eq(collections.handle, WEEKS.later));
    expect((await menu()).collection.title).toBe('Renamed week');
  });
});
