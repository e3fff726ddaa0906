import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { addDays, londonDate, weekdayOf, type IsoDate } from '../../../domain/calendar';
import { datesBetween } from '../../../domain/delivery-dates';
import { baskets } from '../../db/schema/baskets';
import { settings } from '../../db/schema/shop';
import { dishesForWeek } from '../../db/seed/demo-seed';
import { API, expectError, variantGid, variantId } from '../../test/api-expect';
import { signedInCustomer } from '../../test/accounts';
import { basketOf, DISH, orderBody, shopper } from '../../test/checkout';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { TEST_NOW, WEEKS } from '../../test/test-clock';

// Delivery through the API (spec §5 delivery dates, §7 Delivery and constraints, POST
// /baskets/{id}/preview_one_off_fee) on a fresh database, the clock at Wednesday 18 Nov 2026 10:00 London.
// Postcodes come from the shipped gazetteer: SW1A 2AA (Monday to Saturday), E17 3FY (no Mondays),
// W4 1FZ (no Saturdays), BN1 1FG (Tuesdays, Thursdays, Fridays and Saturdays); EH1 1GA and BR1 1DE are
// places we do not deliver to yet.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const SOLD_OUT = 12; // Wild Boar Ragù Pici: stock 0
const SIDE = 37; // sides are on every week's menu
const menuOf = (week: string) => new Set(dishesForWeek(week as IsoDate).map((dish) => dish.n));
/** A main on next week's menu that is not on the week after's. */
const NEXT_WEEK_ONLY = [...menuOf(WEEKS.next)].find(
  (n) => n !== SOLD_OUT && n < 37 && !menuOf(WEEKS.later).has(n),
)!;

const datesOf = (response: { body: any }) => (response.body.data as any[]).map((r) => r.attributes.date);
const weekdayName = (date: string) =>
  ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekdayOf(date as IsoDate)];

