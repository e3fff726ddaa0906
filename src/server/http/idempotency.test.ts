import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { API, expectError, variantGid } from '../test/api-expect';
import { basketOf, CARDS, DISH, orderBody, place, saveCard, shopper } from '../test/checkout';
import { processorCharges } from '../test/billing';
import { databaseState } from '../test/database-state';
import { booker, eventSlotAt, formKeyOf, paidBooking } from '../test/event-bookings';
import { createTestApp, type TestApp, type Visitor } from '../test/harness';
import { askedQuestion, QUESTION, supportTeamMember } from '../test/support';
import { signedInStaff } from '../test/staff';
import { uniqueEmail } from '../test/accounts';
import { deliveredBox } from '../test/ratings';
import { planCustomer, weeksOf, type PlanCustomer } from '../test/plans';
import { LUNCH, MENU, takeawayShopper } from '../test/takeaway';
import { TEST_NOW, WEEKS } from '../test/test-clock';

// Issue 19, item 27: when recording the answer against an Idempotency-Key failed after the change was saved
// (a full disk), the first add answered 500, a retry 409, and a retry 30 s later added the dish again. The
// change and its key's record now commit together or not at all. The fault is a trigger that makes writing
// the key's answer fail as a full disk does (SQLSTATE 53100), on every route that takes a key.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(
    sql.raw(`create or replace function idempotency_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`),
  );
});
afterEach(() => healed());
afterAll(() => t.close());

/** From now on, writing a key's answer (or a claim, with `claims`) fails. */
async function diskFull({ claims = false } = {}) {
  await t.database.db.execute(
    sql.raw(
      `create trigger idempotency_disk_full before insert or update on idempotency_keys for each row
       ${claims ? '' : "when (new.state = 'done')"} execute function idempotency_disk_full()`,
    ),
  );
}
async function healed() {
  await t.database.db.execute(sql.raw('drop trigger if exists idempotency_disk_full on idempotency_keys'));
}

interface Call {
  visitor: Visitor;
  url: string;
  body?: unknown;
  /** POST unless said. */
  method?: 'PUT' | 'DELETE';
}

let plan: PlanCustomer;
const planWeek = async (start: string) =>
  (await weeksOf(plan)).find((week) => week.attributes.start_date === start)!.id;

