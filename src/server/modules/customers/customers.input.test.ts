import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { BODY_LIMIT } from '../../app';
import { baskets, basketItems, visitors } from '../../db/schema/baskets';
import { addresses, customers } from '../../db/schema/customers';
import { customerIdentities, oneTimeTokens, sessions } from '../../db/schema/auth';
import { outbox } from '../../db/schema/email';
import { rateLimits } from '../../db/schema/rate-limits';
import { storeCreditTransactions } from '../../db/schema/credit';
import { API, expectError } from '../../test/api-expect';
import {
  clearRateLimits,
  PASSWORD,
  SESSION_COOKIE,
  setCookie,
  signedInCustomer,
  uniqueEmail,
  type CustomerRow,
} from '../../test/accounts';
import { createTestApp, type Response, type TestApp, type Visitor } from '../../test/harness';

// Bad input on every account, session and address route that takes a body (issue "Customer accounts"):
// malformed JSON, a body over the limit, a body that is not JSON, wrong types and unknown fields are always
// a 4xx error document with a stable code (never a 500), and never change anything: no customer, session,
// token, email, address, basket or rate-limit count is made or touched, and no cookie is set.

let t: TestApp;
let owner: Visitor;
let customer: CustomerRow;
let addressId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ customer, visitor: owner } = await signedInCustomer(t));
  const created = await owner.post(`${API}/addresses`, {
    first_name: 'Ada',
    address1: '10 Downing Street',
    city: 'London',
    zip: 'SW1A 2AA',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  addressId = created.body.data.id;
});
afterAll(() => t.close());
// Only valid calls count towards the per-address limits; start each test with none so that a counter a
// refused call wrongly made would show in the comparison, not be hidden by an earlier one.
beforeEach(() => clearRateLimits(t));

const TABLES = [
  customers,
  customerIdentities,
  sessions,
  oneTimeTokens,
  addresses,
  storeCreditTransactions,
  outbox,
  rateLimits,
  visitors,
  baskets,
  basketItems,
];

/** Every row a refused call could make or change, in an order that does not depend on the database. */
async function state() {
  const tables = await Promise.all(TABLES.map((table) => t.database.db.select().from(table)));
  const all = tables.map((rows) => rows.map((row) => JSON.stringify(row)).sort());
  // The signed-in customer is still signed in.
  expect((await owner.get(`${API}/me`)).status).toBe(200);
  return all;
}

/** A refused call: the error document, and no cookie set or cleared. */
function refused(response: Response<unknown>, status: number, code: string, detail?: string) {
  const errors = expectError(response, status, code, detail);
  expect(response.headers['set-cookie'], 'a refused call sets no cookie').toBeUndefined();
  return errors;
}

type Method = 'POST' | 'PUT';
interface BodyRoute {
  name: string;
  method: Method;
  url: () => string;
  valid: () => Record<string, unknown>;
}

