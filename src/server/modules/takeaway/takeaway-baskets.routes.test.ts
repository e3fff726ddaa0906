import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { clearRateLimits, signedInCustomer } from '../../test/accounts';
import { API, expectError, variantGid } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { TEST_NOW, WEEKS } from '../../test/test-clock';

// The takeaway basket through the basket calls (spec §3 Basket type TakeawayBasket; §4 validity; §7 the
// basket update and the "second basket" create) and its lines with modifiers. LUNCH is Wednesday 18
// November 2026, 12:30 London, when Soho (11:30–22:00, 20 minutes' prep) is open.

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

const LUNCH = new Date('2026-11-18T12:30:00Z');
export const DOWNING_STREET = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '10 Downing Street',
  city: 'London',
  zip: 'sw1a2aa',
  country: 'United Kingdom',
  phone: '07911 123456',
  lat: 51.503541,
  lon: -0.12767,
};
const RAGU = 2001;
const FOCACCIA = 2020;
const TIRAMISU = 2030;
const ESPRESSO = 2053;
const LASAGNE_TRAY = 2100;
const GRANDE = 3002;
const BURRATA = 3011;
const NO_CHEESE = 3030;

/** The spec's "second basket" create: delivery today, ASAP, from Soho, to Downing Street. */
async function takeawayBasket(visitor: Visitor, extra: Record<string, unknown> = {}) {
  const made = await visitor.post(`${API}/baskets`, {
    type: 'TakeawayBasket',
    fulfillment_type: 'delivery',
    delivery_date: '2026-11-18',
    time_slot: { asap: true },
    restaurant_id: 'soho',
    address: DOWNING_STREET,
    ...extra,
  });
  expect([200, 201], JSON.stringify(made.body)).toContain(made.status);
  return made;
}

const add = (visitor: Visitor, id: string, body: Record<string, unknown>) =>
  visitor.post(`${API}/baskets/${id}/takeaway_items`, body);

