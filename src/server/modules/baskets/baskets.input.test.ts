import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API, expectError, variantGid } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';

// Bad input on every basket route that takes a body, a path id or a query: always a 4xx error document with
// a stable code (never a 500), naming the field as it is on the wire, and never a change to the basket.

let t: TestApp;
let owner: Visitor;
let basketId: string;
let itemId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.visitor();
  basketId = (await owner.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true })).body
    .data.id;
  const added = await owner.post(`${API}/baskets/${basketId}/items`, {
    product_variant_id: variantGid(1),
    quantity: 2,
    meal_week: WEEKS.next,
  });
  itemId = added.body.included[0].id;
});
afterAll(() => t.close());

/** What the owner sees: the basket and the list, to compare before and after a refused call. */
async function state() {
  const [basket, list] = await Promise.all([
    owner.get(`${API}/baskets/${basketId}`),
    owner.get(`${API}/baskets`),
  ]);
  expect(basket.status).toBe(200);
  return { basket: basket.body, list: list.body };
}

type Method = 'POST' | 'PUT' | 'DELETE';
interface BodyRoute {
  name: string;
  method: Method;
  url: () => string;
  valid: () => Record<string, unknown>;
}

const BODY_ROUTES: BodyRoute[] = [
  {
    name: 'POST /baskets',
    method: 'POST',
    url: () => `${API}/baskets`,
    valid: () => ({ type: 'TakeawayBasket' }),
  },
  {
    name: 'PUT /baskets/{id}',
    method: 'PUT',
    url: () => `${API}/baskets/${basketId}`,
    valid: () => ({ delivery_note: 'Ring twice', frequency: 3 }),
  },
  {
    name: 'POST /baskets/{id}/items',
    method: 'POST',
    url: () => `${API}/baskets/${basketId}/items`,
    valid: () => ({ product_variant_id: variantGid(1), quantity: 1, meal_week: WEEKS.next }),
  },
  {
    name: 'PUT /baskets/{id}/items/{itemId}',
    method: 'PUT',
    url: () => `${API}/baskets/${basketId}/items/${itemId}`,
    valid: () => ({ quantity: 5 }),
  },
  {
    name: 'DELETE /baskets/{id}/items/many',
    method: 'DELETE',
    url: () => `${API}/baskets/${basketId}/items/many`,
    valid: () => ({ ids: [itemId] }),
  },
];

const send = (route: BodyRoute, options: Parameters<Visitor['request']>[2]) =>
  owner.request(route.method, route.url(), options);

describe.each(BODY_ROUTES)('$name', (route) => {
  test('malformed or empty JSON is 400 INVALID_JSON', async () => {
    const before = await state();
    for (const raw of ['{"quantity":', '{quantity: 1}', "{'a':1}", '']) {
      expectError(await send(route, { raw }), 400, 'INVALID_JSON');
    }
    expect(await state()).toEqual(before);
  });

  test('a body that is not an object is 400 VALIDATION_FAILED', async () => {
    const before = await state();
    for (const raw of ['[]', 'null', '"text"', '42', 'true']) {
      expectError(await send(route, { raw }), 400, 'VALIDATION_FAILED', 'The request must be an object');
    }
    expect(await state()).toEqual(before);
  });

  test('an unknown field is 400 VALIDATION_FAILED naming it in snake_case', async () => {
    const before = await state();
    for (const extra of [{ gift_wrap: true }, { giftWrap: true }]) {
      const errors = expectError(
        await send(route, { body: { ...route.valid(), ...extra } }),
        400,
        'VALIDATION_FAILED',
        'gift_wrap is not a field this request accepts',
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]!.source).toEqual({ pointer: '/gift_wrap' });
    }
    expect(await state()).toEqual(before);
  });

  test('a body over 64 KB is 413 PAYLOAD_TOO_LARGE', async () => {
    const before = await state();
    const raw = JSON.stringify({ ...route.valid(), padding: 'x'.repeat(65 * 1024) });
    expectError(await send(route, { raw }), 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    expect(await state()).toEqual(before);
  });

  test('a body nested far too deep is 400, not a crash', async () => {
    const before = await state();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expectError(
      await send(route, { raw: `{"deep":${deep}}` }),
      400,
      'VALIDATION_FAILED',
      'The request body is nested more than 32 levels deep',
    );
    expectError(await send(route, { raw: '{"__proto__":{"quantity":1}}' }), 400, 'INVALID_JSON');
    expect(await state()).toEqual(before);
  });

  test('a body that is not JSON is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const before = await state();
    const json = JSON.stringify(route.valid());
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      expectError(
        await send(route, { raw: json, headers: { 'content-type': type } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as application/json',
      );
    }
    expect(await state()).toEqual(before);
  });

  test('without the X-Branch header, or with the wrong one, it is refused and nothing changes', async () => {
    const before = await state();
    expectError(
      await send(route, { body: route.valid(), branch: false }),
      400,
      'BRANCH_HEADER_MISSING',
      'This request needs the X-Branch header',
    );
    for (const branch of ['mobile', 'WEB', 'web ']) {
      expectError(
        await send(route, { body: route.valid(), branch: false, headers: { 'x-branch': branch } }),
        400,
        'BRANCH_HEADER_MISSING',
        'The X-Branch header must be "web"',
      );
    }
    expect(await state()).toEqual(before);
  });
});