const BODY_ROUTES: BodyRoute[] = [
  {
    name: 'POST /customers',
    method: 'POST',
    url: () => `${API}/customers`,
    valid: () => ({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: uniqueEmail('signup'),
      password: PASSWORD,
      accepts_emails: true,
      accepts_sms: false,
      accepts_mail: true,
    }),
  },
  {
    name: 'PUT /me',
    method: 'PUT',
    url: () => `${API}/me`,
    valid: () => ({ first_name: 'Grace', accepts_emails: false }),
  },
  {
    name: 'PUT /customers/date_of_birth',
    method: 'PUT',
    url: () => `${API}/customers/date_of_birth`,
    valid: () => ({ date_of_birth: '1990-05-17' }),
  },
  {
    name: 'PUT /customers/password',
    method: 'PUT',
    url: () => `${API}/customers/password`,
    valid: () => ({ current_password: PASSWORD, password: 'orecchiette by the sea' }),
  },
  {
    name: 'PUT /customers/phone',
    method: 'PUT',
    url: () => `${API}/customers/phone`,
    valid: () => ({ phone: '07911123456' }),
  },
  {
    name: 'PUT /customers/paperless',
    method: 'PUT',
    url: () => `${API}/customers/paperless`,
    valid: () => ({ paperless: true }),
  },
  {
    name: 'POST /customers/password_reset',
    method: 'POST',
    url: () => `${API}/customers/password_reset`,
    valid: () => ({ email: customer.email }),
  },
  {
    name: 'POST /customers/account_setup',
    method: 'POST',
    url: () => `${API}/customers/account_setup`,
    valid: () => ({ customer_id: customer.id }),
  },
  {
    name: 'POST /customers/fingerprint',
    method: 'POST',
    url: () => `${API}/customers/fingerprint`,
    valid: () => ({ fingerprint: 'fp-0123456789abcdef' }),
  },
  {
    name: 'POST /sessions',
    method: 'POST',
    url: () => `${API}/sessions`,
    valid: () => ({ email: customer.email, password: PASSWORD, target_url: '/account' }),
  },
  {
    name: 'POST /sessions/token',
    method: 'POST',
    url: () => `${API}/sessions/token`,
    valid: () => ({ token: 'a-made-up-token-0123456789' }),
  },
  {
    name: 'POST /sessions/guest_token',
    method: 'POST',
    url: () => `${API}/sessions/guest_token`,
    valid: () => ({ email: uniqueEmail('guest') }),
  },
  {
    name: 'POST /sessions/google',
    method: 'POST',
    url: () => `${API}/sessions/google`,
    valid: () => ({ access_token: 'x'.repeat(40), nonce: 'nonce-0123456789' }),
  },
  {
    name: 'POST /sessions/facebook',
    method: 'POST',
    url: () => `${API}/sessions/facebook`,
    valid: () => ({ token: 'x'.repeat(40) }),
  },
  {
    name: 'POST /sessions/apple',
    method: 'POST',
    url: () => `${API}/sessions/apple`,
    valid: () => ({ code: 'x'.repeat(40), first_name: 'Grace', last_name: 'Hopper' }),
  },
  {
    name: 'POST /addresses',
    method: 'POST',
    url: () => `${API}/addresses`,
    valid: () => ({ address1: '1 Deansgate', city: 'Manchester', zip: 'M3 1AZ' }),
  },
  {
    name: 'PUT /addresses/{id}',
    method: 'PUT',
    url: () => `${API}/addresses/${addressId}`,
    valid: () => ({ city: 'Westminster', is_default: true }),
  },
];

const send = (route: BodyRoute, options: Parameters<Visitor['request']>[2]) =>
  owner.request(route.method, route.url(), options);

