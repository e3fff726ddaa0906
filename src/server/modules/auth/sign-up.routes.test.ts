import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { oneTimeTokens } from '../../db/schema/auth';
import { vouchers } from '../../db/schema/vouchers';
import { paymentMethods } from '../../db/schema/payments';
import { CARDS, saveCard, type Shopper } from '../../test/checkout';
import { verifyPassword } from './passwords';
import { issueToken } from './one-time-tokens';
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
  signIn,
  tokenRow,
  uniqueEmail,
} from '../../test/accounts';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';

// Instant sign-up (issue 11 part 5, decision 18): POST /customers makes the account and signs the browser
// in; an email asks to confirm the address; an email with an account is told so; until the address is
// confirmed, whoever proves the inbox (a reset, a sign-in link, Google) takes the account over. Through
// app.inject on a fresh database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearRateLimits(t));

const OWNER_PASSWORD = 'orecchiette by the sea';
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

async function signUp(visitor: Visitor, email: string, overrides: Record<string, unknown> = {}) {
  const response = await visitor.post(`${API}/customers`, signUpBody(email, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response;
}

async function customerWithEmail(email: string) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.email, email));
  return row ?? null;
}

/** The confirmation link's token (`/account?confirm=…`): never a `?token=` the web app would sign in with. */
async function confirmToken(email: string): Promise<string> {
  const [message] = await emailsTo(t, email, 'confirm_sign_up');
  expect(message, `confirmation to ${email}`).toBeDefined();
  const [confirm] = linksIn(message!);
  expect(confirm!.pathname).toBe('/account');
  expect(confirm!.searchParams.get('token')).toBeNull();
  return confirm!.searchParams.get('confirm')!;
}

function methodsOf(customerId: string) {
  return t.database.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customerId));
}

async function me(visitor: Visitor) {
  return visitor.get(`${API}/me`);
}

