import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SERVER_RENDERED_ROUTES } from '../../contracts/page-routes';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { insertCustomer, signIn } from '../test/accounts';
import { createTestApp, Visitor, type TestApp } from '../test/harness';
import { DOWNING_STREET, LUNCH, receivedTakeaway, signedInChef } from '../test/takeaway';
import { API } from '../test/api-expect';
import { afterOrderAsks } from '../db/schema/after-order';
import { askAfterOrders } from '../modules/ratings/asks';
import { eq } from 'drizzle-orm';
import { TEST_NOW } from '../test/test-clock';

// Every public page arrives with its first screen in the HTML (issue 11 part 1, docs/decisions/0017),
// rendered by the built server entry (dist/ssr) as `npm start` serves it. A page that cannot render on the
// server falls back to the browser's shell, and fails here: its first screen is not in the HTML.

const PUBLIC_URL = 'http://localhost:4000';

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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');

async function page(url: string, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { host: new URL(PUBLIC_URL).host, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

async function settings() {
  const response = await app.inject({ method: 'GET', url: '/api/v2/settings' });
  return (response.json() as { data: { attributes: Record<string, string> } }).data.attributes;
}

/** The titles of a storefront collection's products (a week's menu, or the gift boxes). */
async function titles(handle: string): Promise<{ title: string; handle: string }[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/storefront/graphql',
    headers: { 'x-shopify-storefront-access-token': t.config.storefront.token },
    payload: {
      query: `query($handle: String!) { collection(handle: $handle) { products(first: 100) { nodes { title handle } } } }`,
      variables: { handle },
    },
  });
  const body = response.json() as {
    data: { collection: { products: { nodes: { title: string; handle: string }[] } } | null };
  };
  return body.data.collection?.products.nodes ?? [];
}

/** How many of these titles the HTML's main shows. */
function shown(html: string, names: { title: string }[]) {
  const main = html.slice(html.indexOf('<main'));
  return names.filter((n) => main.includes(escapeHtml(n.title))).length;
}

function serverState(html: string) {
  const match = /<script id="sfoglia-ssr" type="application\/json">(.*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as { queries: { queries: { queryKey: unknown[] }[] } }) : null;
}