describe('POST /delivery_dates', () => {
  test('a menu week: its Monday to Saturday, each with its weekday and label; the area and window in meta', async () => {
    const response = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: WEEKS.next });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data[0]).toEqual({
      id: '2026-11-23',
      type: 'delivery_dates',
      attributes: {
        date: '2026-11-23',
        weekday: 'Monday',
        label: 'Mon 23 Nov',
        meal_week: WEEKS.next,
        order_by: '2026-11-20T12:00:00.000Z',
      },
    });
    expect(datesOf(response)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(response.body.data.map((r: any) => r.attributes.label)).toEqual([
      'Mon 23 Nov',
      'Tue 24 Nov',
      'Wed 25 Nov',
      'Thu 26 Nov',
      'Fri 27 Nov',
      'Sat 28 Nov',
    ]);
    expect(response.body.meta).toEqual({
      postcode: 'SW1A 2AA',
      outcode: 'SW1A',
      delivery_days: [1, 2, 3, 4, 5, 6],
      last_date: '2026-12-09',
      window_days: 21,
      kind: 'plan',
    });
  });

  test('the postcode however it is typed', async () => {
    for (const postcode of ['sw1a2aa', '  SW1A 2AA ', 'Sw1a 2aA']) {
      const response = await t.visitor().post(`${API}/delivery_dates`, { postcode, meal_week: WEEKS.next });
      expect(response.status).toBe(200);
      expect(response.body.meta.postcode).toBe('SW1A 2AA');
    }
  });

  test('a date range: never a Sunday, nothing before next week, nothing after 21 days (9 Dec)', async () => {
    const response = await t.visitor().post(`${API}/delivery_dates`, {
      postcode: 'SW1A 2AA',
      begin_date: '2026-11-01',
      end_date: '2026-12-31',
    });
    expect(response.status).toBe(200);
    const dates = datesOf(response);
    expect(dates[0]).toBe('2026-11-23');
    expect(dates.at(-1)).toBe('2026-12-09');
    expect(dates).toHaveLength(15);
    expect(dates.filter((date: string) => weekdayName(date) === 'Sunday')).toEqual([]);
    for (const row of response.body.data)
      expect(row.attributes.weekday).toBe(weekdayName(row.attributes.date));
  });

  test('the 21-day limit cuts a week short, and a week wholly beyond it has no dates', async () => {
    const cut = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: '2026-12-07' });
    expect(datesOf(cut)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
    const beyond = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: '2026-12-14' });
    expect(beyond.status).toBe(200);
    expect(datesOf(beyond)).toEqual([]);
    // The next day the window reaches one day further.
    t.clock.set(new Date('2026-11-19T10:00:00Z'));
    const later = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: '2026-12-07' });
    expect(datesOf(later)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10']);
  });

  test('this week is closed, and next week closes on Friday at 12:00', async () => {
    const current = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: WEEKS.current });
    expect(datesOf(current)).toEqual([]);
    t.clock.set(new Date('2026-11-20T11:59:00Z'));
    const before = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: WEEKS.next });
    expect(datesOf(before)).toHaveLength(6);
    t.clock.set(new Date('2026-11-20T12:00:00Z'));
    const after = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: WEEKS.next });
    expect(datesOf(after)).toEqual([]);
  });

  test("only the days the postcode's courier delivers", async () => {
    const days = async (postcode: string) =>
      (await t.visitor().post(`${API}/delivery_dates`, { postcode, meal_week: WEEKS.next })).body.data.map(
        (r: any) => r.attributes.weekday,
      );
    expect(await days('E17 3FY')).toEqual(['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(await days('W4 1FZ')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(await days('BN1 1FG')).toEqual(['Tuesday', 'Thursday', 'Friday', 'Saturday']);
  });

  test("a basket's dishes: a sold-out dish leaves no date; a dish off a week's menu leaves that week out", async () => {
    const soldOut = await t.visitor().post(`${API}/delivery_dates`, {
      postcode: 'SW1A 2AA',
      meal_week: WEEKS.next,
      product_variant_ids: [variantId(SIDE), variantGid(SOLD_OUT)],
    });
    expect(soldOut.status).toBe(200);
    expect(datesOf(soldOut)).toEqual([]);

    const range = { postcode: 'SW1A 2AA', begin_date: WEEKS.next, end_date: '2026-12-05' };
    const all = datesOf(await t.visitor().post(`${API}/delivery_dates`, range));
    expect(all).toHaveLength(12);
    const nextOnly = await t.visitor().post(`${API}/delivery_dates`, {
      ...range,
      product_variant_ids: [variantId(NEXT_WEEK_ONLY)],
    });
    expect(datesOf(nextOnly)).toEqual(all.filter((date: string) => date < WEEKS.later));
  });

  test('bad bodies are 400 VALIDATION_FAILED naming the field', async () => {
    const visitor = t.visitor();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ meal_week: WEEKS.next }, /^postcode is required/],
      [{ postcode: 'SW1A 2AA' }, /^begin_date is required \(or give meal_week\)/],
      [{ postcode: 'SW1A 2AA', begin_date: WEEKS.next }, /^end_date is required/],
      [
        { postcode: 'SW1A 2AA', meal_week: WEEKS.next, begin_date: WEEKS.next, end_date: WEEKS.later },
        /^meal_week give either meal_week or begin_date and end_date, not both/,
      ],
      [{ postcode: 'SW1A 2AA', meal_week: '2026-11-24' }, /^meal_week must be a Monday/],
      [{ postcode: 'SW1A 2AA', meal_week: '2026-02-30' }, /^meal_week must be a date as YYYY-MM-DD/],
      [{ postcode: 'SW1A 2AA', meal_week: 20261123 }, /^meal_week must be a string/],
      [
        { postcode: 'SW1A 2AA', begin_date: '2026-12-01', end_date: '2026-11-30' },
        /^end_date must not be before begin_date/,
      ],
      [
        { postcode: 'SW1A 2AA', begin_date: '2026-11-01', end_date: '2027-02-01' },
        /^end_date must be at most 62 days after begin_date/,
      ],
      [
        { postcode: 'SW1A 2AA', meal_week: WEEKS.next, when: 'soon' },
        /^when is not a field this request accepts/,
      ],
      [
        { postcode: 'SW1A 2AA', meal_week: WEEKS.next, product_variant_ids: '10011' },
        /^product_variant_ids must be a list/,
      ],
      [{ postcode: 12345, meal_week: WEEKS.next }, /^postcode must be a string/],
    ];
    for (const [body, detail] of cases) {
      expectError(await visitor.post(`${API}/delivery_dates`, body), 400, 'VALIDATION_FAILED', detail);
    }
  });

  test('a postcode that is not one is 400 POSTCODE_INVALID; one of no UK area is 404 POSTCODE_NOT_FOUND', async () => {
    const visitor = t.visitor();
    for (const postcode of ['NOT A CODE', 'SW1A', '12345']) {
      expectError(
        await visitor.post(`${API}/delivery_dates`, { postcode, meal_week: WEEKS.next }),
        400,
        'POSTCODE_INVALID',
        'Enter a full UK postcode, like SW1A 2AA',
      );
    }
    expectError(
      await visitor.post(`${API}/delivery_dates`, { postcode: 'aa1 1aa', meal_week: WEEKS.next }),
      404,
      'POSTCODE_NOT_FOUND',
      "We couldn't find the postcode AA1 1AA. Please check it and try again.",
    );
  });

  test('every postcode of a delivered outcode is known, even one the gazetteer does not list (BN2 1FJ)', async () => {
    for (const postcode of ['BN2 1FJ', 'sw1a 9zz']) {
      const response = await t.visitor().post(`${API}/delivery_dates`, { postcode, meal_week: WEEKS.next });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(datesOf(response).length).toBeGreaterThan(0);
    }
  });

  test('outside the delivery area is 400 OUTSIDE_DELIVERY_AREA "We don\'t deliver to M1 yet"', async () => {
    for (const [postcode, outcode] of [
      ['EH1 1GA', 'EH1'],
      ['br11de', 'BR1'],
      ['M1 1AE', 'M1'],
      ['ZE1 0AA', 'ZE1'],
    ] as const) {
      const [error] = expectError(
        await t.visitor().post(`${API}/delivery_dates`, { postcode, meal_week: WEEKS.next }),
        400,
        'OUTSIDE_DELIVERY_AREA',
        `We don't deliver to ${outcode} yet`,
      );
      expect(error!.meta).toEqual({ postcode: expect.stringMatching(/ /), outcode });
    }
  });

  test('a dish that does not exist is 404 PRODUCT_VARIANT_NOT_FOUND', async () => {
    expectError(
      await t.visitor().post(`${API}/delivery_dates`, {
        postcode: 'SW1A 2AA',
        meal_week: WEEKS.next,
        product_variant_ids: [variantId(SIDE), '999999'],
      }),
      404,
      'PRODUCT_VARIANT_NOT_FOUND',
      'That dish is no longer on our menu',
    );
  });

  test('is a state-changing POST: without the branch header it is refused', async () => {
    const response = await t.visitor().request('POST', `${API}/delivery_dates`, {
      body: { postcode: 'SW1A 2AA', meal_week: WEEKS.next },
      branch: false,
    });
    expectError(response, 400, 'BRANCH_HEADER_MISSING');
  });
});

