import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { baskets, basketItems } from '../../db/schema/baskets';
import { customerIdentities, sessions } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { backoffs } from '../../db/schema/rate-limits';
import { LIMITS } from '../../security/rate-limit';
import { SESSION_IDLE_MS } from '../../http/session';
import { API, expectError, variantGid, variantId } from '../../test/api-expect';
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
  setBackoff,
  setRateCount,
  signedInCustomer,
  signIn,
  tokenRow,
  uniqueEmail,
  withSessionCookie,
} from '../../test/accounts';
import { createTestApp, type Response, type TestApp, type Visitor } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';

// Sessions (spec §6, §7 Sessions; decision 6): sign-in by password, emailed link, Google, Facebook and
// Apple (through the local provider's own pages, as a browser would go), guest sessions, sign-out, rate
// limits, the session's timeouts, and the browser's baskets joining the customer's at sign-in.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Every injected request comes from 127.0.0.1: the per-address limits would otherwise add up across tests.
beforeEach(() => clearRateLimits(t));

const SIGN_IN_FAILED = "Email and Password don't match";

function me(visitor: Visitor) {
  return visitor.get(`${API}/me`);
}

/** The body with its request id blanked: what two answers should share. */
function withoutRequestId(response: Response<any>) {
  return JSON.stringify({ ...response.body, meta: { ...response.body.meta, request_id: 'x' } });
}

/** Whether a response tells the browser to drop the session cookie. */
function clearsSessionCookie(response: Response<unknown>): boolean {
  const cookie = setCookie(response);
  return (
    cookie !== undefined && /^sfoglia_sid=;/.test(cookie) && /Expires=Thu, 01 Jan 1970|Max-Age=0/.test(cookie)
  );
}

describe('POST /sessions', () => {
  test('the right email and password: 201, the customer, a session cookie', async () => {
    const customer = await insertCustomer(t);
    const browser = t.visitor();
    // Emails are case-insensitive.
    const response = await browser.post(`${API}/sessions`, {
      email: ` ${customer.email.toUpperCase()}`,
      password: PASSWORD,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({
      id: customer.id,
      type: 'customers',
      attributes: { email: customer.email, first_name: 'Ada', has_password: true },
    });
    expect(response.body.meta).toEqual({ target_url: null });
    const cookie = setCookie(response)!;
    expect(cookie).toMatch(/^sfoglia_sid=[\w-]{22}; Max-Age=5184000; Path=\/; HttpOnly; SameSite=Lax$/);
    const row = await sessionRow(t, sessionToken(response));
    expect(row).toMatchObject({ kind: 'customer', customerId: customer.id });
    // Only the hash is stored.
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toBe(sessionToken(response));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(60 * 86_400_000 - 5_000);
    expect((await me(browser)).body.data.id).toBe(customer.id);
  });

  test('a wrong password and an unknown email get the same 401 "Email and Password don\'t match"', async () => {
    const customer = await insertCustomer(t);
    const wrongPassword = await t
      .visitor()
      .post(`${API}/sessions`, { email: customer.email, password: 'not the password' });
    const unknownEmail = await t
      .visitor()
      .post(`${API}/sessions`, { email: uniqueEmail('nobody'), password: PASSWORD });
    expectError(wrongPassword, 401, 'INVALID_CREDENTIALS', SIGN_IN_FAILED);
    expectError(unknownEmail, 401, 'INVALID_CREDENTIALS', SIGN_IN_FAILED);
    expect(withoutRequestId(wrongPassword)).toBe(withoutRequestId(unknownEmail));
    expect(wrongPassword.body.errors).toEqual([
      { status: '401', code: 'INVALID_CREDENTIALS', detail: SIGN_IN_FAILED },
    ]);
    expect(setCookie(wrongPassword)).toBeUndefined();
    expect(setCookie(unknownEmail)).toBeUndefined();
    // A customer without a password (social sign-in only) is refused the same way, whatever is typed.
    const social = await insertCustomer(t, { passwordHash: null });
    const noPassword = await t.visitor().post(`${API}/sessions`, { email: social.email, password: PASSWORD });
    expect(withoutRequestId(noPassword)).toBe(withoutRequestId(unknownEmail));
    expect(await sessionsOf(t, customer.id)).toEqual([]);
  });

  test('bad bodies are 400 naming the fields', async () => {
    const response = await t
      .visitor()
      .post(`${API}/sessions`, { email: 'nope', password: '', remember_me: true });
    const errors = expectError(response, 400, 'VALIDATION_FAILED');
    expect(errors.map((e) => e.source?.pointer)).toEqual(['/email', '/password', '/remember_me']);
  });

  test('every sign-in gets a new session id: the cookie changes and the old one stops working', async () => {
    const customer = await insertCustomer(t);
    const browser = t.visitor();
    const first = sessionToken(await signIn(browser, customer.email));
    const second = sessionToken(await signIn(browser, customer.email));
    expect(second).not.toBe(first);
    expect(await sessionRow(t, first)).toBeNull();
    expectError(await withSessionCookie(t, first).get(`${API}/me`), 401, 'UNAUTHENTICATED');
    expect((await withSessionCookie(t, second).get(`${API}/me`)).status).toBe(200);
    expect((await me(browser)).status).toBe(200);
    expect(await sessionsOf(t, customer.id)).toHaveLength(1);

    // A guest session (or one planted by someone else) is replaced too, never promoted.
    const planted = t.visitor();
    const guest = await planted.post(`${API}/sessions/guest_token`, { email: uniqueEmail('guest') });
    const guestToken = sessionToken(guest);
    const signedIn = await signIn(planted, customer.email);
    expect(sessionToken(signedIn)).not.toBe(guestToken);
    expect(await sessionRow(t, guestToken)).toBeNull();
    expectError(await withSessionCookie(t, guestToken).get(`${API}/me`), 401, 'UNAUTHENTICATED');
  });

  test('target_url is echoed in meta when it is a path inside the shop, refused otherwise', async () => {
    const customer = await insertCustomer(t);
    for (const target of ['/checkout', '/checkout/delivery/address?step=2']) {
      const response = await t
        .visitor()
        .post(`${API}/sessions`, { email: customer.email, password: PASSWORD, target_url: target });
      expect(response.status).toBe(201);
      expect(response.body.meta).toEqual({ target_url: target });
    }
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ spaced',
      '',
    ]) {
      const response = await t
        .visitor()
        .post(`${API}/sessions`, { email: customer.email, password: PASSWORD, target_url: target });
      const errors = expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        errors.map((e) => e.source?.pointer),
        target,
      ).toEqual(['/target_url']);
      expect(setCookie(response)).toBeUndefined();
    }
  });
});