/** A request each route that takes a key answers with a change (a 2xx), made ready on a fresh database. */
const CHANGES: Record<string, () => Promise<Call>> = {
  'POST /api/v2/baskets/:id/items': async () => {
    const s = await shopper(t);
    const id = await basketOf(s.visitor, []);
    const body = { product_variant_id: variantGid(DISH.mushroom), quantity: 1, meal_week: WEEKS.next };
    return { visitor: s.visitor, url: `${API}/baskets/${id}/items`, body };
  },
  'POST /api/v2/baskets/:id/takeaway_items': async () => {
    const s = await takeawayShopper(t, {}, []);
    const body = { product_id: MENU.focaccia, quantity: 1, sub_items: [] };
    return { visitor: s.visitor, url: `${API}/baskets/${s.basketId}/takeaway_items`, body };
  },
  'POST /api/v2/orders/recipe_kits': async () => {
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]]);
    return { visitor: s.visitor, url: `${API}/orders/recipe_kits`, body: orderBody(s, basketId) };
  },
  'POST /api/v2/orders/gift_boxes': async () => {
    const s = await shopper(t);
    const address = await s.visitor.post(`${API}/addresses`, {
      first_name: 'Nonna',
      last_name: 'Rossi',
      address1: '4 Marine Parade',
      city: 'Brighton',
      zip: 'BN2 1TL',
    });
    const body = {
      product_variant_id: variantGid(50),
      quantity: 1,
      shipping_address_id: address.body.data.id,
      delivery_date: '2026-11-26',
      recipient: { name: 'Nonna Rossi', email: 'nonna.rossi@example.com', message: 'Buon compleanno!' },
    };
    return { visitor: s.visitor, url: `${API}/orders/gift_boxes`, body };
  },
  'POST /api/v2/orders/:id/send_invoice': async () => ({
    visitor: plan.visitor,
    url: `${API}/orders/${plan.firstOrderId}/send_invoice`,
  }),
  'POST /api/v2/subscriptions/:id/pause': async () => ({
    visitor: plan.visitor,
    url: `${API}/subscriptions/${plan.subscriptionId}/pause`,
  }),
  'POST /api/v2/subscriptions/:id/activate': async () => ({
    visitor: plan.visitor,
    url: `${API}/subscriptions/${plan.subscriptionId}/activate`,
  }),
  'POST /api/v2/schedule_weeks/:id/skip': async () => ({
    visitor: plan.visitor,
    url: `${API}/schedule_weeks/${await planWeek(WEEKS.later)}/skip`,
  }),
  'POST /api/v2/schedule_weeks/:id/unskip': async () => ({
    visitor: plan.visitor,
    url: `${API}/schedule_weeks/${await planWeek(WEEKS.later)}/unskip`,
  }),
  'POST /api/v2/orders': async () => {
    const basketId = await basketOf(plan.visitor, [[DISH.pumpkin, 1, WEEKS.later]]);
    const body = { basket_id: basketId, schedule_week_id: await planWeek(WEEKS.later) };
    return { visitor: plan.visitor, url: `${API}/orders`, body };
  },
  'POST /api/v2/subscriptions/:id/cancel': async () => ({
    visitor: plan.visitor,
    url: `${API}/subscriptions/${plan.subscriptionId}/cancel`,
    body: { reason: 'going_away' },
  }),
  // Events (issue 22): booking seats, a guest's dietary answer, a guest taken off (refunded to the card).
  'POST /api/v2/orders/events': async () => {
    const s = await shopper(t);
    return {
      visitor: s.visitor,
      url: `${API}/orders/events`,
      body: { slot_id: await eventSlotAt(t, '2026-12-10T19:00:00Z'), adults: 2 },
    };
  },
  'POST /api/v2/event_guests': async () => {
    const b = await booker(t);
    const orderId = await paidBooking(t, b, await eventSlotAt(t, '2026-12-10T19:00:00Z'), { adults: 2 });
    const key = await formKeyOf(t, orderId);
    // A guest's browser is new (its visitor row made with its first write): the booker answers here.
    return {
      visitor: b.visitor,
      url: `${API}/event_guests`,
      body: { order_id: orderId, key, name: 'Bea', allergens: ['gluten'], diets: [] },
    };
  },
  'POST /api/v2/event_bookings/:id/changes': async () => {
    const b = await booker(t);
    const orderId = await paidBooking(t, b, await eventSlotAt(t, '2026-12-10T19:00:00Z'), { adults: 2 });
    return {
      visitor: b.visitor,
      url: `${API}/event_bookings/${orderId}/changes`,
      body: { kind: 'guests', adults: 1 },
    };
  },
  // Support (issue 23 part 5): a question, a customer's reply, the team's answer and closing.
  'POST /api/v2/support_tickets': async () => ({
    visitor: (await shopper(t)).visitor,
    url: `${API}/support_tickets`,
    body: QUESTION,
  }),
  'POST /api/v2/support_tickets/:id/messages': async () => {
    const { visitor, id } = await askedQuestion(t);
    return {
      visitor,
      url: `${API}/support_tickets/${id}/messages`,
      body: { message: 'And one more thing.' },
    };
  },
  'POST /api/v2/support/tickets/:id/answer': async () => ({
    visitor: await supportTeamMember(t),
    url: `${API}/support/tickets/${(await askedQuestion(t)).id}/answer`,
    body: { message: 'Here is our answer to that.' },
  }),
  'POST /api/v2/support/tickets/:id/close': async () => ({
    visitor: await supportTeamMember(t),
    url: `${API}/support/tickets/${(await askedQuestion(t)).id}/close`,
  }),
  // Ratings and feedback (issue 23 parts 1–2): a delivered box rated, one of its dishes, the NPS answer.
  'POST /api/v2/ratings': async () => {
    const box = await deliveredBox(t);
    return { visitor: box.visitor, url: `${API}/ratings`, body: { order_id: box.firstOrderId, rating: 5 } };
  },
  'POST /api/v2/product_ratings': async () => {
    const box = await deliveredBox(t);
    return {
      visitor: box.visitor,
      url: `${API}/product_ratings`,
      body: { line_item_id: box.lineItemId, rating: 4 },
    };
  },
  'POST /api/v2/orders/:id/feedback': async () => {
    const box = await deliveredBox(t);
    return {
      visitor: box.visitor,
      url: `${API}/orders/${box.firstOrderId}/feedback`,
      body: { nps_rating: 9 },
    };
  },
  // The back office (issue 25): staff, the catalogue and menus, orders and customers.
  'POST /api/v2/back_office/invitations': async () => ({
    visitor: (await signedInStaff(t, 'owner')).visitor,
    url: `${API}/back_office/invitations`,
    body: { email: uniqueEmail('invited'), role: 'support' },
  }),
  'PUT /api/v2/back_office/staff/:id': async () => ({
    visitor: (await signedInStaff(t, 'owner')).visitor,
    url: `${API}/back_office/staff/${(await signedInStaff(t, 'support')).customerId}`,
    body: { roles: ['support', 'manager'], kitchen_restaurants: [] },
    method: 'PUT',
  }),
  'POST /api/v2/back_office/dishes': async () => ({
    visitor: (await signedInStaff(t, 'manager')).visitor,
    url: `${API}/back_office/dishes`,
    body: newDish(),
  }),
  'PUT /api/v2/back_office/dishes/:id': async () => {
    const { visitor, id } = await backOfficeDish();
    return {
      visitor,
      url: `${API}/back_office/dishes/${id}`,
      body: newDish({ title: 'Renamed' }),
      method: 'PUT',
    };
  },
  'PUT /api/v2/back_office/menu_weeks/:weekStart/dishes/:dishId': async () => {
    const { visitor, id } = await backOfficeDish();
    return { visitor, url: `${API}/back_office/menu_weeks/2026-12-28/dishes/${id}`, method: 'PUT' };
  },
  'DELETE /api/v2/back_office/menu_weeks/:weekStart/dishes/:dishId': async () => {
    const { visitor, id } = await backOfficeDish();
    const url = `${API}/back_office/menu_weeks/2026-12-28/dishes/${id}`;
    expect((await visitor.put(url)).status).toBe(200);
    return { visitor, url, method: 'DELETE' };
  },
  'POST /api/v2/back_office/menu_weeks/:weekStart/publish': async () => {
    const { visitor, id } = await backOfficeDish();
    expect((await visitor.put(`${API}/back_office/menu_weeks/2026-12-21/dishes/${id}`)).status).toBe(200);
    return { visitor, url: `${API}/back_office/menu_weeks/2026-12-21/publish` };
  },
  'PUT /api/v2/back_office/restaurants/:restaurantId/takeaway_items/:itemId': async () => {
    const { visitor } = await signedInStaff(t, 'manager');
    const items = await visitor.get(`${API}/back_office/restaurants/soho/takeaway_items`);
    const item = items.body.data.at(-1);
    return {
      visitor,
      url: `${API}/back_office/restaurants/soho/takeaway_items/${item.id}`,
      body: { sold_out: true },
      method: 'PUT',
    };
  },
  'POST /api/v2/back_office/orders/:id/refunds': async () => {
    const customer = await planCustomer(t);
    return {
      visitor: (await signedInStaff(t, 'support')).visitor,
      url: `${API}/back_office/orders/${customer.firstOrderId}/refunds`,
      body: { amount: 100, to: 'card', reason: 'A retry' },
    };
  },
  'POST /api/v2/back_office/customers/:id/credit': async () => ({
    visitor: (await signedInStaff(t, 'support')).visitor,
    url: `${API}/back_office/customers/${(await shopper(t)).customerId}/credit`,
    body: { amount: 500, reason: 'Goodwill' },
  }),
  'POST /api/v2/back_office/customers/:id/plan_actions': async () => {
    const customer = await planCustomer(t);
    return {
      visitor: (await signedInStaff(t, 'support')).visitor,
      url: `${API}/back_office/customers/${customer.customerId}/plan_actions`,
      body: { action: 'pause', subscription_id: customer.subscriptionId, weeks: 2 },
    };
  },
};

