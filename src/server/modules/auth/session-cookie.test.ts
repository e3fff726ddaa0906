import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { GUEST_SESSION_MS, SESSION_ABSOLUTE_MS } from '../../http/session';
import { API, expectError } from '../../test/api-expect';
import {
  clearRateLimits,
  customerById,
  insertCustomer,
  PASSWORD,
  sessionRow,
  setBackoff,
  type CustomerRow,
} from '../../test/accounts';
import { createTestApp, PRODUCTION, type Response, type TestApp } from '../../test/harness';
import { DEVICE_REMEMBERED_MS } from './known-devices';

// The session cookie in production (decision 6; issue "Customer accounts", Security): `__Host-sfoglia_sid`,
// Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain, so that only this exact host over HTTPS ever gets
// it; and the server honours that name only, so a cookie planted as plain `sfoglia_sid` (which a sibling
// subdomain or a plain-HTTP response could set) signs nobody in.

const PRODUCTION_NAME = '__Host-sfoglia_sid';

let prod: TestApp;
beforeAll(async () => {
  prod = await createTestApp(PRODUCTION);
});
afterAll(() => prod.close());
beforeEach(() => clearRateLimits(prod));

interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

/** Every Set-Cookie of a response, split into name, value and its attributes (sorted). */
function setCookies(response: Response<unknown>): SetCookie[] {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return all.map((cookie) => {
    const [pair, ...attributes] = cookie.split('; ');
    const at = pair!.indexOf('=');
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1), attributes: attributes.sort() };
  });
}

function sessionCookieOf(response: Response<unknown>): SetCookie {
  const cookie = setCookies(response).find((c) => c.name === PRODUCTION_NAME);
  expect(
    cookie,
    `a ${PRODUCTION_NAME} cookie in ${JSON.stringify(response.headers['set-cookie'])}`,
  ).toBeDefined();
  return cookie!;
}