describe('POST /customers (instant sign-up)', () => {
  test('creates the account, signs this browser in with an HttpOnly cookie, returns target_url, and asks to confirm', async () => {
    const email = uniqueEmail('instant');
    const browser = t.visitor();
    const response = await signUp(browser, email, { target_url: '/checkout' });

    const row = (await customerWithEmail(email))!;
    expect(response.body).toMatchObject({
      data: {
        id: row.id,
        type: 'customers',
        attributes: {
          email,
          first_name: 'Grace',
          last_name: 'Hopper',
          accepts_emails: true,
          accepts_mail: true,
          accepts_sms: false,
          has_password: true,
          email_confirmed: false,
        },
      },
      meta: { target_url: '/checkout' },
    });
    const cookie = setCookie(response)!;
    expect(cookie).toMatch(/^sfoglia_sid=[\w-]{22};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(await sessionRow(t, sessionToken(response))).toMatchObject({
      kind: 'customer',
      customerId: row.id,
    });
    expect((await me(browser)).body).toEqual({ data: response.body.data });

    expect(row.emailConfirmedAt).toBeNull();
    expect(await verifyPassword(row.passwordHash, PASSWORD)).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain(PASSWORD);

    const emails = await emailsTo(t, email);
    expect(emails.map((message) => [message.template, message.subject])).toEqual([
      ['confirm_sign_up', 'Please confirm your email for your Sfoglia account'],
    ]);
    const [confirm, takeBack] = linksIn(emails[0]!);
    expect(takeBack!.pathname).toBe('/forgot-password');
    const token = await confirmToken(email);
    expect(await tokenRow(t, token)).toMatchObject({
      purpose: 'confirm_email',
      customerId: row.id,
      usedAt: null,
    });
    expect(confirm!.origin).toBe('http://localhost:3000');
  });

  test('the email is trimmed and lower-cased', async () => {
    const email = uniqueEmail('mixed');
    const response = await signUp(t.visitor(), `  ${email.toUpperCase()} `);
    expect(response.body.data.attributes.email).toBe(email);
  });

  test('an email with an account is 409 EMAIL_TAKEN: nobody is signed in, nothing changes, no email', async () => {
    // The same answer whatever the account is like: confirmed or not, with a password or not.
    const answers: unknown[] = [];
    for (const known of [
      await insertCustomer(t),
      await insertCustomer(t, { emailConfirmedAt: null }),
      await insertCustomer(t, { passwordHash: null, socialLogin: true }),
    ]) {
      const browser = t.visitor();
      const response = await browser.post(
        `${API}/customers`,
        signUpBody(known.email.toUpperCase(), { password: OWNER_PASSWORD }),
      );
      const [error] = expectError(response, 409, 'EMAIL_TAKEN');
      expect(error!.detail).toMatch(/already an account with this email/);
      answers.push(response.body.errors);
      expect(setCookie(response)).toBeUndefined();
      expectError(await me(browser), 401, 'UNAUTHENTICATED');
      const after = await customerById(t, known.id);
      expect(after.passwordHash).toBe(known.passwordHash);
      expect(after.firstName).toBe(known.firstName);
      expect(await emailsTo(t, known.email)).toEqual([]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  test('two sign-ups with one email at once make one account: the other is EMAIL_TAKEN', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      t.visitor().post(`${API}/customers`, signUpBody(email)),
      t.visitor().post(`${API}/customers`, signUpBody(email)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await emailsTo(t, email, 'confirm_sign_up')).toHaveLength(1);
  });

  test('an invalid email is 400 INVALID_EMAIL "Invalid email" and makes nothing', async () => {
    const response = await t.visitor().post(`${API}/customers`, signUpBody('not-an-email'));
    expectError(response, 400, 'INVALID_EMAIL', 'Invalid email');
    expect(setCookie(response)).toBeUndefined();
  });

  test('limited per address (20 an hour) and per email (5 an hour): 429 with Retry-After, nothing made', async () => {
    await setRateCount(t, 'signup:ip:127.0.0.1', 3_600_000, 20);
    const email = uniqueEmail('by-address');
    const byAddress = await t.visitor().post(`${API}/customers`, signUpBody(email));
    expectError(byAddress, 429, 'RATE_LIMITED');
    expect(Number(byAddress.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await customerWithEmail(email)).toBeNull();

    await clearRateLimits(t);
    const probed = await insertCustomer(t);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await t.visitor().post(`${API}/customers`, signUpBody(probed.email))).status);
    }
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
  });
});

describe('confirming the email', () => {
  test('the link confirms in the browser signed in to the account, once', async () => {
    const email = uniqueEmail('confirm');
    const browser = t.visitor();
    await signUp(browser, email);
    const token = await confirmToken(email);

    const confirmed = await browser.post(`${API}/customers/email_confirmation`, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.attributes.email_confirmed).toBe(true);
    expect((await customerWithEmail(email))!.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await me(browser)).body.data.attributes.email_confirmed).toBe(true);

    expectError(
      await browser.post(`${API}/customers/email_confirmation`, { token }),
      400,
      'TOKEN_INVALID',
      TOKEN_GONE,
    );
  });

  test('signed out it is 401; another customer cannot use it, and the link stays good for its owner', async () => {
    const email = uniqueEmail('theirs');
    const owner = t.visitor();
    await signUp(owner, email);
    const token = await confirmToken(email);

    expectError(
      await t.visitor().post(`${API}/customers/email_confirmation`, { token }),
      401,
      'UNAUTHENTICATED',
    );
    const other = t.visitor();
    await signUp(other, uniqueEmail('other'));
    expectError(await other.post(`${API}/customers/email_confirmation`, { token }), 400, 'TOKEN_INVALID');
    expect((await tokenRow(t, token))!.usedAt).toBeNull();
    expect((await customerWithEmail(email))!.emailConfirmedAt).toBeNull();

    expect((await owner.post(`${API}/customers/email_confirmation`, { token })).status).toBe(200);
  });

  test('an expired link or another kind of token is refused', async () => {
    const email = uniqueEmail('late');
    const browser = t.visitor();
    await signUp(browser, email);
    const token = await confirmToken(email);
    const row = (await tokenRow(t, token))!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(24 * 3600_000 - 5_000);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.id, row.id));
    expectError(await browser.post(`${API}/customers/email_confirmation`, { token }), 400, 'TOKEN_INVALID');
    expectError(
      await browser.post(`${API}/customers/email_confirmation`, { token: 'a'.repeat(32) }),
      400,
      'TOKEN_INVALID',
    );
    // A confirmation token is no sign-in link.
    expectError(await t.visitor().post(`${API}/sessions/token`, { token }), 400, 'TOKEN_INVALID');
  });

  test('resend: a new link for an unconfirmed account (limited per recipient), nothing once confirmed', async () => {
    const email = uniqueEmail('resend');
    const browser = t.visitor();
    await signUp(browser, email);
    expectError(await t.visitor().post(`${API}/customers/email_confirmation/resend`), 401, 'UNAUTHENTICATED');

    const again = await browser.post(`${API}/customers/email_confirmation/resend`);
    expect(again.status).toBe(202);
    expect(again.body.data.attributes).toEqual({ email, next: 'check_email' });
    expect(await emailsTo(t, email, 'confirm_sign_up')).toHaveLength(2);

    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await browser.post(`${API}/customers/email_confirmation/resend`)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429]);

    const [, latest] = await emailsTo(t, email, 'confirm_sign_up');
    const token = linksIn(latest!)[0]!.searchParams.get('confirm')!;
    expect((await browser.post(`${API}/customers/email_confirmation`, { token })).status).toBe(200);
    await clearRateLimits(t);
    expect((await browser.post(`${API}/customers/email_confirmation/resend`)).status).toBe(202);
    expect(await emailsTo(t, email, 'confirm_sign_up')).toHaveLength(6);
  });
});