let dishes = 0;
/** A back-office dish's fields, with a SKU of its own. */
const newDish = (overrides: Record<string, unknown> = {}) => ({
  title: 'Pumpkin Cappellacci',
  description: 'Pumpkin, amaretti and sage butter.',
  product_type: 'Pasta Kit',
  tags: ['vegetarian'],
  allergens: [101, 104, 106],
  contains_no_allergens: false,
  hidden: false,
  variants: [{ title: 'Regular', sku: `IDEM-${++dishes}-${Date.now()}`, price_pence: 1299, stock: 40 }],
  ...overrides,
});

/** A dish a manager made in the back office, and the manager. */
async function backOfficeDish(): Promise<{ visitor: Visitor; id: string }> {
  const { visitor } = await signedInStaff(t, 'manager');
  const made = await visitor.post(`${API}/back_office/dishes`, newDish());
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { visitor, id: made.body.data.id as string };
}

/** A placed recipe-kit order and the call that pays it with a saved Visa. */
async function paymentCall() {
  const s = await shopper(t);
  const card = await saveCard(t, s, CARDS.visa);
  const { orderId, response } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
  const call = {
    visitor: s.visitor,
    url: `${API}/payments`,
    body: { order_id: orderId, payment_method_id: card },
  };
  return { call, orderId, response };
}

