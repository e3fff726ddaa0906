import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API, expectError } from '../../test/api-expect';
import { clearRateLimits, setRateCount } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';
import { ADDRESS_LOOKUP_LIMIT } from './address-lookup.routes';

// Address lookup for checkout (GET /address_lookup, GET /address_lookup/postcodes/{postcode}) over the
// embedded gazetteer, and what a customer sees when the real providers cannot be reached.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A local port nothing listens on: a provider that cannot be reached, without calling the real one. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /address_lookup', () => {
  test('"10 downing" is 10 Downing Street, with its coordinates, ready for the address form', async () => {
    const response = await t.visitor().get(`${API}/address_lookup?query=10%20downing`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      data: [
        {
          id: 'SW1A2AA-1',
          type: 'address_lookup_results',
          attributes: {
            label: '10 Downing Street, London SW1A 2AA',
            address1: '10 Downing Street',
            address2: null,
            city: 'London',
            zip: 'SW1A 2AA',
            country: 'United Kingdom',
            country_code: 'UK',
            lat: 51.503541,
            lon: -0.12767,
          },
        },
      ],
    });
  });

  test('a postcode lists its addresses; limit caps the list; nothing found is an empty list', async () => {
    const visitor = t.visitor();
    const all = await visitor.get(`${API}/address_lookup?query=SW1A%202AA`);
    expect(all.body.data.map((r: any) => r.attributes.address1)).toEqual([
      '10 Downing Street',
      '11 Downing Street',
      '12 Downing Street',
    ]);
    expect((await visitor.get(`${API}/address_lookup?query=sw1a2aa&limit=2`)).body.data).toHaveLength(2);
    expect((await visitor.get(`${API}/address_lookup?query=london`)).body.data).toHaveLength(20);
    expect((await visitor.get(`${API}/address_lookup?query=london&limit=50`)).body.data).toHaveLength(50);
    const none = await visitor.get(`${API}/address_lookup?query=zanzibar`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [] });
  });

  test('a flat has its building on the second line', async () => {
    const response = await t.visitor().get(`${API}/address_lookup?query=flat&limit=50`);
    expect(response.body.data.length).toBeGreaterThan(0);
    for (const { attributes } of response.body.data) {
      expect(attributes.address1).toMatch(/^Flat \d+$/);
      expect(attributes.address2).toMatch(/^\d+ /);
      expect(attributes.label).toBe(
        `${attributes.address1}, ${attributes.address2}, ${attributes.city} ${attributes.zip}`,
      );
    }
  });

  test('bad queries are 400 VALIDATION_FAILED', async () => {
    const visitor = t.visitor();
    const cases: [string, RegExp][] = [
      ['', /^query is required/],
      ['?query=a', /^query must be at least 2 characters/],
      ['?query=%20%20a%20', /^query must be at least 2 characters/],
      [`?query=${'a'.repeat(101)}`, /^query must be at most 100 characters/],
      ['?query=downing&limit=0', /^limit must be at least 1/],
      ['?query=downing&limit=51', /^limit must be at most 50/],
      ['?query=downing&limit=ten', /^limit must be a whole number/],
      ['?query=downing&page=2', /^page is not a field this request accepts/],
    ];
    for (const [search, detail] of cases) {
      expectError(await visitor.get(`${API}/address_lookup${search}`), 400, 'VALIDATION_FAILED', detail);
    }
  });

  test('is rate limited per client address: 429 once over the limit', async () => {
    await setRateCount(
      t,
      'address-lookup:ip:127.0.0.1',
      ADDRESS_LOOKUP_LIMIT.windowMs,
      ADDRESS_LOOKUP_LIMIT.max,
    );
    try {
      const response = await t.visitor().get(`${API}/address_lookup?query=downing`);
      expectError(response, 429, 'RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await clearRateLimits(t);
    }
  });
});