describe('until the email is confirmed, pre-registering someone else’s address gains nothing', () => {
  test('the owner resets the password by the emailed link: the squatter is signed out and their password no longer works', async () => {
    const victim = uniqueEmail('victim');
    const squatter = t.visitor();
    await signUp(squatter, victim);
    const elsewhere = t.visitor();
    await signIn(elsewhere, victim);
    const account = (await customerWithEmail(victim))!;
    expect(await sessionsOf(t, account.id)).toHaveLength(2);

    const owner = t.visitor();
    expect((await owner.post(`${API}/customers/password_reset`, { email: victim })).status).toBe(202);
    const token = await onlyToken(t, victim, 'password_reset');
    const reset = await owner.post(`${API}/customers/password_reset/confirm`, {
      token,
      password: OWNER_PASSWORD,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(201);
    expect(reset.body.data.attributes.email_confirmed).toBe(true);

    expectError(await me(squatter), 401, 'UNAUTHENTICATED');
    expectError(await me(elsewhere), 401, 'UNAUTHENTICATED');
    expect((await me(owner)).status).toBe(200);
    expect(await sessionsOf(t, account.id)).toHaveLength(1);
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: victim, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
    await signIn(t.visitor(), victim, OWNER_PASSWORD);
    expect((await customerById(t, account.id)).emailConfirmedAt).toBeInstanceOf(Date);
  });

  test('the owner signs in with Google: the squatter is signed out and the password they set is cleared', async () => {
    const victim = uniqueEmail('google-victim');
    const squatter = t.visitor();
    await signUp(squatter, victim);
    const account = (await customerWithEmail(victim))!;

    const owner = t.visitor();
    const signedIn = await googleSignIn(owner, victim);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(201);
    expect(signedIn.body.data.id).toBe(account.id);
    expect(signedIn.body.data.attributes).toMatchObject({ has_password: false, email_confirmed: true });

    expectError(await me(squatter), 401, 'UNAUTHENTICATED');
    expect((await me(owner)).status).toBe(200);
    const after = await customerById(t, account.id);
    expect(after.passwordHash).toBeNull();
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: victim, password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  test('an emailed sign-in link takes an unconfirmed account over the same way', async () => {
    const victim = uniqueEmail('link-victim');
    const squatter = t.visitor();
    await signUp(squatter, victim);
    const owner = t.visitor();
    expect((await owner.post(`${API}/sessions/link`, { email: victim })).status).toBe(202);
    const token = await onlyToken(t, victim, 'sign_in_link');
    expect((await owner.post(`${API}/sessions/token`, { token })).status).toBe(201);
    expectError(await me(squatter), 401, 'UNAUTHENTICATED');
    expect((await customerWithEmail(victim))!.passwordHash).toBeNull();
  });

  test('a takeover forgets the saved cards of whoever held the account; a confirmed account keeps its own', async () => {
    const victim = uniqueEmail('card-victim');
    const squatter = t.visitor();
    const made = await signUp(squatter, victim);
    const held: Shopper = { customerId: made.body.data.id, email: victim, visitor: squatter, addressId: '' };
    await saveCard(t, held, CARDS.visa);
    expect(await methodsOf(held.customerId)).toHaveLength(1);

    expect((await googleSignIn(t.visitor(), victim)).status).toBe(201);
    expect(await methodsOf(held.customerId)).toEqual([]);

    // Once confirmed, proving the inbox again takes nothing away.
    const owner = t.visitor();
    expect((await googleSignIn(owner, victim)).status).toBe(201);
    await saveCard(t, { ...held, visitor: owner }, CARDS.visa);
    expect((await googleSignIn(t.visitor(), victim)).status).toBe(201);
    expect(await methodsOf(held.customerId)).toHaveLength(1);
  });

  test('a confirmed account keeps its password and other sessions when its owner signs in with Google', async () => {
    const customer = await insertCustomer(t);
    const other = t.visitor();
    await signIn(other, customer.email);
    expect((await googleSignIn(t.visitor(), customer.email)).status).toBe(201);
    expect((await me(other)).status).toBe(200);
    expect((await customerById(t, customer.id)).passwordHash).toBe(customer.passwordHash);
  });

  test('credit codes wait for the confirmation (EMAIL_NOT_CONFIRMED), then work', async () => {
    const code = `WELCOME-${Date.now()}`;
    await t.database.db
      .insert(vouchers)
      .values({ code, type: 'CreditVoucher', valueType: 'fixed_amount', value: 500 });
    const email = uniqueEmail('credit');
    const browser = t.visitor();
    await signUp(browser, email);
    expectError(await browser.post(`${API}/customers/credit_voucher`, { code }), 403, 'EMAIL_NOT_CONFIRMED');
    expect((await customerWithEmail(email))!.storeCredits).toBe(0);
    const token = await confirmToken(email);
    expect((await browser.post(`${API}/customers/email_confirmation`, { token })).status).toBe(200);
    expect((await browser.post(`${API}/customers/credit_voucher`, { code })).status).toBe(201);
    expect((await customerWithEmail(email))!.storeCredits).toBe(500);
  });
});

test('a sign-up link from before instant sign-up still works once, making a confirmed account', async () => {
  const email = uniqueEmail('legacy');
  const token = await issueToken(t.database.db, {
    purpose: 'confirm_signup',
    email,
    payload: {
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: (await insertCustomer(t)).passwordHash,
      acceptsEmails: false,
      acceptsSms: false,
      acceptsMail: false,
    },
  });
  const browser = t.visitor();
  const signedIn = await browser.post(`${API}/sessions/token`, { token });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(201);
  expect(signedIn.body.data.attributes).toMatchObject({ email, email_confirmed: true });
  await signIn(t.visitor(), email);
  expectError(await t.visitor().post(`${API}/sessions/token`, { token }), 400, 'TOKEN_INVALID');
});

describe('POST /customers/account_setup', () => {
  test('a signed-in customer naming another customer gets 404 and no email goes out', async () => {
    const other = await insertCustomer(t, { passwordHash: null });
    const browser = t.visitor();
    await signUp(browser, uniqueEmail('nosy'));
    expectError(
      await browser.post(`${API}/customers/account_setup`, { customer_id: other.id }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    expect(await emailsTo(t, other.email)).toEqual([]);
  });

  test('a signed-in customer without a password naming themselves gets the set-password link', async () => {
    const customer = await insertCustomer(t, { passwordHash: null, socialLogin: true });
    const browser = t.visitor();
    expect((await googleSignIn(browser, customer.email)).status).toBe(201);
    const response = await browser.post(`${API}/customers/account_setup`, { customer_id: customer.id });
    expect(response.status).toBe(202);
    expect(await emailsTo(t, customer.email, 'account_setup')).toHaveLength(1);
  });
});

/** Google through the local provider's pages, as the web app signs in with what comes back. */
async function googleSignIn(visitor: Visitor, email: string) {
  const { google } = t.config.socialSignIn;
  const query = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: '/social-login',
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'n-0S6_WzA2Mj',
    state: 'st-google',
  });
  const url = `/dev/oauth/google/authorize?${query.toString()}`;
  const submitted = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      email,
      first_name: 'Real',
      last_name: 'Owner',
      action: 'continue',
    }).toString(),
  });
  expect(submitted.statusCode, submitted.body).toBe(302);
  const params = new URLSearchParams(
    new URL(String(submitted.headers.location), t.config.publicUrl).hash.slice(1),
  );
  return visitor.post(`${API}/sessions/google`, { access_token: params.get('id_token') });
}
