import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { takeawayOrders } from '../../db/schema/takeaway';
import { clearRateLimits, emailsTo, signedInCustomer } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { CARDS, saveCard } from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import {
  DOWNING_STREET,
  LUNCH,
  MENU,
  paidTakeaway,
  placeTakeaway,
  takeawayShopper,
} from '../../test/takeaway';

// POST /orders/takeaway and the customer's takeaway orders (issue 13 part 2; spec §7, §8): placing a takeaway
// or catering basket as one order with its slot booked, paying it as every order is paid, and reading it back.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  t.clock.set(LUNCH);
  return clearRateLimits(t);
});
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const pay = (s: { visitor: any }, orderId: string, card: string) =>
  s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });

describe('placing and paying a takeaway', () => {
  test('an ASAP delivery: one order with its lines and modifiers; the same basket again is the same order', async () => {
    const s = await takeawayShopper(t);
    const placed = await placeTakeaway(s, { delivery_note: 'Ring the top bell' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    expect(order.type).toBe('takeaway_orders');
    expect(order.attributes).toMatchObject({
      state: 'created',
      state_label: 'Created',
      source: 'takeaway',
      payable: true,
      fulfillment_type: 'delivery',
      is_catering_order: false,
      restaurant: { id: 'soho', name: 'Sfoglia Soho', phone: '+442079460101' },
      asap: true,
      promised_from: '2026-11-18T13:05:00.000Z',
      promised_to: '2026-11-18T13:20:00.000Z',
      delivery_address: { address1: '10 Downing Street', zip: 'SW1A 2AA', phone: '+447911123456' },
      delivery_note: 'Ring the top bell',
      subtotal: 1650 + 450,
      shipping_price: 299,
      total: 2399,
      paid_at: null,
      refunded: false,
      driver_trackable: false,
    });
    expect(
      order.attributes.line_items.map((l: any) => [
        l.title,
        l.variant_title,
        l.price,
        l.sub_items.map((s: any) => s.title),
      ]),
    ).toEqual([
      ['Tagliatelle al Ragù', 'Grande', 1650, ['Grande (bigger portion)']],
      ['Rosemary Focaccia', '', 450, []],
    ]);
    expect(placed.body.meta).toMatchObject({
      checkout: { state: 'open', total: 2399, amount_to_charge: 2399, request_card: true },
      payment: null,
    });
    // A double click, a retry, a second tab: the same order, one place in the slot.
    const again = await placeTakeaway(s, { delivery_note: 'Ring the top bell' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(order.id);
    const [a, b] = await Promise.all([
      placeTakeaway(s, { delivery_note: 'Ring the top bell' }),
      placeTakeaway(s, { delivery_note: 'Ring the top bell' }),
    ]);
    expect([a.body.data.id, b.body.data.id]).toEqual([order.id, order.id]);
    // The basket changes: the unpaid order is replaced.
    await s.visitor.post(`${API}/baskets/${s.basketId}/takeaway_items`, {
      product_id: MENU.tiramisu,
      quantity: 1,
    });
    const replaced = await placeTakeaway(s, { delivery_note: 'Ring the top bell' });
    expect(replaced.status).toBe(201);
    expect(replaced.body.data.id).not.toBe(order.id);
    expectError(await s.visitor.get(`${API}/orders/${order.id}/tracking`), 404, 'ORDER_NOT_FOUND');
    const mine = await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId));
    expect(mine.map((o) => [o.source, o.type])).toEqual([['takeaway', 'DeliverectOrder']]);
  });

  test('paid with POST /payments: to the kitchen, the basket done with, the customer emailed and tracking', async () => {
    const s = await takeawayShopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const placed = await placeTakeaway(s);
    const orderId = placed.body.data.id;
    const paid = await pay(s, orderId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.attributes).toMatchObject({ status: 'succeeded', amount: 2399 });
    const tracking = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    // Sent to the kitchen, not accepted yet: the words say so (issue 19), with when it must be by.
    expect(tracking.body.data.attributes).toMatchObject({
      state: 'submitted',
      state_label: 'Waiting for the restaurant',
      paid_at: LUNCH.toISOString(),
      accept_by: '2026-11-18T12:35:00.000Z',
      promised_from: '2026-11-18T13:05:00.000Z',
      // Its receipt says what was charged (issue 19), never naming the card on a page a link opens.
      paid: { credit_used: 0, charged: 2399, paid_with: null, method: 'card' },
    });
    const token = tracking.body.data.attributes.tracking_token as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const [checkout] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.customerId, s.customerId));
    expect(checkout).toMatchObject({ kind: 'takeaway', state: 'paid', basketId: null });
    expectError(await s.visitor.get(`${API}/baskets/${s.basketId}`), 404, 'BASKET_NOT_FOUND');
    const [email] = await emailsTo(t, s.email, 'takeaway_confirmation');
    expect(email!.subject).toBe(`Order #${tracking.body.data.attributes.number} sent to Sfoglia Soho`);
    expect(email!.text).toContain(
      'We’ve sent your order to Sfoglia Soho and we’re waiting for them to accept it. If they haven’t by 12:35, we’ll cancel it, refund you in full and tell you where else to order.',
    );
    expect(email!.text).toContain(
      'Once they accept it, it’s due at 10 Downing Street, London, SW1A 2AA between 13:05 and 13:20 today.',
    );
    expect(email!.text).not.toMatch(/is cooking|on its way/);
    expect(email!.text).toContain('1 × Tagliatelle al Ragù, Grande: £16.50');
    expect(email!.text).toContain('Total: £23.99\nCharged to Visa ending 4242: £23.99');
    // The link is the public tracking page's, never the order's id.
    expect(email!.text).toContain(`/takeaway/track/${token}`);
    expect(email!.text).not.toContain(orderId);
    const live = await s.visitor.get(`${API}/orders/live`);
    expect(live.body.data.map((o: any) => [o.id, o.attributes.state])).toEqual([[orderId, 'submitted']]);
    // The general order list shows it with the spec's label.
    const list = await s.visitor.get(`${API}/orders`);
    expect(list.body.data[0].attributes).toMatchObject({
      source: 'takeaway',
      type: 'DeliverectOrder',
      state_label: 'Waiting for the restaurant',
    });
    // Paying again answers with the same payment.
    expect((await pay(s, orderId, card)).body.data.id).toBe(paid.body.data.id);
  });

  test('paid in the same call; an ASAP order paid late is promised from when it was paid', async () => {
    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    const tracking = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(tracking.body.data.attributes.state).toBe('submitted');

    const late = await takeawayShopper(t);
    const placed = await placeTakeaway(late);
    t.clock.set(new Date(LUNCH.getTime() + 10 * 60_000));
    const card = await saveCard(t, late, CARDS.visa);
    await pay(late, placed.body.data.id, card);
    const moved = await late.visitor.get(`${API}/orders/${placed.body.data.id}/tracking`);
    expect(moved.body.data.attributes).toMatchObject({
      promised_from: '2026-11-18T13:15:00.000Z',
      promised_to: '2026-11-18T13:30:00.000Z',
    });
  });

  test('a declined card leaves the order to pay again (402); a declined one-call payment says so too', async () => {
    const s = await takeawayShopper(t);
    const declined = await saveCard(t, s, CARDS.insufficientFunds);
    const refused = expectError(
      await placeTakeaway(s, { payment: { payment_method_id: declined } }),
      402,
      'PAYMENT_DECLINED',
    );
    const orderId = refused[0]!.meta.order_id;
    const tracking = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(tracking.body.data.attributes).toMatchObject({
      state: 'payment_pending',
      state_label: 'Payment failed',
      payable: true,
    });
    const good = await saveCard(t, s, CARDS.visa);
    expect((await pay(s, orderId, good)).status).toBe(201);
  });
});

