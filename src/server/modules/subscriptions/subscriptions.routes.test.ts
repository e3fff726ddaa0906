import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { subscriptions } from '../../db/schema/subscriptions';
import { products, productVariants } from '../../db/schema/catalogue';
import { API, expectError } from '../../test/api-expect';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { shopper } from '../../test/checkout';
import { planCustomer, weeksOf, type PlanCustomer } from '../../test/plans';
import { TEST_NOW, WEEKS } from '../../test/test-clock';

// The Pasta Plan's settings through the API (issue 12 parts 1 and 4): the plan, its settings and schedule,
// pause, activate, cancel, ingredient preferences and history. Every call's error paths, and another
// customer's plan (404). The clock is pinned to Wednesday 18 November 2026, 10:00: the first open week is
// 23 – 28 Nov (the plan's first box, paid at checkout); 30 Nov, 7 Dec and 14 Dec have planned boxes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await clearRateLimits(t);
});
afterAll(() => t.close());

const plan = (c: PlanCustomer) => `${API}/subscriptions/${c.subscriptionId}`;
const boxes = async (c: PlanCustomer) =>
  (await weeksOf(c)).filter((week) => week.attributes.order_id && week.attributes.start_date > WEEKS.next);

describe('GET /subscriptions', () => {
  test('the plan with its card, next charge and next delivery; the first box paid, the next three planned', async () => {
    const c = await planCustomer(t);
    const list = await c.visitor.get(`${API}/subscriptions`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const attributes = list.body.data[0].attributes;
    expect(attributes).toMatchObject({
      state: 'active',
      state_label: 'Active',
      delivery_day: 3,
      frequency: 1,
      number_of_recipes: 2,
      has_orders: true,
      payment_method: { id: c.cardId, brand: 'visa', last4: '4242' },
      next_delivery: { delivery_date: '2026-11-25', order_id: c.firstOrderId },
      next_charge: { at: '2026-11-27T12:00:00.000Z', delivery_date: '2026-12-02' },
    });
    expect(attributes.next_charge.amount).toBeGreaterThanOrEqual(1000);
    const weeks = await weeksOf(c);
    expect(weeks.map((week) => week.attributes.start_date)).toEqual([
      WEEKS.next,
      WEEKS.later,
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
    ]);
    expect(weeks.map((week) => week.attributes.label)).toEqual([
      'Arrives Wed 25 Nov',
      'To be charged Fri 27 Nov at 12 noon',
      'To be charged Fri 4 Dec at 12 noon',
      'To be charged Fri 11 Dec at 12 noon',
      'Menu coming soon',
      'Menu coming soon',
    ]);
    // The planned boxes are real orders: upcoming, not payable by hand, each with two dishes.
    const upcoming = await c.visitor.get(`${API}/orders?filter[delivery_date]=upcoming&per_page=3000`);
    const planned = upcoming.body.data.filter((o: any) => o.attributes.source === 'subscription');
    expect(planned).toHaveLength(3);
    for (const order of planned) {
      expect(order.attributes).toMatchObject({ state: 'created', payable: false, editable: true });
      expect(order.attributes.state_label).toMatch(/^Planned for /);
      expect(order.relationships.line_items.data).toHaveLength(2);
    }
  });

  test('signed out is 401; another customer sees no plan and gets 404 for this one', async () => {
    const c = await planCustomer(t);
    expectError(await t.visitor().get(`${API}/subscriptions`), 401, 'UNAUTHENTICATED');
    const other = await shopper(t);
    expect((await other.visitor.get(`${API}/subscriptions`)).body.data).toEqual([]);
    expectError(await other.visitor.get(plan(c)), 404, 'SUBSCRIPTION_NOT_FOUND');
    expectError(await c.visitor.get(`${API}/subscriptions/not-an-id`), 400, 'VALIDATION_FAILED');
    // The orders list filtered by the plan: its own orders for its customer, no such plan for anyone else.
    const byPlan = `${API}/orders?filter[subscription_id]=${c.subscriptionId}`;
    const mine = await c.visitor.get(byPlan);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((o: any) => o.attributes.subscription_id === c.subscriptionId)).toBe(true);
    expectError(await other.visitor.get(byPlan), 404, 'SUBSCRIPTION_NOT_FOUND');
  });
});

