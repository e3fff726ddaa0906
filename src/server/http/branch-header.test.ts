import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API, expectError } from '../test/api-expect';
import { createTestApp, type TestApp } from '../test/harness';

// The X-Branch header is required on every state-changing API call however its URL is spelled (issue 8,
// item 8): the router decodes "/%61pi/v2/baskets" to "/api/v2/baskets", so the check decides on the routed
// path, not the raw URL. The visitor and session hooks match the same way, so a percent-encoded path is the
// same browser and the same customer.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const basketCount = async () => {
  const result = await t.database.db.execute(sql`select count(*)::int as n from baskets`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

const SPELLINGS = [
  '/%61pi/v2/baskets',
  '/api/%762/baskets',
  '/api/v2/%62askets',
  '/%61%70%69/v2/baskets',
  '/api/v2/baskets/',
];

describe('the X-Branch check follows the routed path', () => {
  test('a percent-encoded path to POST /baskets without the header is refused, and nothing is made', async () => {
    const before = await basketCount();
    for (const url of SPELLINGS) {
      const response = await t
        .visitor()
        .request('POST', url, { body: { type: 'RecipeKitBasket' }, branch: false });
      expectError(response, 400, 'BRANCH_HEADER_MISSING', 'This request needs the X-Branch header');
    }
    expect(await basketCount()).toBe(before);
  });

  test('with the header, the same spelling reaches the API with the browser’s own visitor and session', async () => {
    const visitor = t.visitor();
    const created = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    // The same browser, by an encoded path: its visitor cookie is read, so it is its own basket.
    const encoded = await visitor.get(`/%61pi/v2/baskets/${id}`);
    expect(encoded.status, JSON.stringify(encoded.body)).toBe(200);
    expect(encoded.body.data.id).toBe(id);
    // And an unknown API path is still a JSON 404, never the web app's page.
    expectError(await visitor.get('/%61pi/v2/nope'), 404, 'ROUTE_NOT_FOUND');
  });

  test('outside the API no header is needed (the storefront, the mailbox)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%73torefront/graphql',
      headers: { 'x-shopify-storefront-access-token': t.config.storefront.token },
      payload: { query: '{ shop { name } }' },
    });
    expect(response.statusCode).toBe(200);
  });
});