describe('GET /address_lookup/postcodes/{postcode}', () => {
  test('a postcode we deliver to: its coordinates, area, courier days and addresses', async () => {
    const response = await t.visitor().get(`${API}/address_lookup/postcodes/sw1a2aa`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { data } = response.body;
    expect(data.id).toBe('SW1A 2AA');
    expect(data.type).toBe('postcode_lookups');
    expect(data.attributes).toMatchObject({
      postcode: 'SW1A 2AA',
      outcode: 'SW1A',
      lat: 51.503541,
      lon: -0.12767,
      admin_district: 'Westminster',
      region: 'London',
      country: 'England',
      deliverable: true,
      delivery_days: [1, 2, 3, 4, 5, 6],
      message: null,
    });
    expect(data.attributes.addresses.map((a: any) => a.label)).toEqual([
      '10 Downing Street, London SW1A 2AA',
      '11 Downing Street, London SW1A 2AA',
      '12 Downing Street, London SW1A 2AA',
    ]);
    expect(data.attributes.addresses[0]).toEqual({
      id: 'SW1A2AA-1',
      label: '10 Downing Street, London SW1A 2AA',
      address1: '10 Downing Street',
      address2: null,
      city: 'London',
      zip: 'SW1A 2AA',
      country: 'United Kingdom',
      country_code: 'UK',
      lat: 51.503541,
      lon: -0.12767,
    });
  });

  test('a postcode we do not deliver to is still an answer (a billing address can be anywhere)', async () => {
    const response = await t.visitor().get(`${API}/address_lookup/postcodes/EH1%201GA`);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({
      postcode: 'EH1 1GA',
      country: 'Scotland',
      deliverable: false,
      delivery_days: [],
      message: "We don't deliver to EH1 yet",
    });
    expect(response.body.data.attributes.addresses.length).toBeGreaterThan(0);
  });

  test('M1 1AE, a real postcode of an outcode we do not serve: "We don\'t deliver to M1 yet", and where M1 is', async () => {
    const response = await t.visitor().get(`${API}/address_lookup/postcodes/m11ae`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes).toEqual({
      postcode: 'M1 1AE',
      outcode: 'M1',
      // The centre of Manchester's M1 district (uk-outcodes.json): how far a kitchen is can be said.
      lat: expect.closeTo(53.48, 1),
      lon: expect.closeTo(-2.24, 1),
      admin_district: null,
      region: null,
      country: 'England',
      deliverable: false,
      delivery_days: [],
      message: "We don't deliver to M1 yet",
      addresses: [],
    });
  });

  test('BN2 1FJ, a postcode of a delivered outcode the gazetteer does not list: deliverable, placed at BN2', async () => {
    const response = await t.visitor().get(`${API}/address_lookup/postcodes/BN2%201FJ`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes).toMatchObject({
      postcode: 'BN2 1FJ',
      outcode: 'BN2',
      admin_district: 'Brighton and Hove',
      deliverable: true,
      delivery_days: [2, 4, 5, 6],
      message: null,
      addresses: [],
    });
    expect(response.body.data.attributes.lat).toBeCloseTo(50.8, 0);
  });

  test('SW1A 2AA is found with its addresses and is deliverable', async () => {
    const response = await t.visitor().get(`${API}/address_lookup/postcodes/SW1A%202AA`);
    expect(response.body.data.attributes).toMatchObject({ deliverable: true, message: null });
    expect(response.body.data.attributes.addresses.length).toBeGreaterThan(0);
  });

  test('not a postcode is 400 POSTCODE_INVALID; one of no UK postcode area is 404 POSTCODE_NOT_FOUND', async () => {
    const visitor = t.visitor();
    expectError(
      await visitor.get(`${API}/address_lookup/postcodes/nope`),
      400,
      'POSTCODE_INVALID',
      'Enter a full UK postcode, like SW1A 2AA',
    );
    for (const garbage of ['nope', 'SW1A', '12345', 'M1%201A']) {
      expectError(await visitor.get(`${API}/address_lookup/postcodes/${garbage}`), 400, 'POSTCODE_INVALID');
    }
    expectError(
      await visitor.get(`${API}/address_lookup/postcodes/AA1%201AA`),
      404,
      'POSTCODE_NOT_FOUND',
      "We couldn't find the postcode AA1 1AA. Please check it and try again.",
    );
    expectError(
      await visitor.get(`${API}/address_lookup/postcodes/${'A'.repeat(21)}`),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('when the live providers cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    const port = await closedPort();
    down = await createTestApp({
      POSTCODES: 'live',
      POSTCODES_URL: `http://127.0.0.1:${port}`,
      ADDRESS_LOOKUP: 'ideal_postcodes',
      IDEAL_POSTCODES_API_KEY: 'ak_test_unreachable',
      IDEAL_POSTCODES_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(() => down.close());

  test('address search is 503 ADDRESS_LOOKUP_UNAVAILABLE, asking the customer to type the address', async () => {
    const visitor = down.visitor();
    expectError(
      await visitor.get(`${API}/address_lookup?query=10%20downing`),
      503,
      'ADDRESS_LOOKUP_UNAVAILABLE',
      "We couldn't look up addresses just now. Please type your address instead.",
    );
    expectError(
      await visitor.get(`${API}/address_lookup/postcodes/SW1A2AA`),
      503,
      'ADDRESS_LOOKUP_UNAVAILABLE',
    );
  });

  test('delivery dates still work from the outcode; the area rules still apply', async () => {
    const visitor = down.visitor();
    const dates = await visitor.post(`${API}/delivery_dates`, {
      postcode: 'SW1A 2AA',
      meal_week: WEEKS.next,
    });
    expect(dates.status, JSON.stringify(dates.body)).toBe(200);
    expect(dates.body.data).toHaveLength(6);
    expectError(
      await visitor.post(`${API}/delivery_dates`, { postcode: 'EH1 1GA', meal_week: WEEKS.next }),
      400,
      'OUTSIDE_DELIVERY_AREA',
    );
  });

  test('the embedded /postcodes page is not served in live mode', async () => {
    expectError(await down.visitor().get('/postcodes/SW1A2AA'), 404, 'ROUTE_NOT_FOUND');
  });
});