describe('POST /constraints', () => {
  const constraints = (body: Record<string, unknown>, visitor: Visitor = t.visitor()) =>
    visitor.post(`${API}/constraints`, body);

  test("Christmas Day, Boxing Day and New Year's Day are blocked; Sundays are never listed", async () => {
    t.clock.set(new Date('2026-12-14T10:00:00Z')); // all of the range is within 21 days and still open
    const response = await constraints({
      postcode: 'SW1A 2AA',
      begin_date: '2026-12-21',
      end_date: '2027-01-03',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({
      id: 'SW1A2AA:2026-12-21:2027-01-03',
      type: 'delivery_constraints',
      attributes: {
        postcode: 'SW1A 2AA',
        begin_date: '2026-12-21',
        end_date: '2027-01-03',
        kind: 'plan',
        blocked_dates: ['2026-12-25', '2026-12-26', '2027-01-01'],
        blocked: [
          {
            date: '2026-12-25',
            reason: 'closed',
            detail: "We're closed on Christmas Day",
            product_variant_ids: [],
          },
          {
            date: '2026-12-26',
            reason: 'closed',
            detail: "We're closed on Boxing Day",
            product_variant_ids: [],
          },
          {
            date: '2027-01-01',
            reason: 'closed',
            detail: "We're closed on New Year's Day",
            product_variant_ids: [],
          },
        ],
      },
    });
  });

  test("the days a courier does not cover the postcode's outcode", async () => {
    const e17 = await constraints({ postcode: 'E17 3FY', begin_date: WEEKS.next, end_date: '2026-11-29' });
    expect(e17.body.data.attributes.blocked).toEqual([
      {
        date: '2026-11-23',
        reason: 'courier',
        detail: "Our courier doesn't deliver to E17 on Mondays",
        product_variant_ids: [],
      },
    ]);
    const brighton = await constraints({
      postcode: 'BN1 1FG',
      begin_date: WEEKS.next,
      end_date: '2026-11-29',
    });
    expect(brighton.body.data.attributes.blocked_dates).toEqual(['2026-11-23', '2026-11-25']);
  });

  test('a sold-out dish blocks every delivery day; a dish off a week’s menu blocks that week', async () => {
    const body = { postcode: 'SW1A 2AA', begin_date: WEEKS.next, end_date: '2026-12-05' };
    expect(
      (await constraints({ ...body, product_variant_ids: [variantId(SIDE)] })).body.data.attributes.blocked,
    ).toEqual([]);
    const soldOut = await constraints({ ...body, product_variant_ids: [variantGid(SOLD_OUT)] });
    const blocked = soldOut.body.data.attributes.blocked;
    expect(blocked).toHaveLength(12);
    expect(blocked[0]).toEqual({
      date: '2026-11-23',
      reason: 'out_of_stock',
      detail: 'Sorry, Wild Boar Ragù Pici has sold out for 23 – 28 Nov',
      product_variant_ids: [variantGid(SOLD_OUT)],
    });
    expect(blocked.every((entry: any) => weekdayName(entry.date) !== 'Sunday')).toBe(true);

    const offMenu = await constraints({ ...body, product_variant_ids: [variantId(NEXT_WEEK_ONLY)] });
    const entries = offMenu.body.data.attributes.blocked;
    expect(offMenu.body.data.attributes.blocked_dates).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(entries[0]).toMatchObject({
      reason: 'not_on_menu',
      detail: expect.stringMatching(/ is not on the menu for 30 Nov – 5 Dec$/),
      product_variant_ids: [variantId(NEXT_WEEK_ONLY)],
    });
  });

  test('product_variant_ids may be left out', async () => {
    const response = await constraints({
      postcode: 'SW1A 2AA',
      begin_date: WEEKS.next,
      end_date: WEEKS.later,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.blocked).toEqual([]);
  });

  test('bad bodies are 400 VALIDATION_FAILED', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ begin_date: WEEKS.next, end_date: WEEKS.later }, /^postcode is required/],
      [{ postcode: 'SW1A 2AA', end_date: WEEKS.later }, /^begin_date is required/],
      [{ postcode: 'SW1A 2AA', begin_date: WEEKS.next }, /^end_date is required/],
      [
        { postcode: 'SW1A 2AA', begin_date: WEEKS.later, end_date: WEEKS.next },
        /^end_date must not be before/,
      ],
      [{ postcode: 'SW1A 2AA', begin_date: '2026-01-01', end_date: '2026-12-31' }, /at most 62 days/],
      [
        { postcode: 'SW1A 2AA', begin_date: WEEKS.next, end_date: WEEKS.later, product_variant_ids: [12] },
        /^product_variant_ids\.0 must be a string/,
      ],
      [
        {
          postcode: 'SW1A 2AA',
          begin_date: WEEKS.next,
          end_date: WEEKS.later,
          product_variant_ids: Array.from({ length: 201 }, (_, i) => String(i)),
        },
        /^product_variant_ids must have at most 200 items/,
      ],
      [
        { postcode: 'SW1A 2AA', begin_date: WEEKS.next, end_date: WEEKS.later, meal_week: WEEKS.next },
        /not a field/,
      ],
    ];
    for (const [body, detail] of cases)
      expectError(await constraints(body), 400, 'VALIDATION_FAILED', detail);
  });

  test('an invalid, unknown or undelivered postcode, and an unknown dish', async () => {
    const range = { begin_date: WEEKS.next, end_date: WEEKS.later };
    expectError(await constraints({ postcode: 'nope', ...range }), 400, 'POSTCODE_INVALID');
    expectError(await constraints({ postcode: 'AA1 1AA', ...range }), 404, 'POSTCODE_NOT_FOUND');
    expectError(
      await constraints({ postcode: 'EH1 1GA', ...range }),
      400,
      'OUTSIDE_DELIVERY_AREA',
      "We don't deliver to EH1 yet",
    );
    const [error] = expectError(
      await constraints({
        postcode: 'SW1A 2AA',
        ...range,
        product_variant_ids: ['gid://shopify/ProductVariant/1'],
      }),
      404,
      'PRODUCT_VARIANT_NOT_FOUND',
    );
    expect(error!.meta).toEqual({ product_variant_ids: ['gid://shopify/ProductVariant/1'] });
  });
});