describe('making a takeaway basket', () => {
  test('the second basket create: its choices, an ASAP estimate, and why it cannot be ordered yet', async () => {
    const visitor = t.visitor();
    const made = await takeawayBasket(visitor);
    expect(made.status).toBe(201);
    expect(made.body.data.type).toBe('baskets');
    expect(made.body.data.attributes).toMatchObject({
      type: 'TakeawayBasket',
      start_subscription: false,
      restaurant_id: 'soho',
      restaurant: {
        id: 'soho',
        name: 'Sfoglia Soho',
        site: 'Soho',
        phone: '+442079460101',
        postcode: 'W1D 3GN',
      },
      fulfillment_type: 'delivery',
      delivery_date: '2026-11-18',
      asap: true,
      time_slot: {
        asap: true,
        start_time: '2026-11-18T13:05:00.000Z',
        end_time: '2026-11-18T13:20:00.000Z',
        label: 'ASAP (35 - 50 mins)',
      },
      time_slot_end_time: '2026-11-18T13:20:00.000Z',
      address: {
        address1: '10 Downing Street',
        zip: 'SW1A 2AA',
        country_code: 'GB',
        phone: '+447911123456',
        lat: 51.503541,
      },
      is_catering_order: false,
      is_open_tab: false,
      item_count: 0,
      subtotal_price: 0,
      shipping_price: 0,
      minimum_spend: 1500,
      valid: false,
    });
    expect(made.body.data.attributes.problems.map((p: any) => p.code)).toEqual(['BASKET_EMPTY']);
    expect(made.body.meta).toEqual({
      minimum_spend: 1500,
      minimum_spend_per_order: 1500,
      request_card: false,
    });
    // One takeaway basket per browser: asking again gives it back.
    const again = await takeawayBasket(visitor, { fulfillment_type: 'pickup' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(made.body.data.id);
    expect(again.body.data.attributes.fulfillment_type).toBe('pickup');
  });

  test('the basket update: a slot, another restaurant, and the refusals', async () => {
    const visitor = t.visitor();
    const id = (await takeawayBasket(visitor)).body.data.id;
    const put = (body: Record<string, unknown>) => visitor.put(`${API}/baskets/${id}`, body);
    const slot = await put({ time_slot: { asap: false, start_time: '2026-11-18T18:15:00.000Z' } });
    expect(slot.status, JSON.stringify(slot.body)).toBe(200);
    expect(slot.body.data.attributes).toMatchObject({
      asap: false,
      delivery_date: '2026-11-18',
      time_slot: { asap: false, start_time: '2026-11-18T18:15:00.000Z', label: '18:15 – 18:30' },
    });
    const moved = await put({ restaurant_id: 'borough', delivery_note: 'Ring the bell' });
    expect(moved.body.data.attributes).toMatchObject({
      restaurant_id: 'borough',
      delivery_note: 'Ring the bell',
    });
    // Another day is not ASAP: the customer chooses a time.
    const friday = await put({ delivery_date: '2026-11-20' });
    expect(friday.body.data.attributes).toMatchObject({
      delivery_date: '2026-11-20',
      asap: false,
      time_slot: null,
    });

    expectError(await put({ restaurant_id: 'atlantis' }), 404, 'RESTAURANT_NOT_FOUND');
    expectError(
      await put({ restaurant_id: 'oxford', fulfillment_type: 'eat_in' }),
      400,
      'VALIDATION_FAILED',
      /doesn’t do eating in/,
    );
    expectError(
      await put({ time_slot: { asap: false, start_time: '2026-11-18T12:10:00.000Z' } }),
      400,
      'SLOT_UNAVAILABLE',
    );
    expectError(
      await put({ time_slot: { asap: false } }),
      400,
      'VALIDATION_FAILED',
      'Choose a time, or ASAP',
    );
    expectError(
      await put({ delivery_date: '2026-12-25' }),
      400,
      'VALIDATION_FAILED',
      /Choose a date from today/,
    );
    expectError(await put({ address: { ...DOWNING_STREET, zip: '12345' } }), 400, 'POSTCODE_INVALID');
    const errors = expectError(
      await put({ frequency: 2 }),
      400,
      'VALIDATION_FAILED',
      'frequency is not a field of a takeaway basket',
    );
    expect(errors[0]!.source).toEqual({ pointer: '/frequency' });
    expectError(
      await put({ is_catering_order: true, time_slot: { asap: true } }),
      400,
      'VALIDATION_FAILED',
      'Catering is ordered ahead: choose a time',
    );
    // A recipe-kit basket takes none of these.
    const recipe = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expectError(
      await visitor.put(`${API}/baskets/${recipe.body.data.id}`, { restaurant_id: 'soho' }),
      400,
      'VALIDATION_FAILED',
      'restaurant_id is not a field of a recipe-kit basket',
    );
    expectError(
      await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket', time_slot: { asap: true } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('a table’s basket (decision 28)', () => {
  test('a table that is one of the restaurant’s, a tab only where it runs tabs, and neither once away from the table', async () => {
    const visitor = t.visitor();
    const made = await takeawayBasket(visitor, {
      fulfillment_type: 'eat_in',
      address: null,
      table_number: '12',
    });
    const id = made.body.data.id as string;
    expect(made.body.data.attributes).toMatchObject({ table_number: '12', is_open_tab: false });
    expectError(
      await visitor.put(`${API}/baskets/${id}`, { table_number: '99' }),
      400,
      'TABLE_NOT_FOUND',
      'Sfoglia Soho has no table 99. Your table number is on the card on your table.',
    );
    const tab = await visitor.put(`${API}/baskets/${id}`, { is_open_tab: true });
    expect(tab.body.data.attributes).toMatchObject({ table_number: '12', is_open_tab: true });
    // Cambridge serves by name and runs no tabs: moving there drops the table's number and the tab.
    const moved = await visitor.put(`${API}/baskets/${id}`, { restaurant_id: 'cambridge' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({ table_number: null, is_open_tab: false });
    const refused = await visitor.put(`${API}/baskets/${id}`, { is_open_tab: true });
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(refused.body)).toContain('doesn’t run tabs for this order: pay when you order');
    const back = await visitor.put(`${API}/baskets/${id}`, { restaurant_id: 'soho', table_number: '12' });
    await visitor.put(`${API}/baskets/${id}`, { is_open_tab: true });
    const away = await visitor.put(`${API}/baskets/${id}`, { fulfillment_type: 'pickup' });
    expect(back.status).toBe(200);
    expect(away.body.data.attributes).toMatchObject({ table_number: null, is_open_tab: false });
  });
});

describe('takeaway lines with modifiers', () => {
  test('a dish with its size, extras and a removal is priced into the line; the same choices add to it', async () => {
    const visitor = t.visitor();
    const id = (await takeawayBasket(visitor)).body.data.id;
    const grande = await add(visitor, id, {
      product_id: RAGU,
      quantity: 1,
      sub_items: [{ product_id: BURRATA }, { product_id: GRANDE }, { product_id: NO_CHEESE }],
      note: ' Extra napkins ',
    });
    expect(grande.status, JSON.stringify(grande.body)).toBe(201);
    expect(grande.body.included).toHaveLength(1);
    const line = grande.body.included[0];
    expect(line.type).toBe('takeaway_basket_items');
    expect(line.attributes).toMatchObject({
      product_id: String(RAGU),
      title: 'Tagliatelle al Ragù',
      variant_title: 'Grande',
      quantity: 1,
      base_price: 1250,
      price: 1250 + 400 + 350,
      total: 2000,
      note: 'Extra napkins',
      applied_modifiers: ['Grande (bigger portion)', 'Burrata', 'No cheese'],
      available: true,
    });
    expect(line.attributes.sub_items).toEqual([
      { product_id: '3002', title: 'Grande (bigger portion)', group: 'size', price: 400, label: 'Grande' },
      { product_id: '3011', title: 'Burrata', group: 'extra', price: 350, label: null },
      { product_id: '3030', title: 'No cheese', group: 'removal', price: 0, label: null },
    ]);
    // The same choices in another order, the same note: the same line.
    const again = await add(visitor, id, {
      product_id: RAGU,
      quantity: 2,
      sub_items: [{ product_id: NO_CHEESE }, { product_id: GRANDE }, { product_id: BURRATA }],
      note: 'Extra napkins',
    });
    expect(again.body.included.map((i: any) => i.attributes.quantity)).toEqual([3]);
    // No size chosen: the default, Single, on its own line.
    const single = await add(visitor, id, { product_id: RAGU, quantity: 1 });
    expect(single.body.included.map((i: any) => [i.attributes.variant_title, i.attributes.price])).toEqual([
      ['Grande', 2000],
      ['Single', 1250],
    ]);
    expect(single.body.data.attributes).toMatchObject({
      item_count: 4,
      subtotal_price: 7250,
      // Free delivery from £40.
      shipping_price: 0,
      total: 7250,
      valid: true,
      problems: [],
    });
    expect(single.body.data.relationships.items.data).toHaveLength(2);
  });

  test('what cannot be added: an unknown option, two sizes, a snoozed dish, one not for delivery, a platter', async () => {
    const visitor = t.visitor();
    const id = (await takeawayBasket(visitor)).body.data.id;
    const errors = expectError(
      await add(visitor, id, { product_id: RAGU, quantity: 1, sub_items: [{ product_id: 3003 }] }),
      400,
      'VALIDATION_FAILED',
      'Tagliatelle al Ragù doesn’t come with that option',
    );
    expect(errors[0]!.source).toEqual({ pointer: '/sub_items' });
    expectError(
      await add(visitor, id, {
        product_id: RAGU,
        quantity: 1,
        sub_items: [{ product_id: 3001 }, { product_id: GRANDE }],
      }),
      400,
      'VALIDATION_FAILED',
      'Choose one size of Tagliatelle al Ragù',
    );
    expectError(await add(visitor, id, { product_id: 9999, quantity: 1 }), 404, 'PRODUCT_VARIANT_NOT_FOUND');
    expectError(
      await add(visitor, id, { product_id: GRANDE, quantity: 1 }),
      404,
      'PRODUCT_VARIANT_NOT_FOUND',
    );
    expectError(
      await add(visitor, id, { product_id: ESPRESSO, quantity: 1 }),
      400,
      'PRODUCT_UNAVAILABLE',
      'Espresso isn’t available for delivery',
    );
    expectError(
      await add(visitor, id, { product_id: LASAGNE_TRAY, quantity: 1 }),
      400,
      'PRODUCT_UNAVAILABLE',
      'Lasagne al Forno Tray is on the catering menu: order it for a group',
    );
    const staff = await signedInCustomer(t);
    await t.app.services.takeawayMenu.snooze('soho', TIRAMISU, 'hour', staff.customer.id);
    await t.app.services.takeawayMenu.snooze('soho', BURRATA, 'hour', staff.customer.id);
    try {
      expectError(
        await add(visitor, id, { product_id: TIRAMISU, quantity: 1 }),
        400,
        'PRODUCT_UNAVAILABLE',
        'Sfoglia Soho has run out of Tiramisù for now',
      );
      expectError(
        await add(visitor, id, { product_id: RAGU, quantity: 1, sub_items: [{ product_id: BURRATA }] }),
        400,
        'PRODUCT_UNAVAILABLE',
        'Sfoglia Soho has run out of Burrata for now',
      );
    } finally {
      await t.app.services.takeawayMenu.unsnooze('soho', TIRAMISU);
      await t.app.services.takeawayMenu.unsnooze('soho', BURRATA);
    }
    expectError(
      await add(visitor, id, { product_id: RAGU, quantity: 21 }),
      400,
      'VALIDATION_FAILED',
      'quantity must be at most 20',
    );
    expect((await add(visitor, id, { product_id: RAGU, quantity: 20 })).status).toBe(201);
    expectError(
      await add(visitor, id, { product_id: RAGU, quantity: 1 }),
      400,
      'VALIDATION_FAILED',
      'You can have up to 20 of Tagliatelle al Ragù in one order',
    );
    expect(
      (await visitor.get(`${API}/baskets/${id}`)).body.included.map((i: any) => i.attributes.quantity),
    ).toEqual([20]);
  });

  test('quantities: set, 0 removes, delete; the recipe-kit calls and another visitor’s basket are refused', async () => {
    const visitor = t.visitor();
    const id = (await takeawayBasket(visitor)).body.data.id;
    const added = await add(visitor, id, { product_id: FOCACCIA, quantity: 1 });
    const itemId = added.body.included[0].id;
    const two = await visitor.put(`${API}/baskets/${id}/takeaway_items/${itemId}`, { quantity: 2 });
    expect(two.body.included[0].attributes).toMatchObject({ quantity: 2, total: 900 });
    const gone = await visitor.put(`${API}/baskets/${id}/takeaway_items/${itemId}`, { quantity: 0 });
    expect(gone.body.included).toEqual([]);
    const back = await add(visitor, id, { product_id: FOCACCIA, quantity: 1 });
    const deleted = await visitor.delete(`${API}/baskets/${id}/takeaway_items/${back.body.included[0].id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.included).toEqual([]);
    expectError(
      await visitor.delete(`${API}/baskets/${id}/takeaway_items/${itemId}`),
      404,
      'BASKET_ITEM_NOT_FOUND',
    );

    // A recipe dish cannot go in a takeaway basket, nor a takeaway dish in a recipe-kit one.
    expectError(
      await visitor.post(`${API}/baskets/${id}/items`, {
        product_variant_id: variantGid(1),
        quantity: 1,
        meal_week: WEEKS.next,
      }),
      400,
      'BASKET_INVALID',
    );
    const recipe = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expectError(
      await add(visitor, recipe.body.data.id, { product_id: FOCACCIA, quantity: 1 }),
      400,
      'BASKET_INVALID',
    );
    expectError(
      await visitor.post(`${API}/baskets/${id}/vouchers`, { code: 'OOS-20' }),
      400,
      'VOUCHER_INVALID',
      'Voucher codes can’t be used on takeaway orders',
    );

    const stranger = t.visitor();
    await stranger.post(`${API}/baskets`, { type: 'TakeawayBasket' });
    expectError(await stranger.get(`${API}/baskets/${id}`), 404, 'BASKET_NOT_FOUND');
    expectError(await add(stranger, id, { product_id: FOCACCIA, quantity: 1 }), 404, 'BASKET_NOT_FOUND');
    expectError(
      await stranger.put(`${API}/baskets/${id}`, { restaurant_id: 'borough' }),
      404,
      'BASKET_NOT_FOUND',
    );
    expectError(await stranger.get(`${API}/baskets/${id}/validate`), 404, 'BASKET_NOT_FOUND');
  });
});

describe('validity (spec §4) and the list', () => {
  test('valid with items at the minimum spend; validate names every problem until it can be ordered', async () => {
    const visitor = t.visitor();
    const id = (await takeawayBasket(visitor)).body.data.id;
    const under = await add(visitor, id, { product_id: RAGU, quantity: 1 });
    expect(under.body.data.attributes).toMatchObject({
      subtotal_price: 1250,
      shipping_price: 299,
      total: 1549,
      meets_minimum: false,
      minimum_remainder: 250,
      valid: false,
    });
    const refused = expectError(
      await visitor.get(`${API}/baskets/${id}/validate`),
      400,
      'BASKET_BELOW_MINIMUM',
    );
    expect(refused[0]!.detail).toBe('The minimum order is £15.00. Add £2.50 more to order.');
    expect(refused[0]!.meta).toEqual({ minimum_spend: 1500, remainder: 250 });
    await add(visitor, id, { product_id: FOCACCIA, quantity: 1 });
    const ok = await visitor.get(`${API}/baskets/${id}/validate`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes).toEqual({ valid: true, problems: [] });

    // The kitchen runs out of focaccia: the line stays, unavailable, and the basket says so.
    const staff = await signedInCustomer(t);
    await t.app.services.takeawayMenu.snooze('soho', FOCACCIA, 'tomorrow', staff.customer.id);
    try {
      const basket = await visitor.get(`${API}/baskets/${id}`);
      const focaccia = basket.body.included.find((i: any) => i.attributes.product_id === String(FOCACCIA));
      expect(focaccia.attributes).toMatchObject({
        available: false,
        unavailable_reason: 'Sfoglia Soho has run out of Rosemary Focaccia for now',
      });
      expect(basket.body.data.attributes.valid).toBe(true);
      const problems = expectError(
        await visitor.get(`${API}/baskets/${id}/validate`),
        400,
        'PRODUCT_UNAVAILABLE',
      );
      expect(problems[0]!.meta).toEqual({ item_id: focaccia.id });
    } finally {
      await t.app.services.takeawayMenu.unsnooze('soho', FOCACCIA);
    }
    // Too far for Soho to deliver, and closed: every problem at once.
    t.clock.set(new Date('2026-11-18T23:00:00Z'));
    const far = await visitor.put(`${API}/baskets/${id}`, {
      address: { ...DOWNING_STREET, address1: '1 Old Town', zip: 'SW4 8LQ', lat: 51.458815, lon: -0.133214 },
    });
    expect(far.body.data.attributes.problems.map((p: any) => p.code)).toEqual([
      'OUTSIDE_DELIVERY_AREA',
      'RESTAURANT_CLOSED',
    ]);
    expect(far.body.data.attributes.problems[0].detail).toBe(
      'Sfoglia Soho doesn’t deliver to SW4 8LQ (3.5 miles away). Choose collection or another restaurant.',
    );
  });

  test('GET /baskets lists both kinds; delete_by_type removes the takeaway basket and its lines', async () => {
    const visitor = t.visitor();
    const recipe = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    const id = (await takeawayBasket(visitor)).body.data.id;
    await add(visitor, id, { product_id: RAGU, quantity: 1 });
    const list = await visitor.get(`${API}/baskets`);
    expect(list.body.data.map((b: any) => [b.id, b.attributes.type])).toEqual([
      [recipe.body.data.id, 'RecipeKitBasket'],
      [id, 'TakeawayBasket'],
    ]);
    expect(list.body.included.map((i: any) => i.type)).toEqual(['takeaway_basket_items']);
    expect(list.body.meta.request_card).toBe(true);
    expect((await visitor.delete(`${API}/baskets/delete_by_type/TakeawayBasket`)).status).toBe(204);
    expect((await visitor.get(`${API}/baskets`)).body.data.map((b: any) => b.id)).toEqual([
      recipe.body.data.id,
    ]);
    expectError(await visitor.get(`${API}/baskets/${id}`), 404, 'BASKET_NOT_FOUND');
  });

  test('a signed-in customer’s lines show what conflicts with their allergen profile', async () => {
    const { visitor } = await signedInCustomer(t);
    await visitor.put(`${API}/customers/allergens`, { allergens: [106] });
    const id = (await takeawayBasket(visitor)).body.data.id;
    const added = await add(visitor, id, { product_id: FOCACCIA, quantity: 1 });
    expect(added.body.included[0].attributes.conflicting_allergens).toEqual([]);
    const milk = await add(visitor, id, {
      product_id: RAGU,
      quantity: 1,
      sub_items: [{ product_id: BURRATA }],
    });
    const ragu = milk.body.included.find((i: any) => i.attributes.product_id === String(RAGU));
    expect(ragu.attributes.conflicting_allergens).toEqual([{ code: 106, name: 'Milk' }]);
  });
});

describe('the address’s phone', () => {
  test('is a UK number (spec §5), kept as +44…; anything else is refused naming it', async () => {
    const visitor = t.visitor();
    const id = (await takeawayBasket(visitor)).body.data.id;
    const refused = expectError(
      await visitor.put(`${API}/baskets/${id}`, { address: { ...DOWNING_STREET, phone: '12345' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused[0]!.source).toEqual({ pointer: '/address/phone' });
    const ok = await visitor.put(`${API}/baskets/${id}`, {
      address: { ...DOWNING_STREET, phone: '0044 7911 123456' },
    });
    expect(ok.body.data.attributes.address.phone).toBe('+447911123456');
  });
});
