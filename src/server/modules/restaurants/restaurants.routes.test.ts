import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { milesBetween } from '../../../domain/geo';
import { gazetteer } from '../../integrations/postcodes/gazetteer';
import { clearRateLimits, signedInCustomer } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';

// Restaurants through the API (spec §7 Restaurants; issue 13 part 1) on the demo data: nine sites, the
// takeaway and catering menus. TEST_NOW is Wednesday 18 November 2026, 10:00 London (GMT), before any
// restaurant opens; LUNCH is 12:30 the same day.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const LUNCH = new Date('2026-11-18T12:30:00Z');
/** 10 Downing Street, SW1A 2AA. */
const DOWNING_STREET = { lat: 51.503541, lon: -0.12767 };
const get = (path: string) => t.visitor().get(`${API}${path}`);

describe('GET /restaurants/all and /restaurants/{id}', () => {
  test('at least six sites, each at a postcode of a demo delivery area, with hours, prep, radius, fees and tables', async () => {
    const all = await get('/restaurants/all');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(6);
    for (const { id, type, attributes: r } of all.body.data) {
      expect(type).toBe('restaurants');
      const place = gazetteer().postcode(r.postcode);
      expect(place, `${id} ${r.postcode}`).not.toBeNull();
      expect(place!.outcode.deliveryDays.length, r.postcode).toBeGreaterThan(0);
      expect(
        milesBetween({ lat: r.lat, lon: r.lon }, { lat: place!.latitude, lon: place!.longitude }),
      ).toBeLessThan(0.01);
      expect(r.opening_hours.map((day: any) => day.day)).toEqual([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]);
      expect(r.prep_minutes).toBeGreaterThan(0);
      expect(r.delivery_radius_miles).toBeGreaterThan(0);
      expect(Number.isInteger(r.delivery_fee) && Number.isInteger(r.minimum_spend)).toBe(true);
      expect(typeof r.has_table_numbers).toBe('boolean');
      expect(r.distance_miles).toBeNull();
    }
    const soho = await get('/restaurants/soho');
    expect(soho.body.data.attributes).toMatchObject({
      name: 'Sfoglia Soho',
      site: 'Soho',
      postcode: 'W1D 3GN',
      open_now: false,
      opens_at: '2026-11-18T11:30:00.000Z',
      closes_at: '2026-11-18T22:00:00.000Z',
      eta_text: '35 - 50 mins',
      fulfillment_types: ['delivery', 'pickup', 'eat_in'],
    });
  });

  test('an unknown restaurant is 404; a malformed id is 400', async () => {
    expectError(await get('/restaurants/atlantis'), 404, 'RESTAURANT_NOT_FOUND');
    expectError(await get('/restaurants/Not%20One'), 400, 'VALIDATION_FAILED');
    expectError(await get('/restaurants/atlantis/menu'), 404, 'RESTAURANT_NOT_FOUND');
    expectError(await get('/restaurants/atlantis/time_slots'), 404, 'RESTAURANT_NOT_FOUND');
  });
});