/** What each server-rendered page must show in its HTML. A public page added later adds its line here. */
const FIRST_SCREENS: Record<string, () => Promise<void>> = {
  '/': async () => expectRedirect('/', '/pasta-now-search-address'),
  '/products': async () => expectRedirect('/products', '/menu'),
  '/one-off': async () => expectRedirect('/one-off', '/one-off/menu'),
  '/menu': async () => {
    const week = (await settings()).first_orderable_week!;
    const { status, html } = await page('/menu');
    expect(status).toBe(200);
    expect(html).toContain('Fresh pasta kits');
    // The first screen's dishes (six of them paint first), with their prices.
    expect(shown(html, await titles(week))).toBeGreaterThanOrEqual(6);
    expect(html).toMatch(/class="dish-card__price[^"]*">£\d+\.\d\d/);
  },
  '/one-off/menu': async () => {
    const week = (await settings()).one_off_menu_week!;
    const { status, html } = await page('/one-off/menu');
    expect(status).toBe(200);
    expect(html).toContain('A one-off pasta box');
    expect(shown(html, await titles(week))).toBeGreaterThanOrEqual(6);
  },
  '/gift-boxes': async () => {
    const boxes = await titles('gift-boxes');
    expect(boxes.length).toBeGreaterThan(0);
    const { status, html } = await page('/gift-boxes');
    expect(status).toBe(200);
    expect(shown(html, boxes)).toBe(boxes.length);
  },
  '/gift-boxes/:handle': async () => {
    const [box] = await titles('gift-boxes');
    const { status, html } = await page(`/gift-boxes/${box!.handle}`);
    expect(status).toBe(200);
    expect(shown(html, [box!])).toBe(1);
    expect(html).toContain('How many boxes?');
  },
  // The takeaway searches: the search box, and our kitchens (read from the restaurants) to search near.
  '/pasta-now-search-address': async () => {
    const { status, html } = await page('/pasta-now-search-address');
    expect(status).toBe(200);
    expect(html).toContain('Fresh pasta from your nearest Sfoglia');
    expect(html).toContain('Address or postcode');
    expect(html).toContain('Sfoglia Soho');
    expect(html).toContain('Sfoglia Oxford');
    expect(html).toMatch(/Opens at \d|Open now/);
  },
  '/catering-search-address': async () => {
    const { status, html } = await page('/catering-search-address');
    expect(status).toBe(200);
    expect(html).toContain('Office or company address');
    expect(html).toMatch(/Catering from £\d+/);
  },
  // A restaurant's takeaway menus at their public address (issue 24 part 2): its categories, dishes and
  // prices as anyone sees them, with a way to start an order; the bare address is a redirect (below).
  '/pasta-now': async () => {
    const { status, html } = await page('/pasta-now?restaurant=soho');
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="twm-header__title">Sfoglia Soho</h1>');
    expect(html).toContain('52 Dean Street, W1D 3GN');
    expect(html).toContain('Start an order');
    await expectMenuFirstScreen(html, 'soho', 'fulfillment_type=delivery');
    expect(html).toMatch(/class="twm-dish__price">£\d+\.\d\d/);
    expect(html).toContain('aria-label="Menu categories"');
    // What the kitchen has snoozed comes with the page: live, it does not read it again (issue 24).
    const keys = serverState(html)!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain('["takeaway","snoozed","soho","delivery"]');
    await expectRedirect('/pasta-now', '/pasta-now-search-address');
  },
  '/catering-menu': async () => {
    const { status, html } = await page('/catering-menu?restaurant=soho');
    expect(status).toBe(200);
    expect(html).toContain('Catering for groups');
    expect(html).toMatch(/ordered at least (<!-- -->)?24(<!-- -->)? hours ahead/);
    await expectMenuFirstScreen(html, 'soho', 'catering=true&fulfillment_type=delivery');
    await expectRedirect('/catering-menu', '/catering-search-address');
  },
  // A table's menu (issue 21, issue 24): its eat-in dishes under "Table 12 · Sfoglia Soho" while the kitchen
  // takes orders to tables, and why not (with the opening hours) before it opens.
  '/dine-in': async () => {
    const early = await page('/dine-in?restaurant=soho&table=12');
    expect(early.status).toBe(200);
    expect(early.html).toContain('Ordering to your table is closed');
    expect(early.html).toContain('Sfoglia Soho opens at 11:30am');
    t.clock.set(new Date('2026-11-18T12:30:00Z'));
    try {
      const { status, html } = await page('/dine-in?restaurant=soho&table=12&at=lunch');
      expect(status).toBe(200);
      expect(html).toContain('Table 12');
      expect(html).toContain('We bring your food to your table');
      await expectMenuFirstScreen(html, 'soho', 'fulfillment_type=eat_in');
    } finally {
      t.clock.set(TEST_NOW);
    }
  },
  // Events (issue 22): the themes with their price from, and a theme with its refund rule and its dates.
  '/events/themes': async () => {
    const themes = await eventTemplates();
    expect(themes.length).toBeGreaterThan(0);
    const { status, html } = await page('/events/themes');
    expect(status).toBe(200);
    expect(html).toContain('Pasta classes and supper clubs');
    expect(shown(html, themes)).toBe(themes.length);
    expect(html).toMatch(/From <!-- -->£\d+\.\d\d|From £\d+\.\d\d/);
  },
  '/events/theme/:id': async () => {
    const [theme] = await eventTemplates();
    const { status, html } = await page(`/events/theme/${theme!.id}`);
    expect(status).toBe(200);
    expect(shown(html, [theme!])).toBe(1);
    expect(html).toContain('If your plans change');
    expect(html).toContain(escapeHtml(theme!.refundRule));
    expect(html).toMatch(/\d+ seats? left/);
  },
  // Rating a takeaway (issue 23 part 1): as an email's link opens it, with its order (decision 39; an order
  // the shop has, below: the link's key to an order it has not); signed in, without a key, the order loads in
  // the browser; without an order, where the page opens from.
  '/rate-my-takeaway': async () => {
    const order = '0b7c9a52-3f1e-4d8a-9c61-5e2f8a7d4b10';
    const linked = await page(`/rate-my-takeaway?order=${order}&key=a-key&rating=4`);
    expect(linked.status).toBe(200);
    expect(linked.html).toContain('Rate your order');
    expect(linked.html).toContain('We couldn’t find that order.');
    expect(linked.html).toContain('The link may have been cut short');
    expect(linked.html).not.toContain('Loading your order');
    const keyless = await page(`/rate-my-takeaway?order=${order}&rating=4`);
    expect(keyless.html).toContain('Loading your order');
    const bare = await page('/rate-my-takeaway');
    expect(bare.html).toContain('This page opens from the stars in the email');
    expect(bare.html).toContain('Sign in to see your orders');
  },
  // Support (issue 23 part 5): the question form as a visitor sees it, and its thanks with the reference
  // (without one, back to the form).
  '/support': async () => {
    const { status, html } = await page('/support');
    expect(status).toBe(200);
    expect(html).toContain('How can we help?');
    expect(html).toContain('What is it about?');
    expect(html).toContain('Your email');
    expect(html).toContain('Send question');
  },
  '/support-success': async () => {
    const { status, html } = await page('/support-success?reference=SF-7K3P-Q2MX');
    expect(status).toBe(200);
    expect(html).toContain('SF-7K3P-Q2MX');
    expect(html).toContain('What happens next');
    await expectRedirect('/support-success', '/support');
    await expectRedirect('/support-success?reference=%3Cb%3E', '/support');
  },
};