describe('what cannot be ordered (spec §8: a 400 with the error body)', () => {
  test('below the minimum, a snoozed dish, closed for ASAP: every problem listed', async () => {
    const s = await takeawayShopper(t, {}, [[MENU.cacio, 1]]);
    const below = expectError(await placeTakeaway(s), 400, 'BASKET_BELOW_MINIMUM');
    expect(below[0]!.detail).toBe('The minimum order is £15.00. Add £4.00 more to order.');
    const staff = await signedInCustomer(t);
    await s.visitor.post(`${API}/baskets/${s.basketId}/takeaway_items`, {
      product_id: MENU.tiramisu,
      quantity: 1,
    });
    await t.app.services.takeawayMenu.snooze('soho', MENU.tiramisu, 'hour', staff.customer.id);
    try {
      const snoozed = expectError(await placeTakeaway(s), 400, 'PRODUCT_UNAVAILABLE');
      expect(snoozed[0]!.detail).toBe(
        'Sfoglia Soho has run out of Tiramisù for now. Please remove it to order.',
      );
    } finally {
      await t.app.services.takeawayMenu.unsnooze('soho', MENU.tiramisu);
    }
    t.clock.set(new Date('2026-11-18T22:30:00Z'));
    expectError(await placeTakeaway(s), 400, 'RESTAURANT_CLOSED');
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId))).toEqual([]);
  });

  test('a customer with an allergen profile confirms it; the order keeps what they confirmed', async () => {
    const s = await takeawayShopper(t);
    await s.visitor.put(`${API}/customers/allergens`, { allergens: [106, 101] });
    const refused = expectError(await placeTakeaway(s), 400, 'ALLERGENS_NOT_CONFIRMED');
    expect(refused[0]!.detail).toBe('Please confirm you have checked your order for gluten, milk');
    expect(refused[0]!.meta.allergens).toEqual([
      { code: 101, name: 'Gluten' },
      { code: 106, name: 'Milk' },
    ]);
    expect(refused[0]!.meta.conflicts.map((c: any) => c.title)).toEqual([
      'Tagliatelle al Ragù',
      'Rosemary Focaccia',
    ]);
    const placed = await placeTakeaway(s, { allergens_confirmed: true });
    expect(placed.status).toBe(201);
    expect(placed.body.data.attributes).toMatchObject({
      customer_allergens: [
        { code: 101, name: 'Gluten' },
        { code: 106, name: 'Milk' },
      ],
      allergens_confirmed: true,
    });
  });

  test('sign in first; someone else’s basket is not found; a recipe-kit basket is placed elsewhere', async () => {
    const s = await takeawayShopper(t);
    const visitor = t.visitor();
    expectError(
      await visitor.post(`${API}/orders/takeaway`, { basket_id: s.basketId }),
      401,
      'UNAUTHENTICATED',
    );
    const other = await signedInCustomer(t);
    expectError(
      await other.visitor.post(`${API}/orders/takeaway`, { basket_id: s.basketId }),
      404,
      'BASKET_NOT_FOUND',
    );
    const recipe = await s.visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expectError(
      await placeTakeaway({ visitor: s.visitor, basketId: recipe.body.data.id }),
      400,
      'BASKET_INVALID',
    );
    expectError(
      await s.visitor.post(`${API}/orders/takeaway`, { basket_id: 'nope' }),
      400,
      'VALIDATION_FAILED',
    );
    const placed = await placeTakeaway(s);
    expectError(
      await other.visitor.get(`${API}/orders/${placed.body.data.id}/tracking`),
      404,
      'ORDER_NOT_FOUND',
    );
    expectError(
      await other.visitor.get(`${API}/orders/${placed.body.data.id}/driver_location`),
      404,
      'ORDER_NOT_FOUND',
    );
    expectError(await other.visitor.get(`${API}/orders/${placed.body.data.id}`), 404, 'ORDER_NOT_FOUND');
  });

  test('anything unexpected is a 500 with the spec’s words, and nothing half-done is kept', async () => {
    const s = await takeawayShopper(t);
    await t.database.db.execute(sql`alter table takeaway_order_lines rename to takeaway_order_lines_away`);
    try {
      expectError(await placeTakeaway(s), 500, 'INTERNAL', 'Failed while trying to create order');
    } finally {
      await t.database.db.execute(sql`alter table takeaway_order_lines_away rename to takeaway_order_lines`);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId))).toEqual([]);
    const card = await saveCard(t, s, CARDS.visa);
    await t.database.db.execute(sql`alter table processor_customers rename to processor_customers_away`);
    try {
      expectError(
        await placeTakeaway(s, { payment: { payment_method_id: card } }),
        500,
        'INTERNAL',
        'Failed while trying to pay your order',
      );
    } finally {
      await t.database.db.execute(sql`alter table processor_customers_away rename to processor_customers`);
    }
    // The order was placed; it can be paid.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId));
    expect((await pay(s, order!.id, card)).status).toBe(201);
  });
});