describe('GET /restaurants/nearest', () => {
  const nearest = (query: string) => get(`/restaurants/nearest?${query}`);

  test('delivery to Downing Street: those whose radius reaches it, nearest first, in miles', async () => {
    const found = await nearest(
      `lat=${DOWNING_STREET.lat}&lon=${DOWNING_STREET.lon}&fulfillment_type=delivery`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data.map((r: any) => [r.id, r.attributes.distance_miles])).toEqual([
      ['soho', 0.5],
      ['borough', 1.5],
      ['clapham', 2.9],
    ]);
    // Islington is 2.9 miles away but delivers 2.5: it is there for collection.
    const pickup = await nearest(
      `lat=${DOWNING_STREET.lat}&lon=${DOWNING_STREET.lon}&fulfillment_type=pickup`,
    );
    expect(pickup.body.data.map((r: any) => r.id)).toEqual([
      'soho',
      'borough',
      'clapham',
      'islington',
      'hackney',
    ]);
    // Delivery is the default.
    const plain = await nearest(`lat=${DOWNING_STREET.lat}&lon=${DOWNING_STREET.lon}`);
    expect(plain.body.data.map((r: any) => r.id)).toEqual(['soho', 'borough', 'clapham']);
  });

  test('only restaurants open now or later today; late at night, none ("No restaurants available")', async () => {
    t.clock.set(new Date('2026-11-18T21:45:00Z'));
    const late = await nearest(`lat=${DOWNING_STREET.lat}&lon=${DOWNING_STREET.lon}`);
    // Clapham and Borough close at 22:00, Soho too: all still open.
    expect(late.body.data.map((r: any) => [r.id, r.attributes.open_now])).toEqual([
      ['soho', true],
      ['borough', true],
      ['clapham', true],
    ]);
    t.clock.set(new Date('2026-11-18T22:30:00Z'));
    expect((await nearest(`lat=${DOWNING_STREET.lat}&lon=${DOWNING_STREET.lon}`)).body.data).toEqual([]);
    // Borough, next door, is closed on Sundays.
    t.clock.set(new Date('2026-11-22T10:00:00Z'));
    expect((await nearest('lat=51.496385&lon=-0.096311')).body.data.map((r: any) => r.id)).toEqual([
      'soho',
      'clapham',
    ]);
  });

  test('catering lists restaurants that cater, open today or not; somewhere we do not reach has none', async () => {
    t.clock.set(new Date('2026-11-22T23:00:00Z'));
    const catering = await nearest('lat=51.496385&lon=-0.096311&catering=true');
    expect(catering.body.data.map((r: any) => r.id)).toEqual(['borough', 'soho', 'clapham']);
    const edinburgh = await nearest('lat=55.95&lon=-3.1895');
    expect(edinburgh.body).toEqual({ data: [] });
  });

  test('bad coordinates and fulfilment types are 400s naming the parameter', async () => {
    const errors = expectError(await nearest('lat=north&lon=0'), 400, 'VALIDATION_FAILED');
    expect(errors[0]!.source).toEqual({ parameter: 'lat' });
    expectError(await nearest('lat=91&lon=0'), 400, 'VALIDATION_FAILED', 'lat must be between -90 and 90');
    expectError(await nearest('lon=0'), 400, 'VALIDATION_FAILED', 'lat is required');
    expectError(await nearest('lat=51&lon=0&fulfillment_type=drone'), 400, 'VALIDATION_FAILED');
  });
});