test('a form posted from another site cannot sign anyone in or out: JSON only, with the X-Branch header', async () => {
  const { customer, visitor } = await signedInCustomer(t);
  const form = `email=${encodeURIComponent(customer.email)}&password=${encodeURIComponent(PASSWORD)}`;
  for (const contentType of [
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=x',
  ]) {
    const response = await t
      .visitor()
      .request('POST', `${API}/sessions`, { raw: form, headers: { 'content-type': contentType } });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(setCookie(response)).toBeUndefined();
  }
  const noBranch = await t.visitor().request('POST', `${API}/sessions`, {
    body: { email: customer.email, password: PASSWORD },
    branch: false,
  });
  expectError(noBranch, 400, 'BRANCH_HEADER_MISSING');
  expectError(
    await visitor.request('DELETE', `${API}/sessions`, { branch: false }),
    400,
    'BRANCH_HEADER_MISSING',
  );
  expect((await me(visitor)).status).toBe(200);
  expect(await sessionsOf(t, customer.id)).toHaveLength(1);
});

describe('DELETE /sessions', () => {
  test('204, the cookie cleared, the session gone; again, still 204', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const other = t.visitor();
    await signIn(other, customer.email);
    const out = await visitor.delete(`${API}/sessions`);
    expect(out.status).toBe(204);
    expect(out.body).toBe('');
    expect(clearsSessionCookie(out)).toBe(true);
    expectError(await me(visitor), 401, 'UNAUTHENTICATED');
    // Only this browser's session ended.
    expect(await sessionsOf(t, customer.id)).toHaveLength(1);
    expect((await me(other)).status).toBe(200);

    const again = await visitor.delete(`${API}/sessions`);
    expect(again.status).toBe(204);
    expect((await t.visitor().delete(`${API}/sessions`)).status).toBe(204);
  });

  test('the old cookie is dead after sign-out, even if the browser kept it', async () => {
    const { visitor } = await signedInCustomer(t);
    const token = sessionToken(await signIn(visitor, (await me(visitor)).body.data.attributes.email));
    expect((await visitor.delete(`${API}/sessions`)).status).toBe(204);
    expect(await sessionRow(t, token)).toBeNull();
    expectError(await withSessionCookie(t, token).get(`${API}/me`), 401, 'UNAUTHENTICATED');
  });

  test('after sign-out the browser is a new visitor, and the basket it emptied never comes back (issue 19)', async () => {
    const customer = await insertCustomer(t);
    const shared = t.visitor();
    await signIn(shared, customer.email);
    const created = await shared.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(created.status).toBe(201);
    const basket = created.body.data.id as string;
    const line = { product_variant_id: variantGid(1), quantity: 2, meal_week: WEEKS.next };
    expect((await shared.post(`${API}/baskets/${basket}/items`, line)).status).toBe(201);

    const out = await shared.delete(`${API}/sessions`);
    expect(out.status).toBe(204);
    // The visitor cookie goes with the session: the next call that needs one makes a new visitor.
    expect(setCookie(out, 'sfoglia_vid')).toMatch(/^sfoglia_vid=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/);

    // Nothing of the customer's basket is readable or changeable from this browser now.
    expectError(await shared.get(`${API}/baskets/${basket}`), 404, 'BASKET_NOT_FOUND');
    expectError(await shared.post(`${API}/baskets/${basket}/items`, line), 404, 'BASKET_NOT_FOUND');
    expectError(await shared.get(`${API}/baskets/${basket}/vouchers`), 404, 'BASKET_NOT_FOUND');
    expectError(
      await shared.post(`${API}/baskets/${basket}/vouchers`, { code: 'WELCOME10' }),
      404,
      'BASKET_NOT_FOUND',
    );
    expect((await shared.get(`${API}/baskets`)).body.data).toEqual([]);
    expect((await shared.delete(`${API}/baskets/delete_by_type/RecipeKitBasket`)).status).toBe(204);

    // A new basket here is this browser's own, not the customer's.
    const fresh = await shared.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.id).not.toBe(basket);
    expect(setCookie(fresh, 'sfoglia_vid')).toMatch(/^sfoglia_vid=[\w-]{20,};/);
    expect((await shared.get(`${API}/baskets/${fresh.body.data.id}`)).status).toBe(200);
    const [freshRow] = await t.database.db.select().from(baskets).where(eq(baskets.id, fresh.body.data.id));
    expect(freshRow!.customerId).toBeNull();
    expectError(await t.visitor().get(`${API}/baskets/${fresh.body.data.id}`), 404, 'BASKET_NOT_FOUND');

    // "Your basket here has been emptied": it is gone, so signing in again (here or anywhere) brings
    // nothing of it back.
    expect(await t.database.db.select().from(baskets).where(eq(baskets.id, basket))).toEqual([]);
    for (const browser of [shared, t.visitor()]) {
      await signIn(browser, customer.email);
      const theirs = await browser.get(`${API}/baskets`);
      expect(theirs.body.included ?? []).toEqual([]);
      expect(theirs.body.data.map((b: any) => b.id)).not.toContain(basket);
    }
  });

  test('signing out empties the customer’s recipe-kit baskets on every device; a takeaway basket stays', async () => {
    const customer = await insertCustomer(t);
    const laptop = t.visitor();
    const phone = t.visitor();
    await signIn(laptop, customer.email);
    const oneOff = await laptop.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: false,
    });
    const line = { product_variant_id: variantGid(1), quantity: 1, meal_week: WEEKS.current };
    expect((await laptop.post(`${API}/baskets/${oneOff.body.data.id}/items`, line)).status).toBe(201);
    const takeaway = await laptop.post(`${API}/baskets`, { type: 'TakeawayBasket' });
    expect(takeaway.status).toBe(201);
    await signIn(phone, customer.email);
    expect((await phone.get(`${API}/baskets/${oneOff.body.data.id}`)).status).toBe(200);

    expect((await phone.delete(`${API}/sessions`)).status).toBe(204);
    expectError(await laptop.get(`${API}/baskets/${oneOff.body.data.id}`), 404, 'BASKET_NOT_FOUND');
    const left = await t.database.db.select().from(baskets).where(eq(baskets.customerId, customer.id));
    expect(left.map((row) => row.type)).toEqual(['TakeawayBasket']);
    // A browser that is not signed in empties nothing by "signing out".
    const stranger = t.visitor();
    const own = await stranger.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect((await stranger.delete(`${API}/sessions`)).status).toBe(204);
    expect((await stranger.get(`${API}/baskets/${own.body.data.id}`)).status).toBe(200);
  });

  test('a session that ends another way (a password change elsewhere, or running out) takes the visitor with it', async () => {
    const customer = await insertCustomer(t);
    const laptop = t.visitor();
    await signIn(laptop, customer.email);
    const created = await laptop.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    const basket = created.body.data.id as string;
    expect((await laptop.get(`${API}/baskets/${basket}`)).status).toBe(200);

    // The customer changes their password on their phone: the laptop's session ends.
    const phone = t.visitor();
    await signIn(phone, customer.email);
    const changed = await phone.put(`${API}/customers/password`, {
      current_password: PASSWORD,
      password: 'another good password',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const next = await laptop.get(`${API}/baskets/${basket}`);
    expectError(next, 404, 'BASKET_NOT_FOUND');
    expect(clearsSessionCookie(next)).toBe(true);
    expect(setCookie(next, 'sfoglia_vid')).toMatch(/^sfoglia_vid=;/);
    expect((await laptop.get(`${API}/baskets`)).body.data).toEqual([]);

    // Running out (idle for 14 days) does the same.
    const tablet = t.visitor();
    await signIn(tablet, customer.email, 'another good password');
    expect((await tablet.get(`${API}/baskets/${basket}`)).status).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.customerId, customer.id));
    expectError(await tablet.get(`${API}/baskets/${basket}`), 404, 'BASKET_NOT_FOUND');
    expect((await tablet.get(`${API}/baskets`)).body.data).toEqual([]);
  });
});