describe('PUT /subscriptions/{id}', () => {
  test('more recipes and vegetarian: the chef picks again for every planned box; a receipt and a history line', async () => {
    const c = await planCustomer(t);
    const changed = await c.visitor.put(plan(c), { number_of_recipes: 3, vegetarian: true, name: 'Our box' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      name: 'Our box',
      number_of_recipes: 3,
      vegetarian: true,
      beef: false,
    });
    for (const week of await boxes(c)) {
      expect(week.attributes.lines.reduce((n: number, line: any) => n + line.quantity, 0)).toBe(3);
      const tags = await t.database.db.select().from(orders).where(eq(orders.id, week.attributes.order_id));
      expect(tags).toHaveLength(1);
    }
    const meat = (await boxes(c)).flatMap((week) => week.attributes.lines.map((line: any) => line.title));
    expect(meat.filter((title) => /Beef|Carbonara|Lamb|Sausage|Nduja|Boar|Chicken|Duck/.test(title))).toEqual(
      [],
    );
    const [receipt] = await emailsTo(t, c.email, 'plan_changed');
    expect(receipt!.subject).toBe('Your pasta plan settings have changed');
    expect(receipt!.text).toContain('Recipes per box: 3');
    expect(receipt!.text).toContain('Vegetarian dishes only: on');
    const history = await c.visitor.get(`${plan(c)}/history`);
    expect(history.body.data[0].attributes).toMatchObject({ action: 'settings_changed', by: 'You' });
    expect(history.body.data.at(-1).attributes.action).toBe('started');
  });

  test('a new delivery note and address reach the boxes not yet dispatched; an address we cannot deliver to is refused', async () => {
    const c = await planCustomer(t);
    const address = await c.visitor.post(`${API}/addresses`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address1: '1 Horse Guards Road',
      city: 'London',
      zip: 'SW1A 2HQ',
      phone: '07911 123456',
    });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    const changed = await c.visitor.put(plan(c), {
      delivery_note: 'Ring twice',
      shipping_address_id: address.body.data.id,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const rows = await t.database.db.select().from(orders).where(eq(orders.subscriptionId, c.subscriptionId));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.deliveryNote).toBe('Ring twice');
      expect(row.shippingAddress.address1).toBe('1 Horse Guards Road');
    }
    const far = await c.visitor.post(`${API}/addresses`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address1: '1 Deansgate',
      city: 'Manchester',
      zip: 'M3 1AZ',
      phone: '07911 123456',
    });
    expect(far.status, JSON.stringify(far.body)).toBe(201);
    expectError(
      await c.visitor.put(plan(c), { shipping_address_id: far.body.data.id }),
      400,
      'OUTSIDE_DELIVERY_AREA',
    );
    const other = await shopper(t);
    expectError(
      await c.visitor.put(plan(c), { shipping_address_id: other.addressId }),
      404,
      'ADDRESS_NOT_FOUND',
    );
  });

  test('bad input is 400 and changes nothing; another customer’s plan is 404', async () => {
    const c = await planCustomer(t);
    for (const body of [
      { number_of_recipes: 1 },
      { number_of_recipes: 11 },
      { number_of_cocktails: -1 },
      { vegan: 'yes' },
      { name: '' },
      { unknown: true },
    ]) {
      expectError(await c.visitor.put(plan(c), body), 400, 'VALIDATION_FAILED');
    }
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, c.subscriptionId));
    expect(row).toMatchObject({ numberOfRecipes: 2, numberOfCocktails: 0, name: 'Weekly pasta box' });
    const other = await shopper(t);
    expectError(await other.visitor.put(plan(c), { name: 'Mine' }), 404, 'SUBSCRIPTION_NOT_FOUND');
  });
});