/**
 * A restaurant's takeaway menu as GET /restaurants/{id}/menu gives it: its categories' names, and its dishes
 * in the menu's order (the page renders the first six at once, the rest once it is live).
 */
async function takeawayMenu(restaurant: string, query: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v2/restaurants/${restaurant}/menu?${query}`,
    headers: { 'x-branch': t.config.branch },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as {
    data: { attributes: { name: string; position: number; product_ids: string[] } }[];
    included: { id: string; attributes: { title: string } }[];
  };
  const titles = new Map(body.included.map((product) => [product.id, product.attributes.title]));
  const categories = body.data
    .map((category) => category.attributes)
    .filter((category) => category.product_ids.length > 0)
    .sort((a, b) => a.position - b.position);
  const dishes = categories.flatMap((category) =>
    category.product_ids.map((id) => ({ title: titles.get(id)! })),
  );
  expect(dishes.length).toBeGreaterThan(0);
  return { categories: categories.map((category) => ({ title: category.name })), dishes };
}

/** The first screen of a takeaway menu: every category in its bar, and its first six dishes. */
async function expectMenuFirstScreen(html: string, restaurant: string, query: string) {
  const { categories, dishes } = await takeawayMenu(restaurant, query);
  const first = dishes.slice(0, 6);
  expect(shown(html, first)).toBe(first.length);
  const bar = html.slice(html.indexOf('aria-label="Menu categories"'));
  expect(categories.filter((c) => bar.includes(`>${escapeHtml(c.title)}</a>`))).toEqual(categories);
}

async function eventTemplates(): Promise<{ id: string; title: string; refundRule: string }[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v2/event_templates' });
  const body = response.json() as {
    data: { id: string; attributes: { title: string; refund_rule: string } }[];
  };
  return body.data.map((d) => ({
    id: d.id,
    title: d.attributes.title,
    refundRule: d.attributes.refund_rule,
  }));
}

async function expectRedirect(from: string, to: string) {
  const { status, headers } = await page(from);
  expect(status).toBe(302);
  expect(headers.location).toBe(to);
}

describe('every public page is rendered on the server', () => {
  test('each server-rendered route has its first screen checked here', () => {
    expect(Object.keys(FIRST_SCREENS).sort()).toEqual([...SERVER_RENDERED_ROUTES].sort());
  });

  test.each(Object.keys(FIRST_SCREENS))('%s', async (route) => {
    await FIRST_SCREENS[route]!();
  });

  test("/menu's first screen's pictures come with the page: eager, first, preloaded from the head, sized", async () => {
    const { html } = await page('/menu');
    const head = html.slice(0, html.indexOf('</head>'));
    const main = html.slice(html.indexOf('<main'));
    const pictures = [...main.matchAll(/<img [^>]*src="([^"]*\/media\/\d+-240\.webp)"[^>]*>/g)];
    expect(pictures.length).toBeGreaterThanOrEqual(6);
    // Sized for the screen (issue 24 part 4): WebP 160 to 480 wide for a 112 px card, the browser picks.
    for (const [tag] of pictures) {
      expect(tag).toMatch(/srcset="[^"]*\/media\/\d+-160\.webp 160w, [^"]*-480\.webp 480w"/i);
      expect(tag).toContain('sizes="112px"');
    }
    // The first four (a phone's first screen, and a desktop's) at once and first; the rest when scrolled to.
    for (const [tag] of pictures.slice(0, 4)) {
      expect(tag).toContain('loading="eager"');
      expect(tag).toMatch(/fetchpriority="high"/i);
      const srcset = /srcset="([^"]+)"/i.exec(tag)![1]!;
      expect(head).toMatch(
        new RegExp(
          `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="112px" fetchpriority="high"`,
          'i',
        ),
      );
    }
    for (const [tag] of pictures.slice(4)) expect(tag).toContain('loading="lazy"');
    // Each has its size, so nothing moves when it arrives.
    for (const [tag] of pictures) expect(tag).toMatch(/width="\d+" height="\d+"/);
    expect(main).not.toContain('rel="preload"');
    // The page hydrates apart from the shell, in slices (app/shell.tsx): its boundary is in the HTML.
    expect(html).toContain('<main id="main" tabindex="-1"><!--$-->');
    // No font preload: Chrome would hold the first paint until the typeface arrived (web-app.ts).
    expect(head).not.toMatch(/<link rel="preload"[^>]*as="font"/);
  });

  test("a takeaway menu's first pictures come with the page too: eager, first, preloaded, sized; the rest lazy", async () => {
    const { html } = await page('/pasta-now?restaurant=soho');
    const head = html.slice(0, html.indexOf('</head>'));
    const main = html.slice(html.indexOf('<main'));
    const pictures = [...main.matchAll(/<img [^>]*class="twm-dish__image"[^>]*>/g)].map(([tag]) => ({
      tag,
      srcset: /srcset="([^"]+)"/i.exec(tag)![1]!,
    }));
    expect(pictures.length).toBeGreaterThan(4);
    for (const { tag, srcset } of pictures.slice(0, 4)) {
      expect(tag).toContain('loading="eager"');
      expect(tag).toMatch(/fetchpriority="high"/i);
      expect(srcset).toMatch(/\/media\/\d+-160\.webp 160w/);
      expect(head.toLowerCase()).toContain(
        `<link rel="preload" as="image" imagesrcset="${srcset}"`.toLowerCase(),
      );
    }
    for (const { tag } of pictures.slice(4)) expect(tag).toContain('loading="lazy"');
    for (const { tag } of pictures) expect(tag).toMatch(/width="\d+" height="\d+"/);
  });

  test('the events filters (where, month, seats) carry from the themes to a theme, rendered on the server', async () => {
    const filters = 'location=soho&month=2026-12&seats=8';
    const themes = await page(`/events/themes?${filters}`);
    expect(themes.html).toContain(`href="/events/theme/fresh-pasta-class?${filters.replace(/&/g, '&amp;')}"`);

    // The theme's dates are those GET /event_slots gives for all three filters: Soho's, in December.
    const { status, html } = await page(`/events/theme/fresh-pasta-class?${filters}`);
    expect(status).toBe(200);
    const dates = html.slice(html.indexOf('aria-label="Dates for Fresh pasta class"'));
    expect(dates).toContain('ev-slot__where">Sfoglia Soho<');
    expect(dates).not.toMatch(/ev-slot__where">Sfoglia (Islington|Borough)</);
    expect(dates).not.toMatch(/Nov<\/strong>/);
    const keys = serverState(html)!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(
      '["events","slots",{"template":"fresh-pasta-class","location":"soho","month":"2026-12","seats":8}]',
    );
    // The form shows the filters chosen, and a date's booking starts from the seats needed.
    expect(html).toContain('<option value="8" selected="">8 seats</option>');
    expect(dates).toMatch(/href="\/events\/booking\?slot=[^"]*&amp;seats=8"/);
  });

  test('the page carries the query cache it was rendered from, for hydrating without a second fetch', async () => {
    const state = serverState((await page('/menu?week=2026-11-30')).html);
    const keys = state!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        '["shop","settings"]',
        '["menu","weeks"]',
        '["menu","week","2026-11-30"]',
        '["marketing","banners"]',
      ]),
    );
    // Nothing of the visitor's own: no basket, no customer.
    expect(keys.filter((key) => key.startsWith('["baskets"') || key.startsWith('["customers"'))).toEqual([]);
  });
});

describe('personal data stays out of what is cached', () => {
  test('a signed-in customer gets the same public page, with only their own data inlined beside it', async () => {
    const customer = await insertCustomer(t, { firstName: "O$'Brien", lastName: 'Ragù' });
    const browser = new Visitor(app, t.config.branch);
    await signIn(browser, customer.email);
    const signedIn = await browser.get('/menu', { host: new URL(PUBLIC_URL).host });
    const html = String(signedIn.body);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const bootstrap = /<script id="sfoglia-bootstrap" type="application\/json">(.*?)<\/script>/.exec(
      html,
    )![1]!;
    expect(bootstrap).toContain(customer.email);
    expect(html.replace(bootstrap, '')).not.toContain(customer.email);
    expect(html.split(customer.email)).toHaveLength(2);
    // A visitor asking next gets no trace of that customer.
    const visitor = await page('/menu');
    expect(visitor.html).not.toContain(customer.email);
    expect(visitor.html).not.toContain("O$'Brien");
  });
});

describe('a rating link’s order (decision 39)', () => {
  test('with its key, the order and its stars are the first screen, read afresh for each request, never kept', async () => {
    t.clock.set(LUNCH);
    try {
      const { orderId } = await receivedTakeaway(t, await signedInChef(t));
      expect(await askAfterOrders(t.database.db, t.clock, t.config.publicUrl)).toBeGreaterThanOrEqual(1);
      const [ask] = await t.database.db
        .select()
        .from(afterOrderAsks)
        .where(eq(afterOrderAsks.orderId, orderId));
      const key = ask!.ratingKey;
      const address = `/rate-my-takeaway?order=${orderId}&key=${key}&rating=4`;

      // One browser throughout (its cookie, so its experiments' variants: the page cache's key).
      const browser = new Visitor(app, t.config.branch);
      const open = async (url: string) => {
        const response = await browser.get(url, { host: new URL(PUBLIC_URL).host });
        return { status: response.status, html: String(response.body), headers: response.headers };
      };
      const first = await open(address);
      // The text as shown (React marks where one piece of text meets another).
      const text = (html: string) => html.replaceAll('<!-- -->', '');
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(text(first.html)).toMatch(/Order #\d+ from Sfoglia Soho/);
      expect(text(first.html)).toContain('1 × Tagliatelle al Ragù');
      expect(first.html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="4"/);
      expect(first.html).toContain('Really good');
      expect(first.html).toContain('Send my rating');
      // Its state carries the order it was rendered from (hydrated without reading it again).
      expect(first.html).toMatch(/<script id="sfoglia-ssr"[^>]*>.*"ratings","order"/);

      // Rated meanwhile (another tab, the same link): the next request shows the rating, not a kept page.
      const rated = await t
        .visitor()
        .post(`${API}/ratings`, { order_id: orderId, rating: 5, key, comment: 'Lovely' });
      expect(rated.status, JSON.stringify(rated.body)).toBe(201);
      const again = await open(address);
      expect(again.html).toContain('Your rating');
      expect(again.html).toContain('Lovely');
      expect(again.html).toContain('Save my new rating');
      // Someone else's key to it: not found, and not the order.
      const wrong = await open(`/rate-my-takeaway?order=${orderId}&key=${'b'.repeat(32)}`);
      expect(wrong.html).toContain('We couldn’t find that order.');
      expect(wrong.html).not.toContain('Tagliatelle');
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});

describe("a takeaway menu's public address", () => {
  async function basketFor(body: Record<string, unknown>) {
    const browser = new Visitor(app, t.config.branch);
    const made = await browser.post('/api/v2/baskets', {
      type: 'TakeawayBasket',
      fulfillment_type: 'delivery',
      address: DOWNING_STREET,
      ...body,
    });
    expect(made.status).toBe(201);
    return browser;
  }
  const host = { host: new URL(PUBLIC_URL).host };

  test('the bare address goes to the basket’s restaurant’s menu (never stored), or to the search', async () => {
    const soho = await basketFor({ restaurant_id: 'soho', time_slot: { asap: true } });
    const bare = await soho.get('/pasta-now', host);
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/pasta-now?restaurant=soho');
    expect(bare.headers['cache-control']).toBe('no-store');
    // Other parameters are kept; a trailing slash is the same page.
    expect((await soho.get('/pasta-now/?utm_source=email', host)).headers.location).toBe(
      '/pasta-now?utm_source=email&restaurant=soho',
    );
    // A Pasta Now basket is not catering's: its search.
    expect((await soho.get('/catering-menu', host)).headers.location).toBe('/catering-search-address');

    const catering = await basketFor({ restaurant_id: 'soho', is_catering_order: true });
    expect((await catering.get('/catering-menu', host)).headers.location).toBe(
      '/catering-menu?restaurant=soho',
    );
    expect((await catering.get('/pasta-now', host)).headers.location).toBe('/pasta-now-search-address');

    // A basket with no restaurant yet, and no basket at all: the search.
    const none = await basketFor({});
    expect((await none.get('/pasta-now', host)).headers.location).toBe('/pasta-now-search-address');
    expect((await page('/pasta-now')).headers.location).toBe('/pasta-now-search-address');
    // The public address itself, and a sign-in token's, are pages.
    expect((await soho.get('/pasta-now?restaurant=soho', host)).status).toBe(200);
    expect((await soho.get('/pasta-now?token=abc', host)).status).toBe(200);
  });

  test('the rendered menu is the same for everyone: no basket, address or customer in it', async () => {
    const customer = await insertCustomer(t, { firstName: 'Hermione', lastName: 'Takeaway' });
    const browser = await basketFor({ restaurant_id: 'soho', time_slot: { asap: true } });
    await signIn(browser, customer.email);
    const basketId = ((await browser.get('/api/v2/baskets')).body as { data: { id: string }[] }).data[0]!.id;
    const signedIn = await browser.get('/pasta-now?restaurant=soho&for=everyone', host);
    expect(signedIn.status).toBe(200);
    const html = String(signedIn.body);
    const bootstrap = /<script id="sfoglia-bootstrap" type="application\/json">(.*?)<\/script>/.exec(
      html,
    )![1]!;
    const rest = html.replace(bootstrap, '');
    for (const personal of ['Downing', 'SW1A 2AA', basketId, customer.email, 'Hermione']) {
      expect(rest).not.toContain(personal);
    }
    const keys = serverState(html)!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        '["takeaway","restaurant","soho"]',
        '["takeaway","menu","soho","delivery",false,null]',
      ]),
    );
    expect(keys.filter((key) => /basket|customers/.test(key))).toEqual([]);
    // A visitor gets the same page.
    const visitor = await page('/pasta-now?restaurant=soho&for=everyone');
    expect(visitor.html).not.toContain('Hermione');
    const main = (text: string) => text.slice(text.indexOf('<main'), text.indexOf('</main>'));
    expect(main(visitor.html)).toBe(main(rest));
  });

  test('a restaurant that does not exist is the not-found page, 404 (restaurant-addresses.test.ts): no dishes, only that it is unknown', async () => {
    const { status, html } = await page('/pasta-now?restaurant=atlantis');
    expect(status).toBe(404);
    expect(html).not.toContain('class="twm-dish__title"');
    expect(html).toContain('We can’t find that restaurant');
    const keys = serverState(html)!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys.filter((key) => key.includes('atlantis'))).toEqual([
      '["takeaway","restaurant","atlantis","known"]',
    ]);
  });
});

describe('pages the browser renders', () => {
  test('an account page is the shell (nav and footer) with no page state, and an unknown page is 404', async () => {
    const account = await page('/account/my-details');
    expect(account.status).toBe(200);
    expect(account.html).toContain('class="general-nav"');
    expect(serverState(account.html)).toBeNull();
    // It shows nothing before its JS, so its typeface is fetched beside it.
    expect(account.html).toMatch(
      /<link rel="preload" href="\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2" as="font"/,
    );
    expect((await page('/no-such-page')).status).toBe(404);
  });
});