const send = (call: Call, key: string) =>
  call.visitor.request(call.method ?? 'POST', call.url, {
    body: call.body ?? {},
    headers: { 'idempotency-key': key },
  });

describe('a route whose work is in the database: the change and its key’s answer in one transaction', () => {
  test('the add the issue saw: the answer cannot be written, nothing is kept; the retry adds one line', async () => {
    const call = await CHANGES['POST /api/v2/baskets/:id/items']!();
    const before = await databaseState(t);
    await diskFull();
    expectError(await send(call, 'add-once-0001'), 503, 'DATABASE_UNAVAILABLE');
    expect(await databaseState(t)).toEqual(before);

    await healed();
    const retry = await send(call, 'add-once-0001');
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const later = await send(call, 'add-once-0001');
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toEqual(retry.body);
    const basket = await call.visitor.get(call.url.replace(/\/items$/, ''));
    expect(
      basket.body.included.map((line: { attributes: { quantity: number } }) => line.attributes.quantity),
    ).toEqual([1]);
  });

  test('the claim cannot be written: nothing is done, and the retry does it once', async () => {
    const call = await CHANGES['POST /api/v2/baskets/:id/items']!();
    const before = await databaseState(t);
    await diskFull({ claims: true });
    expectError(await send(call, 'add-once-0002'), 503, 'DATABASE_UNAVAILABLE');
    expect(await databaseState(t)).toEqual(before);
    await healed();
    const retry = await send(call, 'add-once-0002');
    expect(retry.status).toBe(201);
    expect(retry.body.included).toHaveLength(1);
    expect(retry.body.included[0].attributes.quantity).toBe(1);
  });

  test('every such route: a failed answer keeps nothing; the retry does the work once and is replayed after', async () => {
    plan = await planCustomer(t);
    const routes = [...t.app.idempotentRoutes]
      .filter(([, mode]) => mode === 'transaction')
      .map(([route]) => route);
    // Every route the app marks so has a change here (and nothing here is not such a route).
    expect(routes.sort()).toEqual(Object.keys(CHANGES).sort());
    for (const [route, ready] of Object.entries(CHANGES)) {
      t.clock.set(TEST_NOW);
      const call = await ready();
      const key = `every-route-${route.replace(/\W+/g, '-')}`;
      const before = await databaseState(t);
      await diskFull();
      const failed = await send(call, key);
      expect(failed.status, `${route}: ${JSON.stringify(failed.body)}`).toBe(503);
      expect(await databaseState(t), route).toEqual(before);
      await healed();

      const retry = await send(call, key);
      expect(retry.status, `${route}: ${JSON.stringify(retry.body)}`).toBeLessThan(300);
      const done = await databaseState(t);
      expect(done, `${route} changed something`).not.toEqual(before);
      const replay = await send(call, key);
      expect(replay.headers['idempotent-replayed'], route).toBe('true');
      expect([replay.status, replay.body], route).toEqual([retry.status, retry.body]);
      // The replay did nothing more.
      expect(await databaseState(t), route).toEqual(done);
    }
  }, 180_000);
});

