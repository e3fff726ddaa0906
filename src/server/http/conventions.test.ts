import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API, expectError } from '../test/api-expect';
import { createTestApp, PRODUCTION, type TestApp } from '../test/harness';
import { registeredRoutes } from '../test/routes';

// What holds across the whole HTTP surface: health and readiness, JSON 404s, request ids, security headers,
// the OpenAPI document generated from the contracts (snake_case, like the wire), and the visitor cookie.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  test('/healthz and /readyz answer 200 with security headers and a request id', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      // Outside production /readyz also names the process and the clock's offset (docs/decisions/0019).
      expect(response.json()).toEqual(
        url === '/healthz'
          ? { status: 'ok' }
          : { status: 'ok', process: { pid: process.pid, worker: null }, clock_offset_ms: 0 },
      );
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-request-id': expect.stringMatching(/^[\w-]{8,64}$/),
      });
    }
  });

  test('once the database is gone, /readyz is 503 and API calls are a 503 with Retry-After that names only the request id', async () => {
    const doomed = await createTestApp();
    // Close the database once only: closing a PostgreSQL pool twice throws, and close() does it again.
    const closeDatabase = doomed.database.close.bind(doomed.database);
    let closing: Promise<void> | undefined;
    doomed.database.close = () => (closing ??= closeDatabase());
    try {
      expect((await doomed.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await doomed.database.close();

      const ready = await doomed.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
      expect((await doomed.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      // Decision 26: not the request's fault, and the same request may work in a few seconds.
      const failed = await doomed.visitor().get(`${API}/marketing_banners`);
      const [error] = expectError(failed, 503, 'DATABASE_UNAVAILABLE');
      expect(error!.detail).toBe('The shop is briefly unavailable. Please try again in a few seconds.');
      expect(Object.keys(error!).sort()).toEqual(['code', 'detail', 'status']);
      expect(failed.headers['retry-after']).toBe('5');
    } finally {
      await doomed.close();
    }
  });
});

describe('unknown routes and request ids', () => {
  test('an unknown /api/v2 route is a JSON 404 ROUTE_NOT_FOUND', async () => {
    const visitor = t.visitor();
    expectError(await visitor.get(`${API}/nope`), 404, 'ROUTE_NOT_FOUND', 'There is no GET /api/v2/nope');
    expectError(
      await visitor.get(`${API}/ordres?page=2`),
      404,
      'ROUTE_NOT_FOUND',
      'There is no GET /api/v2/ordres',
    );
    expectError(await visitor.post(`${API}/baskets/x/y/z`, {}), 404, 'ROUTE_NOT_FOUND');
    // A method a path does not take is not found either.
    expectError(
      await visitor.request('PATCH', `${API}/settings`, { body: {} }),
      404,
      'ROUTE_NOT_FOUND',
      'There is no PATCH /api/v2/settings',
    );
    // Outside the API too: never an HTML page for a missing API, media or storefront path.
    expectError(await visitor.get('/api/v1/baskets'), 404, 'ROUTE_NOT_FOUND');
    expectError(await visitor.get('/media/nope.svg'), 404, 'ROUTE_NOT_FOUND');
    expectError(await visitor.get('/storefront/graphql'), 404, 'ROUTE_NOT_FOUND');
  });

  test('a well-formed X-Request-Id is kept; anything else is replaced', async () => {
    const kept = await t.visitor().get(`${API}/nope`, { 'x-request-id': 'client-request-0001' });
    expect(kept.headers['x-request-id']).toBe('client-request-0001');
    expect(kept.body.meta.request_id).toBe('client-request-0001');

    for (const given of ['short', 'has spaces in it', 'x'.repeat(65), '<script>alert(1)</script>']) {
      const replaced = await t.visitor().get(`${API}/nope`, { 'x-request-id': given });
      expect(replaced.headers['x-request-id']).not.toBe(given);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(replaced.body.meta.request_id).toBe(replaced.headers['x-request-id']);
    }
    const ok = await t.visitor().get(`${API}/settings`, { 'x-request-id': 'settings-call-42' });
    expect(ok.headers['x-request-id']).toBe('settings-call-42');
  });
});

describe('GET /api/docs/json', () => {
  let doc: any;
  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
  });

  test('is an OpenAPI 3 document listing every /api/v2 route, and nothing else', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: 'Sfoglia API', version: '2' });
    const documented = Object.entries<Record<string, unknown>>(doc.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const expected = [
      'GET /api/v2/settings',
      'GET /api/v2/delivery_fee_config',
      'GET /api/v2/bundles',
      'GET /api/v2/marketing_banners',
      'GET /api/v2/baskets',
      'POST /api/v2/baskets',
      'GET /api/v2/baskets/{id}',
      'PUT /api/v2/baskets/{id}',
      'DELETE /api/v2/baskets/{id}',
      'POST /api/v2/baskets/{id}/items',
      'PUT /api/v2/baskets/{id}/items/{itemId}',
      'DELETE /api/v2/baskets/{id}/items/{itemId}',
      'DELETE /api/v2/baskets/{id}/items/many',
      'DELETE /api/v2/baskets/delete_by_type/{type}',
      'GET /api/v2/baskets/{id}/validate',
      // Accounts (issue 3)
      'POST /api/v2/customers',
      'GET /api/v2/me',
      'PUT /api/v2/me',
      'PUT /api/v2/customers/date_of_birth',
      'PUT /api/v2/customers/password',
      'PUT /api/v2/customers/phone',
      'PUT /api/v2/customers/paperless',
      'POST /api/v2/customers/password_reset',
      'POST /api/v2/customers/password_reset/confirm',
      'POST /api/v2/customers/account_setup',
      'POST /api/v2/customers/fingerprint',
      'POST /api/v2/sessions',
      'DELETE /api/v2/sessions',
      'POST /api/v2/sessions/token',
      'POST /api/v2/sessions/link',
      'POST /api/v2/sessions/guest_token',
      'POST /api/v2/sessions/google',
      'POST /api/v2/sessions/facebook',
      'POST /api/v2/sessions/apple',
      'GET /api/v2/addresses',
      'POST /api/v2/addresses',
      'PUT /api/v2/addresses/{id}',
      'DELETE /api/v2/addresses/{id}',
      'POST /api/v2/addresses/{id}/default',
      'GET /api/v2/store_credit_transactions',
      // Vouchers and store credit (issue 4)
      'POST /api/v2/baskets/{id}/vouchers',
      'GET /api/v2/baskets/{id}/vouchers',
      'DELETE /api/v2/baskets/{id}/vouchers/{voucherId}',
      'GET /api/v2/vouchers/{id}',
      'POST /api/v2/customers/credit_voucher',
      'POST /api/v2/customers/email_confirmation',
      'POST /api/v2/customers/email_confirmation/resend',
      // Delivery (issue 4)
      'POST /api/v2/delivery_dates',
      'POST /api/v2/constraints',
      'GET /api/v2/courier_delivery_instructions',
      'POST /api/v2/baskets/{id}/preview_one_off_fee',
      'GET /api/v2/address_lookup',
      'GET /api/v2/address_lookup/postcodes/{postcode}',
      // Checkout, orders and payments (issue 4)
      'POST /api/v2/preview_order',
      'POST /api/v2/orders/recipe_kits',
      'POST /api/v2/orders/gift_boxes',
      'POST /api/v2/orders/gift_boxes/preview',
      'GET /api/v2/orders',
      'GET /api/v2/orders/{id}',
      'GET /api/v2/orders/{id}/payment',
      'GET /api/v2/tracking/{token}',
      'GET /api/v2/tracking/{token}/driver_location',
      'PUT /api/v2/orders/{id}',
      'POST /api/v2/orders/confirm',
      'POST /api/v2/payments',
      'GET /api/v2/payment_details/{id}',
      'GET /api/v2/payment_methods',
      'POST /api/v2/payment_methods',
      'POST /api/v2/payment_methods/setup',
      'DELETE /api/v2/payment_methods/{id}',
      'POST /api/v2/payment_methods/{id}/default',
      'POST /api/v2/subscriptions/change_payment_method',
      // The Pasta Plan (issue 12)
      'GET /api/v2/subscriptions',
      'GET /api/v2/subscriptions/{id}',
      'PUT /api/v2/subscriptions/{id}',
      'PUT /api/v2/subscriptions/{id}/schedule',
      'POST /api/v2/subscriptions/{id}/pause',
      'POST /api/v2/subscriptions/{id}/schedule/preview',
      'POST /api/v2/subscriptions/{id}/activate',
      'POST /api/v2/subscriptions/{id}/cancel',
      'GET /api/v2/subscriptions/{id}/history',
      'GET /api/v2/subscriptions/{id}/ingredient_preferences',
      'POST /api/v2/subscriptions/{id}/ingredient_preferences',
      'GET /api/v2/ingredients',
      'GET /api/v2/schedule_weeks',
      'GET /api/v2/schedule_weeks/{id}',
      'PUT /api/v2/schedule_weeks/{id}',
      'POST /api/v2/schedule_weeks/{id}/skip',
      'POST /api/v2/schedule_weeks/{id}/unskip',
      'POST /api/v2/schedule_weeks/{id}/chef_selections',
      'POST /api/v2/orders',
      'POST /api/v2/orders/{id}/delivery_date',
      'PUT /api/v2/orders/{id}/shipping_address/{addressId}',
      'POST /api/v2/orders/{id}/voucher',
      'POST /api/v2/orders/{id}/remove_voucher',
      'POST /api/v2/orders/{id}/chef_selections',
      'POST /api/v2/orders/{id}/send_invoice',
      'GET /api/v2/marketing_offers',
      // Experiments (issue 23 part 6): the visitor's variants, the customer's recorded one
      'GET /api/v2/experiments',
      'GET /api/v2/reward_blocks',
      'GET /api/v2/referrals/{token}',
      'POST /api/v2/referrals/{token}',
      'POST /api/v2/customer_google_experiments',
      // Restaurants, takeaway and the kitchen (issue 13)
      'GET /api/v2/customers/allergens',
      'PUT /api/v2/customers/allergens',
      'GET /api/v2/restaurants/nearest',
      'GET /api/v2/restaurants/all',
      'GET /api/v2/restaurants/{id}',
      'GET /api/v2/restaurants/{id}/time_slots',
      'GET /api/v2/restaurants/{id}/time_slot_dates',
      'GET /api/v2/restaurants/{id}/eat_in_available',
      'GET /api/v2/restaurants/{id}/menu',
      'GET /api/v2/restaurants/{id}/snoozed_products',
      'POST /api/v2/baskets/{id}/takeaway_items',
      'PUT /api/v2/baskets/{id}/takeaway_items/{itemId}',
      'DELETE /api/v2/baskets/{id}/takeaway_items/{itemId}',
      'POST /api/v2/delivery_estimation',
      'POST /api/v2/orders/takeaway',
      'GET /api/v2/orders/live',
      'GET /api/v2/orders/{id}/tracking',
      'GET /api/v2/orders/{id}/driver_location',
      'GET /api/v2/kitchen/restaurants',
      'GET /api/v2/kitchen/restaurants/{id}/tickets',
      'GET /api/v2/kitchen/restaurants/{id}/tickets/events',
      'GET /api/v2/kitchen/tickets/{id}',
      'POST /api/v2/kitchen/tickets/{id}/acknowledge_allergens',
      'POST /api/v2/kitchen/tickets/{id}/accept',
      'POST /api/v2/kitchen/tickets/{id}/ready',
      'POST /api/v2/kitchen/tickets/{id}/out_for_delivery',
      'POST /api/v2/kitchen/tickets/{id}/delivered',
      'POST /api/v2/kitchen/tickets/{id}/collected',
      'POST /api/v2/kitchen/tickets/{id}/reject',
      'POST /api/v2/kitchen/restaurants/{id}/snoozes',
      'DELETE /api/v2/kitchen/restaurants/{id}/snoozes/{productId}',
      'PUT /api/v2/kitchen/restaurants/{id}/busy',
      // Dine-in (issue 21): tables, guests, tips, tabs, splits and the floor
      'GET /api/v2/restaurants/{id}/tables',
      'GET /api/v2/sessions/guest_token',
      'POST /api/v2/orders/guest',
      'POST /api/v2/baskets/{id}/tip_preview',
      'POST /api/v2/orders/{id}/tip_preview',
      'GET /api/v2/orders/open_tab',
      'POST /api/v2/orders/open_tab',
      'POST /api/v2/orders/open_tab/join',
      'POST /api/v2/orders/open_tab/limit',
      'POST /api/v2/orders/open_tab/split',
      'DELETE /api/v2/orders/open_tab/split',
      'POST /api/v2/orders/open_tab/parts/{partId}',
      'POST /api/v2/orders/open_tab/checkout',
      'GET /api/v2/orders/open_tab/qr',
      'GET /api/v2/kitchen/restaurants/{id}/floor',
      'POST /api/v2/kitchen/restaurants/{id}/tabs/{tabId}/close',
      'POST /api/v2/kitchen/restaurants/{id}/tabs/{tabId}/move',
      'GET /api/v2/kitchen/restaurants/{id}/tables/qr',
      // Events (issue 22): what is on, booking seats, a booking after paying, its guests and the host's view
      'GET /api/v2/event_templates',
      'GET /api/v2/event_templates/{id}',
      'GET /api/v2/event_locations',
      'GET /api/v2/event_slot_filter_options',
      'GET /api/v2/event_slots',
      'GET /api/v2/event_slots/{id}',
      'GET /api/v2/event_upgrades',
      'GET /api/v2/event_guest_preferences',
      'POST /api/v2/orders/events/preview',
      'POST /api/v2/orders/events',
      'GET /api/v2/event_bookings',
      'GET /api/v2/event_bookings/{id}',
      'GET /api/v2/event_bookings/{id}/calendar.ics',
      'POST /api/v2/event_bookings/{id}/quote',
      'POST /api/v2/event_bookings/{id}/changes',
      'GET /api/v2/event_guests',
      'POST /api/v2/event_guests',
      'DELETE /api/v2/event_guests/{id}',
      'GET /api/v2/kitchen/restaurants/{id}/event_slots',
      'GET /api/v2/kitchen/event_slots/{id}',
      // Support (issue 23 part 5): questions, the customer's own and replies, the team's inbox, the beta group
      'POST /api/v2/support_tickets',
      'GET /api/v2/support_tickets',
      'GET /api/v2/support_tickets/order_choices',
      'GET /api/v2/support_tickets/{id}',
      'POST /api/v2/support_tickets/{id}/messages',
      'PUT /api/v2/customers/beta',
      'GET /api/v2/support/tickets',
      'GET /api/v2/support/tickets/{id}',
      'POST /api/v2/support/tickets/{id}/answer',
      'POST /api/v2/support/tickets/{id}/close',
      // Ratings and feedback (issue 23 parts 1–2): an order's, a dish's, the week's summaries, the NPS answer
      'POST /api/v2/ratings',
      'PUT /api/v2/ratings/{id}',
      'GET /api/v2/ratings/order/{orderId}',
      'POST /api/v2/product_ratings',
      'GET /api/v2/weekly_menus/{id}/review_summary',
      'POST /api/v2/orders/{id}/feedback',
      'GET /api/v2/kitchen/restaurants/{id}/ratings',
      // The back office's catalogue (issue 25 part 2): dishes, pictures, weekly menus
      'GET /api/v2/back_office/dishes',
      'POST /api/v2/back_office/dishes',
      'GET /api/v2/back_office/dishes/{id}',
      'PUT /api/v2/back_office/dishes/{id}',
      'POST /api/v2/back_office/dishes/{id}/picture',
      'GET /api/v2/back_office/menu_weeks',
      'PUT /api/v2/back_office/menu_weeks/{weekStart}/dishes/{dishId}',
      'DELETE /api/v2/back_office/menu_weeks/{weekStart}/dishes/{dishId}',
      'POST /api/v2/back_office/menu_weeks/{weekStart}/publish',
      'GET /api/v2/back_office/restaurants/{restaurantId}/takeaway_items',
      'PUT /api/v2/back_office/restaurants/{restaurantId}/takeaway_items/{itemId}',
      'DELETE /api/v2/back_office/invitations/{id}',
      'DELETE /api/v2/back_office/staff/{id}',
      'GET /api/v2/back_office/audit',
      'GET /api/v2/back_office/customers',
      'GET /api/v2/back_office/customers/{id}',
      'GET /api/v2/back_office/invitations',
      'GET /api/v2/back_office/me',
      'GET /api/v2/back_office/orders',
      'GET /api/v2/back_office/orders/{id}',
      'GET /api/v2/back_office/production',
      'GET /api/v2/back_office/production.csv',
      'GET /api/v2/back_office/production/days',
      'GET /api/v2/back_office/staff',
      'GET /api/v2/back_office/banners',
      'POST /api/v2/back_office/banners',
      'PUT /api/v2/back_office/banners/{id}',
      'GET /api/v2/back_office/restaurants',
      'PUT /api/v2/back_office/restaurants/{restaurantId}',
      // The back office's events (issue 25 part 3): a date's seats and prices.
      'GET /api/v2/back_office/event_templates',
      'GET /api/v2/back_office/event_slots',
      'POST /api/v2/back_office/event_slots',
      'PATCH /api/v2/back_office/event_slots/{id}',
      'GET /api/v2/back_office/settings',
      'PUT /api/v2/back_office/settings',
      'GET /api/v2/back_office/vouchers',
      'GET /api/v2/back_office/vouchers/{id}',
      'POST /api/v2/back_office/vouchers',
      'POST /api/v2/back_office/vouchers/{id}/deactivate',
      'PUT /api/v2/back_office/vouchers/{id}',
      'POST /api/v2/back_office/customers/{id}/credit',
      'POST /api/v2/back_office/customers/{id}/plan_actions',
      'POST /api/v2/back_office/invitations',
      'POST /api/v2/back_office/invitations/accept',
      'POST /api/v2/back_office/orders/{id}/refunds',
      'PUT /api/v2/back_office/staff/{id}',
    ].sort();
    expect(documented).toEqual(expected);
    // The document and the router agree: no undocumented API route.
    expect(registeredRoutes(t.app, API)).toEqual(expected);
    // Health, media and the storefront are not part of the documented API.
    expect(Object.keys(doc.paths).every((path) => path.startsWith(`${API}/`))).toBe(true);
  });

  test('every property name in every schema is snake_case, as on the wire', () => {
    const names: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value && typeof value === 'object') names.push(...Object.keys(value));
        if (key === 'required' && Array.isArray(value))
          names.push(...value.filter((v) => typeof v === 'string'));
        walk(value);
      }
    };
    walk(doc.paths);
    walk(doc.components);
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name) => !/^[a-z][a-z0-9_]*$/.test(name))).toEqual([]);

    const queryNames = Object.values<any>(doc.paths)
      .flatMap((operations) => Object.values<any>(operations))
      .flatMap((operation) => operation.parameters ?? [])
      .filter((parameter: any) => parameter.in === 'query')
      .map((parameter: any) => parameter.name);
    expect(queryNames.sort()).toEqual(
      [
        'validate_fully',
        'query',
        'limit',
        'filter[delivery_date]',
        'filter[exclude_states]',
        'filter[subscription_id]',
        'filter[type]',
        'page',
        'per_page',
        // The Pasta Plan (issue 12): the schedule's filters, and the one-tap link of skip and unskip.
        'filter[period]',
        'filter[subscription_id]',
        'token',
        'token',
        // Restaurants and the kitchen (issue 13)
        'lat',
        'lon',
        'fulfillment_type',
        'fulfillment_type',
        'fulfillment_type',
        'fulfillment_type',
        'fulfillment_type',
        'catering',
        'catering',
        'catering',
        'catering',
        'date',
        'since',
        'wait',
        // Dine-in (issue 21): a table's eat-in availability, a tab's id (the tab, its split, its QR code)
        'table',
        'tab_id',
        'tab_id',
        'tab_id',
        // Events (issue 22): the slots' filters, a template's add-ons, the dietary form's link, the host's start
        'filter[location]',
        'filter[theme]',
        'filter[template]',
        'filter[month]',
        'filter[seats]',
        'filter[template]',
        'order_id',
        'key',
        'from',
        // Support (issue 23 part 5): the team's inbox by state
        'filter[state]',
        // Ratings (issue 23 part 1): the rating page's order, by the email link's key
        'key',
        // The back office's dishes (issue 25 part 2): by title, hidden or not
        'search',
        'hidden',
        // The audit log (issue 25 part 1): a page before an entry, of one subject
        'before',
        'subject_type',
        'subject_id',
        // The production plan (issue 25 part 5): its day, as JSON and as CSV
        'date',
        'date',
        // Orders and customers (issue 25 part 4): by number, email, postcode or day; customers by a search
        'number',
        'email',
        'postcode',
        'date',
        'page',
        'per_page',
        'q',
        'postcode',
        'search',
        // The back office's events (issue 25 part 3): the coming dates from a day
        'from',
      ].sort(),
    );
  });

  test('the add-item body and the basket response show the wire names', () => {
    const addItem = doc.paths[`${API}/baskets/{id}/items`].post;
    const body = addItem.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual([
      'meal_week',
      'product_variant_id',
      'quantity',
      'sub_items',
    ]);
    expect(body.required.sort()).toEqual(['meal_week', 'product_variant_id', 'quantity']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 99 });

    // Either kind of basket (decision 23): the recipe-kit basket's document, then the takeaway basket's.
    const [basket, takeaway] =
      doc.paths[`${API}/baskets/{id}`].get.responses['200'].content['application/json'].schema.anyOf;
    expect(takeaway.properties.data.properties.attributes.properties).toHaveProperty('time_slot');
    const attributes = basket.properties.data.properties.attributes.properties;
    for (const name of [
      'total_line_items_price',
      'shipping_price',
      'total_price',
      'item_count',
      'delivery_date',
      'weeks',
    ]) {
      expect(attributes, name).toHaveProperty(name);
    }
    expect(attributes.weeks.items.properties).toHaveProperty('free_delivery_remainder');
    expect(basket.properties.meta.properties).toHaveProperty('minimum_spend_per_order');

    // Errors are documented with the error document's shape.
    const error = addItem.responses['4XX'].content['application/json'].schema;
    expect(error.properties.errors.items.required).toEqual(
      expect.arrayContaining(['status', 'code', 'detail']),
    );
    expect(error.properties.meta.properties).toHaveProperty('request_id');
  });
});

