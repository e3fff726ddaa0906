import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { knownDevices, oneTimeTokens, sessions } from '../../db/schema/auth';
import { rateLimits } from '../../db/schema/rate-limits';
import { storeCreditTransactions } from '../../db/schema/credit';
import { LIMITS } from '../../security/rate-limit';
import { verifyPassword } from '../auth';
import { API, expectError } from '../../test/api-expect';
import {
  clearRateLimits,
  customerById,
  emailsTo,
  insertCustomer,
  linksIn,
  onlyToken,
  PASSWORD,
  sessionRow,
  sessionsOf,
  sessionToken,
  setCookie,
  setRateCount,
  signedInCustomer,
  signIn,
  tokenRow,
  uniqueEmail,
} from '../../test/accounts';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';

// The customer API (spec §3 Customer, §5, §6, §7 Customers; decision 6): sign-up confirmed by email, the
// signed-in customer's own details, password change and reset, account set-up, fingerprint and store
// credit. Through app.inject on a fresh database; emails are read from the outbox.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Every injected request comes from 127.0.0.1: the per-address limits would otherwise add up across tests.
beforeEach(() => clearRateLimits(t));

const NEW_PASSWORD = 'orecchiette by the sea';
const TOKEN_GONE = 'This link has expired or was already used. Please ask for a new one.';

function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    email,
    password: PASSWORD,
    accepts_emails: true,
    accepts_sms: false,
    accepts_mail: true,
    ...overrides,
  };
}

const checkInbox = (email: string) => ({
  data: { id: 'pending', type: 'email_requests', attributes: { email, next: 'check_email' } },
});

/** The customer as GET /me shows them, with what a fresh account has. */
function customerAttributes(overrides: Record<string, unknown>) {
  return {
    ext_id: null,
    phone: null,
    date_of_birth: null,
    store_credits: 0,
    tags: [],
    paperless: false,
    social_login: false,
    has_password: true,
    email_confirmed: true,
    accepts_emails: false,
    accepts_sms: false,
    accepts_mail: false,
    referral_token: expect.stringMatching(/^[A-Z0-9_-]{8}$/),
    beta: false,
    has_shopify_orders: false,
    has_subscription_orders: false,
    has_takeaway_orders: false,
    ...overrides,
  };
}

/** The pointers of a 400's errors, in order. */
function pointers(errors: { source?: { pointer?: string } }[]) {
  return errors.map((error) => error.source?.pointer);
}

async function me(visitor: Visitor) {
  return visitor.get(`${API}/me`);
}

describe('POST /customers (sign-up)', () => {
  // Creating the account, EMAIL_TAKEN, confirming and the takeover rules: modules/auth/sign-up.routes.test.ts.

  test('missing fields are refused with 400 naming each snake_case field, and nothing is sent', async () => {
    const response = await t.visitor().post(`${API}/customers`, {});
    const errors = expectError(response, 400, 'VALIDATION_FAILED');
    expect(errors.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/first_name', 'first_name is required'],
      ['/last_name', 'last_name is required'],
      ['/email', 'email is required'],
      ['/password', 'password is required'],
    ]);
    const email = uniqueEmail('blank');
    const blank = await t
      .visitor()
      .post(`${API}/customers`, signUpBody(email, { first_name: '  ', accepts_sms: 'yes' }));
    expect(pointers(expectError(blank, 400, 'VALIDATION_FAILED'))).toEqual(['/first_name', '/accepts_sms']);
    expect(await emailsTo(t, email)).toEqual([]);
  });

  test('a password that is too short or too common is refused', async () => {
    for (const [password, detail] of [
      ['pasta1', 'Use at least 8 characters'],
      ['1234567', 'Use at least 8 characters'],
      ['Password123', 'That password is too common. Try a few words together'],
      ['carbonara', 'That password is too common. Try a few words together'],
      ['zzzzzzzzzz', 'That password is too common. Try a few words together'],
    ] as const) {
      const email = uniqueEmail('weak');
      const errors = expectError(
        await t.visitor().post(`${API}/customers`, signUpBody(email, { password })),
        400,
        'VALIDATION_FAILED',
      );
      expect(
        errors.map((e) => [e.source?.pointer, e.detail]),
        password,
      ).toEqual([['/password', detail]]);
      expect(await emailsTo(t, email)).toEqual([]);
    }
    // Too long: both the length check and the password rules say so.
    const long = expectError(
      await t
        .visitor()
        .post(`${API}/customers`, signUpBody(uniqueEmail('long'), { password: 'x'.repeat(201) })),
      400,
      'VALIDATION_FAILED',
    );
    expect(long.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/password', 'password must be at most 200 characters'],
      ['/password', 'Use at most 200 characters'],
    ]);
  });

  test('an invalid email is refused as INVALID_EMAIL "Invalid email" (spec §5, §8)', async () => {
    for (const email of ['not-an-email', 'two@@example.com', 'no-dot@example', 'spaces in@example.com', '']) {
      const errors = expectError(
        await t.visitor().post(`${API}/customers`, signUpBody(email)),
        400,
        'INVALID_EMAIL',
        'Invalid email',
      );
      expect(
        errors.map((e) => e.source?.pointer),
        email,
      ).toEqual(['/email']);
    }
    // With other problems as well, each is named; the email's is still INVALID_EMAIL.
    const errors = expectError(
      await t.visitor().post(`${API}/customers`, signUpBody('nope', { password: 'short' })),
      400,
      'INVALID_EMAIL',
    );
    expect(errors.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['INVALID_EMAIL', '/email'],
      ['VALIDATION_FAILED', '/password'],
    ]);
  });

  test('unknown fields are refused: sign-up cannot set store credit, tags or a password hash', async () => {
    const email = uniqueEmail('extra');
    const response = await t
      .visitor()
      .post(
        `${API}/customers`,
        signUpBody(email, { store_credits: 5000, tags: ['vip'], password_hash: 'x' }),
      );
    const errors = expectError(response, 400, 'VALIDATION_FAILED');
    expect(errors.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/store_credits', 'store_credits is not a field this request accepts'],
      ['/tags', 'tags is not a field this request accepts'],
      ['/password_hash', 'password_hash is not a field this request accepts'],
    ]);
    expect(await emailsTo(t, email)).toEqual([]);
  });

  test('target_url must be a path inside the shop', async () => {
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', 'checkout']) {
      const email = uniqueEmail('target');
      const errors = expectError(
        await t.visitor().post(`${API}/customers`, signUpBody(email, { target_url: target })),
        400,
        'VALIDATION_FAILED',
      );
      expect(pointers(errors), target).toEqual(['/target_url']);
      expect(await emailsTo(t, email)).toEqual([]);
    }
  });
});