describe('wrong values are 400 VALIDATION_FAILED naming the field', () => {
  const cases: [string, () => string, Method, Record<string, unknown>, [string, string][]][] = [
    [
      'POST /baskets',
      () => `${API}/baskets`,
      'POST',
      {},
      [['/type', 'type must be one of "RecipeKitBasket", "TakeawayBasket"']],
    ],
    [
      'POST /baskets',
      () => `${API}/baskets`,
      'POST',
      { type: 'GiftBasket' },
      [['/type', 'type must be one of "RecipeKitBasket", "TakeawayBasket"']],
    ],
    [
      'POST /baskets',
      () => `${API}/baskets`,
      'POST',
      { type: 'RecipeKitBasket', start_subscription: 'yes' },
      [['/start_subscription', 'start_subscription must be a boolean']],
    ],
    [
      'PUT /baskets/{id}',
      () => `${API}/baskets/${basketId}`,
      'PUT',
      { frequency: '2' },
      [['/frequency', 'frequency must be a number']],
    ],
    [
      'PUT /baskets/{id}',
      () => `${API}/baskets/${basketId}`,
      'PUT',
      { frequency: 1.5 },
      [['/frequency', 'frequency must be a whole number']],
    ],
    [
      'PUT /baskets/{id}',
      () => `${API}/baskets/${basketId}`,
      'PUT',
      { frequency: 0 },
      [['/frequency', 'frequency must be at least 1']],
    ],
    [
      'PUT /baskets/{id}',
      () => `${API}/baskets/${basketId}`,
      'PUT',
      { frequency: 5 },
      [['/frequency', 'frequency must be at most 4']],
    ],
    [
      'PUT /baskets/{id}',
      () => `${API}/baskets/${basketId}`,
      'PUT',
      { delivery_date: '28/11/2026' },
      [['/delivery_date', 'delivery_date must be a date as YYYY-MM-DD']],
    ],
    [
      'PUT /baskets/{id}',
      () => `${API}/baskets/${basketId}`,
      'PUT',
      { delivery_date: '2026-02-30' },
      [['/delivery_date', 'delivery_date must be a date as YYYY-MM-DD']],
    ],
    [
      'PUT /baskets/{id}',
      () => `${API}/baskets/${basketId}`,
      'PUT',
      { delivery_note: 'x'.repeat(501) },
      [['/delivery_note', 'delivery_note must be at most 500 characters']],
    ],
    [
      'POST items',
      () => `${API}/baskets/${basketId}/items`,
      'POST',
      {},
      [
        ['/product_variant_id', 'product_variant_id is required'],
        ['/quantity', 'quantity is required'],
        ['/meal_week', 'meal_week is required'],
      ],
    ],
    [
      'POST items',
      () => `${API}/baskets/${basketId}/items`,
      'POST',
      { product_variant_id: 10011, quantity: '1', meal_week: 20261123 },
      [
        ['/product_variant_id', 'product_variant_id must be a string'],
        ['/quantity', 'quantity must be a number'],
        ['/meal_week', 'meal_week must be a string'],
      ],
    ],
    [
      'POST items',
      () => `${API}/baskets/${basketId}/items`,
      'POST',
      { product_variant_id: '', quantity: 0, meal_week: '2026-11-31' },
      [
        ['/product_variant_id', 'product_variant_id must be at least 1 character'],
        ['/quantity', 'quantity must be at least 1'],
        ['/meal_week', 'meal_week must be a date as YYYY-MM-DD'],
      ],
    ],
    [
      'POST items',
      () => `${API}/baskets/${basketId}/items`,
      'POST',
      { product_variant_id: '1'.repeat(101), quantity: 100, meal_week: WEEKS.next },
      [
        ['/product_variant_id', 'product_variant_id must be at most 100 characters'],
        ['/quantity', 'quantity must be at most 99'],
      ],
    ],
    [
      'POST items',
      () => `${API}/baskets/${basketId}/items`,
      'POST',
      { product_variant_id: '10011', quantity: 2.5, meal_week: WEEKS.next },
      [['/quantity', 'quantity must be a whole number']],
    ],
    [
      'PUT item',
      () => `${API}/baskets/${basketId}/items/${itemId}`,
      'PUT',
      {},
      [['/quantity', 'quantity is required']],
    ],
    [
      'PUT item',
      () => `${API}/baskets/${basketId}/items/${itemId}`,
      'PUT',
      { quantity: -1 },
      [['/quantity', 'quantity must be at least 0']],
    ],
    [
      'PUT item',
      () => `${API}/baskets/${basketId}/items/${itemId}`,
      'PUT',
      { quantity: 100 },
      [['/quantity', 'quantity must be at most 99']],
    ],
    [
      'PUT item',
      () => `${API}/baskets/${basketId}/items/${itemId}`,
      'PUT',
      { quantity: null },
      [['/quantity', 'quantity must be a number']],
    ],
    [
      'DELETE many',
      () => `${API}/baskets/${basketId}/items/many`,
      'DELETE',
      { ids: [] },
      [['/ids', 'ids must have at least 1 item']],
    ],
    [
      'DELETE many',
      () => `${API}/baskets/${basketId}/items/many`,
      'DELETE',
      { ids: 'all' },
      [['/ids', 'ids must be a list']],
    ],
    [
      'DELETE many',
      () => `${API}/baskets/${basketId}/items/many`,
      'DELETE',
      { ids: ['nope', 7] },
      [
        ['/ids/0', 'ids.0 must be an id'],
        ['/ids/1', 'ids.1 must be a string'],
      ],
    ],
  ];

  test.each(cases)('%s %j', async (_name, url, method, body, expected) => {
    const before = await state();
    const errors = expectError(await owner.request(method, url(), { body }), 400, 'VALIDATION_FAILED');
    expect(errors.map((e) => [e.source?.pointer, e.detail])).toEqual(expected);
    expect(await state()).toEqual(before);
  });

  test('DELETE many takes at most 200 ids', async () => {
    const ids = Array.from({ length: 201 }, () => itemId);
    const errors = expectError(
      await owner.delete(`${API}/baskets/${basketId}/items/many`, { ids }),
      400,
      'VALIDATION_FAILED',
      'ids must have at most 200 items',
    );
    expect(errors).toHaveLength(1);
  });

  test('a refused first POST /baskets creates neither a basket nor a visitor cookie', async () => {
    const stranger = t.visitor();
    const refused = await stranger.post(`${API}/baskets`, { type: 'Hamper' });
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await stranger.get(`${API}/baskets`)).body.data).toEqual([]);
  });
});

