import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { knownDevices } from '../../db/schema/auth';
import { rateLimits } from '../../db/schema/rate-limits';
import { LIMITS } from '../../http/rate-limit';
import { API, expectError } from '../../test/api-expect';
import {
  clearRateLimits,
  insertCustomer,
  PASSWORD,
  sessionsOf,
  setCookie,
  setRateCount,
  signIn,
  signedInCustomer,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// The per-account sign-in limit (issue 8, defects 5 and 11; decision 9): an attempt is counted before its
// password is verified, so however many arrive together, no more than the limit are ever verified; and once
// an account is locked, a browser the customer signed in from before may still sign in, within a smaller
// limit of its own. These are races: they decide by counting answers, never by timing.

const DEVICE_COOKIE = 'sfoglia_did';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearRateLimits(t));

/** A sign-in from one client address, optionally with a Cookie header (a browser of the attacker's, say). */
async function attempt(email: string, password: string, remoteAddress: string, cookie?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/sessions`,
    remoteAddress,
    headers: {
      'x-branch': t.config.branch,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify({ email, password }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Client address number `i` (a different one for each of up to 64 516 attempts). */
const address = (i: number) => `10.${Math.floor(i / 254) % 254}.${(i % 254) + 1}.7`;

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function counter(key: string): Promise<number | undefined> {
  const [row] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count;
}

describe('failed sign-ins are counted before the password is verified', () => {
  test('150 wrong passwords at once from 150 addresses: only the limit (100) are verified (401), the rest 429', async () => {
    const customer = await insertCustomer(t);
    const max = LIMITS.signInFailuresPerAccount.max;
    const n = max + 50;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => attempt(customer.email, `guess ${i}`, address(i))),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: max, 429: n - max });
    for (const a of answers) {
      expect(a.body.errors[0].code).toBe(a.status === 401 ? 'INVALID_CREDENTIALS' : 'RATE_LIMITED');
    }
    expect(await counter(`signin-fail:${customer.email}`)).toBe(max);
    // Locked now: the right password from a browser that never signed in is refused too.
    expectError(await attempt(customer.email, PASSWORD, address(n)), 429, 'RATE_LIMITED');
    expect(await sessionsOf(t, customer.id)).toEqual([]);
  });

  test('a right password takes its count back: sign-ins that succeed never lock anyone out', async () => {
    const customer = await insertCustomer(t);
    const max = LIMITS.signInFailuresPerAccount.max;
    await setRateCount(t, `signin-fail:${customer.email}`, LIMITS.signInFailuresPerAccount.windowMs, max - 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => attempt(customer.email, PASSWORD, address(i))),
    );
    // Each in turn holds the last place while its password is checked, and gives it back when right.
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    expect(await counter(`signin-fail:${customer.email}`)).toBe(max - 1);
    expectError(await attempt(customer.email, 'wrong', address(9)), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(customer.email, 'wrong', address(10)), 429, 'RATE_LIMITED');
  });

  test('wrong current passwords at a password change are counted before they are verified too', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const limit = LIMITS.signInFailuresPerAccount;
    const room = 5;
    await setRateCount(t, `signin-fail:${customer.email}`, limit.windowMs, limit.max - room);
    const n = 40;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        visitor.put(`${API}/customers/password`, {
          current_password: `guess ${i}`,
          password: 'a brand new password',
        }),
      ),
    );
    // Only the account's last places are verified.
    const verified = room;
    const statuses = answers.map((a) => a.status);
    expect(tally(statuses)).toEqual({ 400: verified, 429: n - verified });
    for (const a of answers) {
      expect(a.body.errors[0].code).toBe(a.status === 400 ? 'CURRENT_PASSWORD_INCORRECT' : 'RATE_LIMITED');
    }
  });
});

describe('a locked account still opens for the customer’s own browser (defect 11)', () => {
  test('100 wrong guesses lock out every other browser, but the owner’s remembered one signs in; its own wrong guesses are limited', async () => {
    const customer = await insertCustomer(t);
    // The owner signed in on their laptop last week: the laptop is remembered (a random device cookie).
    const laptop = t.visitor();
    const first = await signIn(laptop, customer.email);
    const deviceCookie = setCookie(first, DEVICE_COOKIE);
    expect(deviceCookie).toMatch(
      /^sfoglia_did=[\w-]{32}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const [device] = await t.database.db
      .select()
      .from(knownDevices)
      .where(eq(knownDevices.customerId, customer.id));
    // Only the token's hash is kept.
    expect(device!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceCookie).not.toContain(device!.tokenHash);
    // Signing out keeps the device remembered.
    const out = await laptop.delete(`${API}/sessions`);
    expect(out.status).toBe(204);
    expect(setCookie(out, DEVICE_COOKIE)).toBeUndefined();

    // Someone else: 100 wrong guesses from 100 addresses, all at once.
    const max = LIMITS.signInFailuresPerAccount.max;
    const guesses = await Promise.all(
      Array.from({ length: max }, (_, i) => attempt(customer.email, `guess ${i}`, address(i))),
    );
    expect(tally(guesses.map((g) => g.status))).toEqual({ 401: max });

    // The account is locked for every browser it has not signed in on, right password or not: a new
    // browser, a made-up device cookie, another customer's remembered browser.
    expectError(await attempt(customer.email, PASSWORD, address(max)), 429, 'RATE_LIMITED');
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    expectError(
      await attempt(customer.email, PASSWORD, address(max + 1), `${DEVICE_COOKIE}=${'x'.repeat(32)}`),
      429,
      'RATE_LIMITED',
    );
    const neighbour = await signedInCustomer(t);
    expectError(
      await neighbour.visitor.post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    expect(await sessionsOf(t, customer.id)).toEqual([]);

    // The owner's laptop: the right password signs in.
    const back = await laptop.post(`${API}/sessions`, { email: customer.email, password: PASSWORD });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.data.id).toBe(customer.id);
    expect(await sessionsOf(t, customer.id)).toHaveLength(1);
    // A new device token at every sign-in (the old one no longer opens anything).
    expect(setCookie(back, DEVICE_COOKIE)).toBeDefined();
    expect(setCookie(back, DEVICE_COOKIE)).not.toBe(deviceCookie);
    expectError(
      await attempt(customer.email, PASSWORD, address(max + 2), deviceCookie!.split(';')[0]),
      429,
      'RATE_LIMITED',
    );
    expect((await laptop.delete(`${API}/sessions`)).status).toBe(204);

    // The laptop's own wrong guesses are limited (a stolen laptop, or a stolen cookie): after its ten, it
    // too is refused, right password or not.
    const perDevice = LIMITS.signInFailuresPerDevice.max;
    const wrong = await Promise.all(
      Array.from({ length: perDevice + 5 }, (_, i) =>
        laptop.post(`${API}/sessions`, { email: customer.email, password: `laptop guess ${i}` }),
      ),
    );
    expect(tally(wrong.map((w) => w.status))).toEqual({ 401: perDevice, 429: 5 });
    expectError(
      await laptop.post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    expect(await sessionsOf(t, customer.id)).toEqual([]);
  });

  test('a remembered browser is still subject to its address’s limit', async () => {
    const customer = await insertCustomer(t);
    const laptop = t.visitor();
    await signIn(laptop, customer.email);
    const limits = LIMITS;
    await setRateCount(
      t,
      `signin-fail:${customer.email}`,
      limits.signInFailuresPerAccount.windowMs,
      limits.signInFailuresPerAccount.max,
    );
    await setRateCount(
      t,
      'signin:ip:127.0.0.1',
      limits.signInPerAddress.windowMs,
      limits.signInPerAddress.max,
    );
    expectError(
      await laptop.post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
  });
});
