import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assignVariant } from '../../../domain/experiments';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { customerExperiments } from '../../db/schema/after-order';
import { MENU_BANNER_EXPERIMENT, MENU_BANNER_VARIANT_B } from '../../db/seed/demo-experiments';
import { insertCustomer, signIn } from '../../test/accounts';
import { createTestApp, Visitor, type TestApp } from '../../test/harness';

// The first screen is already the visitor's variant (decision 30): /menu rendered on the server says the
// banner's words of the browser's variant (no flicker when it hydrates), the page carries the A/B flag for
// analytics, and a page cached for one variant is never served to another. Needs the built web app (as
// `npm start` serves it): run under the e2e lock, like server-rendering.test.ts.

const PUBLIC_URL = 'http://localhost:4000';
const HOST = new URL(PUBLIC_URL).host;
const CONTROL = {
  text: 'New here? Fresh pasta kits from £6.50 a dish, ready in 15 minutes.',
  mobileText: 'Fresh pasta kits, ready in 15 minutes',
};

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
afterAll(async () => {
  await app?.close();
  await t?.close();
});

function visitorIn(variant: 'a' | 'b', skip = 0): string {
  const halves = [
    { id: 'a', weight: 50 },
    { id: 'b', weight: 50 },
  ];
  for (let n = 0, found = 0; ; n += 1) {
    const id = `page-visitor-${String(n).padStart(9, '0')}`;
    if (assignVariant(halves, id, MENU_BANNER_EXPERIMENT)?.id === variant && found++ === skip) return id;
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

function bootstrapOf(html: string) {
  const match = /<script id="sfoglia-bootstrap" type="application\/json">(.*?)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as {
    experiments: { ab_flag: string; customer_type: string; unrecorded: boolean };
  };
}

/** The banners the page's hydrating state holds (what the browser shows without fetching them again). */
function hydratedBanners(html: string) {
  const match = /<script id="sfoglia-ssr" type="application\/json">(.*?)<\/script>/.exec(html);
  const state = JSON.parse(match![1]!) as {
    queries: { queries: { queryKey: unknown[]; state: { data: { position: number; text: string }[] } }[] };
  };
  return state.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["marketing","banners"]')!.state
    .data;
}

async function menu(cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/menu',
    headers: { host: HOST, ...(cookie ? { cookie } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return { html: response.body, setCookie: response.headers['set-cookie'] };
}

describe('/menu rendered on the server', () => {
  test('says the words of the browser’s variant, carries its A/B flag, and is never served to the other variant', async () => {
    const inB = await menu(`sfoglia_ab=${visitorIn('b')}`);
    expect(inB.html).toContain(escapeHtml(MENU_BANNER_VARIANT_B.text));
    expect(inB.html).toContain(escapeHtml(MENU_BANNER_VARIANT_B.mobileText));
    expect(inB.html).not.toContain(escapeHtml(CONTROL.mobileText));
    expect(hydratedBanners(inB.html).find((b) => b.position === 1)!.text).toBe(MENU_BANNER_VARIANT_B.text);
    expect(bootstrapOf(inB.html).experiments).toEqual({
      ab_flag: 'menu-banner-copy:b',
      customer_type: 'new',
      unrecorded: false,
    });
    // The browser had its id: nothing is set.
    expect(inB.setCookie).toBeUndefined();

    // Another browser in a, just after (the b page is in the server's page cache): its own words.
    const inA = await menu(`sfoglia_ab=${visitorIn('a')}`);
    expect(inA.html).toContain(escapeHtml(CONTROL.text));
    expect(inA.html).not.toContain(escapeHtml(MENU_BANNER_VARIANT_B.text));
    expect(hydratedBanners(inA.html).find((b) => b.position === 1)!.text).toBe(CONTROL.text);
    expect(bootstrapOf(inA.html).experiments.ab_flag).toBe('menu-banner-copy:a');
    // And a second browser in b is given the b page again.
    expect((await menu(`sfoglia_ab=${visitorIn('b', 1)}`)).html).toContain(
      escapeHtml(MENU_BANNER_VARIANT_B.text),
    );
  });

  test('a first visit is given its id with the page, and the page is already that id’s variant', async () => {
    const first = await menu();
    const cookie = String(first.setCookie);
    const id = /^sfoglia_ab=([\w-]{22});/.exec(cookie)![1]!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    const variant = assignVariant(
      [
        { id: 'a', weight: 50 },
        { id: 'b', weight: 50 },
      ],
      id,
      MENU_BANNER_EXPERIMENT,
    )!.id;
    expect(bootstrapOf(first.html).experiments.ab_flag).toBe(`menu-banner-copy:${variant}`);
    expect(first.html).toContain(escapeHtml(variant === 'b' ? MENU_BANNER_VARIANT_B.text : CONTROL.text));
    // The same browser again: the same page.
    const again = await menu(`sfoglia_ab=${id}`);
    expect(again.setCookie).toBeUndefined();
    expect(bootstrapOf(again.html).experiments.ab_flag).toBe(`menu-banner-copy:${variant}`);
  });

  test('a signed-in customer’s recorded variant decides the page; one with nothing recorded is asked to record', async () => {
    const recorded = await insertCustomer(t);
    await t.database.db
      .insert(customerExperiments)
      .values({ customerId: recorded.id, experimentId: MENU_BANNER_EXPERIMENT, variantId: 'a' });
    const browser = new Visitor(app, t.config.branch);
    browser.setCookie('sfoglia_ab', visitorIn('b'));
    await signIn(browser, recorded.email);
    const page = await browser.get('/menu', { host: HOST });
    const html = String(page.body);
    expect(html).toContain(escapeHtml(CONTROL.text));
    expect(html).not.toContain(escapeHtml(MENU_BANNER_VARIANT_B.text));
    expect(bootstrapOf(html).experiments).toEqual({
      ab_flag: 'menu-banner-copy:a',
      customer_type: 'new',
      unrecorded: false,
    });

    const fresh = await insertCustomer(t);
    const other = new Visitor(app, t.config.branch);
    other.setCookie('sfoglia_ab', visitorIn('b'));
    await signIn(other, fresh.email);
    const theirs = String((await other.get('/menu', { host: HOST })).body);
    expect(theirs).toContain(escapeHtml(MENU_BANNER_VARIANT_B.text));
    expect(bootstrapOf(theirs).experiments).toMatchObject({
      ab_flag: 'menu-banner-copy:b',
      unrecorded: true,
    });
  });
});