describe('path ids and query parameters', () => {
  const badIds = ['abc', '123', '00000000-0000-0000-0000-00000000000g', "1' or '1'='1"];

  test('a basket id that is not a UUID is 400 naming the id parameter, on every route', async () => {
    const before = await state();
    for (const bad of badIds.map(encodeURIComponent)) {
      const calls = [
        owner.get(`${API}/baskets/${bad}`),
        owner.put(`${API}/baskets/${bad}`, { frequency: 1 }),
        owner.delete(`${API}/baskets/${bad}`),
        owner.post(`${API}/baskets/${bad}/items`, {
          product_variant_id: '10011',
          quantity: 1,
          meal_week: WEEKS.next,
        }),
        owner.put(`${API}/baskets/${bad}/items/${itemId}`, { quantity: 1 }),
        owner.delete(`${API}/baskets/${bad}/items/${itemId}`),
        owner.delete(`${API}/baskets/${bad}/items/many`, { ids: [itemId] }),
        owner.get(`${API}/baskets/${bad}/validate`),
      ];
      for (const answer of await Promise.all(calls)) {
        const errors = expectError(answer, 400, 'VALIDATION_FAILED', 'id must be an id');
        expect(errors[0]!.source).toEqual({ parameter: 'id' });
      }
    }
    expect(await state()).toEqual(before);
  });

  test('an item id that is not a UUID is 400 naming item_id', async () => {
    const before = await state();
    for (const answer of [
      await owner.put(`${API}/baskets/${basketId}/items/abc`, { quantity: 1 }),
      await owner.delete(`${API}/baskets/${basketId}/items/abc`),
    ]) {
      const errors = expectError(answer, 400, 'VALIDATION_FAILED', 'item_id must be an id');
      expect(errors[0]!.source).toEqual({ parameter: 'item_id' });
    }
    expect(await state()).toEqual(before);
  });

  test('an unknown basket type in delete_by_type is 400', async () => {
    const before = await state();
    const errors = expectError(
      await owner.delete(`${API}/baskets/delete_by_type/recipekitbasket`),
      400,
      'VALIDATION_FAILED',
      'type must be one of "RecipeKitBasket", "TakeawayBasket"',
    );
    expect(errors[0]!.source).toEqual({ parameter: 'type' });
    expect(await state()).toEqual(before);
  });

  test('validate_fully takes true/false/1/0 only, and unknown query parameters are refused', async () => {
    for (const value of ['true', 'false', '1', '0']) {
      expect((await owner.get(`${API}/baskets/${basketId}/validate?validate_fully=${value}`)).status).toBe(
        200,
      );
    }
    const errors = expectError(
      await owner.get(`${API}/baskets/${basketId}/validate?validate_fully=yes`),
      400,
      'VALIDATION_FAILED',
      'validate_fully must be one of "0", "1", "true", "false"',
    );
    expect(errors[0]!.source).toEqual({ parameter: 'validate_fully' });
    const unknown = expectError(
      await owner.get(`${API}/baskets/${basketId}/validate?validateFully=true&full=1`),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.map((e) => e.detail)).toEqual(['full is not a field this request accepts']);
  });

  test('an over-long or malformed URL is an error document, not a framework default', async () => {
    expectError(
      await owner.get(`${API}/baskets/${'a'.repeat(300)}`),
      414,
      'URI_TOO_LONG',
      'A part of the URL is too long',
    );
    expectError(await owner.get(`${API}/baskets/%E0%A4%A`), 400, 'VALIDATION_FAILED', 'The URL is not valid');
  });
});

describe('state-changing calls without X-Branch change nothing', () => {
  test('DELETE basket, DELETE item and delete_by_type are refused without the header', async () => {
    const before = await state();
    for (const url of [
      `${API}/baskets/${basketId}`,
      `${API}/baskets/${basketId}/items/${itemId}`,
      `${API}/baskets/delete_by_type/RecipeKitBasket`,
    ]) {
      expectError(await owner.request('DELETE', url, { branch: false }), 400, 'BRANCH_HEADER_MISSING');
    }
    expect(await state()).toEqual(before);
  });

  test('reads do not need the header', async () => {
    expect((await owner.request('GET', `${API}/baskets`, { branch: false })).status).toBe(200);
    expect((await owner.request('GET', `${API}/baskets/${basketId}`, { branch: false })).status).toBe(200);
    expect(
      (await owner.request('GET', `${API}/baskets/${basketId}/validate`, { branch: false })).status,
    ).toBe(200);
  });
});