describe('time slots', () => {
  const slots = (id: string, query = '') => get(`/restaurants/${id}/time_slots${query ? `?${query}` : ''}`);

  test('before opening: no ASAP, delivery slots from opening + prep + the ride, every 15 minutes', async () => {
    const answer = await slots('soho', 'fulfillment_type=delivery');
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toEqual({ date: '2026-11-18', fulfillment_type: 'delivery', capacity: 6 });
    const first = answer.body.data[0];
    expect(first).toEqual({
      id: '2026-11-18T12:15:00.000Z',
      type: 'time_slots',
      attributes: {
        date: '2026-11-18',
        asap: false,
        start_time: '2026-11-18T12:15:00.000Z',
        end_time: '2026-11-18T12:30:00.000Z',
        label: '12:15 – 12:30',
        available: true,
        remaining: 6,
      },
    });
    // The last order leaves when the kitchen closes at 22:00 and arrives within the quarter hour.
    expect(answer.body.data.at(-1).attributes.label).toBe('22:00 – 22:15');
    const starts = answer.body.data.map((s: any) => Date.parse(s.attributes.start_time));
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBe(15 * 60_000);
    // Collection slots are when it is ready: from opening + prep.
    const pickup = await slots('soho', 'fulfillment_type=pickup');
    expect(pickup.body.data[0].attributes.label).toBe('12:00 – 12:15');
  });

  test('at lunch: ASAP first, promised prep + busy + 15 to 30 minutes on; busy mode pushes it on', async () => {
    t.clock.set(LUNCH);
    const answer = await slots('soho');
    expect(answer.body.data[0].attributes).toMatchObject({
      asap: true,
      start_time: '2026-11-18T13:05:00.000Z',
      end_time: '2026-11-18T13:20:00.000Z',
      label: 'ASAP (35 - 50 mins)',
      available: true,
    });
    expect(answer.body.data[1].attributes.label).toBe('13:15 – 13:30');
    await t.app.services.takeawayMenu.setBusy('soho', 20);
    try {
      const busy = await slots('soho');
      expect(busy.body.data[0].attributes).toMatchObject({ label: 'ASAP (55 - 70 mins)' });
      expect(busy.body.data[1].attributes.label).toBe('13:30 – 13:45');
    } finally {
      await t.app.services.takeawayMenu.setBusy('soho', 0);
    }
  });

  test('a later date, catering’s lead time, and what cannot be asked', async () => {
    const friday = await slots('soho', 'date=2026-11-20&fulfillment_type=pickup');
    expect(friday.body.data[0].attributes).toMatchObject({ date: '2026-11-20', label: '12:00 – 12:15' });
    expect(friday.body.data.at(-1).attributes.label).toBe('22:45 – 23:00');
    const today = await slots('soho', 'catering=true');
    expect(today.body.data).toEqual([]);
    const tomorrow = await slots('soho', 'catering=true&date=2026-11-19');
    expect(tomorrow.body.data[0].attributes.label).toBe('12:15 – 12:30');
    expectError(
      await slots('soho', 'date=2026-11-25'),
      400,
      'VALIDATION_FAILED',
      'Choose a date from today up to 6 days ahead',
    );
    expectError(await slots('soho', 'date=2026-11-17'), 400, 'VALIDATION_FAILED');
    expectError(
      await slots('oxford', 'fulfillment_type=eat_in'),
      400,
      'VALIDATION_FAILED',
      /doesn’t do eating in/,
    );
    expectError(await slots('soho', 'date=tomorrow'), 400, 'VALIDATION_FAILED');
  });

  test('time_slot_dates: today and the next six days with something to book; Borough is shut on Sunday', async () => {
    const soho = await get('/restaurants/soho/time_slot_dates');
    expect(soho.body.data.map((d: any) => [d.id, d.attributes.label])).toEqual([
      ['2026-11-18', 'Today'],
      ['2026-11-19', 'Tomorrow'],
      ['2026-11-20', 'Fri 20 Nov'],
      ['2026-11-21', 'Sat 21 Nov'],
      ['2026-11-22', 'Sun 22 Nov'],
      ['2026-11-23', 'Mon 23 Nov'],
      ['2026-11-24', 'Tue 24 Nov'],
    ]);
    expect(soho.body.data[0].attributes).toMatchObject({ asap_available: false });
    expect(soho.body.data[0].attributes.slots_available).toBeGreaterThan(30);
    const borough = await get('/restaurants/borough/time_slot_dates?fulfillment_type=pickup');
    expect(borough.body.data.map((d: any) => d.id)).not.toContain('2026-11-22');
    const catering = await get('/restaurants/cambridge/time_slot_dates?catering=true');
    // Cambridge needs 48 hours for catering.
    expect(catering.body.data[0].id).toBe('2026-11-20');
  });
});