describe.each(BODY_ROUTES)('$name', (route) => {
  test('malformed or empty JSON is 400 INVALID_JSON', async () => {
    const before = await state();
    const valid = JSON.stringify(route.valid());
    for (const raw of [valid.slice(0, -1), '{email: 1}', "{'email':1}", `${valid},`, '']) {
      refused(await send(route, { raw }), 400, 'INVALID_JSON');
    }
    expect(await state()).toEqual(before);
  });

  test('a body that is not an object is 400 VALIDATION_FAILED', async () => {
    const before = await state();
    for (const raw of ['[]', 'null', '"text"', '42', 'true']) {
      refused(await send(route, { raw }), 400, 'VALIDATION_FAILED', 'The request must be an object');
    }
    expect(await state()).toEqual(before);
  });

  test('wrong types are 400 VALIDATION_FAILED naming the field in snake_case, once', async () => {
    const before = await state();
    // Each field of a valid body in turn given a value of another type: a number for a string, a string
    // for anything else, and a list or an object for either.
    for (const [field, value] of Object.entries(route.valid())) {
      const expected = [[`/${field}`, `${field} must be a ${typeof value}`]];
      for (const wrong of [typeof value === 'string' ? 12345678 : 'yes', [value], { value }]) {
        const errors = refused(
          await send(route, { body: { ...route.valid(), [field]: wrong } }),
          400,
          'VALIDATION_FAILED',
        );
        expect(
          errors.map((e) => [e.source?.pointer, e.detail]),
          `${field}: ${JSON.stringify(wrong)}`,
        ).toEqual(expected);
      }
    }
    // All of them at once: one error for each.
    const all = Object.fromEntries(Object.keys(route.valid()).map((field) => [field, [field]]));
    const errors = refused(await send(route, { body: all }), 400, 'VALIDATION_FAILED');
    expect(errors.map((e) => [e.source?.pointer, e.detail]).sort()).toEqual(
      Object.entries(route.valid())
        .map(([field, value]) => [`/${field}`, `${field} must be a ${typeof value}`])
        .sort(),
    );
    expect(await state()).toEqual(before);
  });

  test('an unknown field is 400 VALIDATION_FAILED naming it in snake_case', async () => {
    const before = await state();
    for (const extra of [{ store_credits: 100_000 }, { storeCredits: 100_000 }]) {
      const errors = refused(
        await send(route, { body: { ...route.valid(), ...extra } }),
        400,
        'VALIDATION_FAILED',
        'store_credits is not a field this request accepts',
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]!.source).toEqual({ pointer: '/store_credits' });
    }
    expect(await state()).toEqual(before);
  });

  test(`a body over ${BODY_LIMIT / 1024} KB is 413 PAYLOAD_TOO_LARGE`, async () => {
    const before = await state();
    for (const padding of ['x'.repeat(BODY_LIMIT), 'é'.repeat(BODY_LIMIT / 2)]) {
      const raw = JSON.stringify({ ...route.valid(), padding });
      refused(await send(route, { raw }), 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    }
    expect(await state()).toEqual(before);
  });

  test('a body nested far too deep or poisoning the prototype is 400, not a crash', async () => {
    const before = await state();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    refused(
      await send(route, { raw: `{"deep":${deep}}` }),
      400,
      'VALIDATION_FAILED',
      'The request body is nested more than 32 levels deep',
    );
    refused(await send(route, { raw: '{"__proto__":{"is_admin":true}}' }), 400, 'INVALID_JSON');
    refused(await send(route, { raw: '{"constructor":{"prototype":{"x":1}}}' }), 400, 'INVALID_JSON');
    expect(await state()).toEqual(before);
  });

  test('a body that is not JSON is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const before = await state();
    const json = JSON.stringify(route.valid());
    const form = new URLSearchParams(
      Object.entries(route.valid()).map(([key, value]) => [key, String(value)]),
    ).toString();
    for (const [type, raw] of [
      ['text/plain', json],
      ['text/plain;charset=UTF-8', json],
      ['application/x-www-form-urlencoded', form],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--`,
      ],
      ['application/xml', '<customer/>'],
    ] as const) {
      refused(
        await send(route, { raw, headers: { 'content-type': type } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as application/json',
      );
    }
    expect(await state()).toEqual(before);
  });

  test('without the X-Branch header, or with the wrong one, it is refused and nothing changes', async () => {
    const before = await state();
    refused(
      await send(route, { body: route.valid(), branch: false }),
      400,
      'BRANCH_HEADER_MISSING',
      'This request needs the X-Branch header',
    );
    refused(
      await send(route, { body: route.valid(), branch: false, headers: { 'x-branch': 'mobile' } }),
      400,
      'BRANCH_HEADER_MISSING',
      'The X-Branch header must be "web"',
    );
    expect(await state()).toEqual(before);
  });
});

describe('a browser without cookies', () => {
  const SIGN_IN_ROUTES = BODY_ROUTES.filter(
    (route) => route.name === 'POST /customers' || route.name.startsWith('POST /sessions'),
  );

  test.each(SIGN_IN_ROUTES)('$name with a bad body gets no session or visitor cookie', async (route) => {
    const before = await state();
    const stranger = t.visitor();
    for (const options of [
      { raw: '{"email":' },
      { raw: '[]' },
      { body: { ...route.valid(), role: 'admin' } },
      { raw: JSON.stringify({ ...route.valid(), padding: 'x'.repeat(BODY_LIMIT) }) },
      { raw: JSON.stringify(route.valid()), headers: { 'content-type': 'text/plain' } },
    ]) {
      const response = await stranger.request(route.method, route.url(), options);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(setCookie(response, SESSION_COOKIE)).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await stranger.get(`${API}/me`)).status).toBe(401);
    expect(await state()).toEqual(before);
  });
});
