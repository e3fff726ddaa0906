import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { scheduleWeeks } from '../../db/schema/subscriptions';
import { API, expectError, variantId } from '../../test/api-expect';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { DISH, shopper } from '../../test/checkout';
import { planCustomer, weeksOf, type PlanCustomer } from '../../test/plans';
import { TEST_NOW, WEEKS } from '../../test/test-clock';

// A plan's weeks through the API (spec §7 Schedule; issue 12 part 1): the list from yesterday on, skip and
// unskip (also by the one-tap link of the reminder email), choosing the dishes, the chef's selection and
// the day, each refused after the week's cutoff, and another customer's week (404).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await clearRateLimits(t);
});
afterAll(() => t.close());

const week = (id: string) => `${API}/schedule_weeks/${id}`;
async function secondWeek(c: PlanCustomer) {
  const weeks = await weeksOf(c);
  return weeks.find((w) => w.attributes.start_date === WEEKS.later)!;
}

describe('GET /schedule_weeks', () => {
  test('weeks from yesterday on: a delivered week leaves the list the day after its delivery', async () => {
    const c = await planCustomer(t);
    expect((await weeksOf(c))[0]!.attributes.start_date).toBe(WEEKS.next);
    // Thursday 26 Nov: the box of Wednesday 25 Nov was yesterday, still "future" (spec §4).
    t.clock.set(new Date('2026-11-26T09:00:00Z'));
    expect((await weeksOf(c))[0]!.attributes.delivery_date).toBe('2026-11-25');
    t.clock.set(new Date('2026-11-27T09:00:00Z'));
    expect((await weeksOf(c))[0]!.attributes.delivery_date).toBe('2026-12-02');
    expect((await weeksOf(c, 'all'))[0]!.attributes.delivery_date).toBe('2026-11-25');
  });

  test('one week; another customer’s week is 404; signed out is 401', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    const one = await c.visitor.get(week(w.id));
    expect(one.status).toBe(200);
    expect(one.body.data.attributes).toMatchObject({
      start_date: WEEKS.later,
      billing_date: '2026-11-27',
      cutoff_at: '2026-11-27T12:00:00.000Z',
      editable: true,
      menu_available: true,
      recipes_chosen: false,
      state: 'active',
    });
    const other = await shopper(t);
    expectError(await other.visitor.get(week(w.id)), 404, 'NOT_FOUND');
    expect((await other.visitor.get(`${API}/schedule_weeks`)).body.data).toEqual([]);
    // Naming another customer's plan in a filter is 404 too, for its weeks and its orders.
    const mine = await c.visitor.get(`${API}/schedule_weeks?filter[subscription_id]=${c.subscriptionId}`);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect((await c.visitor.get(`${API}/orders?filter[subscription_id]=${c.subscriptionId}`)).status).toBe(
      200,
    );
    for (const list of ['schedule_weeks', 'orders']) {
      expectError(
        await other.visitor.get(`${API}/${list}?filter[subscription_id]=${c.subscriptionId}`),
        404,
        'SUBSCRIPTION_NOT_FOUND',
      );
    }
    expectError(await t.visitor().get(week(w.id)), 401, 'UNAUTHENTICATED');
  });
});

describe('skip and unskip', () => {
  test('skip: no box, nothing charged, a receipt; twice is fine; unskip brings the box back', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    const skipped = await c.visitor.post(`${week(w.id)}/skip`);
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body.data.attributes).toMatchObject({
      state: 'skipped',
      order_state: 'skipped',
      label: 'Skipped',
    });
    const again = await c.visitor.post(`${week(w.id)}/skip`);
    expect(again.body.data.attributes.state).toBe('skipped');
    const mails = await emailsTo(t, c.email, 'plan_changed');
    expect(mails.filter((mail) => mail.subject.startsWith('Skipped'))).toHaveLength(1);
    expect(mails[0]!.text).toContain('We won’t send a box or charge you for it.');
    // The next charge is now the week after.
    const plan = await c.visitor.get(`${API}/subscriptions/${c.subscriptionId}`);
    expect(plan.body.data.attributes.next_charge.delivery_date).toBe('2026-12-09');

    const back = await c.visitor.post(`${week(w.id)}/unskip`);
    expect(back.status).toBe(200);
    expect(back.body.data.attributes).toMatchObject({ state: 'active', order_state: 'created' });
    const subjects = (await emailsTo(t, c.email, 'plan_changed')).map((mail) => mail.subject);
    expect(subjects).toContain('Your box is back on');
  });

  test('after the cutoff a week cannot be skipped or changed (409), and says when it closed', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    t.clock.set(new Date('2026-11-27T12:00:00Z'));
    expectError(
      await c.visitor.post(`${week(w.id)}/skip`),
      409,
      'WEEK_UNAVAILABLE',
      /closed Friday 27 November at 12 noon/,
    );
    expectError(await c.visitor.post(`${week(w.id)}/chef_selections`), 409, 'WEEK_UNAVAILABLE');
    expectError(await c.visitor.put(week(w.id), { delivery_date: '2026-12-03' }), 409, 'WEEK_UNAVAILABLE');
    t.clock.set(new Date('2026-11-27T11:59:59Z'));
    expect((await c.visitor.post(`${week(w.id)}/skip`)).status).toBe(200);
  });

  test('the one-tap link of the reminder skips its week signed out, and no other week', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    const links = await t.database.db.transaction((tx) => t.app.services.schedule.weekLinks(tx, w.id));
    const token = new URL(links.skip).searchParams.get('token')!;
    expect(links.skip).toContain(`/schedule/${w.id}/edit?action=skip&token=`);
    const stranger = t.visitor();
    const skipped = await stranger.post(`${week(w.id)}/skip?token=${encodeURIComponent(token)}`);
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body.data.attributes.state).toBe('skipped');
    const unskipped = await stranger.post(`${week(w.id)}/unskip?token=${encodeURIComponent(token)}`);
    expect(unskipped.body.data.attributes.state).toBe('active');
    const weeks = await weeksOf(c);
    const third = weeks.find((x) => x.attributes.start_date === '2026-12-07')!;
    expectError(
      await stranger.post(`${week(third.id)}/skip?token=${encodeURIComponent(token)}`),
      400,
      'TOKEN_INVALID',
    );
    expectError(await stranger.post(`${week(w.id)}/skip?token=not-a-real-token`), 400, 'TOKEN_INVALID');
    expectError(await stranger.post(`${week(w.id)}/skip`), 401, 'UNAUTHENTICATED');
    // The link only skips and unskips: choosing dishes still needs signing in.
    expectError(
      await stranger.put(`${week(w.id)}?token=${encodeURIComponent(token)}`, { items: [] }),
      400,
      'VALIDATION_FAILED',
    );
  });

  test('another customer cannot skip, unskip or choose for this week', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    const other = await shopper(t);
    expectError(await other.visitor.post(`${week(w.id)}/skip`), 404, 'NOT_FOUND');
    expectError(await other.visitor.post(`${week(w.id)}/unskip`), 404, 'NOT_FOUND');
    expectError(await other.visitor.post(`${week(w.id)}/chef_selections`), 404, 'NOT_FOUND');
    expectError(
      await other.visitor.put(week(w.id), {
        items: [{ product_variant_id: variantId(DISH.pumpkin), quantity: 2 }],
      }),
      404,
      'NOT_FOUND',
    );
    expect((await c.visitor.get(week(w.id))).body.data.attributes.state).toBe('active');
  });
});