describe('GET /restaurants/{id}/eat_in_available', () => {
  test('a table can order while the kitchen is open; why not otherwise; the table settings', async () => {
    const early = await get('/restaurants/soho/eat_in_available');
    expect(early.body.data.attributes).toEqual({
      available: false,
      reason: 'Sfoglia Soho opens at 11:30am',
      name: 'Sfoglia Soho',
      has_table_numbers: true,
      table_number_prompt: 'Your table number is on the card on your table',
      open_tab_checkouts: true,
      table: null,
    });
    // A table asked about: one of its tables, or not (decision 28).
    expect((await get('/restaurants/soho/eat_in_available?table=12')).body.data.attributes.table).toEqual({
      number: '12',
      exists: true,
    });
    expect((await get('/restaurants/soho/eat_in_available?table=99')).body.data.attributes.table).toEqual({
      number: '99',
      exists: false,
    });
    t.clock.set(LUNCH);
    expect((await get('/restaurants/soho/eat_in_available')).body.data.attributes.available).toBe(true);
    const oxford = await get('/restaurants/oxford/eat_in_available');
    expect(oxford.body.data.attributes).toMatchObject({
      available: false,
      reason: 'Sfoglia Oxford doesn’t have tables to eat in',
    });
    t.clock.set(new Date('2026-11-18T22:30:00Z'));
    expect((await get('/restaurants/soho/eat_in_available')).body.data.attributes.reason).toBe(
      'Sfoglia Soho has closed its kitchen for today',
    );
  });
});

describe('GET /restaurants/{id}/tables', () => {
  test('a restaurant’s tables by number with their seats; none where it serves by name; 404 for no restaurant', async () => {
    const soho = await get('/restaurants/soho/tables');
    expect(soho.status).toBe(200);
    expect(soho.body.data).toHaveLength(18);
    expect(soho.body.data[11]).toEqual({
      id: '12',
      type: 'dining_tables',
      attributes: { number: '12', seats: 4 },
    });
    expect(soho.body.meta).toEqual({
      has_table_numbers: true,
      table_number_prompt: 'Your table number is on the card on your table',
      open_tab_checkouts: true,
    });
    const byName = (await get('/restaurants/cambridge/tables')).body;
    expect(byName.data).toEqual([]);
    expect(byName.meta.has_table_numbers).toBe(false);
    expect((await get('/restaurants/nowhere/tables')).status).toBe(404);
  });
});

