import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { addresses } from '../../db/schema/customers';
import { API, expectError } from '../../test/api-expect';
import { insertCustomer, signedInCustomer, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';

// Saved addresses (spec §3 Address, §5 address and phone rules, §6, §7 Addresses) through app.inject on a
// fresh database. Each test signs in its own customer.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GONE = 'That address is no longer in your account';

const DOWNING_STREET = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '10 Downing Street',
  city: 'London',
  zip: 'SW1A 2AA',
};

/** The address as the API shows it, with what an address has when not given. */
function addressAttributes(overrides: Record<string, unknown>) {
  return {
    address1: null,
    address2: null,
    city: null,
    zip: null,
    company: null,
    region: null,
    region_code: null,
    country: 'United Kingdom',
    country_code: 'UK',
    first_name: null,
    last_name: null,
    phone: null,
    lat: null,
    lon: null,
    is_default: false,
    ext_id: null,
    deliverable: null,
    ...overrides,
  };
}

async function create(visitor: Visitor, body: Record<string, unknown> = DOWNING_STREET): Promise<string> {
  const response = await visitor.post(`${API}/addresses`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.id;
}

function rowsOf(customerId: string) {
  return t.database.db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

async function defaultsOf(customerId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)));
  return rows.map((row) => row.id);
}

/** Pins creation times (a minute apart, in the order given) so "newest" does not hang on the clock. */
async function pinCreatedAt(ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await t.database.db
      .update(addresses)
      .set({ createdAt: new Date(Date.UTC(2026, 10, 1, 9, index)) })
      .where(eq(addresses.id, id));
  }
}

function errorsOf(response: Awaited<ReturnType<Visitor['post']>>) {
  return expectError(response, 400, 'VALIDATION_FAILED').map((e) => [e.source?.pointer, e.detail]);
}

