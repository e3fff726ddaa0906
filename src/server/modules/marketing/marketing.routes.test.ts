import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { marketingBanners } from '../../db/schema/shop';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';

// GET /marketing_banners (spec §3 Marketing banner, §4 "banners rotate through active banners in order"):
// active banners inside their start/end window, in position order, with the spec's default colours.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const banners = async () => {
  const answer = await t.visitor().get(`${API}/marketing_banners`);
  expect(answer.status).toBe(200);
  return answer.body.data as { id: string; type: string; attributes: Record<string, unknown> }[];
};
const hours = (n: number) => new Date(TEST_NOW.getTime() + n * 3600_000);

describe('GET /marketing_banners', () => {
  test('the seeded banners: active only, in position order, every attribute in snake_case', async () => {
    const answer = await t.visitor().get(`${API}/marketing_banners`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        {
          id: '1',
          type: 'marketing_banners',
          attributes: {
            category: 'recipe_kits',
            active: true,
            position: 1,
            customer_type: 'new',
            text: 'New here? Fresh pasta kits from £6.50 a dish, ready in 15 minutes.',
            mobile_text: 'Fresh pasta kits, ready in 15 minutes',
            link: '/menu',
            bg_color: '#576458',
            fg_color: '#ffffff',
          },
        },
        {
          id: '2',
          type: 'marketing_banners',
          attributes: {
            category: 'recipe_kits',
            active: true,
            position: 2,
            customer_type: null,
            // The next cutoff by the shop's clock, filled in by the web app (domain/banners.ts).
            text: '{order_by}. Free delivery on orders over £40.',
            mobile_text: 'Free delivery over £40',
            link: '/menu',
            bg_color: '#8b2e1f',
            fg_color: '#ffffff',
          },
        },
        {
          id: '3',
          type: 'marketing_banners',
          attributes: {
            category: 'recipe_kits',
            active: true,
            position: 3,
            customer_type: 'existing',
            text: 'Welcome back! This week’s specials are on the menu now.',
            mobile_text: 'This week’s specials are in',
            link: '/menu',
            bg_color: '#576458',
            fg_color: '#ffffff',
          },
        },
      ],
    });
    // The inactive "Summer menu coming soon" banner (position 4) is left out.
    expect(JSON.stringify(answer.body)).not.toContain('Summer menu');
  });

  test('position order, start/end windows and default colours for banners an operator adds', async () => {
    const inserted = await t.database.db
      .insert(marketingBanners)
      .values([
        { category: 'promo', position: 0, text: 'First of all', customerType: 'existing' },
        { category: 'promo', position: 2, text: 'Tied on position 2, added later' },
        { category: 'promo', position: 5, text: 'Starts in an hour', startsAt: hours(1) },
        { category: 'promo', position: 5, text: 'Started now', startsAt: TEST_NOW },
        { category: 'promo', position: 6, text: 'Ended an hour ago', endsAt: hours(-1) },
        { category: 'promo', position: 6, text: 'Ends right now', endsAt: TEST_NOW },
        {
          category: 'promo',
          position: 7,
          text: 'Live until tomorrow',
          startsAt: hours(-24),
          endsAt: hours(24),
        },
        {
          category: 'promo',
          position: 8,
          text: 'Inside its window but switched off',
          active: false,
          endsAt: hours(24),
        },
        { category: 'promo', position: 9, text: 'Custom colours', bgColor: '#000000', fgColor: '#FFCC00' },
      ])
      .returning({ id: marketingBanners.id, text: marketingBanners.text });
    const idOf = (text: string) => String(inserted.find((row) => row.text === text)!.id);

    const now = await banners();
    expect(now.map((b) => [b.attributes.position, b.attributes.text])).toEqual([
      [0, 'First of all'],
      [1, expect.stringMatching(/^New here\?/)],
      [2, expect.stringMatching(/^\{order_by\}/)],
      [2, 'Tied on position 2, added later'],
      [3, expect.stringMatching(/^Welcome back!/)],
      [5, 'Started now'],
      [7, 'Live until tomorrow'],
      [9, 'Custom colours'],
    ]);
    const first = now.find((b) => b.id === idOf('First of all'))!;
    expect(first.attributes).toEqual({
      category: 'promo',
      active: true,
      position: 0,
      customer_type: 'existing',
      text: 'First of all',
      mobile_text: null,
      link: null,
      bg_color: '#576458',
      fg_color: '#ffffff',
    });
    expect(now.find((b) => b.id === idOf('Custom colours'))!.attributes).toMatchObject({
      bg_color: '#000000',
      fg_color: '#FFCC00',
      customer_type: null,
    });
    // The window itself is not part of the banner's wire shape.
    for (const banner of now) expect(Object.keys(banner.attributes)).not.toContain('starts_at');

    // Two hours on: the delayed banner has started; the one-day banner is still live.
    t.clock.set(hours(2));
    const later = (await banners()).map((b) => b.attributes.text);
    expect(later).toContain('Starts in an hour');
    expect(later).toContain('Live until tomorrow');
    expect(later).not.toContain('Ended an hour ago');

    // A day and a bit on: the one-day banner has ended.
    t.clock.set(hours(25));
    const tomorrow = (await banners()).map((b) => b.attributes.text);
    expect(tomorrow).not.toContain('Live until tomorrow');
    expect(tomorrow).toContain('Starts in an hour');

    // Before any of them started.
    t.clock.set(hours(-48));
    const earlier = (await banners()).map((b) => b.attributes.text);
    expect(earlier).toContain('Ended an hour ago');
    expect(earlier).toContain('Ends right now');
    expect(earlier).not.toContain('Started now');
    expect(earlier).not.toContain('Live until tomorrow');
    expect(earlier).not.toContain('Inside its window but switched off');
  });
});