describe('GET /restaurants/{id}/menu', () => {
  test('categories in order with their products; sizes labelled Grande or Single; allergens named', async () => {
    const menu = await get('/restaurants/soho/menu?fulfillment_type=delivery');
    expect(menu.status).toBe(200);
    expect(menu.body.data.map((c: any) => [c.attributes.name, c.attributes.position])).toEqual([
      ['Fresh Pasta', 1],
      ['Starters & Sides', 2],
      ['Desserts', 3],
      ['Gelato', 4],
      ['Drinks', 5],
      ['Alcoholic Drinks', 6],
    ]);
    expect(menu.body.meta).toEqual({
      restaurant_id: 'soho',
      fulfillment_type: 'delivery',
      catering: false,
      minimum_spend: 1500,
      lead_time_hours: 0,
      allergen_profile: null,
    });
    const products = new Map(menu.body.included.map((p: any) => [p.id, p.attributes]));
    const pasta = menu.body.data[0];
    expect(pasta.relationships.products.data[0]).toEqual({ id: '2001', type: 'takeaway_products' });
    expect(pasta.attributes.product_ids).toHaveLength(10);
    const ragu: any = products.get('2001');
    expect(ragu).toMatchObject({
      title: 'Tagliatelle al Ragù',
      price: 1250,
      available: true,
      conflicting_allergens: [],
    });
    expect(ragu.sub_products.map((s: any) => [s.product_id, s.group, s.price, s.label])).toEqual([
      ['3001', 'size', 0, 'Single'],
      ['3002', 'size', 400, 'Grande'],
      ['3010', 'extra', 150, null],
      ['3011', 'extra', 350, null],
      ['3013', 'extra', 50, null],
      ['3030', 'removal', 0, null],
    ]);
    expect(ragu.modifier_groups).toEqual([
      { group: 'size', min: 1, max: 1, default_product_id: '3001' },
      { group: 'extra', min: 0, max: 3, default_product_id: null },
      { group: 'removal', min: 0, max: 1, default_product_id: null },
    ]);
    expect(ragu.allergens.map((a: any) => a.text)).toEqual([
      'Celery',
      'Gluten (wheat)',
      'Eggs',
      'Milk',
      'Sulphites',
    ]);
    const gelato: any = products.get('2040');
    expect(gelato.sub_products.slice(0, 2).map((s: any) => [s.title, s.label])).toEqual([
      ['Single scoop', 'Single'],
      ['Double scoop', 'Grande'],
    ]);
    // An espresso is made to order: not for delivery.
    expect((products.get('2053') as any).available).toBe(false);
    const pickup = await get('/restaurants/soho/menu?fulfillment_type=pickup');
    expect(pickup.body.included.find((p: any) => p.id === '2053').attributes.available).toBe(true);
  });

  test('the catering menu: platters for groups, the lead time and the catering minimum', async () => {
    const catering = await get('/restaurants/soho/menu?catering=true');
    expect(catering.body.data.map((c: any) => c.attributes.name)).toEqual([
      'Sharing Pasta Trays',
      'Boards and Breads',
      'Sweet Platters',
    ]);
    expect(catering.body.meta).toMatchObject({ catering: true, minimum_spend: 15000, lead_time_hours: 24 });
    for (const product of catering.body.included) expect(product.attributes.serves).toBeGreaterThanOrEqual(8);
    expectError(
      await get('/restaurants/soho/menu?catering=true&fulfillment_type=eat_in'),
      400,
      'VALIDATION_FAILED',
    );
  });

  test('every takeaway and catering product has a picture, served as an SVG of its own (drinks too)', async () => {
    const menus = ['fulfillment_type=eat_in', 'fulfillment_type=delivery', 'catering=true'];
    const pictures = new Map<string, string>();
    for (const query of menus) {
      const menu = await get(`/restaurants/soho/menu?${query}`);
      expect(menu.status).toBe(200);
      for (const { attributes: product } of menu.body.included) {
        expect(product.image_url, `${product.title} (${query})`).toMatch(/^\/media\/\d+\.svg$/);
        pictures.set(product.title, product.image_url);
      }
    }
    // The drinks are among them (8 of the 31 products at Soho had none), and no two products share one.
    expect([...pictures.keys()]).toEqual(
      expect.arrayContaining(['Chinotto', 'Espresso', 'Prosecco', 'Aperol Spritz']),
    );
    expect(new Set(pictures.values()).size).toBe(pictures.size);
    for (const title of ['Chinotto', 'Peroni Nastro Azzurro', 'Aperol Spritz']) {
      const picture = await t.app.inject({ method: 'GET', url: pictures.get(title)! });
      expect(picture.statusCode, title).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(picture.body).toContain(`<title>${title}</title>`);
      expect(picture.body).not.toMatch(/<script|<image|href=/);
    }
  });

  test('a signed-in customer with an allergen profile sees what conflicts with it', async () => {
    const { visitor } = await signedInCustomer(t);
    const set = await visitor.put(`${API}/customers/allergens`, { allergens: [106, 109] });
    expect(set.status).toBe(200);
    const menu = await visitor.get(`${API}/restaurants/soho/menu`);
    expect(menu.body.meta.allergen_profile).toEqual([106, 109]);
    const products = new Map(menu.body.included.map((p: any) => [p.id, p.attributes]));
    expect((products.get('2001') as any).conflicting_allergens).toEqual([{ code: 106, name: 'Milk' }]);
    expect((products.get('2032') as any).conflicting_allergens).toEqual([
      { code: 106, name: 'Milk' },
      { code: 109, name: 'Tree nuts' },
      { code: 134, name: 'May contain traces of nuts' },
    ]);
    expect((products.get('2009') as any).conflicting_allergens).toEqual([]);
  });

  test('the 14 UK allergens are all tagged on the menu', async () => {
    const [takeaway, catering] = await Promise.all([
      get('/restaurants/soho/menu'),
      get('/restaurants/soho/menu?catering=true'),
    ]);
    const codes = new Set<number>();
    for (const product of [...takeaway.body.included, ...catering.body.included]) {
      for (const allergen of product.attributes.allergens) codes.add(allergen.code);
      for (const sub of product.attributes.sub_products) for (const a of sub.allergens) codes.add(a.code);
    }
    // Lupin (105), peanuts (110) and sesame (111) are not in our kitchens: the menu says so by never
    // declaring them; every other UK allergen appears.
    expect([...codes].sort()).toEqual([100, 101, 102, 103, 104, 106, 107, 108, 109, 112, 113]);
  });
});