describe('GET and POST /addresses', () => {
  test('none at first; a new address is normalised, defaults to the UK and, being the first, becomes the default', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const empty = await visitor.get(`${API}/addresses`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [] });

    const created = await visitor.post(`${API}/addresses`, {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      address1: '  10 Downing Street ',
      address2: '',
      company: '   ',
      city: 'London',
      zip: 'sw1a2aa',
      phone: '07911 123456',
      lat: 51.5034,
      lon: -0.1276,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [row] = await rowsOf(customer.id);
    expect(created.body).toEqual({
      data: {
        id: row!.id,
        type: 'addresses',
        attributes: addressAttributes({
          first_name: 'Ada',
          last_name: 'Lovelace',
          address1: '10 Downing Street',
          city: 'London',
          zip: 'SW1A 2AA',
          phone: '+447911123456',
          lat: 51.5034,
          lon: -0.1276,
          is_default: true,
          deliverable: true,
        }),
      },
    });
    expect(row).toMatchObject({
      countryCode: 'UK',
      zip: 'SW1A 2AA',
      phone: '+447911123456',
      address2: null,
      company: null,
    });

    const listed = await visitor.get(`${API}/addresses`);
    expect(listed.body).toEqual({ data: [created.body.data] });
  });

  test('postcodes are checked and formatted for the UK (GB counts as UK); other countries keep theirs', async () => {
    const { visitor } = await signedInCustomer(t);
    for (const [zip, formatted] of [
      ['sw1a1aa', 'SW1A 1AA'],
      ['  ec1a 1bb ', 'EC1A 1BB'],
      ['M11AE', 'M1 1AE'],
      ['GIR 0AA', 'GIR 0AA'],
    ] as const) {
      const response = await visitor.post(`${API}/addresses`, { address1: '1 High Street', zip });
      expect(response.status, zip).toBe(201);
      expect(response.body.data.attributes.zip, zip).toBe(formatted);
    }
    const gb = await visitor.post(`${API}/addresses`, {
      address1: '1 High Street',
      zip: 'sw1a1aa',
      country_code: 'gb',
    });
    expect(gb.body.data.attributes).toMatchObject({ country_code: 'UK', zip: 'SW1A 1AA' });

    for (const zip of ['12345', 'SW1A', 'QQ1 1AA', 'SW1A 1AAA']) {
      expect(
        errorsOf(await visitor.post(`${API}/addresses`, { address1: '1 High Street', zip })),
        zip,
      ).toEqual([['/zip', 'Enter a full UK postcode, like SW1A 2AA']]);
    }
    const france = await visitor.post(`${API}/addresses`, {
      address1: '5 Rue de Rivoli',
      city: 'Paris',
      zip: '75001',
      country: 'France',
      country_code: 'fr',
    });
    expect(france.status).toBe(201);
    expect(france.body.data.attributes).toMatchObject({
      zip: '75001',
      country: 'France',
      country_code: 'FR',
    });
    // Without a country's name, it follows the code.
    const dublin = await visitor.post(`${API}/addresses`, {
      address1: '1 O’Connell Street',
      country_code: 'ie',
    });
    expect(dublin.body.data.attributes).toMatchObject({ country: 'Ireland', country_code: 'IE' });
    const moved = await visitor.put(`${API}/addresses/${dublin.body.data.id}`, {
      country_code: 'UK',
      zip: 'M1 1AE',
    });
    expect(moved.body.data.attributes).toMatchObject({ country: 'United Kingdom', country_code: 'UK' });
    expect(
      errorsOf(await visitor.post(`${API}/addresses`, { address1: 'x', country_code: 'United Kingdom' })),
    ).toEqual([['/country_code', 'country_code must be a two-letter country code']]);
  });

  test('an address outside the delivery areas (Manchester) is kept and said to be outside; one abroad, neither', async () => {
    const { visitor } = await signedInCustomer(t);
    const manchester = await visitor.post(`${API}/addresses`, {
      address1: '1 Piccadilly',
      city: 'Manchester',
      zip: 'M1 1AE',
    });
    expect(manchester.status, JSON.stringify(manchester.body)).toBe(201);
    expect(manchester.body.data.attributes).toMatchObject({ zip: 'M1 1AE', deliverable: false });
    const downing = await create(visitor);
    const listed = await visitor.get(`${API}/addresses`);
    const byId = new Map(
      listed.body.data.map((a: { id: string; attributes: object }) => [a.id, a.attributes]),
    );
    expect(byId.get(manchester.body.data.id)).toMatchObject({ deliverable: false });
    expect(byId.get(downing)).toMatchObject({ deliverable: true });
    // Moved into a delivered postcode, it is deliverable; abroad or without a postcode, it cannot be said.
    const moved = await visitor.put(`${API}/addresses/${manchester.body.data.id}`, { zip: 'BN1 1FG' });
    expect(moved.body.data.attributes).toMatchObject({ deliverable: true });
    const paris = await visitor.post(`${API}/addresses`, {
      address1: '5 Rue de Rivoli',
      zip: '75001',
      country_code: 'FR',
    });
    expect(paris.body.data.attributes).toMatchObject({ deliverable: null });
    const noPostcode = await visitor.post(`${API}/addresses`, { address1: '1 High Street' });
    expect(noPostcode.body.data.attributes).toMatchObject({ deliverable: null });
  });

  test('the placeholder "ignore_me" and an address with none of street, town, postcode or phone are refused', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    for (const address1 of ['ignore_me', ' IGNORE_ME ']) {
      expect(
        errorsOf(await visitor.post(`${API}/addresses`, { ...DOWNING_STREET, address1 })),
        address1,
      ).toEqual([['/address1', 'Enter a real address']]);
    }
    const emptyMessage = 'Enter at least a street, town, postcode or phone number';
    for (const body of [
      {},
      { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines Ltd', region: 'Surrey' },
      { address1: '   ', address2: '', city: null, zip: '  ' },
    ]) {
      expect(errorsOf(await visitor.post(`${API}/addresses`, body)), JSON.stringify(body)).toEqual([
        ['/address1', emptyMessage],
      ]);
    }
    // Any one of them is enough.
    for (const body of [
      { address1: '1 Lane' },
      { address2: 'Flat 2' },
      { city: 'York' },
      { zip: 'YO1 7HH' },
      { phone: '07911 123456' },
    ]) {
      expect((await visitor.post(`${API}/addresses`, body)).status, JSON.stringify(body)).toBe(201);
    }
    expect(await rowsOf(customer.id)).toHaveLength(5);
  });

  test('phones follow the UK rules; lat and lon must be on the globe; unknown fields are refused', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    for (const [phone, stored] of [
      ['+44 7911 123456', '+447911123456'],
      ['0044 20 7946 0018', '+442079460018'],
      ['7911-123-456', '+447911123456'],
    ] as const) {
      const response = await visitor.post(`${API}/addresses`, { ...DOWNING_STREET, phone });
      expect(response.body.data.attributes.phone, phone).toBe(stored);
    }
    expect(
      errorsOf(await visitor.post(`${API}/addresses`, { ...DOWNING_STREET, phone: '0033 1 23 45 67 89' })),
    ).toEqual([['/phone', 'Enter a UK number (+44)']]);
    expect(
      errorsOf(await visitor.post(`${API}/addresses`, { ...DOWNING_STREET, phone: 'ring the bell' })),
    ).toEqual([['/phone', 'Use only digits, spaces and a leading +']]);

    for (const [coordinates, pointer, detail] of [
      [{ lat: 90.0001 }, '/lat', 'lat must be at most 90'],
      [{ lat: -91 }, '/lat', 'lat must be at least -90'],
      [{ lon: 180.5 }, '/lon', 'lon must be at most 180'],
      [{ lon: -181 }, '/lon', 'lon must be at least -180'],
      [{ lat: '51.5' }, '/lat', 'lat must be a number'],
    ] as const) {
      expect(errorsOf(await visitor.post(`${API}/addresses`, { ...DOWNING_STREET, ...coordinates }))).toEqual(
        [[pointer, detail]],
      );
    }
    const edges = await visitor.post(`${API}/addresses`, { ...DOWNING_STREET, lat: -90, lon: 180 });
    expect(edges.body.data.attributes).toMatchObject({ lat: -90, lon: 180 });

    const someoneElse = await insertCustomer(t);
    const sneaky = await visitor.post(`${API}/addresses`, {
      ...DOWNING_STREET,
      customer_id: someoneElse.id,
      id: 'x',
      is_default: 'yes',
    });
    expect(errorsOf(sneaky)).toEqual([
      ['/is_default', 'is_default must be a boolean'],
      ['/customer_id', 'customer_id is not a field this request accepts'],
      ['/id', 'id is not a field this request accepts'],
    ]);
    expect(await rowsOf(someoneElse.id)).toEqual([]);
    expect(await rowsOf(customer.id)).toHaveLength(4);
  });
});