describe('GET /me', () => {
  test('signed out: 401 UNAUTHENTICATED', async () => {
    expectError(await t.visitor().get(`${API}/me`), 401, 'UNAUTHENTICATED', 'Please sign in to continue');
  });

  test('a guest session is not a customer: 401', async () => {
    const guest = t.visitor();
    expect((await guest.post(`${API}/sessions/guest_token`, { email: uniqueEmail('guest') })).status).toBe(
      201,
    );
    expectError(await me(guest), 401, 'UNAUTHENTICATED');
  });

  test('shows the signed-in customer, never the password hash or fingerprint', async () => {
    const { customer, visitor } = await signedInCustomer(t, {
      fingerprint: 'fp-secret-123',
      phone: '+447911123456',
    });
    const response = await me(visitor);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        id: customer.id,
        type: 'customers',
        attributes: customerAttributes({
          email: customer.email,
          first_name: 'Ada',
          last_name: 'Lovelace',
          phone: '+447911123456',
          referral_token: customer.referralToken,
        }),
      },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/argon2|fp-secret|password_hash|fingerprint/);
  });
});

describe('PUT /me', () => {
  test('changes the names and marketing choices', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const response = await visitor.put(`${API}/me`, {
      first_name: '  Augusta ',
      last_name: 'King',
      accepts_emails: true,
      accepts_sms: true,
      accepts_mail: false,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes).toEqual(
      customerAttributes({
        email: customer.email,
        first_name: 'Augusta',
        last_name: 'King',
        accepts_emails: true,
        accepts_sms: true,
        referral_token: customer.referralToken,
      }),
    );
    expect((await me(visitor)).body.data.attributes.first_name).toBe('Augusta');

    // Only what is sent changes.
    const partial = await visitor.put(`${API}/me`, { accepts_sms: false });
    expect(partial.status).toBe(200);
    expect(partial.body.data.attributes).toMatchObject({
      first_name: 'Augusta',
      last_name: 'King',
      accepts_emails: true,
      accepts_sms: false,
    });
  });

  test('email, store credit, tags or any unknown field are refused and nothing changes', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const before = await customerById(t, customer.id);
    for (const [body, pointer] of [
      [{ first_name: 'Eve', email: 'eve@example.com' }, '/email'],
      [{ first_name: 'Eve', store_credits: 100_000 }, '/store_credits'],
      [{ tags: ['vip'] }, '/tags'],
      [{ password: NEW_PASSWORD }, '/password'],
      [{ social_login: true }, '/social_login'],
      [{ phone: '07911123456' }, '/phone'],
    ] as const) {
      const errors = expectError(await visitor.put(`${API}/me`, body), 400, 'VALIDATION_FAILED');
      expect(pointers(errors), pointer).toEqual([pointer]);
    }
    const blank = expectError(
      await visitor.put(`${API}/me`, { first_name: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(pointers(blank)).toEqual(['/first_name']);
    const wrongType = expectError(
      await visitor.put(`${API}/me`, { accepts_emails: 'yes' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(wrongType[0]!.detail).toBe('accepts_emails must be a boolean');
    expect(await customerById(t, customer.id)).toEqual(before);
  });
});

describe('PUT /customers/date_of_birth', () => {
  // The tests' clock: Wednesday 18 November 2026.
  test('sets a date of birth; null clears it', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const set = await visitor.put(`${API}/customers/date_of_birth`, { date_of_birth: '1990-05-17' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.attributes.date_of_birth).toBe('1990-05-17');
    expect((await customerById(t, customer.id)).dateOfBirth).toBe('1990-05-17');
    // Sixteen today is old enough.
    const sixteen = await visitor.put(`${API}/customers/date_of_birth`, { date_of_birth: '2010-11-18' });
    expect(sixteen.status).toBe(200);
    expect(sixteen.body.data.attributes.date_of_birth).toBe('2010-11-18');

    const cleared = await visitor.put(`${API}/customers/date_of_birth`, { date_of_birth: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.attributes.date_of_birth).toBeNull();
    expect((await customerById(t, customer.id)).dateOfBirth).toBeNull();
  });

  test('a future date, someone under 16 or over 120, or not a date is refused and nothing changes', async () => {
    const { customer, visitor } = await signedInCustomer(t, { dateOfBirth: '1985-01-02' });
    for (const [date, detail] of [
      ['2026-11-19', 'Your date of birth can’t be in the future'],
      ['2031-01-01', 'Your date of birth can’t be in the future'],
      ['2010-11-19', 'Enter a date of birth for someone aged 16 to 120'],
      ['2020-01-01', 'Enter a date of birth for someone aged 16 to 120'],
      ['1900-01-01', 'Enter a date of birth for someone aged 16 to 120'],
    ] as const) {
      expectError(
        await visitor.put(`${API}/customers/date_of_birth`, { date_of_birth: date }),
        400,
        'VALIDATION_FAILED',
        detail,
      );
    }
    for (const date of ['1990-02-30', '17/05/1990', '', 19900517]) {
      const errors = expectError(
        await visitor.put(`${API}/customers/date_of_birth`, { date_of_birth: date }),
        400,
        'VALIDATION_FAILED',
      );
      expect(pointers(errors), String(date)).toEqual(['/date_of_birth']);
    }
    expect(
      pointers(
        expectError(await visitor.put(`${API}/customers/date_of_birth`, {}), 400, 'VALIDATION_FAILED'),
      ),
    ).toEqual(['/date_of_birth']);
    expect((await customerById(t, customer.id)).dateOfBirth).toBe('1985-01-02');
  });
});

describe('PUT /customers/phone', () => {
  test('UK numbers in any usual form are stored as +44…', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    for (const [input, stored] of [
      ['07911 123456', '+447911123456'],
      ['0044 7911 123456', '+447911123456'],
      ['+44 7911 123456', '+447911123456'],
      ['+44 7911-123-456', '+447911123456'],
      ['7911123456', '+447911123456'],
      ['(020) 7946 0018', '+442079460018'],
    ] as const) {
      const response = await visitor.put(`${API}/customers/phone`, { phone: input });
      expect(response.status, `${input}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(response.body.data.attributes.phone, input).toBe(stored);
      expect((await customerById(t, customer.id)).phone).toBe(stored);
    }
    const cleared = await visitor.put(`${API}/customers/phone`, { phone: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.attributes.phone).toBeNull();
    expect((await customerById(t, customer.id)).phone).toBeNull();
  });

  test('a 00 prefix other than 0044, another country or garbage is refused and nothing changes', async () => {
    const { customer, visitor } = await signedInCustomer(t, { phone: '+447700900123' });
    for (const [input, detail] of [
      ['00 33 1 23 45 67 89', 'Enter a UK number (+44)'],
      ['+33 1 23 45 67 89', 'Enter a UK number (+44)'],
      ['001 212 555 0123', 'Enter a UK number (+44)'],
      ['call me maybe', 'Use only digits, spaces and a leading +'],
      ['07911 12345x', 'Use only digits, spaces and a leading +'],
      ['07911', 'Enter a valid UK phone number'],
      ['', 'Enter a phone number'],
    ] as const) {
      const errors = expectError(
        await visitor.put(`${API}/customers/phone`, { phone: input }),
        400,
        'VALIDATION_FAILED',
      );
      expect(
        errors.map((e) => [e.source?.pointer, e.detail]),
        input,
      ).toEqual([['/phone', detail]]);
    }
    expect(
      pointers(
        expectError(
          await visitor.put(`${API}/customers/phone`, { phone: 7911123456 }),
          400,
          'VALIDATION_FAILED',
        ),
      ),
    ).toEqual(['/phone']);
    const long = expectError(
      await visitor.put(`${API}/customers/phone`, { phone: '1'.repeat(41) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(long[0]).toMatchObject({
      detail: 'phone must be at most 40 characters',
      source: { pointer: '/phone' },
    });
    expect(pointers(long).every((pointer) => pointer === '/phone')).toBe(true);
    expect((await customerById(t, customer.id)).phone).toBe('+447700900123');
  });
});

describe('PUT /customers/paperless', () => {
  test('adds and removes the paperless tag, keeping the others, and shows paperless', async () => {
    const { customer, visitor } = await signedInCustomer(t, { tags: ['vip'] });
    const on = await visitor.put(`${API}/customers/paperless`, { paperless: true });
    expect(on.status).toBe(200);
    expect(on.body.data.attributes).toMatchObject({ tags: ['vip', 'paperless'], paperless: true });
    // Twice is the same as once.
    const again = await visitor.put(`${API}/customers/paperless`, { paperless: true });
    expect(again.body.data.attributes).toMatchObject({ tags: ['vip', 'paperless'], paperless: true });
    expect((await customerById(t, customer.id)).tags).toEqual(['vip', 'paperless']);

    const off = await visitor.put(`${API}/customers/paperless`, { paperless: false });
    expect(off.status).toBe(200);
    expect(off.body.data.attributes).toMatchObject({ tags: ['vip'], paperless: false });
    expect((await customerById(t, customer.id)).tags).toEqual(['vip']);

    for (const body of [{}, { paperless: 'true' }, { paperless: true, tags: [] }]) {
      expectError(await visitor.put(`${API}/customers/paperless`, body), 400, 'VALIDATION_FAILED');
    }
    expect((await customerById(t, customer.id)).tags).toEqual(['vip']);
  });
});

describe('PUT /customers/password', () => {
  test('a wrong current password is 400 CURRENT_PASSWORD_INCORRECT and changes nothing', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    expectError(
      await visitor.put(`${API}/customers/password`, {
        current_password: 'not my password',
        password: NEW_PASSWORD,
      }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
      'Your current password is not right',
    );
    expect((await customerById(t, customer.id)).passwordHash).toBe(customer.passwordHash);
    expect(await emailsTo(t, customer.email)).toEqual([]);
    expect((await me(visitor)).status).toBe(200);
  });

  test('wrong current passwords count with the browser’s failed sign-ins: past its ten an hour, even the right one gets 429', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    // The browser signed in, so it is remembered (decision 9): its failures have a counter of their own.
    const [device] = await t.database.db
      .select()
      .from(knownDevices)
      .where(eq(knownDevices.customerId, customer.id));
    const key = `signin-fail:device:${device!.id}`;
    await setRateCount(
      t,
      key,
      LIMITS.signInFailuresPerDevice.windowMs,
      LIMITS.signInFailuresPerDevice.max - 1,
    );
    expectError(
      await visitor.put(`${API}/customers/password`, {
        current_password: 'guess 10',
        password: NEW_PASSWORD,
      }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
    );
    const [counter] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(counter!.count).toBe(LIMITS.signInFailuresPerDevice.max);
    const limited = await visitor.put(`${API}/customers/password`, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
    });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await customerById(t, customer.id)).passwordHash).toBe(customer.passwordHash);
    expect((await me(visitor)).status).toBe(200);
  });

  test('a weak new password or a missing current one is refused', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const weak = expectError(
      await visitor.put(`${API}/customers/password`, { current_password: PASSWORD, password: 'password1' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(weak.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/password', 'That password is too common. Try a few words together'],
    ]);
    const missing = expectError(
      await visitor.put(`${API}/customers/password`, { current_password: '', password: NEW_PASSWORD }),
      400,
      'VALIDATION_FAILED',
    );
    expect(pointers(missing)).toEqual(['/current_password']);
    expect((await customerById(t, customer.id)).passwordHash).toBe(customer.passwordHash);
  });

  test('a change ends the customer’s other sessions, keeps this one, emails them, and only the new password signs in', async () => {
    const { customer, visitor: here } = await signedInCustomer(t);
    const elsewhere = t.visitor();
    const elsewhereSignIn = await signIn(elsewhere, customer.email);
    const someoneElse = await signedInCustomer(t);
    expect(await sessionsOf(t, customer.id)).toHaveLength(2);

    const changed = await here.put(`${API}/customers/password`, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ id: customer.id, attributes: { has_password: true } });
    // The password change does not hand out a new cookie: this session simply carries on.
    expect(setCookie(changed)).toBeUndefined();

    expect((await me(here)).status).toBe(200);
    expectError(await me(elsewhere), 401, 'UNAUTHENTICATED');
    expect(await sessionRow(t, sessionToken(elsewhereSignIn))).toBeNull();
    expect(await sessionsOf(t, customer.id)).toHaveLength(1);
    // Another customer's session is untouched.
    expect((await me(someoneElse.visitor)).body.data.id).toBe(someoneElse.customer.id);

    const emails = await emailsTo(t, customer.email);
    expect(emails.map((e) => [e.template, e.subject])).toEqual([
      ['password_changed', 'Your Sfoglia password has been changed'],
    ]);
    const stored = await customerById(t, customer.id);
    expect(stored.passwordChangedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(stored.passwordHash, NEW_PASSWORD)).toBe(true);

    await signIn(t.visitor(), customer.email, NEW_PASSWORD);
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
      "Email and Password don't match",
    );
  });

  test('an account without a password (social sign-in) is told to use "Forgot password"', async () => {
    const customer = await insertCustomer(t, { passwordHash: null, socialLogin: true });
    // Signed in by an emailed link, as such a customer would be.
    const browser = t.visitor();
    expect((await browser.post(`${API}/sessions/link`, { email: customer.email })).status).toBe(202);
    const token = await onlyToken(t, customer.email, 'sign_in_link');
    expect((await browser.post(`${API}/sessions/token`, { token })).status).toBe(201);
    expectError(
      await browser.put(`${API}/customers/password`, {
        current_password: 'anything',
        password: NEW_PASSWORD,
      }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
      'Your account has no password yet. Use "Forgot password" to set one.',
    );
    expect((await customerById(t, customer.id)).passwordHash).toBeNull();
  });
});

describe('POST /customers/password_reset', () => {
  test('the same 202 for a known and an unknown email; only the known one gets a reset link', async () => {
    const known = await insertCustomer(t);
    const unknown = uniqueEmail('nobody');
    const browser = t.visitor();
    const a = await browser.post(`${API}/customers/password_reset`, { email: known.email });
    const b = await browser.post(`${API}/customers/password_reset`, { email: unknown });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body).toEqual(checkInbox(known.email));
    expect(b.body).toEqual(checkInbox(unknown));
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());

    const emails = await emailsTo(t, known.email);
    expect(emails.map((e) => [e.template, e.subject])).toEqual([
      ['password_reset', 'Reset your Sfoglia password'],
    ]);
    const [link] = linksIn(emails[0]!);
    expect(link!.origin + link!.pathname).toBe('http://localhost:3000/forgot-password/reset');
    const row = await tokenRow(t, link!.searchParams.get('token')!);
    expect(row).toMatchObject({ purpose: 'password_reset', customerId: known.id, usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(3600_000 - 5_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(3600_000 + 5_000);
    expect(await emailsTo(t, unknown)).toEqual([]);
    expectError(
      await browser.post(`${API}/customers/password_reset`, { email: 'nope' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  test('confirming sets the password, signs this browser in and every other session out', async () => {
    const { customer, visitor: laptop } = await signedInCustomer(t);
    const phone = t.visitor();
    await signIn(phone, customer.email);
    expect(
      (await t.visitor().post(`${API}/customers/password_reset`, { email: customer.email })).status,
    ).toBe(202);
    const token = await onlyToken(t, customer.email, 'password_reset');

    const browser = t.visitor();
    const reset = await browser.post(`${API}/customers/password_reset/confirm`, {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(201);
    expect(reset.body).toEqual({
      data: {
        id: customer.id,
        type: 'customers',
        attributes: customerAttributes({
          email: customer.email,
          first_name: 'Ada',
          last_name: 'Lovelace',
          referral_token: customer.referralToken,
        }),
      },
      meta: { target_url: null },
    });
    expect(setCookie(reset)).toContain('HttpOnly');
    expect((await me(browser)).body.data.id).toBe(customer.id);
    expectError(await me(laptop), 401, 'UNAUTHENTICATED');
    expectError(await me(phone), 401, 'UNAUTHENTICATED');
    const left = await sessionsOf(t, customer.id);
    expect(left).toHaveLength(1);
    expect(left[0]!.tokenHash).toBe((await sessionRow(t, sessionToken(reset)))!.tokenHash);

    expect((await emailsTo(t, customer.email)).map((e) => e.template)).toEqual([
      'password_reset',
      'password_changed',
    ]);
    await signIn(t.visitor(), customer.email, NEW_PASSWORD);
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );

    // Once only.
    expectError(
      await t
        .visitor()
        .post(`${API}/customers/password_reset/confirm`, { token, password: 'another fine password' }),
      400,
      'TOKEN_INVALID',
      TOKEN_GONE,
    );
    expect(await verifyPassword((await customerById(t, customer.id)).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  test('a weak new password is refused without spending the link', async () => {
    const customer = await insertCustomer(t);
    expect(
      (await t.visitor().post(`${API}/customers/password_reset`, { email: customer.email })).status,
    ).toBe(202);
    const token = await onlyToken(t, customer.email, 'password_reset');
    const browser = t.visitor();
    const weak = await browser.post(`${API}/customers/password_reset/confirm`, {
      token,
      password: 'qwerty123',
    });
    expect(weak.status).toBe(400);
    expect(pointers(expectError(weak, 400, 'VALIDATION_FAILED'))).toEqual(['/password']);
    expect(setCookie(weak)).toBeUndefined();
    expect((await tokenRow(t, token))!.usedAt).toBeNull();
    expect((await customerById(t, customer.id)).passwordHash).toBe(customer.passwordHash);

    expect(
      (await browser.post(`${API}/customers/password_reset/confirm`, { token, password: NEW_PASSWORD }))
        .status,
    ).toBe(201);
  });

  test('an expired reset link is refused; a reset link does not sign in, and a sign-in link does not reset', async () => {
    const customer = await insertCustomer(t);
    const browser = t.visitor();
    expect((await browser.post(`${API}/customers/password_reset`, { email: customer.email })).status).toBe(
      202,
    );
    expect((await browser.post(`${API}/sessions/link`, { email: customer.email })).status).toBe(202);
    const resetToken = await onlyToken(t, customer.email, 'password_reset');
    const signInToken = await onlyToken(t, customer.email, 'sign_in_link');

    // Each is refused where it does not belong, and is not spent by the attempt.
    expectError(await browser.post(`${API}/sessions/token`, { token: resetToken }), 400, 'TOKEN_INVALID');
    expectError(
      await browser.post(`${API}/customers/password_reset/confirm`, {
        token: signInToken,
        password: NEW_PASSWORD,
      }),
      400,
      'TOKEN_INVALID',
    );
    expect((await tokenRow(t, resetToken))!.usedAt).toBeNull();
    expect((await tokenRow(t, signInToken))!.usedAt).toBeNull();
    expect((await customerById(t, customer.id)).passwordHash).toBe(customer.passwordHash);

    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.customerId, customer.id));
    expectError(
      await browser.post(`${API}/customers/password_reset/confirm`, {
        token: resetToken,
        password: NEW_PASSWORD,
      }),
      400,
      'TOKEN_INVALID',
      TOKEN_GONE,
    );
    expect((await customerById(t, customer.id)).passwordHash).toBe(customer.passwordHash);
    expectError(await me(browser), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /customers/account_setup', () => {
  test('the same 202 for any id; only a customer without a password gets a link to set one', async () => {
    const withoutPassword = await insertCustomer(t, { passwordHash: null, firstName: 'Mary' });
    const withPassword = await insertCustomer(t);
    const browser = t.visitor();
    const answers = [];
    for (const id of [
      withoutPassword.id,
      withPassword.id,
      '6f1c1d52-1f0e-4a8e-9d0e-2b7f4c1a9e33',
      'not-an-id',
    ]) {
      answers.push(await browser.post(`${API}/customers/account_setup`, { customer_id: id }));
    }
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [202, ''],
      [202, ''],
      [202, ''],
      [202, ''],
    ]);
    expect(await emailsTo(t, withPassword.email)).toEqual([]);
    const emails = await emailsTo(t, withoutPassword.email);
    expect(emails.map((e) => [e.template, e.subject])).toEqual([
      ['account_setup', 'Set a password for your Sfoglia account'],
    ]);
    expect(emails[0]!.text).toContain('Hello Mary,');
    const [link] = linksIn(emails[0]!);
    expect(link!.pathname).toBe('/forgot-password/reset');
    const token = link!.searchParams.get('token')!;
    const row = await tokenRow(t, token);
    // Three days to act on it.
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(72 * 3600_000 - 5_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(72 * 3600_000 + 5_000);

    // The link sets the password, and the customer can sign in with it.
    const set = await t
      .visitor()
      .post(`${API}/customers/password_reset/confirm`, { token, password: NEW_PASSWORD });
    expect(set.status).toBe(201);
    expect(set.body.data.attributes.has_password).toBe(true);
    await signIn(t.visitor(), withoutPassword.email, NEW_PASSWORD);
    // Now it has a password, a second request sends nothing.
    expect(
      (await browser.post(`${API}/customers/account_setup`, { customer_id: withoutPassword.id })).status,
    ).toBe(202);
    expect((await emailsTo(t, withoutPassword.email, 'account_setup')).length).toBe(1);
  });

  test('the answer stays the same when a customer’s email limit is reached (it tells nobody the account has no password)', async () => {
    const withoutPassword = await insertCustomer(t, { passwordHash: null });
    const browser = t.visitor();
    const statuses = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await browser.post(`${API}/customers/account_setup`, { customer_id: withoutPassword.id })).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202]);
    // At most five emails an hour to one address.
    expect(await emailsTo(t, withoutPassword.email, 'account_setup')).toHaveLength(5);
  });

  test('a missing customer_id is 400', async () => {
    const errors = expectError(
      await t.visitor().post(`${API}/customers/account_setup`, {}),
      400,
      'VALIDATION_FAILED',
    );
    expect(pointers(errors)).toEqual(['/customer_id']);
  });
});

describe('POST /customers/fingerprint', () => {
  test('204 for the signed-in customer, stored on their account', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const response = await visitor.post(`${API}/customers/fingerprint`, {
      fingerprint: 'fp-0123456789abcdef',
    });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect((await customerById(t, customer.id)).fingerprint).toBe('fp-0123456789abcdef');
  });

  test('401 when signed out; 400 for a bad body', async () => {
    expectError(
      await t.visitor().post(`${API}/customers/fingerprint`, { fingerprint: 'fp-0123456789abcdef' }),
      401,
      'UNAUTHENTICATED',
    );
    const { customer, visitor } = await signedInCustomer(t);
    for (const body of [
      {},
      { fingerprint: 'short' },
      { fingerprint: 12345678 },
      { fingerprint: 'x'.repeat(201) },
      { fingerprint: 'fp-0123456789', extra: 1 },
    ]) {
      expectError(await visitor.post(`${API}/customers/fingerprint`, body), 400, 'VALIDATION_FAILED');
    }
    expect((await customerById(t, customer.id)).fingerprint).toBeNull();
  });
});

describe('GET /store_credit_transactions', () => {
  /** A movement's source (null for a spend) and its expiry: none here, as nothing these rows added expires. */
  const never = (source: string | null) => ({
    source,
    source_label: source === null ? null : source === 'refund' ? 'Refund as credit' : 'Credit',
    expires_at: null,
    expires_on: null,
    expired: false,
  });

  test('none yet: an empty list and a balance of 0', async () => {
    const { visitor } = await signedInCustomer(t);
    const response = await visitor.get(`${API}/store_credit_transactions`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [], meta: { balance: 0, next_expiry: null, lots: [] } });
  });

  test('every movement, newest first, with the balance; never another customer’s', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const other = await insertCustomer(t, { storeCredits: 999 });
    const rows = await t.database.db
      .insert(storeCreditTransactions)
      .values([
        {
          customerId: customer.id,
          amount: 2000,
          balanceAfter: 2000,
          reason: 'refund',
          description: 'Refund for a late box',
          reference: 'ORD-1',
          createdAt: new Date('2026-10-01T09:00:00Z'),
        },
        {
          customerId: customer.id,
          amount: -750,
          balanceAfter: 1250,
          reason: 'order',
          description: 'Used on an order',
          reference: null,
          createdAt: new Date('2026-11-02T09:00:00Z'),
        },
        {
          customerId: customer.id,
          amount: 250,
          balanceAfter: 1500,
          reason: 'voucher',
          description: 'Credit voucher',
          reference: 'CV-9',
          createdAt: new Date('2026-10-15T09:00:00Z'),
        },
        {
          customerId: other.id,
          amount: 999,
          balanceAfter: 999,
          reason: 'refund',
          description: 'Someone else',
          reference: null,
          createdAt: new Date('2026-11-10T09:00:00Z'),
        },
      ])
      .returning();
    await t.database.db.update(customers).set({ storeCredits: 1500 }).where(eq(customers.id, customer.id));

    const response = await visitor.get(`${API}/store_credit_transactions`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [
        {
          id: rows[1]!.id,
          type: 'store_credit_transactions',
          attributes: {
            amount: -750,
            balance_after: 1250,
            reason: 'order',
            description: 'Used on an order',
            reference: null,
            created_at: '2026-11-02T09:00:00.000Z',
            ...never(null),
          },
        },
        {
          id: rows[2]!.id,
          type: 'store_credit_transactions',
          attributes: {
            amount: 250,
            balance_after: 1500,
            reason: 'voucher',
            description: 'Credit voucher',
            reference: 'CV-9',
            created_at: '2026-10-15T09:00:00.000Z',
            // A reason the wallet does not know: credit that never expires.
            ...never('legacy'),
          },
        },
        {
          id: rows[0]!.id,
          type: 'store_credit_transactions',
          attributes: {
            amount: 2000,
            balance_after: 2000,
            reason: 'refund',
            description: 'Refund for a late box',
            reference: 'ORD-1',
            created_at: '2026-10-01T09:00:00.000Z',
            ...never('refund'),
          },
        },
      ],
      // Written straight into the tables, the credit is in no lot (the wallet's own tests cover lots).
      meta: { balance: 1500, next_expiry: null, lots: [] },
    });
    expect((await me(visitor)).body.data.attributes.store_credits).toBe(1500);
  });

  test('401 when signed out', async () => {
    expectError(await t.visitor().get(`${API}/store_credit_transactions`), 401, 'UNAUTHENTICATED');
  });
});

describe('customer-only routes', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/me', undefined],
    ['PUT', '/me', { first_name: 'Mallory' }],
    ['PUT', '/customers/date_of_birth', { date_of_birth: '1980-01-01' }],
    ['PUT', '/customers/phone', { phone: '07912 345678' }],
    ['PUT', '/customers/paperless', { paperless: true }],
    ['PUT', '/customers/password', { current_password: PASSWORD, password: 'mallory was here' }],
    ['POST', '/customers/fingerprint', { fingerprint: 'fp-mallory-0001' }],
    ['GET', '/store_credit_transactions', undefined],
  ];

  test('a visitor, a made-up session cookie and a guest all get 401 on each', async () => {
    const guest = t.visitor();
    expect((await guest.post(`${API}/sessions/guest_token`, { email: uniqueEmail('guest') })).status).toBe(
      201,
    );
    for (const [method, path, body] of routes) {
      for (const [who, visitor, headers] of [
        ['visitor', t.visitor(), undefined],
        ['made-up cookie', t.visitor(), { cookie: 'sfoglia_sid=AAAAAAAAAAAAAAAAAAAAAA' }],
        ['guest', guest, undefined],
      ] as const) {
        const response = await visitor.request(method as 'GET', `${API}${path}`, {
          ...(body === undefined ? {} : { body }),
          ...(headers ? { headers } : {}),
        });
        expectError(response, 401, 'UNAUTHENTICATED', 'Please sign in to continue');
        expect(response.status, `${who} ${method} ${path}`).toBe(401);
      }
    }
  });

  test('each acts on the signed-in customer only: another customer is neither shown nor changed', async () => {
    const alice = await signedInCustomer(t, { storeCredits: 300 });
    const bob = await signedInCustomer(t, { firstName: 'Bob', phone: '+447700900111', storeCredits: 700 });
    await t.database.db.insert(storeCreditTransactions).values({
      customerId: bob.customer.id,
      amount: 700,
      balanceAfter: 700,
      reason: 'refund',
      description: 'Bob’s refund',
    });
    const bobBefore = await customerById(t, bob.customer.id);
    const bobSession = await sessionsOf(t, bob.customer.id);

    for (const [method, path, body] of routes) {
      const response = await alice.visitor.request(
        method as 'GET',
        `${API}${path}`,
        body === undefined ? {} : { body },
      );
      expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      if (response.body?.data?.type === 'customers') expect(response.body.data.id).toBe(alice.customer.id);
    }
    // Alice's account took every change; Bob's is exactly as it was, and so is his session.
    const alicesNow = await customerById(t, alice.customer.id);
    expect(alicesNow).toMatchObject({
      firstName: 'Mallory',
      dateOfBirth: '1980-01-01',
      phone: '+447912345678',
      tags: ['paperless'],
      fingerprint: 'fp-mallory-0001',
    });
    expect(await customerById(t, bob.customer.id)).toEqual(bobBefore);
    expect(await sessionsOf(t, bob.customer.id)).toEqual(bobSession);
    const bobSees = await bob.visitor.get(`${API}/me`);
    expect(bobSees.body.data).toMatchObject({
      id: bob.customer.id,
      attributes: { first_name: 'Bob', store_credits: 700 },
    });
    const aliceCredits = await alice.visitor.get(`${API}/store_credit_transactions`);
    expect(aliceCredits.body).toEqual({ data: [], meta: { balance: 300, next_expiry: null, lots: [] } });
    // Bob's emails: none (Alice's password change is emailed to Alice).
    expect(await emailsTo(t, bob.customer.email)).toEqual([]);
    expect((await emailsTo(t, alice.customer.email)).map((e) => e.template)).toEqual(['password_changed']);
  });
});

describe('per-address limits', () => {
  test('sign-up and reset requests over the address limit get 429 with Retry-After, and send nothing', async () => {
    await setRateCount(t, 'signup:ip:127.0.0.1', 3_600_000, 20);
    await setRateCount(t, 'reset:ip:127.0.0.1', 3_600_000, 20);
    const email = uniqueEmail('limited');
    const known = await insertCustomer(t);
    for (const [path, body] of [
      ['/customers', signUpBody(email)],
      ['/customers/password_reset', { email: known.email }],
    ] as const) {
      const response = await t.visitor().post(`${API}${path}`, body);
      const errors = expectError(
        response,
        429,
        'RATE_LIMITED',
        'Too many attempts. Please wait a little and try again.',
      );
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(errors[0]!.meta).toEqual({ retry_after: retryAfter });
    }
    expect(await emailsTo(t, email)).toEqual([]);
    expect(await emailsTo(t, known.email)).toEqual([]);
  });

  test('a deployment whose customers share an address sets its own sign-up limit (SIGN_UPS_PER_ADDRESS)', async () => {
    const shared = await createTestApp({ SIGN_UPS_PER_ADDRESS: '25' });
    try {
      await setRateCount(shared, 'signup:ip:127.0.0.1', 3_600_000, 20);
      expect(
        (await shared.visitor().post(`${API}/customers`, signUpBody(uniqueEmail('shared')))).status,
      ).toBe(201);
      await setRateCount(shared, 'signup:ip:127.0.0.1', 3_600_000, 25);
      expectError(
        await shared.visitor().post(`${API}/customers`, signUpBody(uniqueEmail('shared'))),
        429,
        'RATE_LIMITED',
      );
    } finally {
      await shared.close();
    }
  });

  test('reset emails to one address stop after five an hour, for known and unknown addresses alike', async () => {
    const known = await insertCustomer(t);
    const unknown = uniqueEmail('unknown');
    for (const email of [known.email, unknown]) {
      const statuses = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await t.visitor().post(`${API}/customers/password_reset`, { email })).status);
      }
      expect(statuses, email).toEqual([202, 202, 202, 202, 202, 429]);
    }
    expect(await emailsTo(t, known.email, 'password_reset')).toHaveLength(5);
  });
});

test('a session whose customer has been deleted is signed out', async () => {
  const { customer, visitor } = await signedInCustomer(t);
  await t.database.db.delete(customers).where(eq(customers.id, customer.id));
  expectError(await me(visitor), 401, 'UNAUTHENTICATED');
  expect(await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual([]);
});