describe('snoozed products', () => {
  test('a snoozed product is listed until when, and the menu shows it unavailable', async () => {
    t.clock.set(LUNCH);
    expect((await get('/restaurants/soho/snoozed_products')).body).toEqual({ data: [] });
    await t.app.services.takeawayMenu.snooze('soho', 2030, 'hour', (await signedInCustomer(t)).customer.id);
    const snoozed = await get('/restaurants/soho/snoozed_products');
    expect(snoozed.body.data).toEqual([
      {
        id: '2030',
        type: 'snoozed_products',
        attributes: { product_id: '2030', title: 'Tiramisù', until: '2026-11-18T13:30:00.000Z' },
      },
    ]);
    const menu = await get('/restaurants/soho/menu');
    expect(menu.body.included.find((p: any) => p.id === '2030').attributes).toMatchObject({
      available: false,
      snoozed_until: '2026-11-18T13:30:00.000Z',
    });
    // Only in Soho; and back on the menu when the hour is up.
    expect((await get('/restaurants/borough/snoozed_products')).body.data).toEqual([]);
    t.clock.set(new Date('2026-11-18T13:30:00Z'));
    expect((await get('/restaurants/soho/snoozed_products')).body.data).toEqual([]);
    expect(
      (await get('/restaurants/soho/menu')).body.included.find((p: any) => p.id === '2030').attributes
        .available,
    ).toBe(true);
  });
});

describe('the allergen profile', () => {
  test('read, set, cleared; only the 14 UK allergens; a visitor must sign in', async () => {
    const { visitor, customer } = await signedInCustomer(t);
    const empty = await visitor.get(`${API}/customers/allergens`);
    expect(empty.body.data).toMatchObject({ id: customer.id, type: 'allergen_profiles' });
    expect(empty.body.data.attributes).toMatchObject({ codes: [], allergens: [], updated_at: null });
    expect(empty.body.data.attributes.options).toHaveLength(14);
    const set = await visitor.put(`${API}/customers/allergens`, { allergens: [113, 101, 101] });
    expect(set.body.data.attributes).toMatchObject({
      codes: [101, 113],
      allergens: [
        { code: 101, name: 'Gluten' },
        { code: 113, name: 'Sulphites' },
      ],
      updated_at: TEST_NOW.toISOString(),
    });
    expect((await visitor.get(`${API}/customers/allergens`)).body.data.attributes.codes).toEqual([101, 113]);
    expect(
      (await visitor.put(`${API}/customers/allergens`, { allergens: [] })).body.data.attributes.codes,
    ).toEqual([]);
    expectError(
      await visitor.put(`${API}/customers/allergens`, { allergens: [114] }),
      400,
      'VALIDATION_FAILED',
      'allergens.0 must be one of the 14 UK allergen codes (100–113)',
    );
    expectError(
      await visitor.put(`${API}/customers/allergens`, { allergens: 'milk' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await t.visitor().get(`${API}/customers/allergens`), 401, 'UNAUTHENTICATED');
    expectError(
      await t.visitor().put(`${API}/customers/allergens`, { allergens: [] }),
      401,
      'UNAUTHENTICATED',
    );
  });
});