describe('POST /sessions/link', () => {
  test('202 either way; only a known address gets a link, which signs in and returns target_url', async () => {
    const customer = await insertCustomer(t);
    const unknown = uniqueEmail('nobody');
    const browser = t.visitor();
    const known = await browser.post(`${API}/sessions/link`, {
      email: customer.email,
      target_url: '/account/my-details',
    });
    const stranger = await browser.post(`${API}/sessions/link`, {
      email: unknown,
      target_url: '/account/my-details',
    });
    expect([known.status, stranger.status]).toEqual([202, 202]);
    expect(known.body).toEqual({
      data: {
        id: 'pending',
        type: 'email_requests',
        attributes: { email: customer.email, next: 'check_email' },
      },
    });
    expect(JSON.stringify(stranger.body).replace(unknown, 'E')).toBe(
      JSON.stringify(known.body).replace(customer.email, 'E'),
    );
    expect(setCookie(known)).toBeUndefined();
    expect(await emailsTo(t, unknown)).toEqual([]);

    const emails = await emailsTo(t, customer.email);
    expect(emails.map((e) => [e.template, e.subject])).toEqual([['sign_in_link', 'Your sign-in link']]);
    expect(linksIn(emails[0]!)[0]!.origin + linksIn(emails[0]!)[0]!.pathname).toBe('http://localhost:3000/');
    const token = await onlyToken(t, customer.email, 'sign_in_link');
    const row = await tokenRow(t, token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const phone = t.visitor();
    const signedIn = await phone.post(`${API}/sessions/token`, { token });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.data.id).toBe(customer.id);
    expect(signedIn.body.meta).toEqual({ target_url: '/account/my-details' });
    expect((await me(phone)).body.data.id).toBe(customer.id);
    expectError(await t.visitor().post(`${API}/sessions/token`, { token }), 400, 'TOKEN_INVALID');
  });

  test('a link request for an unknown email creates no account; over the limit, both get 429 alike', async () => {
    const customer = await insertCustomer(t);
    const unknown = uniqueEmail('nobody');
    for (const email of [customer.email, unknown]) {
      const statuses = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await t.visitor().post(`${API}/sessions/link`, { email })).status);
      expect(statuses, email).toEqual([202, 202, 202, 202, 202, 429]);
    }
    expect(await t.database.db.select().from(customers).where(eq(customers.email, unknown))).toEqual([]);
    expect(await emailsTo(t, customer.email, 'sign_in_link')).toHaveLength(5);
  });
});