describe('PUT /subscriptions/{id}/schedule', () => {
  test('every 2 weeks on Fridays from the first open week; boxes off the new rhythm are cancelled', async () => {
    const c = await planCustomer(t);
    const before = await boxes(c);
    const changed = await c.visitor.put(`${plan(c)}/schedule`, { delivery_day: 5, frequency: 2 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ delivery_day: 5, frequency: 2 });
    const weeks = await weeksOf(c);
    // The first box (paid at checkout) stays; then every other week from 23 Nov: 7 Dec, 21 Dec.
    expect(weeks.map((week) => [week.attributes.start_date, week.attributes.delivery_date])).toEqual([
      [WEEKS.next, '2026-11-25'],
      ['2026-12-07', '2026-12-11'],
      ['2026-12-21', '2026-12-24'],
    ]);
    const dropped = before.find((week) => week.attributes.start_date === WEEKS.later)!;
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, dropped.attributes.order_id));
    expect(order!.state).toBe('cancelled');
    const [receipt] = await emailsTo(t, c.email, 'plan_changed');
    expect(receipt!.text).toContain('every 2 weeks, on Fridays');
  });

  test('Saturday boxes cost Saturday’s delivery fee; Sunday and a day the courier does not come are refused', async () => {
    const c = await planCustomer(t);
    const saturday = await c.visitor.put(`${plan(c)}/schedule`, { delivery_day: 6 });
    expect(saturday.status, JSON.stringify(saturday.body)).toBe(200);
    for (const week of await boxes(c)) {
      expect(week.attributes.delivery_date).toMatch(/^2026-12-(05|12|19)$/);
      expect(week.attributes.shipping_price).toBe(week.attributes.subtotal >= 5000 ? 0 : 299);
    }
    expectError(await c.visitor.put(`${plan(c)}/schedule`, { delivery_day: 0 }), 400, 'VALIDATION_FAILED');
    // Lewisham (SE13) has the courier on Monday, Wednesday and Friday only.
    const lewisham = await c.visitor.post(`${API}/addresses`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address1: '2 Lewisham High Street',
      city: 'London',
      zip: 'SE13 5LL',
      phone: '07911 123456',
    });
    expect(lewisham.status, JSON.stringify(lewisham.body)).toBe(201);
    expectError(
      await c.visitor.put(plan(c), { shipping_address_id: lewisham.body.data.id }),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
      'Our courier doesn’t deliver to SE13 5LL on Saturdays. Change your delivery day first.',
    );
    expect((await c.visitor.put(`${plan(c)}/schedule`, { delivery_day: 3 })).status).toBe(200);
    expect((await c.visitor.put(plan(c), { shipping_address_id: lewisham.body.data.id })).status).toBe(200);
    expectError(
      await c.visitor.put(`${plan(c)}/schedule`, { delivery_day: 2 }),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
      'Our courier delivers to SE13 5LL on Monday, Wednesday, Friday only',
    );
    expectError(await c.visitor.put(`${plan(c)}/schedule`, { frequency: 5 }), 400, 'VALIDATION_FAILED');
    const other = await shopper(t);
    expectError(
      await other.visitor.put(`${plan(c)}/schedule`, { frequency: 2 }),
      404,
      'SUBSCRIPTION_NOT_FOUND',
    );
  });
});

describe('pause, activate, cancel', () => {
  test('pause skips every planned box and nothing is charged; activate brings them back; receipts for both', async () => {
    const c = await planCustomer(t);
    const paused = await c.visitor.post(`${plan(c)}/pause`);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data.attributes).toMatchObject({ state: 'paused', next_charge: null });
    expect(paused.body.data.attributes.paused_at).toBeTruthy();
    for (const week of await boxes(c)) {
      expect(week.attributes).toMatchObject({ order_state: 'skipped', label: 'Paused' });
    }
    // The box already paid still arrives, and the receipt says so.
    const [pausedMail] = await emailsTo(t, c.email, 'plan_changed');
    expect(pausedMail!.subject).toBe('Your pasta plan is paused');
    expect(pausedMail!.text).toContain('Wednesday 25 November is already charged and still arrives');
    expect((await c.visitor.post(`${plan(c)}/pause`)).status).toBe(200);

    const active = await c.visitor.post(`${plan(c)}/activate`);
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect(active.body.data.attributes).toMatchObject({ state: 'active', paused_at: null });
    expect(active.body.data.attributes.next_charge).toMatchObject({ delivery_date: '2026-12-02' });
    for (const week of await boxes(c)) expect(week.attributes.order_state).toBe('created');
    const mails = await emailsTo(t, c.email, 'plan_changed');
    expect(mails.map((mail) => mail.subject)).toContain('Your pasta plan is active again');
  });

  test('cancel: one call, a reason optional; planned boxes cancelled, the paid one still arrives; the card can go; only the customer restarts it', async () => {
    const c = await planCustomer(t);
    const cancelled = await c.visitor.post(`${plan(c)}/cancel`, { reason: 'going_away' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.attributes).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'going_away',
      next_charge: null,
      next_delivery: { delivery_date: '2026-11-25' },
    });
    const rows = await t.database.db
      .select({ state: orders.state, source: orders.source })
      .from(orders)
      .where(eq(orders.subscriptionId, c.subscriptionId));
    expect(
      rows.filter((row) => row.source === 'subscription').every((row) => row.state === 'cancelled'),
    ).toBe(true);
    expect(rows.find((row) => row.source === 'recipe_kit')!.state).toBe('paid');
    const [mail] = await emailsTo(t, c.email, 'plan_changed');
    expect(mail!.subject).toBe('Your pasta plan is cancelled');
    // Settings no longer change; cancelling again changes nothing.
    expectError(await c.visitor.put(plan(c), { number_of_recipes: 3 }), 409, 'CONFLICT');
    expect((await c.visitor.post(`${plan(c)}/cancel`, {})).status).toBe(200);
    // The card is no longer needed by a live plan: it can be removed.
    const removed = await c.visitor.delete(`${API}/payment_methods/${c.cardId}`);
    expect([200, 204]).toContain(removed.status);
    // Without a card the plan cannot restart; with one it can, and its boxes come back.
    expectError(await c.visitor.post(`${plan(c)}/activate`), 404, 'PAYMENT_METHOD_NOT_FOUND');
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, c.subscriptionId));
    expect(row!.state).toBe('cancelled');
  });

  test('a cancelled plan restarts only when its customer activates it', async () => {
    const c = await planCustomer(t);
    await c.visitor.post(`${plan(c)}/cancel`, { comment: 'Too much pasta' });
    const other = await shopper(t);
    expectError(await other.visitor.post(`${plan(c)}/activate`), 404, 'SUBSCRIPTION_NOT_FOUND');
    const restarted = await c.visitor.post(`${plan(c)}/activate`);
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    expect(restarted.body.data.attributes).toMatchObject({ state: 'active', cancel_reason: null });
    expect((await boxes(c)).filter((week) => week.attributes.order_state === 'created')).toHaveLength(3);
  });

  test('another customer cannot pause, activate or cancel; an unknown reason is 400', async () => {
    const c = await planCustomer(t);
    const other = await shopper(t);
    for (const action of ['pause', 'activate', 'cancel']) {
      expectError(await other.visitor.post(`${plan(c)}/${action}`, {}), 404, 'SUBSCRIPTION_NOT_FOUND');
    }
    expectError(await c.visitor.post(`${plan(c)}/cancel`, { reason: 'bored' }), 400, 'VALIDATION_FAILED');
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, c.subscriptionId)));
    expect(row!.state).toBe('active');
  });
});