describe('pickup and catering', () => {
  test('a pickup order needs no address: it is collected from the restaurant', async () => {
    const s = await takeawayShopper(t, { fulfillment_type: 'pickup', address: null });
    const placed = await placeTakeaway(s);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.attributes).toMatchObject({
      fulfillment_type: 'pickup',
      delivery_address: null,
      shipping_price: 0,
      promised_from: '2026-11-18T12:50:00.000Z',
      promised_to: '2026-11-18T13:05:00.000Z',
    });
    expectError(
      await s.visitor.get(`${API}/orders/${placed.body.data.id}/driver_location`),
      400,
      'ORDER_INVALID',
    );
  });

  test('catering: platters, the lead time, the catering minimum, its own order kind', async () => {
    // Soho needs 24 hours for catering: from Wednesday 12:30, Thursday's first delivery is 13:15.
    const tomorrow = { asap: false, start_time: '2026-11-19T14:00:00.000Z' };
    const s = await takeawayShopper(t, { is_catering_order: true, time_slot: tomorrow }, [
      [MENU.lasagneTray, 1],
    ]);
    const below = expectError(await placeTakeaway(s), 400, 'BASKET_BELOW_MINIMUM');
    expect(below[0]!.detail).toBe('The minimum order is £150.00. Add £85.00 more to order.');
    await s.visitor.post(`${API}/baskets/${s.basketId}/takeaway_items`, {
      product_id: MENU.lasagneTray,
      quantity: 2,
    });
    const placed = await placeTakeaway(s);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.attributes).toMatchObject({
      source: 'catering',
      is_catering_order: true,
      asap: false,
      promised_from: '2026-11-19T14:00:00.000Z',
      subtotal: 19_500,
    });
    const card = await saveCard(t, s, CARDS.visa);
    expect((await pay(s, placed.body.data.id, card)).status).toBe(201);
    const [checkout] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.customerId, s.customerId));
    expect(checkout!.kind).toBe('catering');
    // A catering slot inside the lead time is refused.
    const soon = await takeawayShopper(t, { is_catering_order: true, time_slot: tomorrow }, [
      [MENU.focacciaSlab, 7],
    ]);
    expectError(
      await soon.visitor.put(`${API}/baskets/${soon.basketId}`, {
        time_slot: { asap: false, start_time: '2026-11-18T18:00:00.000Z' },
      }),
      400,
      'SLOT_UNAVAILABLE',
    );
  });
});