describe('next-day delivery for one-off boxes, the weekly cutoff for a plan (docs/decisions/0011)', () => {
  const MONDAY_0900 = new Date('2026-11-23T09:00:00Z');
  const THIS_WEEK = '2026-11-23'; // the current week on Monday 23 November
  const dates = async (body: Record<string, unknown>) =>
    datesOf(await t.visitor().post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', ...body }));

  test('Monday 23 Nov 09:00: a one-off box of this week comes on Tuesday; a plan box starts next week', async () => {
    t.clock.set(MONDAY_0900);
    expect(await dates({ meal_week: THIS_WEEK, kind: 'one_off' })).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(await dates({ meal_week: THIS_WEEK, kind: 'plan' })).toEqual([]);
    expect(await dates({ meal_week: THIS_WEEK })).toEqual([]);
    const answer = await t
      .visitor()
      .post(`${API}/delivery_dates`, { postcode: 'SW1A 2AA', meal_week: THIS_WEEK, kind: 'one_off' });
    expect(answer.body.meta.kind).toBe('one_off');
    expect(answer.body.data[0].attributes).toMatchObject({
      date: '2026-11-24',
      order_by: '2026-11-23T17:00:00.000Z',
    });
    expect(answer.body.data[3].attributes.order_by).toBe('2026-11-26T17:00:00.000Z');
  });

  test.each([
    // GMT (November): 17:00 London is 17:00Z, 08:00 is 08:00Z.
    ['2026-11-23T16:59:59Z', '2026-11-24', true], // Monday 16:59: Tuesday
    ['2026-11-23T17:00:00Z', '2026-11-24', false], // Monday 17:00: not Tuesday
    ['2026-11-26T16:59:59Z', '2026-11-27', true], // Thursday 16:59: Friday
    ['2026-11-26T17:00:00Z', '2026-11-27', false],
    ['2026-11-29T07:59:59Z', '2026-11-30', true], // Sunday 07:59: Monday
    ['2026-11-29T08:00:00Z', '2026-11-30', false],
    ['2026-11-27T09:00:00Z', '2026-11-28', false], // Friday: Saturday only by the weekly cutoff
    ['2026-11-20T11:59:59Z', '2026-11-28', true], // which is Friday 20 November 12:00
    // BST (June): 17:00 London is 16:00Z, 08:00 is 07:00Z.
    ['2026-06-15T15:59:59Z', '2026-06-16', true],
    ['2026-06-15T16:00:00Z', '2026-06-16', false],
    ['2026-06-21T06:59:59Z', '2026-06-22', true],
    ['2026-06-21T07:00:00Z', '2026-06-22', false],
    // BST, October before the change: Thursday 22 October 17:00 is 16:00Z.
    ['2026-10-22T15:59:59Z', '2026-10-23', true],
    ['2026-10-22T16:00:00Z', '2026-10-23', false],
    // Sunday 25 October 2026, the clocks went back at 02:00: 08:00 is GMT.
    ['2026-10-25T07:59:59Z', '2026-10-26', true],
    ['2026-10-25T08:00:00Z', '2026-10-26', false],
    // Sunday 29 March 2026, the clocks went forward at 01:00: 08:00 is BST.
    ['2026-03-29T06:59:59Z', '2026-03-30', true],
    ['2026-03-29T07:00:00Z', '2026-03-30', false],
  ])('at %s a one-off order for %s: %s', async (now, date, offered) => {
    t.clock.set(new Date(now));
    const range = { begin_date: date, end_date: date };
    expect(await dates({ ...range, kind: 'one_off' })).toEqual(offered ? [date] : []);
    const constraints = await t
      .visitor()
      .post(`${API}/constraints`, { postcode: 'SW1A 2AA', ...range, kind: 'one_off' });
    expect(constraints.body.data.attributes.blocked_dates).toEqual(offered ? [] : [date]);
    // A plan's box for that date closed at the weekly cutoff (except the Saturday before it).
    const planOffered = now === '2026-11-20T11:59:59Z';
    expect(await dates({ ...range, kind: 'plan' })).toEqual(planOffered ? [date] : []);
  });

  test('a date too late says when its orders closed', async () => {
    t.clock.set(new Date('2026-11-23T17:00:00Z'));
    const response = await t.visitor().post(`${API}/constraints`, {
      postcode: 'SW1A 2AA',
      begin_date: '2026-11-24',
      end_date: '2026-11-24',
      kind: 'one_off',
    });
    expect(response.body.data.attributes.blocked).toEqual([
      {
        date: '2026-11-24',
        reason: 'too_late',
        detail: "It's too late to order for Tue 24 Nov: orders for that day closed Monday 23 November at 5pm",
        product_variant_ids: [],
      },
    ]);
  });

  test('property: /delivery_dates offers exactly the Mondays to Saturdays /constraints does not block', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
        fc.constantFrom('SW1A 2AA', 'E17 3FY', 'BN1 1FG', 'W4 1FZ'),
        fc.constantFrom('plan', 'one_off'),
        fc.constantFrom([], [variantId(SIDE)], [variantGid(SOLD_OUT)]),
        async (instant, postcode, kind, productVariantIds) => {
          const now = new Date(instant);
          t.clock.set(now);
          const today = londonDate(now);
          const range = { begin_date: addDays(today, -1), end_date: addDays(today, 24) };
          const body = { postcode, ...range, kind, product_variant_ids: productVariantIds };
          const offered = datesOf(await t.visitor().post(`${API}/delivery_dates`, body));
          const blocked = new Set(
            (await t.visitor().post(`${API}/constraints`, body)).body.data.attributes.blocked_dates,
          );
          const open = datesBetween(range.begin_date, range.end_date).filter(
            (date) => weekdayOf(date) !== 0 && !blocked.has(date),
          );
          expect(offered).toEqual(open);
        },
      ),
      { numRuns: 30 },
    );
  });

  test('checkout takes exactly the dates offered for a one-off basket, and refuses the others saying why', async () => {
    t.clock.set(MONDAY_0900);
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 1, THIS_WEEK]], false);
    const offered = await dates({
      meal_week: THIS_WEEK,
      kind: 'one_off',
      product_variant_ids: [variantId(1)],
    });
    expect(offered).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    const refusals: Record<string, string> = {};
    for (const date of datesBetween(THIS_WEEK as IsoDate, '2026-11-28' as IsoDate)) {
      const preview = await s.visitor.post(
        `${API}/preview_order`,
        orderBody(s, basketId, { delivery_date: date }),
      );
      if (offered.includes(date)) {
        expect(preview.status, `${date}: ${JSON.stringify(preview.body)}`).toBe(200);
        expect(preview.body.data[0].attributes.delivery_date).toBe(date);
      } else {
        const [error] = expectError(preview, 400, 'DELIVERY_DATE_UNAVAILABLE');
        refusals[date] = error!.detail;
      }
    }
    expect(refusals).toEqual({
      '2026-11-23':
        "It's too late to order for Mon 23 Nov: orders for that day closed Sunday 22 November at 8am",
      '2026-11-28':
        "It's too late to order for Sat 28 Nov: orders for that day closed Friday 20 November at 12 noon",
    });
  });

  test('a plan basket keeps the weekly cutoff: this week is refused; next week is taken on the days offered', async () => {
    t.clock.set(MONDAY_0900);
    const s = await shopper(t);
    const planBasket = await basketOf(s.visitor, [], true);
    expectError(
      await s.visitor.post(`${API}/baskets/${planBasket}/items`, {
        product_variant_id: variantGid(DISH.beefShin),
        quantity: 1,
        meal_week: THIS_WEEK,
      }),
      409,
      'WEEK_UNAVAILABLE',
      'Orders for 23 – 28 Nov have closed. Please choose a later week.',
    );
    const nextWeek = '2026-11-30';
    await s.visitor.post(`${API}/baskets/${planBasket}/items`, {
      product_variant_id: variantGid(DISH.pumpkin),
      quantity: 2,
      meal_week: nextWeek,
    });
    const offered = await dates({ meal_week: nextWeek, kind: 'plan' });
    expect(offered).toEqual(datesBetween(nextWeek as IsoDate, '2026-12-05' as IsoDate));
    for (const date of offered) {
      const preview = await s.visitor.post(
        `${API}/preview_order`,
        orderBody(s, planBasket, { delivery_date: date }),
      );
      expect(preview.status, `${date}: ${JSON.stringify(preview.body)}`).toBe(200);
    }
  });

  test('a one-off basket holding this week’s dishes cannot become a plan, and says why', async () => {
    t.clock.set(MONDAY_0900);
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 1, THIS_WEEK]], false);
    expectError(
      await s.visitor.put(`${API}/baskets/${basketId}`, { start_subscription: true }),
      409,
      'WEEK_UNAVAILABLE',
      'Plan orders for 23 – 28 Nov have closed, so those dishes can only come as a one-off box. ' +
        'Order them as a one-off box, or remove them to start your plan from a later week.',
    );
    const basket = await s.visitor.get(`${API}/baskets/${basketId}`);
    expect(basket.body.data.attributes.start_subscription).toBe(false);
    expect(basket.body.data.attributes.weeks[0]).toMatchObject({ meal_week: THIS_WEEK, orderable: true });
  });
});