describe('a route that calls the payment processor between its transactions', () => {
  test('every such route is one of these', () => {
    const routes = [...t.app.idempotentRoutes]
      .filter(([, mode]) => mode === 'phased')
      .map(([route]) => route);
    // POST /orders/guest (dine-in, decision 28) pays nothing in the call: the same basket is the same order.
    expect(routes.sort()).toEqual(['POST /api/v2/orders/takeaway', 'POST /api/v2/payments']);
  });

  test('POST /payments: the answer cannot be written, the customer still gets the true one; a retry charges nothing more', async () => {
    const { call, orderId, response } = await paymentCall();
    await diskFull();
    const first = await send(call, `pay-${orderId}`);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.attributes.status).toBe('succeeded');
    await healed();
    const retry = await send(call, `pay-${orderId}`);
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await processorCharges(t, response.body.meta.checkout.checkout_id)).toBe(1);
  });

  test('POST /orders/takeaway paying in the same call: the same, one order and one charge', async () => {
    t.clock.set(LUNCH);
    const s = await takeawayShopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const body = { payment: { payment_method_id: card } };
    await diskFull();
    const first = await s.visitor.request('POST', `${API}/orders/takeaway`, {
      body: { basket_id: s.basketId, ...body },
      headers: { 'idempotency-key': 'takeaway-0001' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.meta.payment.attributes.status).toBe('succeeded');
    await healed();
    const retry = await s.visitor.request('POST', `${API}/orders/takeaway`, {
      body: { basket_id: s.basketId, ...body },
      headers: { 'idempotency-key': 'takeaway-0001' },
    });
    expect(retry.status, JSON.stringify(retry.body)).toBeLessThan(500);
    const live = await s.visitor.get(`${API}/orders/live`);
    expect(live.body.data).toHaveLength(1);
    expect(await processorCharges(t, first.body.meta.checkout.checkout_id)).toBe(1);
  });
});

describe('after a database outage', () => {
  // The fault: the database is lost (SQLSTATE 57P01, as when PostgreSQL shuts down) while the payment is
  // being written, and still when the request would free its key.
  async function databaseLost() {
    await t.database.db.execute(
      sql.raw(`create or replace function idempotency_database_lost() returns trigger language plpgsql as $$
        begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger idempotency_database_lost_payments before insert on payments for each row
        execute function idempotency_database_lost()`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger idempotency_database_lost_keys before delete on idempotency_keys for each row
        execute function idempotency_database_lost()`),
    );
  }
  async function databaseBack() {
    await t.database.db.execute(
      sql.raw('drop trigger if exists idempotency_database_lost_payments on payments'),
    );
    await t.database.db.execute(
      sql.raw('drop trigger if exists idempotency_database_lost_keys on idempotency_keys'),
    );
  }
  afterEach(() => databaseBack());

  test('POST /payments that failed with the database: a retry once it is back pays at once (not 409 for 30 s), once', async () => {
    const { call, orderId, response } = await paymentCall();
    await databaseLost();
    const first = await send(call, `pay-${orderId}`);
    expect(first.status, JSON.stringify(first.body)).toBeGreaterThanOrEqual(500);
    expect(await processorCharges(t, response.body.meta.checkout.checkout_id)).toBe(0);
    await databaseBack();
    const retry = await send(call, `pay-${orderId}`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.data.attributes.status).toBe('succeeded');
    const again = await send(call, `pay-${orderId}`);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(retry.body.data.id);
    expect(await processorCharges(t, response.body.meta.checkout.checkout_id)).toBe(1);
  });
});