describe('a slot’s capacity', () => {
  test('50 customers racing for a slot with 5 places: 5 orders, 45 refusals, never a sixth', async () => {
    const slot = { asap: false, start_time: '2026-11-18T19:00:00.000Z' };
    await t.database.db.execute(sql`update restaurants set slot_capacity = 5 where id = 'clapham'`);
    try {
      const shoppers = await Promise.all(
        Array.from({ length: 50 }, () =>
          takeawayShopper(
            t,
            { restaurant_id: 'clapham', fulfillment_type: 'pickup', address: null, time_slot: slot },
            [[MENU.ragu, 2]],
          ),
        ),
      );
      const answers = await Promise.all(shoppers.map((s) => placeTakeaway(s)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      for (const refused of answers.filter((a) => a.status !== 201)) {
        expectError(
          refused,
          400,
          'SLOT_UNAVAILABLE',
          '19:00 – 19:15 is fully booked. Please choose another time.',
        );
      }
      const [{ count }] = (await t.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(takeawayOrders)
        .where(
          sql`${takeawayOrders.restaurantId} = 'clapham' and ${takeawayOrders.slotStart} = ${new Date(slot.start_time)}`,
        )) as [{ count: number }];
      expect(count).toBe(5);
      const slots = await t.visitor().get(`${API}/restaurants/clapham/time_slots?fulfillment_type=pickup`);
      const seven = slots.body.data.find((s: any) => s.attributes.start_time === slot.start_time);
      expect(seven.attributes).toMatchObject({ available: false, remaining: 0 });
    } finally {
      await t.database.db.execute(sql`update restaurants set slot_capacity = 6 where id = 'clapham'`);
    }
    // Fifty customers signing in and filling baskets on one embedded database take a while; time is not what
    // this test measures.
  }, 120_000);
});

describe('POST /delivery_estimation', () => {
  const body = {
    restaurant_id: 'soho',
    time_slot: { asap: true },
    address1: DOWNING_STREET.address1,
    city: 'London',
    zip: 'SW1A 2AA',
    country: 'United Kingdom',
    lat: DOWNING_STREET.lat,
    lon: DOWNING_STREET.lon,
    phone: '+447700900000',
    number_of_items: 3,
  };
  const estimate = (extra: Record<string, unknown>) =>
    t.visitor().post(`${API}/delivery_estimation`, { ...body, ...extra });

  test('ASAP: prep + busy + 15 to 30 minutes (spec §9); a slot: its times', async () => {
    const asap = await estimate({});
    expect(asap.status, JSON.stringify(asap.body)).toBe(200);
    expect(asap.body.data).toMatchObject({
      type: 'delivery_estimations',
      attributes: {
        restaurant_id: 'soho',
        asap: true,
        text: '35 - 50 mins',
        min_minutes: 35,
        max_minutes: 50,
        from: '2026-11-18T13:05:00.000Z',
        to: '2026-11-18T13:20:00.000Z',
        distance_miles: 0.5,
      },
    });
    const slot = await estimate({ time_slot: { asap: false, start_time: '2026-11-18T18:15:00.000Z' } });
    expect(slot.body.data.attributes).toMatchObject({ asap: false, text: '18:15 – 18:30' });
  });

  test('asked only with slot, restaurant, zip, lat, lon, country, address1 and city, and a UK postcode', async () => {
    const errors = expectError(
      await t.visitor().post(`${API}/delivery_estimation`, { restaurant_id: 'soho', zip: 'SW1A 2AA' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(errors.map((e) => e.source.pointer)).toEqual([
      '/time_slot',
      '/lat',
      '/lon',
      '/country',
      '/address1',
      '/city',
    ]);
    expect(errors[0]!.detail).toBe('time_slot is needed for an estimate');
    expectError(
      await estimate({ zip: '90210' }),
      400,
      'VALIDATION_FAILED',
      'Enter a full UK postcode, like SW1A 2AA',
    );
    expectError(await estimate({ restaurant_id: 'islington' }), 400, 'OUTSIDE_DELIVERY_AREA');
    expectError(await estimate({ restaurant_id: 'atlantis' }), 404, 'RESTAURANT_NOT_FOUND');
    t.clock.set(new Date('2026-11-18T23:00:00Z'));
    expectError(await estimate({}), 400, 'RESTAURANT_CLOSED');
  });
});