describe('choosing the dishes and the day', () => {
  test('PUT items: the customer’s own dishes, priced; then left to the chef again', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    const chosen = await c.visitor.put(week(w.id), {
      items: [
        { product_variant_id: variantId(DISH.pumpkin), quantity: 2 },
        { product_variant_id: `gid://shopify/ProductVariant/${variantId(DISH.carbonara)}`, quantity: 1 },
      ],
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const attributes = chosen.body.data.attributes;
    expect(attributes.recipes_chosen).toBe(true);
    expect(attributes.lines.map((line: any) => [line.title, line.quantity])).toEqual([
      ['Pumpkin & Sage Ravioli', 2],
      ['Guanciale Carbonara', 1],
    ]);
    expect(attributes.subtotal).toBe(950 * 2 + 900);
    expect(attributes.total).toBe(950 * 2 + 900 + 199);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, attributes.order_id));
    expect(order!.total).toBe(attributes.total);

    const chef = await c.visitor.post(`${week(w.id)}/chef_selections`);
    expect(chef.status).toBe(200);
    expect(chef.body.data.attributes.recipes_chosen).toBe(false);
    expect(chef.body.data.attributes.lines.reduce((n: number, l: any) => n + l.quantity, 0)).toBe(2);
  });

  test('a box under the minimum, a dish not on that week’s menu, and bad quantities are refused', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    expectError(
      await c.visitor.put(week(w.id), {
        items: [{ product_variant_id: variantId(DISH.carbonara), quantity: 1 }],
      }),
      400,
      'WEEK_BELOW_MINIMUM',
      /Add £1\.00 more/,
    );
    // Dish 1 is not on the menu of 30 Nov – 5 Dec (test-clock's WEEKS).
    expectError(
      await c.visitor.put(week(w.id), {
        items: [{ product_variant_id: variantId(DISH.beefShin), quantity: 2 }],
      }),
      404,
      'PRODUCT_VARIANT_NOT_FOUND',
    );
    for (const items of [[], [{ product_variant_id: variantId(DISH.pumpkin), quantity: 0 }], 'all']) {
      expectError(await c.visitor.put(week(w.id), { items }), 400, 'VALIDATION_FAILED');
    }
    const after = await c.visitor.get(week(w.id));
    expect(after.body.data.attributes.recipes_chosen).toBe(false);
  });

  test('choosing dishes for a skipped week brings it back', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    await c.visitor.post(`${week(w.id)}/skip`);
    const chosen = await c.visitor.put(week(w.id), {
      items: [{ product_variant_id: variantId(DISH.pumpkin), quantity: 2 }],
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data.attributes).toMatchObject({ state: 'active', order_state: 'created' });
  });

  test('PUT delivery_date: another day of the week; the box is priced for it; other weeks and Sundays refused', async () => {
    const c = await planCustomer(t);
    const w = await secondWeek(c);
    const moved = await c.visitor.put(week(w.id), { delivery_date: '2026-12-05' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({
      delivery_date: '2026-12-05',
      original_delivery_date: '2026-12-02',
    });
    expect(moved.body.data.attributes.shipping_price).toBe(299);
    const [mail] = await emailsTo(t, c.email, 'plan_changed');
    expect(mail!.subject).toBe('Your box now arrives Saturday 5 December');
    expectError(
      await c.visitor.put(week(w.id), { delivery_date: '2026-12-08' }),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
    expectError(
      await c.visitor.put(week(w.id), { delivery_date: '2026-12-06' }),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
    expectError(await c.visitor.put(week(w.id), { delivery_date: '5/12/2026' }), 400, 'VALIDATION_FAILED');
    const [row] = await t.database.db.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, w.id));
    expect(row!.deliveryDate).toBe('2026-12-05');
  });
});