describe('GET /courier_delivery_instructions', () => {
  test('the safe places a customer can pick, with ids, in order', async () => {
    const response = await t.visitor().get(`${API}/courier_delivery_instructions`);
    expect(response.status).toBe(200);
    const list = response.body.data as any[];
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.map((r) => r.attributes.label)).toEqual(
      expect.arrayContaining(['Leave with a neighbour', 'Front porch', 'Leave at the front door']),
    );
    expect(list.find((r) => r.id === 'neighbour')).toEqual({
      id: 'neighbour',
      type: 'courier_delivery_instructions',
      attributes: { label: 'Leave with a neighbour', requires_note: true, position: 3 },
    });
    expect(list.map((r) => r.attributes.position)).toEqual(list.map((_, i) => i + 1));
    expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
  });
});

describe('POST /baskets/{id}/preview_one_off_fee', () => {
  async function basketWith(weeks: string[], visitor: Visitor = t.visitor()) {
    const created = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    for (const week of weeks) {
      const added = await visitor.post(`${API}/baskets/${id}/items`, {
        product_variant_id: variantGid(SIDE),
        quantity: 3,
        meal_week: week,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    return {
      visitor,
      id,
      total: (await visitor.get(`${API}/baskets/${id}`)).body.data.attributes.total as number,
    };
  }

  const makeOneOff = (id: string) =>
    t.database.db
      .update(baskets)
      .set({ oneOffFeeApplicable: true, startSubscription: false })
      .where(eq(baskets.id, id));

  test('a basket that starts a plan pays no one-off fee', async () => {
    const { visitor, id, total } = await basketWith([WEEKS.next]);
    const response = await visitor.post(`${API}/baskets/${id}/preview_one_off_fee`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({
      id,
      type: 'one_off_fee_previews',
      attributes: {
        one_off_fee_applicable: false,
        fee_per_order: 299,
        order_count: 1,
        fee: 0,
        basket_total: total,
        total,
      },
    });
  });

  test('a one-off basket pays £2.99 for each delivery, already in the total it shows (issue 19)', async () => {
    const { visitor, id, total } = await basketWith([WEEKS.next, WEEKS.later]);
    await makeOneOff(id);
    const response = await visitor.post(`${API}/baskets/${id}/preview_one_off_fee`);
    expect(response.body.data.attributes).toEqual({
      one_off_fee_applicable: true,
      fee_per_order: 299,
      order_count: 2,
      fee: 598,
      basket_total: total,
      total: total + 598,
    });
    // The basket shows the same total, with the fee named: no figure appears first at payment.
    const basket = (await visitor.get(`${API}/baskets/${id}`)).body.data.attributes;
    expect(basket).toMatchObject({ one_off_fee: 598, total: total + 598, total_price: total + 598 });
    expect(basket.weeks.map((w: any) => [w.one_off_fee, w.charge - w.price])).toEqual([
      [299, 299],
      [299, 299],
    ]);
  });

  test('the fee is the one_off_fee setting when an operator sets one', async () => {
    const { visitor, id, total } = await basketWith([WEEKS.next]);
    await makeOneOff(id);
    // The shop's rules are cached for a few seconds: each change is read once the cache has run out.
    const afterTheCache = () => vi.setSystemTime(Date.now() + 6_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    await t.database.db.insert(settings).values({ key: 'one_off_fee', value: 350 });
    try {
      afterTheCache();
      const response = await visitor.post(`${API}/baskets/${id}/preview_one_off_fee`);
      expect(response.body.data.attributes).toMatchObject({
        fee_per_order: 350,
        fee: 350,
        basket_total: total,
        total: total + 350,
      });
      // The basket itself charges the same fee: its total is the preview's.
      const basket = await visitor.get(`${API}/baskets/${id}`);
      expect(basket.body.data.attributes).toMatchObject({ one_off_fee: 350, total: total + 350 });
      // A setting that is not an amount in pence is ignored.
      await t.database.db.update(settings).set({ value: '3.50' }).where(eq(settings.key, 'one_off_fee'));
      afterTheCache();
      const fallback = await visitor.post(`${API}/baskets/${id}/preview_one_off_fee`);
      expect(fallback.body.data.attributes.fee_per_order).toBe(299);
    } finally {
      await t.database.db.delete(settings).where(eq(settings.key, 'one_off_fee'));
      afterTheCache();
      vi.useRealTimers();
    }
  });

  test('an empty one-off basket has no delivery yet, so no fee', async () => {
    const { visitor, id } = await basketWith([]);
    await makeOneOff(id);
    const response = await visitor.post(`${API}/baskets/${id}/preview_one_off_fee`);
    expect(response.body.data.attributes).toMatchObject({
      order_count: 0,
      fee: 0,
      basket_total: 0,
      total: 0,
    });
  });

  test('another visitor\'s basket, or one that does not exist, is 404 "Has error and basket is destroyed"', async () => {
    const { id } = await basketWith([WEEKS.next]);
    for (const [visitor, basketId] of [
      [t.visitor(), id],
      [(await signedInCustomer(t)).visitor, id],
      [t.visitor(), '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expectError(
        await visitor.post(`${API}/baskets/${basketId}/preview_one_off_fee`),
        404,
        'BASKET_NOT_FOUND',
        'Has error and basket is destroyed',
      );
    }
  });

  test('an id that is not one is 400; without the branch header it is refused', async () => {
    expectError(await t.visitor().post(`${API}/baskets/nope/preview_one_off_fee`), 400, 'VALIDATION_FAILED');
    const { visitor, id } = await basketWith([WEEKS.next]);
    expectError(
      await visitor.request('POST', `${API}/baskets/${id}/preview_one_off_fee`, { body: {}, branch: false }),
      400,
      'BRANCH_HEADER_MISSING',
    );
  });
});
