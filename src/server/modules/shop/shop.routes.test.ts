import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_REFUND_SCALE } from '../../../domain/events';
import { bundles } from '../../db/schema/catalogue';
import { settings } from '../../db/schema/shop';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW, WEEKS } from '../../test/test-clock';
import { putSetting } from './shop.repo';
import { cachedShopRules, settingsView } from './shop.service';

// Shop-wide reads: settings with the menu weeks and cutoffs (spec §9), delivery fees per weekday (§3, §9)
// and the bundles list (§5).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

/** Every object key in a JSON document. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child)]);
}

async function settingsAt(instant: string) {
  t.clock.set(new Date(instant));
  const answer = await t.visitor().get(`${API}/settings`);
  expect(answer.status).toBe(200);
  return answer.body.data.attributes;
}

describe('GET /settings', () => {
  test('the minimums, fees and menu weeks at Wednesday 18 November 10:00, in snake_case', async () => {
    const answer = await t.visitor().request('GET', `${API}/settings`, { branch: false });
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body).toEqual({
      data: {
        id: 'current',
        type: 'settings',
        attributes: {
          currency: 'GBP',
          time_zone: 'Europe/London',
          now: '2026-11-18T10:00:00.000Z',
          minimum_spend: 1000,
          minimum_spend_per_order: 1000,
          default_delivery_fee: 199,
          free_delivery_threshold: 4000,
          one_off_fee: 299,
          minimum_card_charge: 30,
          cutoff_weekday: 5,
          cutoff_hour: 12,
          menu_weeks: [
            {
              week_start: WEEKS.previous,
              label: '9 – 14 Nov',
              orderable: false,
              cutoff_at: '2026-11-06T12:00:00.000Z',
              one_off_orderable: false,
              one_off_cutoff_at: '2026-11-12T17:00:00.000Z',
            },
            {
              week_start: WEEKS.current,
              label: '16 – 21 Nov',
              orderable: false,
              cutoff_at: '2026-11-13T12:00:00.000Z',
              one_off_orderable: true,
              one_off_cutoff_at: '2026-11-19T17:00:00.000Z',
            },
            {
              week_start: WEEKS.next,
              label: '23 – 28 Nov',
              orderable: true,
              cutoff_at: '2026-11-20T12:00:00.000Z',
              one_off_orderable: true,
              one_off_cutoff_at: '2026-11-26T17:00:00.000Z',
            },
            {
              week_start: WEEKS.later,
              label: '30 Nov – 5 Dec',
              orderable: true,
              cutoff_at: '2026-11-27T12:00:00.000Z',
              one_off_orderable: true,
              one_off_cutoff_at: '2026-12-03T17:00:00.000Z',
            },
            {
              week_start: '2026-12-07',
              label: '7 – 12 Dec',
              orderable: true,
              cutoff_at: '2026-12-04T12:00:00.000Z',
              one_off_orderable: true,
              one_off_cutoff_at: '2026-12-10T17:00:00.000Z',
            },
            {
              week_start: '2026-12-14',
              label: '14 – 19 Dec',
              orderable: true,
              cutoff_at: '2026-12-11T12:00:00.000Z',
              one_off_orderable: true,
              one_off_cutoff_at: '2026-12-17T17:00:00.000Z',
            },
          ],
          first_orderable_week: WEEKS.next,
          one_off_menu_week: WEEKS.current,
          late_delivery_credit: {
            amount: 500,
            rule:
              'If a takeaway delivery reaches you after the end of the time window we promised when you paid, ' +
              'we add £5.00 of store credit to your account automatically. No need to ask.',
          },
          takeaway_acceptance: {
            minutes: 5,
            rule:
              'The restaurant accepts your order within 5 minutes of receiving it (of opening, if you order ' +
              'before it opens). If it doesn’t, we cancel the order and refund you in full.',
          },
          dine_in: {
            tip_percents: [10, 12.5, 15],
            tab_auto_close_hours: 3,
            tab_max_hours: 12,
            tab_limit_max: 50000,
            tab_limit_choices: [5000, 10000, 15000],
          },
          events: {
            refund_scale: [
              { days_before: 14, percent: 100, as: 'card' },
              { days_before: 3, percent: 100, as: 'credit' },
            ],
            booking_closes_hours: 2,
            hold_minutes: 15,
            refund_rule:
              'Change or cancel up to 14 days before for a full refund to your card, then up to 3 days before ' +
              'for a full refund as store credit. After that, with less than 3 days to go, bookings cannot be ' +
              'changed or refunded, but you can still hand yours to someone else.',
          },
          rewards: {
            referral: {
              friend_discount: 1000,
              friend_minimum_spend: 3000,
              referrer_credit: 1000,
              friend_code_days: 60,
              headline: 'Give £10, get £10',
              terms:
                'Friends get £10 off their first order of £30 or more. You get £10 of credit when it’s paid. ' +
                'One reward per new household.',
            },
            loyalty: {
              every: 5,
              discount: 1000,
              code_days: 90,
              terms:
                'Every 5 paid boxes of your pasta plan bring £10 off a box. Each reward code lasts 90 days.',
            },
          },
        },
      },
    });
    for (const key of keysOf(answer.body)) expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  test('next week stops being orderable at Friday 12:00 London, not a second earlier', async () => {
    const before = await settingsAt('2026-11-20T11:59:59.999Z');
    expect(before.menu_weeks.find((w: any) => w.week_start === WEEKS.next).orderable).toBe(true);
    expect(before.first_orderable_week).toBe(WEEKS.next);

    const at = await settingsAt('2026-11-20T12:00:00.000Z');
    expect(at.now).toBe('2026-11-20T12:00:00.000Z');
    expect(at.menu_weeks.map((w: any) => [w.week_start, w.orderable])).toEqual([
      [WEEKS.previous, false],
      [WEEKS.current, false],
      [WEEKS.next, false],
      [WEEKS.later, true],
      ['2026-12-07', true],
      ['2026-12-14', true],
    ]);
    expect(at.first_orderable_week).toBe(WEEKS.later);
  });

  test('the one-off menu is this week until Thursday 17:00 (Friday is the last next-day delivery), then next week', async () => {
    const thursday = await settingsAt('2026-11-19T16:59:59Z');
    expect(thursday.one_off_menu_week).toBe(WEEKS.current);
    expect(thursday.menu_weeks[1]).toMatchObject({ week_start: WEEKS.current, one_off_orderable: true });
    const evening = await settingsAt('2026-11-19T17:00:00Z');
    expect(evening.one_off_menu_week).toBe(WEEKS.next);
    expect(evening.menu_weeks[1]).toMatchObject({ week_start: WEEKS.current, one_off_orderable: false });
    expect((await settingsAt('2026-11-20T00:00:00Z')).one_off_menu_week).toBe(WEEKS.next); // Friday
    const sunday = await settingsAt('2026-11-22T18:00:00Z');
    expect(sunday.one_off_menu_week).toBe(WEEKS.next);
    expect(sunday.menu_weeks[1].week_start).toBe(WEEKS.current);

    // Monday: the weeks roll on by one.
    const monday = await settingsAt('2026-11-23T00:00:00Z');
    expect(monday.one_off_menu_week).toBe(WEEKS.next);
    expect(monday.menu_weeks.map((w: any) => w.week_start)).toEqual([
      WEEKS.current,
      WEEKS.next,
      WEEKS.later,
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
    ]);
    expect(monday.menu_weeks.at(-1).label).toBe('21 – 24 Dec');
    expect(monday.first_orderable_week).toBe(WEEKS.later);
  });

  test('in British Summer Time the cutoff is 12:00 BST, 11:00 UTC', async () => {
    const before = await settingsAt('2026-06-19T10:59:59Z');
    const week = (s: any) => s.menu_weeks.find((w: any) => w.week_start === '2026-06-22');
    expect(week(before)).toEqual({
      week_start: '2026-06-22',
      label: '22 – 27 Jun',
      orderable: true,
      cutoff_at: '2026-06-19T11:00:00.000Z',
      one_off_orderable: true,
      // A one-off box of that week: its Friday is delivered next day when ordered by Thursday 17:00 BST.
      one_off_cutoff_at: '2026-06-25T16:00:00.000Z',
    });
    expect(before.first_orderable_week).toBe('2026-06-22');
    const after = await settingsAt('2026-06-19T11:00:00Z');
    expect(week(after).orderable).toBe(false);
    expect(week(after).one_off_orderable).toBe(true);
    expect(after.first_orderable_week).toBe('2026-06-29');
  });
});

describe('the events’ refund scale (decision 29)', () => {
  test('an operator’s scale and booking close are served and used; anything malformed falls back', async () => {
    try {
      await putSetting(t.database.db, 'event_refund_scale', [
        { daysBefore: 7, percent: 50, as: 'credit' },
        { daysBefore: 21, percent: 100, as: 'card' },
      ]);
      await putSetting(t.database.db, 'event_booking_closes_hours', 24);
      const rules = await cachedShopRules(t.database.db).get();
      expect(rules.events).toEqual({
        steps: [
          { daysBefore: 21, percent: 100, as: 'card' },
          { daysBefore: 7, percent: 50, as: 'credit' },
        ],
        bookingClosesHours: 24,
      });
      for (const wrong of [
        'none',
        [{ daysBefore: -1, percent: 100, as: 'card' }],
        [{ daysBefore: 7, percent: 101, as: 'card' }],
        [{ daysBefore: 7, percent: 50, as: 'cash' }],
        Array.from({ length: 6 }, (_, i) => ({ daysBefore: i, percent: 100, as: 'card' })),
      ]) {
        await putSetting(t.database.db, 'event_refund_scale', wrong);
        expect((await cachedShopRules(t.database.db).get()).events.steps).toEqual(DEFAULT_REFUND_SCALE.steps);
      }
      await putSetting(t.database.db, 'event_booking_closes_hours', 73);
      expect((await cachedShopRules(t.database.db).get()).events.bookingClosesHours).toBe(2);
    } finally {
      await t.database.db
        .delete(settings)
        .where(inArray(settings.key, ['event_refund_scale', 'event_booking_closes_hours']));
    }
  });
});

describe('the rewards’ terms (decision 30)', () => {
  test('an operator’s referral and loyalty terms are served in /settings; a malformed field falls back', async () => {
    try {
      await putSetting(t.database.db, 'referral_terms', { friendDiscount: 1500, referrerCredit: 2000 });
      await putSetting(t.database.db, 'loyalty_terms', { every: 4, discount: 'lots' });
      // A fresh cache: the app's keeps what it read for a few seconds.
      const view = settingsView(await cachedShopRules(t.database.db).get(), TEST_NOW);
      expect(view.rewards).toMatchObject({
        referral: {
          friendDiscount: 1500,
          friendMinimumSpend: 3000,
          referrerCredit: 2000,
          headline: 'Give £15, get £20',
        },
        loyalty: { every: 4, discount: 1000, codeDays: 90 },
      });
    } finally {
      await t.database.db.delete(settings).where(inArray(settings.key, ['referral_terms', 'loyalty_terms']));
    }
  });
});

describe('GET /delivery_fee_config', () => {
  test('Monday to Friday £1.99 under £40, Saturday £2.99 under £50, no Sunday', async () => {
    const answer = await t.visitor().get(`${API}/delivery_fee_config`);
    expect(answer.status).toBe(200);
    const weekday = (day: number) => ({
      id: String(day),
      type: 'delivery_fee_config_items',
      attributes: { week_day: day, threshold: 4000, price: 199 },
    });
    expect(answer.body).toEqual({
      data: [
        weekday(1),
        weekday(2),
        weekday(3),
        weekday(4),
        weekday(5),
        {
          id: '6',
          type: 'delivery_fee_config_items',
          attributes: { week_day: 6, threshold: 5000, price: 299 },
        },
      ],
    });
  });
});

describe('GET /bundles', () => {
  test('only the bundles on the bundles list, in position order', async () => {
    const answer = await t.visitor().get(`${API}/bundles`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        {
          id: '1047',
          type: 'bundles',
          attributes: {
            product_id: '1047',
            product_ext_id: 'gid://shopify/Product/1047',
            title: 'Date Night Bundle',
            position: 0,
          },
        },
        {
          id: '1048',
          type: 'bundles',
          attributes: {
            product_id: '1048',
            product_ext_id: 'gid://shopify/Product/1048',
            title: 'Family Feast Bundle',
            position: 1,
          },
        },
      ],
    });
    // The Pasta Lovers' Bundle (1049) is a bundle product, but not on the list.
    expect(answer.body.data.map((b: any) => b.id)).not.toContain('1049');
  });

  test('the list is read from the bundles table: a bundle added there shows, by its position', async () => {
    await t.database.db.insert(bundles).values({ productId: 1049, position: -1 });
    try {
      const answer = await t.visitor().get(`${API}/bundles`);
      expect(answer.body.data.map((b: any) => [b.id, b.attributes.title, b.attributes.position])).toEqual([
        ['1049', "Pasta Lovers' Bundle", -1],
        ['1047', 'Date Night Bundle', 0],
        ['1048', 'Family Feast Bundle', 1],
      ]);
    } finally {
      await t.database.db.delete(bundles).where(eq(bundles.productId, 1049));
    }
    expect((await t.visitor().get(`${API}/bundles`)).body.data).toHaveLength(2);
  });
});

describe('bad requests to the shop-wide reads', () => {
  const PATHS = ['/settings', '/delivery_fee_config', '/bundles'];

  // These routes declare no query parameters (neither does the web app send any), so there is nothing in a
  // query string to refuse: whatever is there is ignored and the answer is the same, never an error.
  test.each(PATHS)('GET %s ignores unknown or malformed query parameters', async (path) => {
    const plain = await t.visitor().get(`${API}${path}`);
    expect(plain.status).toBe(200);
    for (const query of [
      '?include=everything&fields[settings]=currency',
      '?page[size]=1000&sort=-position',
      '?_=1763460000000',
      '?a=1&a=2&=3&&',
      '?%E0%A4%A=%ZZ',
      `?q=${'x'.repeat(4000)}`,
      "?id=1'%20or%20'1'='1",
    ]) {
      const answer = await t.visitor().get(`${API}${path}${query}`);
      expect(answer.status, query.slice(0, 50)).toBe(200);
      expect(answer.body, query.slice(0, 50)).toEqual(plain.body);
    }
  });

  test.each(PATHS)('GET %s does not read a body, even a malformed or non-JSON one', async (path) => {
    const plain = await t.visitor().get(`${API}${path}`);
    for (const [type, raw] of [
      ['application/json', '{"broken":'],
      ['application/json', JSON.stringify({ padding: 'x'.repeat(70 * 1024) })],
      ['text/plain', 'hello'],
    ] as const) {
      const answer = await t
        .visitor()
        .request('GET', `${API}${path}`, { raw, headers: { 'content-type': type } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(plain.body);
    }
  });

  test.each(PATHS)('%s takes no other method: 404 ROUTE_NOT_FOUND, and nothing changes', async (path) => {
    const before = (await t.visitor().get(`${API}${path}`)).body;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expectError(
        await t.visitor().request(method, `${API}${path}`, { body: { minimum_spend: 0, price: 0 } }),
        404,
        'ROUTE_NOT_FOUND',
        `There is no ${method} ${API}${path}`,
      );
      // Without the X-Branch header it is refused before the route is even looked up.
      expectError(
        await t.visitor().request(method, `${API}${path}`, { body: {}, branch: false }),
        400,
        'BRANCH_HEADER_MISSING',
      );
    }
    expect((await t.visitor().get(`${API}${path}`)).body).toEqual(before);
  });

  test('there is nothing below them: 404 ROUTE_NOT_FOUND', async () => {
    for (const path of [
      '/settings/current',
      '/delivery_fee_config/1',
      '/bundles/1047',
      '/bundles/1047/items',
    ]) {
      expectError(
        await t.visitor().get(`${API}${path}`),
        404,
        'ROUTE_NOT_FOUND',
        `There is no GET ${API}${path}`,
      );
    }
  });

  test('when the database is gone, each is a 503 with Retry-After that names only the request id', async () => {
    const doomed = await createTestApp();
    // Close the database once only: closing a PostgreSQL pool twice throws, and close() does it again.
    const closeDatabase = doomed.database.close.bind(doomed.database);
    let closing: Promise<void> | undefined;
    doomed.database.close = () => (closing ??= closeDatabase());
    try {
      await doomed.database.close();
      // /settings has not been read yet, so the shop rules it needs are not cached either.
      for (const path of PATHS) {
        const failed = await doomed.visitor().get(`${API}${path}`);
        // Decision 26: the same request may work in a few seconds.
        const [error] = expectError(failed, 503, 'DATABASE_UNAVAILABLE');
        expect(error!.detail).toBe('The shop is briefly unavailable. Please try again in a few seconds.');
        expect(Object.keys(error!).sort()).toEqual(['code', 'detail', 'status']);
        expect(failed.headers['retry-after']).toBe('5');
      }
    } finally {
      await doomed.close();
    }
  });
});
