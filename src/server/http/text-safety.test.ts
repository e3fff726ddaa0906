import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API, expectError, variantGid } from '../test/api-expect';
import { PASSWORD, uniqueEmail } from '../test/accounts';
import { basketOf, shopper, type Shopper } from '../test/checkout';
import { createTestApp, type TestApp } from '../test/harness';
import { WEEKS } from '../test/test-clock';
import { brokenTextAt, isBrokenText } from './text-safety';

// A NUL (U+0000) or a lone surrogate in any string, anywhere, is a 400 at the edge (issue 8, item 7): never
// a 500 from the database, never stored. PostgreSQL holds no NUL in text or jsonb, and a lone surrogate is
// not Unicode.

const NUL = 'Ada\u0000Lovelace';
const LONE = 'Ada\ud800';

let t: TestApp;
let s: Shopper;
let basketId: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await shopper(t);
  basketId = await basketOf(s.visitor, [[1, 1]]);
});
afterAll(() => t.close());

/** Rows in every table: a refused call changes none of them. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
    const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  return counts;
}

describe('the rule', () => {
  test('NUL and unpaired surrogates are broken; pairs, emoji, tabs and new lines are not', () => {
    for (const text of ['\u0000', 'a\u0000', '\ud800', '\udc00', 'a\ud83dz', 'z\ude00', '\ude00\ud83d']) {
      expect(isBrokenText(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['', 'Ada', '😀', '\ud83d\ude00', 'line 1\nline 2\ttab', 'Zoë Ø ß']) {
      expect(isBrokenText(text), JSON.stringify(text)).toBe(false);
    }
  });

  test('the first broken string or key is found however deep, and a deep body does not overflow', () => {
    expect(brokenTextAt({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toEqual(['b', '1', 'd']);
    expect(brokenTextAt({ first: '\ud800', second: '\u0000' })).toEqual(['first']);
    expect(brokenTextAt({ ok: { 'bad\u0000key': 1 } })).toEqual(['ok', 'bad\ufffdkey']);
    expect(brokenTextAt('\u0000')).toEqual([]);
    expect(brokenTextAt({ a: 1, b: null, c: true, d: 'fine' })).toBeNull();
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(brokenTextAt(deep)).toHaveLength(100_000);
  });
});

describe('the API: 400 VALIDATION_FAILED naming the field, and nothing stored', () => {
  test('in a name at sign-up (the issue: a 500 that logged the password hash)', async () => {
    const before = await rowCounts();
    for (const first_name of [NUL, LONE]) {
      const response = await t.visitor().post(`${API}/customers`, {
        first_name,
        last_name: 'Lovelace',
        email: uniqueEmail('nul'),
        password: PASSWORD,
      });
      const [error] = expectError(
        response,
        400,
        'VALIDATION_FAILED',
        'first_name must not contain NUL characters or broken Unicode',
      );
      expect(error!.source).toEqual({ pointer: '/first_name' });
    }
    expect(await rowCounts()).toEqual(before);
  });

  test('in the account, a note, voucher and credit codes, confirm ids and nested fields', async () => {
    const before = await rowCounts();
    const cases: [method: 'POST' | 'PUT', url: string, body: unknown, pointer: string][] = [
      ['PUT', `${API}/me`, { last_name: LONE }, '/last_name'],
      ['PUT', `${API}/baskets/${basketId}`, { delivery_note: `Ring twice${NUL}` }, '/delivery_note'],
      ['POST', `${API}/baskets/${basketId}/vouchers`, { code: 'WELCOME\u0000' }, '/code'],
      ['POST', `${API}/customers/credit_voucher`, { code: '\udfff' }, '/code'],
      [
        'POST',
        `${API}/orders/confirm`,
        { order_id: '00000000-0000-4000-8000-000000000000', payment_intent_id: 'pi_\u0000' },
        '/payment_intent_id',
      ],
      [
        'POST',
        `${API}/baskets/${basketId}/items`,
        { product_variant_id: variantGid(1), quantity: 1, meal_week: `${WEEKS.next}\u0000` },
        '/meal_week',
      ],
      [
        'POST',
        `${API}/orders/gift_boxes/preview`,
        {
          product_variant_id: 'x',
          shipping_address_id: s.addressId,
          delivery_date: '2026-11-25',
          recipient: { name: 'Bo', message: `Happy birthday ${LONE}` },
        },
        '/recipient/message',
      ],
      [
        'POST',
        `${API}/delivery_dates`,
        { postcode: 'SW1A 2AA', product_variant_ids: ['1', '\u0000'] },
        '/product_variant_ids/1',
      ],
      ['PUT', `${API}/me`, { 'first_name\u0000': 'Ada' }, '/first_name\ufffd'],
    ];
    for (const [method, url, body, pointer] of cases) {
      const response = await s.visitor.request(method, url, { body });
      const [error] = expectError(
        response,
        400,
        'VALIDATION_FAILED',
        /must not contain NUL characters or broken Unicode$/,
      );
      expect(error!.source, `${method} ${url}`).toEqual({ pointer });
      // The value itself is never echoed back.
      expect(JSON.stringify(response.body)).not.toMatch(/\\u0000|\\ud8|\\udf/);
    }
    expect(await rowCounts()).toEqual(before);
  });

  test('in list filters and path parameters', async () => {
    for (const url of [
      `${API}/orders?filter[type]=a%00b`,
      `${API}/orders?filter%00=x`,
      `${API}/address_lookup?query=SW1A%00`,
      `${API}/baskets/${basketId}/validate?validate_fully=%00`,
      `${API}/vouchers/WELCOME%00`,
      `${API}/address_lookup/postcodes/SW1A%002AA`,
    ]) {
      const response = await s.visitor.get(url);
      const [error] = expectError(
        response,
        400,
        'VALIDATION_FAILED',
        /must not contain NUL characters or broken Unicode$/,
      );
      expect(error!.source?.parameter, url).toEqual(expect.any(String));
    }
  });
});

describe('routes that read their own input', () => {
  test('the development mailbox filter', async () => {
    for (const url of ['/dev/mailbox?to=a%00b@example.com', '/dev/mailbox.json?to=%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        source: { parameter: 'to' },
      });
    }
  });

  test('the storefront GraphQL endpoint', async () => {
    for (const body of [
      { query: '{ shop { name } }\u0000' },
      { query: 'query ($id: ID!) { product(id: $id) { title } }', variables: { id: '\ud800' } },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/storefront/graphql',
        headers: { 'x-shopify-storefront-access-token': t.config.storefront.token },
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
  });

  test('the sandbox payment pages and the embedded postcodes.io', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };
    const requests = [
      {
        method: 'POST',
        url: '/sandbox/stripe/card-form?client_secret=seti_x%00',
        headers: form,
        payload: 'a=b',
      },
      {
        method: 'POST',
        url: '/sandbox/stripe/card-form?client_secret=x',
        headers: form,
        payload: 'cardnumber=4242%00',
      },
      {
        method: 'POST',
        url: '/sandbox/paypal/approve/pi_1?client_secret=x',
        headers: form,
        payload: 'action=approve&email=a%00@b.co',
      },
      { method: 'GET', url: '/sandbox/stripe/3ds/pi_%00?client_secret=x' },
      { method: 'GET', url: '/postcodes/SW1A%002AA' },
      { method: 'GET', url: '/postcodes/SW1A2AA?filter=%00' },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
    }
  });
});