describe('the visitor cookie', () => {
  test('is HttpOnly, SameSite=Lax, for the whole site, for a year', async () => {
    const created = await t.visitor().post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(created.status).toBe(201);
    const cookie = String(created.headers['set-cookie']);
    expect(cookie).toMatch(/^sfoglia_vid=[\w-]{20,}; /);
    const parts = cookie.split('; ').slice(1);
    expect(parts.sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax']);
  });

  test('in production it is __Host-sfoglia_vid and Secure, and only that name is honoured', async () => {
    const production = await createTestApp(PRODUCTION);
    try {
      const visitor = production.visitor();
      const created = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
      expect(created.status).toBe(201);
      const cookie = String(created.headers['set-cookie']);
      const [nameValue, ...attributes] = cookie.split('; ');
      expect(nameValue).toMatch(/^__Host-sfoglia_vid=[\w-]{20,}$/);
      expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'Secure']);
      expect(cookie).not.toMatch(/Domain=/i);

      // The browser sends it back and gets its basket.
      const id = created.body.data.id;
      expect((await visitor.get(`${API}/baskets/${id}`)).status).toBe(200);
      // The development cookie name carries no weight in production.
      const token = nameValue!.split('=')[1];
      const wrongName = await production.app.inject({
        method: 'GET',
        url: `${API}/baskets/${id}`,
        headers: { cookie: `sfoglia_vid=${token}` },
      });
      expect(wrongName.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('HTTPS only, in production (issue 8, item 12)', () => {
  test('every answer there carries Strict-Transport-Security for a year, subdomains included', async () => {
    const production = await createTestApp(PRODUCTION);
    try {
      const answers = [
        await production.app.inject({ method: 'GET', url: '/healthz' }),
        await production.visitor().get(`${API}/settings`),
        await production.visitor().get(`${API}/nope`),
        await production.visitor().request('POST', `${API}/baskets`, { body: {}, branch: false }),
        // A URL the router refuses before any route runs.
        await production.app.inject({ method: 'GET', url: `${API}/baskets/%E0%A4%A` }),
      ];
      for (const answer of answers) {
        const status = 'statusCode' in answer ? answer.statusCode : answer.status;
        expect(answer.headers['strict-transport-security'], String(status)).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
      // In production /readyz names no process and no clock (docs/decisions/0019).
      expect((await production.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'ok',
      });
    } finally {
      await production.close();
    }
  });

  test('in development and tests there is none (http://localhost must keep working)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('an empty body labelled JSON (issue 8, item 12)', () => {
  test('on a DELETE that takes no body (sign-out, as some clients send it) is no body: accepted', async () => {
    const visitor = t.visitor();
    const created = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(created.status).toBe(201);
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const signOut = await visitor.request('DELETE', `${API}/sessions`, {
        raw: '',
        headers: { 'content-type': contentType },
      });
      expect(signOut.status, JSON.stringify(signOut.body)).toBe(204);
    }
    const deleted = await visitor.request('DELETE', `${API}/baskets/${created.body.data.id}`, { raw: '' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
  });

  test('on a route that takes a body it is still refused, and malformed JSON is refused everywhere', async () => {
    const visitor = t.visitor();
    expectError(
      await visitor.request('POST', `${API}/baskets`, { raw: '' }),
      400,
      'INVALID_JSON',
      'The request body is empty but says it is JSON',
    );
    expectError(
      await visitor.request('DELETE', `${API}/sessions`, { raw: '{"a":' }),
      400,
      'INVALID_JSON',
      'The request body is not valid JSON',
    );
    // Prototype poisoning is still refused by the JSON parser.
    expectError(
      await visitor.request('POST', `${API}/baskets`, {
        raw: '{"type":"RecipeKitBasket","__proto__":{"x":1}}',
      }),
      400,
      'INVALID_JSON',
    );
  });
});