describe('bad requests to GET /marketing_banners', () => {
  // The route declares no query parameters: the web app picks the banners for new or existing customers
  // itself. A query string is ignored, so no filter can widen the list to inactive or unstarted banners.
  test('unknown or malformed query parameters are ignored: the same active banners, never an error', async () => {
    const plain = await banners();
    expect(plain.every((b) => b.attributes.active === true)).toBe(true);
    for (const query of [
      '?active=false',
      '?include_inactive=1&all=true',
      '?customer_type=existing&category=promo',
      '?now=2030-01-01T00:00:00Z&starts_at[lte]=2030-01-01',
      '?page[size]=1000&sort=-position',
      '?%E0%A4%A=%ZZ&a=1&a=2',
      `?q=${'x'.repeat(4000)}`,
    ]) {
      const answer = await t.visitor().get(`${API}/marketing_banners${query}`);
      expect(answer.status, query.slice(0, 50)).toBe(200);
      expect(answer.body.data, query.slice(0, 50)).toEqual(plain);
    }
  });

  test('no other method: 404 ROUTE_NOT_FOUND (400 without X-Branch), and the banners are unchanged', async () => {
    const before = await banners();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expectError(
        await t.visitor().request(method, `${API}/marketing_banners`, {
          body: { text: 'Everything free', active: true, position: 0 },
        }),
        404,
        'ROUTE_NOT_FOUND',
        `There is no ${method} ${API}/marketing_banners`,
      );
      expectError(
        await t.visitor().request(method, `${API}/marketing_banners`, { body: {}, branch: false }),
        400,
        'BRANCH_HEADER_MISSING',
      );
    }
    expect(await banners()).toEqual(before);
  });

  test('a single banner is not a route: 404 ROUTE_NOT_FOUND, even for an inactive one', async () => {
    for (const path of ['/marketing_banners/1', '/marketing_banners/4', '/marketing_banners/active']) {
      expectError(
        await t.visitor().get(`${API}${path}`),
        404,
        'ROUTE_NOT_FOUND',
        `There is no GET ${API}${path}`,
      );
    }
  });

  test('a body sent with the GET is not read, even a malformed one', async () => {
    const plain = await banners();
    const answer = await t.visitor().request('GET', `${API}/marketing_banners`, {
      raw: '{"active":',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(plain);
  });
});