describe('the default address', () => {
  test('the first is the default; making another the default moves it, and there is only ever one', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const first = await create(visitor, { ...DOWNING_STREET, address1: '1 First Street' });
    const second = await create(visitor, { ...DOWNING_STREET, address1: '2 Second Street' });
    expect(await defaultsOf(customer.id)).toEqual([first]);

    // Created as the default.
    const third = await create(visitor, { ...DOWNING_STREET, address1: '3 Third Street', is_default: true });
    expect(await defaultsOf(customer.id)).toEqual([third]);

    const made = await visitor.post(`${API}/addresses/${second}/default`);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      id: second,
      attributes: { is_default: true, address1: '2 Second Street' },
    });
    expect(await defaultsOf(customer.id)).toEqual([second]);
    // Again: nothing changes.
    expect((await visitor.post(`${API}/addresses/${second}/default`)).status).toBe(200);
    expect(await defaultsOf(customer.id)).toEqual([second]);

    // The list: the default first, then the others as they were added.
    const listed = await visitor.get(`${API}/addresses`);
    expect(listed.body.data.map((a: any) => [a.id, a.attributes.is_default])).toEqual([
      [second, true],
      [first, false],
      [third, false],
    ]);

    // PUT is_default: true moves it too; is_default: false on the default does not leave the customer without one.
    const put = await visitor.put(`${API}/addresses/${first}`, { is_default: true });
    expect(put.body.data.attributes.is_default).toBe(true);
    expect(await defaultsOf(customer.id)).toEqual([first]);
    const unset = await visitor.put(`${API}/addresses/${first}`, { is_default: false, city: 'Bath' });
    expect(unset.status).toBe(200);
    expect(unset.body.data.attributes).toMatchObject({ is_default: true, city: 'Bath' });
    expect(await defaultsOf(customer.id)).toEqual([first]);
  });

  test('deleting the default makes the newest remaining address the default', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const oldest = await create(visitor, { ...DOWNING_STREET, address1: '1 Old Road' });
    const middle = await create(visitor, { ...DOWNING_STREET, address1: '2 Middle Road' });
    const newest = await create(visitor, { ...DOWNING_STREET, address1: '3 New Road' });
    await pinCreatedAt([oldest, middle, newest]);
    expect(await defaultsOf(customer.id)).toEqual([oldest]);

    const deleted = await visitor.delete(`${API}/addresses/${oldest}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect(await defaultsOf(customer.id)).toEqual([newest]);

    // Deleting one that is not the default leaves the default alone.
    expect((await visitor.delete(`${API}/addresses/${middle}`)).status).toBe(204);
    expect(await defaultsOf(customer.id)).toEqual([newest]);
    expect((await rowsOf(customer.id)).map((row) => row.id)).toEqual([newest]);

    expect((await visitor.delete(`${API}/addresses/${newest}`)).status).toBe(204);
    expect((await visitor.get(`${API}/addresses`)).body).toEqual({ data: [] });
    // Already gone.
    expectError(await visitor.delete(`${API}/addresses/${newest}`), 404, 'ADDRESS_NOT_FOUND', GONE);
  });

  test('two tabs adding a first address, or making different addresses the default, at once: one default, no errors', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const added = await Promise.all(
      [1, 2, 3].map((n) =>
        visitor.post(`${API}/addresses`, { ...DOWNING_STREET, address1: `${n} Race Street` }),
      ),
    );
    expect(added.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(added.filter((r) => r.body.data.attributes.is_default)).toHaveLength(1);
    expect(await defaultsOf(customer.id)).toHaveLength(1);

    const ids = added.map((r) => r.body.data.id as string);
    // A race is won or lost by timing: run it a few times.
    for (let round = 0; round < 5; round += 1) {
      const made = await Promise.all(ids.map((id) => visitor.post(`${API}/addresses/${id}/default`)));
      expect(made.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await defaultsOf(customer.id)).toHaveLength(1);
    }

    const createdAsDefault = await Promise.all(
      [4, 5, 6].map((n) =>
        visitor.post(`${API}/addresses`, {
          ...DOWNING_STREET,
          address1: `${n} Race Street`,
          is_default: true,
        }),
      ),
    );
    expect(createdAsDefault.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await defaultsOf(customer.id)).toHaveLength(1);

    // Two adds racing for the last place under the cap: one gets it.
    await t.database.db.insert(addresses).values(
      Array.from({ length: 43 }, (_, n) => ({
        customerId: customer.id,
        address1: `${n + 10} Full Street`,
      })),
    );
    const last = await Promise.all([1, 2].map(() => visitor.post(`${API}/addresses`, DOWNING_STREET)));
    expect(last.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await rowsOf(customer.id)).toHaveLength(50);
  });
});

describe('PUT /addresses/{id}', () => {
  test('merges the change into the address and checks the rules on the result', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const id = await create(visitor, { first_name: 'Ada', city: 'Bath', phone: '07911 123456' });
    const before = (await rowsOf(customer.id))[0]!;

    const changed = await visitor.put(`${API}/addresses/${id}`, {
      address1: '1 Royal Crescent',
      zip: 'ba12lr',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toEqual({
      id,
      type: 'addresses',
      attributes: addressAttributes({
        first_name: 'Ada',
        address1: '1 Royal Crescent',
        city: 'Bath',
        zip: 'BA1 2LR',
        phone: '+447911123456',
        is_default: true,
        deliverable: false,
      }),
    });
    expect((await rowsOf(customer.id))[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(
      before.updatedAt.getTime(),
    );

    // Clearing everything that makes it an address, bit by bit: the last step is refused.
    expect(
      (await visitor.put(`${API}/addresses/${id}`, { address1: null, zip: '', phone: null })).status,
    ).toBe(200);
    const afterClearing = (await rowsOf(customer.id))[0]!;
    expect(afterClearing).toMatchObject({ address1: null, zip: null, phone: null, city: 'Bath' });
    expect(errorsOf(await visitor.put(`${API}/addresses/${id}`, { city: '  ' }))).toEqual([
      ['/address1', 'Enter at least a street, town, postcode or phone number'],
    ]);
    expect(errorsOf(await visitor.put(`${API}/addresses/${id}`, { address1: 'ignore_me' }))).toEqual([
      ['/address1', 'Enter a real address'],
    ]);
    expect(errorsOf(await visitor.put(`${API}/addresses/${id}`, { zip: 'BATH' }))).toEqual([
      ['/zip', 'Enter a full UK postcode, like SW1A 2AA'],
    ]);
    expect(errorsOf(await visitor.put(`${API}/addresses/${id}`, { phone: '+1 212 555 0123' }))).toEqual([
      ['/phone', 'Enter a UK number (+44)'],
    ]);
    expect(
      errorsOf(await visitor.put(`${API}/addresses/${id}`, { lat: 100, customer_id: customer.id })),
    ).toEqual([
      ['/lat', 'lat must be at most 90'],
      ['/customer_id', 'customer_id is not a field this request accepts'],
    ]);
    expect((await rowsOf(customer.id))[0]).toEqual(afterClearing);

    // A French postcode is fine once the address is French, and is checked again if it turns British.
    const french = await visitor.put(`${API}/addresses/${id}`, {
      zip: '75001',
      country_code: 'FR',
      country: 'France',
    });
    expect(french.status).toBe(200);
    expect(
      errorsOf(
        await visitor.put(`${API}/addresses/${id}`, { country_code: 'GB', country: 'United Kingdom' }),
      ),
    ).toEqual([['/zip', 'Enter a full UK postcode, like SW1A 2AA']]);
    expect((await rowsOf(customer.id))[0]).toMatchObject({
      zip: '75001',
      countryCode: 'FR',
      country: 'France',
    });
  });
});

describe('limits and ownership', () => {
  test('at most 50 addresses', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    await t.database.db.insert(addresses).values(
      Array.from({ length: 49 }, (_, n) => ({
        customerId: customer.id,
        address1: `${n + 1} Long Lane`,
        isDefault: n === 0,
      })),
    );
    expect((await visitor.post(`${API}/addresses`, DOWNING_STREET)).status).toBe(201);
    expectError(
      await visitor.post(`${API}/addresses`, DOWNING_STREET),
      409,
      'CONFLICT',
      'You can keep up to 50 addresses. Please delete one first.',
    );
    expect(await rowsOf(customer.id)).toHaveLength(50);
    // Another customer is not affected by this one's count.
    const other = await signedInCustomer(t);
    expect((await other.visitor.post(`${API}/addresses`, DOWNING_STREET)).status).toBe(201);
  });

  test('another customer’s address is 404 ADDRESS_NOT_FOUND for PUT, DELETE and default, and does not change', async () => {
    const alice = await signedInCustomer(t);
    const bob = await signedInCustomer(t);
    const bobsHome = await create(bob.visitor, {
      ...DOWNING_STREET,
      address1: '221B Baker Street',
      zip: 'NW1 6XE',
    });
    const bobsWork = await create(bob.visitor, { ...DOWNING_STREET, address1: '1 Work Way' });
    const alicesOwn = await create(alice.visitor);
    const bobsBefore = await rowsOf(bob.customer.id);

    for (const id of [bobsHome, bobsWork, '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await alice.visitor.put(`${API}/addresses/${id}`, { address1: 'Stolen' }),
        404,
        'ADDRESS_NOT_FOUND',
        GONE,
      );
      expectError(await alice.visitor.post(`${API}/addresses/${id}/default`), 404, 'ADDRESS_NOT_FOUND', GONE);
      expectError(await alice.visitor.delete(`${API}/addresses/${id}`), 404, 'ADDRESS_NOT_FOUND', GONE);
    }
    expect(await rowsOf(bob.customer.id)).toEqual(bobsBefore);
    expect(await defaultsOf(alice.customer.id)).toEqual([alicesOwn]);
    expect((await alice.visitor.get(`${API}/addresses`)).body.data.map((a: any) => a.id)).toEqual([
      alicesOwn,
    ]);
    expect((await bob.visitor.get(`${API}/addresses`)).body.data.map((a: any) => a.id)).toEqual([
      bobsHome,
      bobsWork,
    ]);
  });

  test('signed out, or as a guest: 401 on every route', async () => {
    const { visitor: owner } = await signedInCustomer(t);
    const id = await create(owner);
    const guest = t.visitor();
    expect((await guest.post(`${API}/sessions/guest_token`, { email: uniqueEmail('guest') })).status).toBe(
      201,
    );
    for (const visitor of [t.visitor(), guest]) {
      for (const response of [
        await visitor.get(`${API}/addresses`),
        await visitor.post(`${API}/addresses`, DOWNING_STREET),
        await visitor.put(`${API}/addresses/${id}`, { city: 'Nowhere' }),
        await visitor.delete(`${API}/addresses/${id}`),
        await visitor.post(`${API}/addresses/${id}/default`),
      ]) {
        expectError(response, 401, 'UNAUTHENTICATED', 'Please sign in to continue');
      }
    }
    expect((await owner.get(`${API}/addresses`)).body.data[0].attributes.city).toBe('London');
  });

  test('malformed ids are 400', async () => {
    const { visitor } = await signedInCustomer(t);
    for (const id of [
      'abc',
      '123',
      '00000000000040008000000000000000',
      '00000000-0000-4000-8000-00000000000g',
    ]) {
      for (const response of [
        await visitor.put(`${API}/addresses/${id}`, { city: 'Leeds' }),
        await visitor.delete(`${API}/addresses/${id}`),
        await visitor.post(`${API}/addresses/${id}/default`),
      ]) {
        const errors = expectError(response, 400, 'VALIDATION_FAILED', 'id must be an id');
        expect(errors[0]!.source).toEqual({ parameter: 'id' });
      }
    }
  });
});