describe('ingredient preferences', () => {
  test('GET /ingredients; the chef leaves out what the plan avoids; unknown ingredients are 400', async () => {
    const ingredients = await t.visitor().get(`${API}/ingredients`);
    expect(ingredients.status).toBe(200);
    expect(ingredients.body.data.map((i: any) => i.id)).toContain('mushrooms');
    const c = await planCustomer(t);
    const empty = await c.visitor.get(`${plan(c)}/ingredient_preferences`);
    expect(empty.body.data).toEqual([]);
    const avoid = ['tomato', 'garlic', 'cream', 'chilli'];
    const set = await c.visitor.post(`${plan(c)}/ingredient_preferences`, { ingredient_ids: avoid });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.map((p: any) => p.attributes.ingredient_id).sort()).toEqual([...avoid].sort());
    const variants = (await boxes(c)).flatMap((week) =>
      week.attributes.lines.map((line: any) => line.product_variant_id),
    );
    const rows = await t.database.db
      .select({ id: productVariants.id, tags: products.tags })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId));
    for (const id of variants) {
      const row = rows.find((r) => String(r.id) === id)!;
      expect(row.tags.filter((tag) => avoid.some((a) => tag === `ingredient:${a}`))).toEqual([]);
    }
    expectError(
      await c.visitor.post(`${plan(c)}/ingredient_preferences`, { ingredient_ids: ['unicorn'] }),
      400,
      'VALIDATION_FAILED',
    );
    const other = await shopper(t);
    expectError(await other.visitor.get(`${plan(c)}/ingredient_preferences`), 404, 'SUBSCRIPTION_NOT_FOUND');
    expectError(
      await other.visitor.post(`${plan(c)}/ingredient_preferences`, { ingredient_ids: [] }),
      404,
      'SUBSCRIPTION_NOT_FOUND',
    );
  });
});

describe('history', () => {
  test('every change in words, newest first, with the weeks it affects; another customer’s is 404', async () => {
    const c = await planCustomer(t);
    const [, second] = await weeksOf(c);
    await c.visitor.post(`${API}/schedule_weeks/${second!.id}/skip`);
    await c.visitor.post(`${plan(c)}/pause`);
    const history = await c.visitor.get(`${plan(c)}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: any) => e.attributes.action)).toEqual(['paused', 'skipped', 'started']);
    expect(history.body.data[1].attributes).toMatchObject({
      by: 'You',
      weeks: [WEEKS.later],
      summary: 'Skipped the week of 30 Nov – 5 Dec',
    });
    const other = await shopper(t);
    expectError(await other.visitor.get(`${plan(c)}/history`), 404, 'SUBSCRIPTION_NOT_FOUND');
  });
});