describe('POST /sessions/guest_token', () => {
  test('201 a guest session tied to the email and a guest of its own; /me stays 401', async () => {
    const email = uniqueEmail('diner');
    const guest = t.visitor();
    const response = await guest.post(`${API}/sessions/guest_token`, {
      email: email.toUpperCase(),
      first_name: 'Gia',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const row = await sessionRow(t, sessionToken(response));
    expect(response.body).toEqual({
      data: { id: row!.id, type: 'guest_sessions', attributes: { email, first_name: 'Gia' } },
    });
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ guest: true, firstName: 'Gia', passwordHash: null });
    expect(row).toMatchObject({ kind: 'guest', customerId: rows[0]!.id, guestEmail: email });
    expect(setCookie(response)).toContain('HttpOnly');
    // A guest is not signed in to an account.
    expectError(await me(guest), 401, 'UNAUTHENTICATED');
    expect((await guest.get(`${API}/sessions/guest_token`)).body.data.attributes).toEqual({
      email,
      first_name: 'Gia',
    });
    // A visitor (or a customer) has none: null, not an error to report.
    const none = await t.visitor().get(`${API}/sessions/guest_token`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: null });
    expectError(await guest.post(`${API}/sessions/guest_token`, { email: 'nope' }), 400, 'VALIDATION_FAILED');
  });

  test('a guest with an account’s email never reaches the account; the account still signs up and in', async () => {
    const { customer } = await signedInCustomer(t);
    const guest = t.visitor();
    const response = await guest.post(`${API}/sessions/guest_token`, { email: customer.email });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectError(await me(guest), 401, 'UNAUTHENTICATED');
    expectError(await guest.get(`${API}/addresses`), 401, 'UNAUTHENTICATED');
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, customer.email));
    expect(rows.map((r) => r.guest).sort()).toEqual([false, true]);
    // A second guest with the same email is a row of its own.
    expect((await t.visitor().post(`${API}/sessions/guest_token`, { email: customer.email })).status).toBe(
      201,
    );
    expect(
      await t.database.db.select().from(customers).where(eq(customers.email, customer.email)),
    ).toHaveLength(3);
  });

  test('a signed-in customer cannot swap their session for a guest one', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    expectError(
      await visitor.post(`${API}/sessions/guest_token`, { email: uniqueEmail('guest') }),
      409,
      'CONFLICT',
      'You are signed in already',
    );
    expect((await me(visitor)).body.data.id).toBe(customer.id);
  });
});