/** A request carrying exactly this Cookie header (a browser, or an attacker's planted cookie). */
function withCookie(method: 'GET' | 'PUT', url: string, cookie: string, body?: unknown) {
  return prod.app
    .inject({
      method,
      url,
      headers: {
        cookie,
        'x-branch': prod.config.branch,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    })
    .then((r) => ({
      status: r.statusCode,
      body: r.body ? (JSON.parse(r.body) as any) : r.body,
      headers: r.headers,
    }));
}

async function signedIn(): Promise<{ customer: CustomerRow; response: Response<any>; token: string }> {
  const customer = await insertCustomer(prod);
  const response = await prod
    .visitor()
    .post(`${API}/sessions`, { email: customer.email, password: PASSWORD });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const token = decodeURIComponent(sessionCookieOf(response).value);
  return { customer, response, token };
}

describe('the session cookie in production', () => {
  test('the config asks for secure cookies', () => {
    expect(prod.config.env).toBe('production');
    expect(prod.config.secureCookies).toBe(true);
  });

  test('signing in sets __Host-sfoglia_sid: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { response, token } = await signedIn();
    const cookie = sessionCookieOf(response);
    expect(cookie.value).toMatch(/^[\w-]{22}$/);
    expect(cookie.attributes).toEqual([
      'HttpOnly',
      `Max-Age=${SESSION_ABSOLUTE_MS / 1000}`,
      'Path=/',
      'SameSite=Lax',
      'Secure',
    ]);
    // Every cookie the shop sets in production carries the __Host- prefix and its rules; none the
    // development name.
    for (const c of setCookies(response)) {
      expect(c.name, c.name).toMatch(/^__Host-/);
      expect(c.attributes, c.name).toEqual(expect.arrayContaining(['Secure', 'Path=/', 'HttpOnly']));
      expect(
        c.attributes.some((a) => /^domain=/i.test(a)),
        c.name,
      ).toBe(false);
    }
    expect(setCookies(response).map((c) => c.name)).not.toContain('sfoglia_sid');
    expect(await sessionRow(prod, token)).not.toBeNull();
  });

  test('a guest session gets the same cookie, for a day (decision 28)', async () => {
    const response = await prod.visitor().post(`${API}/sessions/guest_token`, { email: 'diner@example.com' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(sessionCookieOf(response).attributes).toEqual([
      'HttpOnly',
      `Max-Age=${GUEST_SESSION_MS / 1000}`,
      'Path=/',
      'SameSite=Lax',
      'Secure',
    ]);
  });

  test('the browser that holds it is signed in', async () => {
    const { customer, token } = await signedIn();
    const me = await withCookie('GET', `${API}/me`, `${PRODUCTION_NAME}=${token}`);
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(customer.id);
  });

  test('only that name is honoured: the same token as sfoglia_sid (or another spelling) signs nobody in', async () => {
    const { customer, token } = await signedIn();
    const before = await customerById(prod, customer.id);
    for (const name of ['sfoglia_sid', '__host-sfoglia_sid', '__Secure-sfoglia_sid', 'Host-sfoglia_sid']) {
      expectError(await withCookie('GET', `${API}/me`, `${name}=${token}`), 401, 'UNAUTHENTICATED');
      expectError(
        await withCookie('PUT', `${API}/me`, `${name}=${token}`, { first_name: 'Mallory' }),
        401,
        'UNAUTHENTICATED',
      );
    }
    // Ignored, not acted on: the session is still there and still works under its own name.
    expect(await customerById(prod, customer.id)).toEqual(before);
    expect(await sessionRow(prod, token)).not.toBeNull();
    expect((await withCookie('GET', `${API}/me`, `${PRODUCTION_NAME}=${token}`)).status).toBe(200);
  });

  test('signing out clears it with the same attributes (a browser ignores a __Host- cookie without them)', async () => {
    const { token } = await signedIn();
    const out = await prod.app.inject({
      method: 'DELETE',
      url: `${API}/sessions`,
      headers: { cookie: `${PRODUCTION_NAME}=${token}`, 'x-branch': prod.config.branch },
    });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookieOf({ status: out.statusCode, body: out.body, headers: out.headers });
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure']),
    );
    expect(cleared.attributes.some((a) => a === 'Max-Age=0' || /^Expires=Thu, 01 Jan 1970/.test(a))).toBe(
      true,
    );
    expect(cleared.attributes.some((a) => /^domain=/i.test(a))).toBe(false);
    expect(await sessionRow(prod, token)).toBeNull();
    expectError(await withCookie('GET', `${API}/me`, `${PRODUCTION_NAME}=${token}`), 401, 'UNAUTHENTICATED');
    // The browser stops being its visitor too (issue 8, defect 9), cleared by the same rules.
    const visitor = setCookies({ status: out.statusCode, body: out.body, headers: out.headers }).find(
      (c) => c.name === '__Host-sfoglia_vid',
    );
    expect(visitor?.value).toBe('');
    expect(visitor!.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure']),
    );
  });

  test('a __Host-sfoglia_sid the server does not know is cleared the same way', async () => {
    const response = await withCookie('GET', `${API}/me`, `${PRODUCTION_NAME}=made-up-session-token-0123`);
    expectError(response, 401, 'UNAUTHENTICATED');
    const cleared = sessionCookieOf(response);
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure']),
    );
  });
});

describe('the device cookie in production (decision 9)', () => {
  const DEVICE_NAME = '__Host-sfoglia_did';

  function signInWith(email: string, password: string, cookie?: string) {
    return prod.app.inject({
      method: 'POST',
      url: `${API}/sessions`,
      headers: {
        'x-branch': prod.config.branch,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      payload: JSON.stringify({ email, password }),
    });
  }

  test('signing in remembers the browser in __Host-sfoglia_did: Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
    const { response } = await signedIn();
    const device = setCookies(response).find((c) => c.name === DEVICE_NAME);
    expect(device?.value).toMatch(/^[\w-]{32}$/);
    expect(device!.attributes).toEqual([
      'HttpOnly',
      `Max-Age=${DEVICE_REMEMBERED_MS / 1000}`,
      'Path=/',
      'SameSite=Lax',
      'Secure',
    ]);
  });

  test('while the account makes others wait, only that name lets the remembered browser through', async () => {
    const { customer, response } = await signedIn();
    const token = setCookies(response).find((c) => c.name === DEVICE_NAME)!.value;
    await setBackoff(prod, customer.email, 40, 15 * 60_000);
    for (const name of ['sfoglia_did', '__Secure-sfoglia_did']) {
      expect((await signInWith(customer.email, PASSWORD, `${name}=${token}`)).statusCode, name).toBe(429);
    }
    expect((await signInWith(customer.email, PASSWORD, `${DEVICE_NAME}=${token}`)).statusCode).toBe(201);
  });
});
