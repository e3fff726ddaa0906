import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { API } from '../test/api-expect';
import { joinTab, openTab, signedInDiner, tableBasket } from '../test/dine-in';
import { createTestApp, type TestApp } from '../test/harness';
import { DOWNING_STREET, LUNCH } from '../test/takeaway';
import { TEST_NOW } from '../test/test-clock';

// Pages whose address names a restaurant (issue 24): the takeaway menus and a table's page answer 404 with
// the shop's not-found screen, rendered on the server, when the address names no restaurant of ours or a
// table it does not have; the bare /dine-in goes to the visitor's table, or is the page asking them to
// scan the QR code on their table. Through the built server entry, as `npm start` serves them.

const PUBLIC_URL = 'http://localhost:4000';
const host = new URL(PUBLIC_URL).host;

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
  t = await createTestApp();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL }),
    database: t.database,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
}, 120_000);
afterEach(() => t.clock.set(TEST_NOW));
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function page(url: string, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { host, ...(cookie ? { cookie } : {}) },
  });
  const html = response.body;
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return { status: response.statusCode, headers: response.headers, html, main };
}

/** The not-found screen in the page's HTML, with its way on, and nothing still loading. */
function expectNotFoundScreen(main: string, heading: string, way: { to: string; label: string }) {
  expect(main).toContain(`<h1>${heading}</h1>`);
  expect(main).toContain(`href="${way.to}"`);
  expect(main).toContain(way.label);
  expect(main).not.toMatch(/Loading|Checking your table|aria-busy="true"/);
}

const NEAR_YOU = { to: '/pasta-now-search-address', label: 'Find a restaurant near you' };

describe('a takeaway menu whose address names no restaurant of ours', () => {
  test.each([
    ['/pasta-now?restaurant=nope', NEAR_YOU],
    ['/pasta-now?restaurant=Not%20an%20id', NEAR_YOU],
    [
      '/catering-menu?restaurant=nope',
      { to: '/catering-search-address', label: 'Find a restaurant near you' },
    ],
  ])('%s is the not-found page, 404', async (url, way) => {
    const { status, main } = await page(url);
    expect(status).toBe(404);
    expectNotFoundScreen(main, 'We can’t find that restaurant', way);
    expect(main).toContain('There is no Sfoglia restaurant at this address');
  });

  test('a restaurant of ours is its menu, 200', async () => {
    expect((await page('/pasta-now?restaurant=soho')).status).toBe(200);
    expect((await page('/catering-menu?restaurant=soho')).status).toBe(200);
  });
});

describe('a table’s page', () => {
  test('a restaurant that is not ours is the not-found page, 404', async () => {
    const { status, main } = await page('/dine-in?restaurant=nope&table=1');
    expect(status).toBe(404);
    expectNotFoundScreen(main, 'We can’t find that restaurant', NEAR_YOU);
    expect(main).toContain('Please scan the QR code on your table again');
    expect((await page('/dine-in?restaurant=nope')).status).toBe(404);
  });

  test('a table the restaurant does not have is 404: which, the number to enter, and the way elsewhere', async () => {
    for (const url of ['/dine-in?restaurant=soho&table=99', '/dine-in?restaurant=soho&table=1234567890123']) {
      const { status, main } = await page(url);
      expect(status, url).toBe(404);
      expect(main.replaceAll('<!-- -->', '')).toMatch(/Sfoglia Soho has no table (99|1234567890123)\./);
      expect(main).toContain('Table number');
      expect(main).toContain('Find a restaurant near you');
      expect(main).not.toContain('Checking your table');
    }
    // Whether the kitchen is open or not.
    t.clock.set(LUNCH);
    expect((await page('/dine-in?restaurant=soho&table=99&at=lunch')).status).toBe(404);
  });

  test('a table it has, any table where it serves by name, and no table yet are pages, 200', async () => {
    expect((await page('/dine-in?restaurant=soho&table=12')).status).toBe(200);
    // Table numbers are matched as the API matches them.
    expect((await page('/dine-in?restaurant=soho&table=%2012%20')).status).toBe(200);
    expect((await page('/dine-in?restaurant=cambridge&table=window')).status).toBe(200);
    // Oxford has tables but takes no orders at them: it says so.
    const oxford = await page('/dine-in?restaurant=oxford&table=1');
    expect(oxford.status).toBe(200);
    expect(oxford.main).toContain('No ordering from the table here');
    // While the kitchen takes orders to tables, the number is asked for.
    t.clock.set(LUNCH);
    const ask = await page('/dine-in?restaurant=soho&at=lunch');
    expect(ask.status).toBe(200);
    expect(ask.main).toContain('Which table are you at?');
  });
});

describe('the bare /dine-in', () => {
  test('without a table it asks to scan the QR code, rendered on the server', async () => {
    const { status, main, headers } = await page('/dine-in');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-cache');
    expect(main).toContain('Scan the QR code on your table');
    expect(main).toContain('href="/pasta-now-search-address"');
    expect(main).not.toMatch(/Loading your basket|aria-busy="true"/);
  });

  test('goes to the table of an eaten-in basket, never stored; a delivery basket has none', async () => {
    t.clock.set(LUNCH);
    const diner = await signedInDiner(t);
    await tableBasket(diner);
    const bare = await page('/dine-in', diner.visitor.cookieHeader());
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/dine-in?restaurant=soho&table=12');
    expect(bare.headers['cache-control']).toBe('no-store');
    expect((await page('/dine-in/', diner.visitor.cookieHeader())).headers.location).toBe(
      '/dine-in?restaurant=soho&table=12',
    );

    const delivery = t.visitor();
    const made = await delivery.post(`${API}/baskets`, {
      type: 'TakeawayBasket',
      restaurant_id: 'soho',
      fulfillment_type: 'delivery',
      address: DOWNING_STREET,
      time_slot: { asap: true },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await page('/dine-in', delivery.cookieHeader())).status).toBe(200);
    // A sign-in token is the page's to use.
    expect((await page('/dine-in?token=abc', diner.visitor.cookieHeader())).status).toBe(200);
  });

  test('goes to the table of a live tab the customer is on', async () => {
    t.clock.set(LUNCH);
    const holder = await signedInDiner(t);
    const { tabId } = await openTab(holder, await tableBasket(holder, undefined, { table_number: '7' }));
    // Someone who joined from the tab's link, with no basket of their own.
    const joiner = await signedInDiner(t);
    await joinTab(holder, joiner, tabId);
    const bare = await page('/dine-in', joiner.visitor.cookieHeader());
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/dine-in?restaurant=soho&table=7');
  });
});