describe('rate limits', () => {
  test('after many failed sign-ins from everywhere, the account makes the next wait (429 with Retry-After and a way on), never locks', async () => {
    const customer = await insertCustomer(t);
    // Ten failures in a row, from other addresses: the eleventh is still an ordinary 401 …
    await setBackoff(t, customer.email, 10, 0);
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: customer.email, password: 'guess 11' }),
      401,
      'INVALID_CREDENTIALS',
    );
    // … and the next must wait a second, right password or not.
    for (const password of [PASSWORD, 'guess 12']) {
      const response = await t.visitor().post(`${API}/sessions`, { email: customer.email, password });
      const errors = expectError(
        response,
        429,
        'RATE_LIMITED',
        'Too many wrong passwords for this account. Try again shortly, or sign in with a link we email you.',
      );
      const retryAfter = Number(response.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBe(1);
      expect(errors[0]!.meta).toEqual({ retry_after: retryAfter });
      expect(setCookie(response)).toBeUndefined();
    }
    expect(await sessionsOf(t, customer.id)).toEqual([]);
    const [backoff] = await t.database.db
      .select()
      .from(backoffs)
      .where(eq(backoffs.key, `signin-fail:${customer.email}`));
    expect(backoff!.failures).toBe(11);

    // An unknown email waits the same way (the 429 tells nothing), and other accounts are not affected.
    const unknown = uniqueEmail('nobody');
    await setBackoff(t, unknown, 11, 1_000);
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: unknown, password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    const other = await insertCustomer(t);
    await signIn(t.visitor(), other.email);

    // Once the wait has passed, the right password signs in, and takes its count back.
    await setBackoff(t, customer.email, 11, 0);
    await signIn(t.visitor(), customer.email);
    const [after] = await t.database.db
      .select()
      .from(backoffs)
      .where(eq(backoffs.key, `signin-fail:${customer.email}`));
    expect(after!.failures).toBe(11);
  });

  test('sign-ins and link requests from one address are limited (429 with Retry-After)', async () => {
    const customer = await insertCustomer(t);
    await setRateCount(
      t,
      'signin:ip:127.0.0.1',
      LIMITS.signInPerAddress.windowMs,
      LIMITS.signInPerAddress.max,
    );
    await setRateCount(t, 'link:ip:127.0.0.1', LIMITS.resetPerAddress.windowMs, LIMITS.resetPerAddress.max);
    const signInResponse = await t
      .visitor()
      .post(`${API}/sessions`, { email: customer.email, password: PASSWORD });
    expectError(signInResponse, 429, 'RATE_LIMITED');
    expect(Number(signInResponse.headers['retry-after'])).toBeLessThanOrEqual(600);
    const link = await t.visitor().post(`${API}/sessions/link`, { email: customer.email });
    expectError(link, 429, 'RATE_LIMITED');
    expect(Number(link.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await emailsTo(t, customer.email)).toEqual([]);
    expect(await sessionsOf(t, customer.id)).toEqual([]);
  });

  test('sign-up and password reset requests from one address are limited (429 with Retry-After)', async () => {
    await setRateCount(
      t,
      'signup:ip:127.0.0.1',
      LIMITS.signUpPerAddress.windowMs,
      LIMITS.signUpPerAddress.max - 1,
    );
    await setRateCount(
      t,
      'reset:ip:127.0.0.1',
      LIMITS.resetPerAddress.windowMs,
      LIMITS.resetPerAddress.max - 1,
    );
    const body = (email: string) => ({ first_name: 'Ann', last_name: 'Other', email, password: PASSWORD });
    const lastAllowed = uniqueEmail('signup');
    expect((await t.visitor().post(`${API}/customers`, body(lastAllowed))).status).toBe(201);
    const refused = uniqueEmail('signup');
    const signUp = await t.visitor().post(`${API}/customers`, body(refused));
    expectError(signUp, 429, 'RATE_LIMITED');
    expect(Number(signUp.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await emailsTo(t, lastAllowed)).length).toBe(1);
    expect(await emailsTo(t, refused)).toEqual([]);

    const customer = await insertCustomer(t);
    expect(
      (await t.visitor().post(`${API}/customers/password_reset`, { email: customer.email })).status,
    ).toBe(202);
    const reset = await t.visitor().post(`${API}/customers/password_reset`, { email: customer.email });
    expectError(reset, 429, 'RATE_LIMITED');
    expect(Number(reset.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await emailsTo(t, customer.email, 'password_reset')).toHaveLength(1);
  });

  test('guessing reset tokens from one address is limited too (429 with Retry-After, nothing changed)', async () => {
    await setRateCount(
      t,
      'reset-confirm:ip:127.0.0.1',
      LIMITS.resetPerAddress.windowMs,
      LIMITS.resetPerAddress.max - 1,
    );
    const body = { token: 'a-guessed-token-that-is-long-enough', password: 'a brand new password' };
    expectError(
      await t.visitor().post(`${API}/customers/password_reset/confirm`, body),
      400,
      'TOKEN_INVALID',
    );
    const refused = await t.visitor().post(`${API}/customers/password_reset/confirm`, body);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('session lifetime', () => {
  test('idle for 14 days: 401, the session row deleted and the cookie cleared; active within that, it carries on', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const [row] = await sessionsOf(t, customer.id);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '13 days'` })
      .where(eq(sessions.id, row!.id));
    expect((await me(visitor)).status).toBe(200);
    // Being seen moves the idle clock on.
    const [touched] = await sessionsOf(t, customer.id);
    expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(60_000);

    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
      .where(eq(sessions.id, row!.id));
    const expired = await me(visitor);
    expectError(expired, 401, 'UNAUTHENTICATED');
    expect(clearsSessionCookie(expired)).toBe(true);
    expect(await sessionsOf(t, customer.id)).toEqual([]);
  });

  test('past the absolute end (60 days), however active: 401 and the row deleted', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.customerId, customer.id));
    const response = await me(visitor);
    expectError(response, 401, 'UNAUTHENTICATED');
    expect(clearsSessionCookie(response)).toBe(true);
    expect(await sessionsOf(t, customer.id)).toEqual([]);
  });

  test('a session cookie that is not in the database is 401 and cleared', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(65), '']) {
      const response = await t.visitor().get(`${API}/me`, { cookie: `sfoglia_sid=${token}` });
      expectError(response, 401, 'UNAUTHENTICATED');
    }
    const made = await t.visitor().get(`${API}/me`, { cookie: 'sfoglia_sid=AAAAAAAAAAAAAAAAAAAAAA' });
    expect(clearsSessionCookie(made)).toBe(true);
  });
});

describe('baskets join the customer at sign-in', () => {
  const BEEF_SHIN = 1;
  const CACIO_E_PEPE = 2;
  const MUSHROOM = 4;

  async function basketWith(visitor: Visitor, lines: [number, number][]) {
    const created = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    for (const [dish, quantity] of lines) {
      const added = await visitor.post(`${API}/baskets/${id}/items`, {
        product_variant_id: variantGid(dish),
        quantity,
        meal_week: WEEKS.next,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    return id;
  }

  const quantities = (response: Response<any>) =>
    Object.fromEntries(
      (response.body.included as any[]).map((item) => [
        item.attributes.product_variant_id,
        item.attributes.quantity,
      ]),
    );

  test('this browser’s basket keeps its id and takes in the lines from the customer’s other device', async () => {
    const customer = await insertCustomer(t);
    // Device B: a basket built anonymously, then signed in (the basket becomes the customer's).
    const deviceB = t.visitor();
    const basketB = await basketWith(deviceB, [
      [BEEF_SHIN, 2],
      [MUSHROOM, 1],
    ]);
    await signIn(deviceB, customer.email);
    const [rowB] = await t.database.db.select().from(baskets).where(eq(baskets.id, basketB));
    expect(rowB!.customerId).toBe(customer.id);

    // Device A: another anonymous basket, then the same customer signs in there.
    const deviceA = t.visitor();
    const basketA = await basketWith(deviceA, [
      [BEEF_SHIN, 1],
      [CACIO_E_PEPE, 3],
    ]);
    await signIn(deviceA, customer.email);

    const onA = await deviceA.get(`${API}/baskets`);
    expect(onA.status).toBe(200);
    expect(onA.body.data.map((b: any) => b.id)).toEqual([basketA]);
    expect(quantities(onA)).toEqual({
      [variantId(BEEF_SHIN)]: 3,
      [variantId(CACIO_E_PEPE)]: 3,
      [variantId(MUSHROOM)]: 1,
    });
    expect(onA.body.data[0].attributes.item_count).toBe(7);

    // B's basket is gone (its lines with it); B, still signed in as the customer, now sees A's basket.
    expect(await t.database.db.select().from(baskets).where(eq(baskets.id, basketB))).toEqual([]);
    expect(await t.database.db.select().from(basketItems).where(eq(basketItems.basketId, basketB))).toEqual(
      [],
    );
    expectError(await deviceB.get(`${API}/baskets/${basketB}`), 404, 'BASKET_NOT_FOUND');
    const onB = await deviceB.get(`${API}/baskets`);
    expect(onB.body.data.map((b: any) => b.id)).toEqual([basketA]);
    expect(quantities(onB)).toEqual(quantities(onA));
    expect((await deviceB.get(`${API}/baskets/${basketA}`)).status).toBe(200);
    const [rowA] = await t.database.db.select().from(baskets).where(eq(baskets.id, basketA));
    expect(rowA!.customerId).toBe(customer.id);
    expect(
      await t.database.db.select().from(baskets).where(eq(baskets.customerId, customer.id)),
    ).toHaveLength(1);

    // Someone who is not the customer still cannot see it; after signing out, B cannot either.
    const stranger = t.visitor();
    expectError(
      await stranger.get(`${API}/baskets/${basketA}`),
      404,
      'BASKET_NOT_FOUND',
      'Has error and basket is destroyed',
    );
    const otherCustomer = await signedInCustomer(t);
    expectError(await otherCustomer.visitor.get(`${API}/baskets/${basketA}`), 404, 'BASKET_NOT_FOUND');
    expect((await deviceB.delete(`${API}/sessions`)).status).toBe(204);
    expectError(await deviceB.get(`${API}/baskets/${basketA}`), 404, 'BASKET_NOT_FOUND');
  });

  test('a one-off box never joins a plan’s basket at sign-in: each kind joins its own (issue 19)', async () => {
    const customer = await insertCustomer(t);
    // Another device: a one-off box with this week's dish (only a one-off box can still have it).
    const phone = t.visitor();
    const oneOff = await phone.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: false });
    const added = await phone.post(`${API}/baskets/${oneOff.body.data.id}/items`, {
      product_variant_id: variantGid(BEEF_SHIN),
      quantity: 1,
      meal_week: WEEKS.current,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await signIn(phone, customer.email);
    // This browser: a plan's basket for next week.
    const laptop = t.visitor();
    const plan = await basketWith(laptop, [[MUSHROOM, 2]]);
    await signIn(laptop, customer.email);

    const listed = (await laptop.get(`${API}/baskets`)).body.data as any[];
    const byKind = Object.fromEntries(listed.map((b) => [String(b.attributes.start_subscription), b]));
    expect(byKind.true.id).toBe(plan);
    expect(byKind.true.attributes.weeks.map((w: any) => [w.meal_week, w.orderable])).toEqual([
      [WEEKS.next, true],
    ]);
    expect(byKind.false.id).toBe(oneOff.body.data.id);
    expect(byKind.false.attributes.weeks.map((w: any) => [w.meal_week, w.orderable])).toEqual([
      [WEEKS.current, true],
    ]);
  });

  test('a browser without a basket gets the customer’s basket; a customer without one takes the browser’s', async () => {
    const customer = await insertCustomer(t);
    const laptop = t.visitor();
    const basket = await basketWith(laptop, [[MUSHROOM, 2]]);
    await signIn(laptop, customer.email);

    const phone = t.visitor();
    await signIn(phone, customer.email);
    const onPhone = await phone.get(`${API}/baskets`);
    expect(onPhone.body.data.map((b: any) => b.id)).toEqual([basket]);
    expect(quantities(onPhone)).toEqual({ [variantId(MUSHROOM)]: 2 });
    const rows = await t.database.db
      .select()
      .from(baskets)
      .where(inArray(baskets.id, [basket]));
    expect(rows).toHaveLength(1);
  });

  test('another customer’s basket left in this browser stays theirs: the next customer does not get it', async () => {
    const first = await insertCustomer(t);
    const second = await insertCustomer(t);
    const shared = t.visitor();
    const firstBasket = await basketWith(shared, [[MUSHROOM, 2]]);
    await signIn(shared, first.email);
    // The first customer's session ends without signing out (it ran out); the second signs in here.
    await t.database.db.delete(sessions).where(eq(sessions.customerId, first.id));
    await signIn(shared, second.email);

    const [row] = await t.database.db.select().from(baskets).where(eq(baskets.id, firstBasket));
    expect(row!.customerId).toBe(first.id);
    expectError(await shared.get(`${API}/baskets/${firstBasket}`), 404, 'BASKET_NOT_FOUND');
    expect((await shared.get(`${API}/baskets`)).body.data).toEqual([]);
    // The second customer gets a basket of their own here.
    const created = await shared.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(created.status).toBe(201);
    expect(created.body.data.id).not.toBe(firstBasket);

    // The first customer finds theirs, lines and all, at their next sign-in on any device.
    const elsewhere = t.visitor();
    await signIn(elsewhere, first.email);
    const theirs = await elsewhere.get(`${API}/baskets`);
    expect(theirs.body.data.map((b: any) => b.id)).toEqual([firstBasket]);
    expect(quantities(theirs)).toEqual({ [variantId(MUSHROOM)]: 2 });
  });

  test('a signed-in customer creating a basket gets the one they already have on another device', async () => {
    const customer = await insertCustomer(t);
    const laptop = t.visitor();
    await signIn(laptop, customer.email);
    const phone = t.visitor();
    await signIn(phone, customer.email);
    const onLaptop = await basketWith(laptop, [[MUSHROOM, 1]]);
    const again = await phone.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(onLaptop);
    expect(
      await t.database.db.select().from(baskets).where(eq(baskets.customerId, customer.id)),
    ).toHaveLength(1);
  });

  test('signing in by link or by a social provider joins baskets too', async () => {
    const customer = await insertCustomer(t);
    const browser = t.visitor();
    const basket = await basketWith(browser, [[CACIO_E_PEPE, 1]]);
    expect((await browser.post(`${API}/sessions/link`, { email: customer.email })).status).toBe(202);
    const token = await onlyToken(t, customer.email, 'sign_in_link');
    expect((await browser.post(`${API}/sessions/token`, { token })).status).toBe(201);
    const [row] = await t.database.db.select().from(baskets).where(eq(baskets.id, basket));
    expect(row!.customerId).toBe(customer.id);
  });
});

// ---- Google, Facebook and Apple through the local provider's pages ---------------------------------------

type Provider = 'google' | 'facebook' | 'apple';

interface Person {
  email: string;
  first_name: string;
  last_name: string;
}

/** What a browser does at the provider: open the page, fill in the form, follow the redirect; the answer's params. */
async function atProvider(provider: Provider, person: Person): Promise<URLSearchParams> {
  const { google, facebook, apple } = t.config.socialSignIn;
  const query: Record<Provider, Record<string, string>> = {
    google: {
      client_id: google.clientId,
      redirect_uri: '/social-login',
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'n-0S6_WzA2Mj',
      state: 'st-google',
    },
    facebook: {
      client_id: facebook.appId,
      redirect_uri: '/auth-facebook-cb',
      response_type: 'token',
      scope: 'email',
      state: 'st-facebook',
    },
    apple: {
      client_id: apple.clientId,
      redirect_uri: '/social-login',
      response_type: 'code',
      response_mode: 'query',
      scope: 'name email',
      state: 'st-apple',
    },
  };
  const url = `/dev/oauth/${provider}/authorize?${new URLSearchParams(query[provider]).toString()}`;
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode, page.body).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
  expect(action).toBe(url);
  const submitted = await t.app.inject({
    method: 'POST',
    url: action!,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ ...person, action: 'continue' }).toString(),
  });
  expect(submitted.statusCode, submitted.body).toBe(302);
  const location = new URL(String(submitted.headers.location), t.config.publicUrl);
  const params = new URLSearchParams(provider === 'apple' ? location.search : location.hash.slice(1));
  expect(params.get('state')).toBe(query[provider].state);
  return params;
}

/** Signs a browser in with a provider, as the web app does with what the provider sent back. */
async function socialSignIn(
  visitor: Visitor,
  provider: Provider,
  person: Person,
  extra: Record<string, string> = {},
) {
  const params = await atProvider(provider, person);
  if (provider === 'google') {
    return visitor.post(`${API}/sessions/google`, { access_token: params.get('id_token'), ...extra });
  }
  if (provider === 'facebook') {
    return visitor.post(`${API}/sessions/facebook`, { token: params.get('access_token'), ...extra });
  }
  return visitor.post(`${API}/sessions/apple`, {
    code: params.get('code'),
    first_name: params.get('first_name'),
    last_name: params.get('last_name'),
    ...extra,
  });
}

function identitiesOf(customerId: string) {
  return t.database.db.select().from(customerIdentities).where(eq(customerIdentities.customerId, customerId));
}

describe('POST /sessions/google, /facebook and /apple', () => {
  test.each(['google', 'facebook', 'apple'] as const)(
    '%s: a new person gets an account (social_login) and a welcome email; the same person signs into it again',
    async (provider) => {
      const email = uniqueEmail(provider);
      const person = { email: email.toUpperCase(), first_name: 'Lidia', last_name: 'Bastianich' };
      const browser = t.visitor();
      const first = await socialSignIn(browser, provider, person, { target_url: '/checkout' });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const [row] = await t.database.db.select().from(customers).where(eq(customers.email, email));
      expect(row).toBeDefined();
      expect(first.body).toEqual({
        data: {
          id: row!.id,
          type: 'customers',
          attributes: expect.objectContaining({
            email,
            first_name: 'Lidia',
            last_name: 'Bastianich',
            social_login: true,
            has_password: false,
            store_credits: 0,
          }),
        },
        // signed_up: this sign-in made the account (the web app's sign_up event, decision 30).
        meta: { target_url: '/checkout', signed_up: true },
      });
      expect(setCookie(first)).toMatch(/HttpOnly; SameSite=Lax$/);
      expect((await me(browser)).body.data.id).toBe(row!.id);
      expect(row!.passwordHash).toBeNull();
      expect((await emailsTo(t, email)).map((e) => [e.template, e.subject])).toEqual([
        ['welcome', 'Welcome to Sfoglia'],
      ]);
      const identities = await identitiesOf(row!.id);
      expect(identities.map((i) => [i.provider, i.email])).toEqual([[provider, email]]);

      // Again, from another browser: the same customer, no new account and no second welcome.
      const again = await socialSignIn(t.visitor(), provider, person);
      expect(again.status).toBe(201);
      expect(again.body.data.id).toBe(row!.id);
      // Not a sign-up the second time.
      expect(again.body.meta).toEqual({ target_url: null });
      expect(await t.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(1);
      expect(await emailsTo(t, email, 'welcome')).toHaveLength(1);
      expect(await identitiesOf(row!.id)).toHaveLength(1);
    },
  );

  test('a verified Google email that has a password account signs into that account and links Google to it', async () => {
    const customer = await insertCustomer(t, { firstName: 'Marcella', lastName: 'Hazan' });
    const browser = t.visitor();
    const response = await socialSignIn(browser, 'google', {
      email: customer.email,
      first_name: 'M',
      last_name: 'H',
    });
    expect(response.status).toBe(201);
    expect(response.body.data.id).toBe(customer.id);
    // The account is as it was: its names and password stay, it is not marked social.
    expect(response.body.data.attributes).toMatchObject({
      first_name: 'Marcella',
      last_name: 'Hazan',
      has_password: true,
      social_login: false,
    });
    expect(await customerById(t, customer.id)).toMatchObject({
      passwordHash: customer.passwordHash,
      socialLogin: false,
    });
    expect((await identitiesOf(customer.id)).map((i) => i.provider)).toEqual(['google']);
    expect(await emailsTo(t, customer.email)).toEqual([]);
    // Linking Google to an account is not a sign-up.
    expect(response.body.meta).toEqual({ target_url: null });
    // Both ways in still work.
    await signIn(t.visitor(), customer.email);
  });

  test('a tampered Google token, a made-up Facebook token and a reused Apple code are 401 SOCIAL_SIGN_IN_FAILED', async () => {
    const victim = await insertCustomer(t);
    const params = await atProvider('google', {
      email: uniqueEmail('mallory'),
      first_name: 'Mal',
      last_name: 'Lory',
    });
    const [header, payload, signature] = params.get('id_token')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, email: victim.email })).toString('base64url'),
      signature,
    ].join('.');
    const browser = t.visitor();
    const tampered = await browser.post(`${API}/sessions/google`, { access_token: forged });
    expectError(tampered, 401, 'SOCIAL_SIGN_IN_FAILED', 'Something went wrong');
    expect(setCookie(tampered)).toBeUndefined();
    expect(await identitiesOf(victim.id)).toEqual([]);

    expectError(
      await browser.post(`${API}/sessions/facebook`, { token: `EAAL${'0'.repeat(80)}` }),
      401,
      'SOCIAL_SIGN_IN_FAILED',
      'Something went wrong',
    );

    const apple = await atProvider('apple', {
      email: uniqueEmail('apple'),
      first_name: 'Ap',
      last_name: 'Ple',
    });
    expect((await t.visitor().post(`${API}/sessions/apple`, { code: apple.get('code') })).status).toBe(201);
    expectError(
      await browser.post(`${API}/sessions/apple`, { code: apple.get('code') }),
      401,
      'SOCIAL_SIGN_IN_FAILED',
      'Something went wrong',
    );
    expectError(await me(browser), 401, 'UNAUTHENTICATED');
    expect(await t.database.db.select().from(customers).where(eq(customers.email, claims.email))).toEqual([]);
  });

  test('bad bodies are 400', async () => {
    const browser = t.visitor();
    expectError(await browser.post(`${API}/sessions/google`, {}), 400, 'VALIDATION_FAILED');
    expectError(
      await browser.post(`${API}/sessions/google`, { access_token: 'short' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await browser.post(`${API}/sessions/facebook`, { token: 'x'.repeat(20), extra: 1 }),
      400,
      'VALIDATION_FAILED',
    );
    const target = expectError(
      await browser.post(`${API}/sessions/apple`, {
        code: 'x'.repeat(20),
        target_url: 'https://evil.example',
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(target.map((e) => e.source?.pointer)).toEqual(['/target_url']);
  });
});
