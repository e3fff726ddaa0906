import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { backoffDelayMs } from '../../../domain/backoff';
import { knownDevices } from '../../db/schema/auth';
import { backoffs } from '../../db/schema/rate-limits';
import { BACKOFFS, LIMITS } from '../../security/rate-limit';
import { API, expectError } from '../../test/api-expect';
import {
  clearRateLimits,
  emailsTo,
  insertCustomer,
  onlyToken,
  PASSWORD,
  sessionsOf,
  setBackoff,
  setCookie,
  setRateCount,
  signIn,
  signedInCustomer,
  tokensIn,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';

// The sign-in limits (issue 8, defects 5 and 11; decision 9; issue 19, item 22 and decision 9's addendum):
// an attempt is counted before its password is verified, so however many arrive together, only those the
// limits allow are ever verified. Slow the guesser, not the owner: one address gets ten failures an hour on
// an account; every address together meets the account's exponential backoff (ten free, then 1 s, 2 s, 4 s…
// up to 15 minutes), which is a wait and never a lock; the owner's remembered browser, an emailed sign-in link
// and a reset are never held up. These are races: they decide by counting answers, never by timing; the
// backoff runs on the shop's clock, which the tests hold still and move on.

const DEVICE_COOKIE = 'sfoglia_did';
const HELD_BACK =
  'Too many wrong passwords for this account. Try again shortly, or sign in with a link we email you.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await clearRateLimits(t);
});

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

async function backoffOf(email: string) {
  const [row] = await t.database.db
    .select()
    .from(backoffs)
    .where(eq(backoffs.key, `signin-fail:${email}`));
  return row ?? null;
}

/** The account's wait has passed, by the shop's clock. */
async function waitPassed(email: string) {
  const row = await backoffOf(email);
  t.clock.set(new Date(Math.max(t.clock.now().getTime(), row!.notBefore.getTime())));
}

const FREE = BACKOFFS.signInFailuresPerAccount.free;

describe('wrong passwords from many addresses slow the guesser, never lock the owner out (item 22)', () => {
  test('150 at once from 150 addresses: ten and one more are verified, the rest wait a second; then the owner’s right password from a new browser signs in', async () => {
    const customer = await insertCustomer(t);
    const n = 150;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => attempt(customer.email, `guess ${i}`, address(i))),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: FREE + 1, 429: n - FREE - 1 });
    for (const a of answers.filter((a) => a.status === 429)) {
      expectError({ ...a, headers: a.headers as never }, 429, 'RATE_LIMITED', HELD_BACK);
      expect(a.headers['retry-after']).toBe('1');
    }
    expect((await backoffOf(customer.email))!.failures).toBe(FREE + 1);

    // Right now the owner, on a browser that never signed in, waits too: a wait, with a way on.
    const waiting = await attempt(customer.email, PASSWORD, address(n));
    expectError({ ...waiting, headers: waiting.headers as never }, 429, 'RATE_LIMITED', HELD_BACK);
    // Once it has passed, the right password signs in (it was 429 for the rest of the hour before).
    await waitPassed(customer.email);
    const owner = await attempt(customer.email, PASSWORD, address(n + 1));
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    expect(await sessionsOf(t, customer.id)).toHaveLength(1);
    // The owner's attempt took its count back.
    expect((await backoffOf(customer.email))!.failures).toBe(FREE + 1);
  });

  test('a steady guesser from ever new addresses waits twice as long after each failure, up to 15 minutes', async () => {
    const customer = await insertCustomer(t);
    await setBackoff(t, customer.email, FREE, 0);
    const waits: number[] = [];
    for (let failures = FREE + 1; failures <= FREE + 14; failures++) {
      expectError(
        await t.app
          .inject({
            method: 'POST',
            url: `${API}/sessions`,
            remoteAddress: address(failures * 2),
            headers: { 'x-branch': t.config.branch, 'content-type': 'application/json' },
            payload: JSON.stringify({ email: customer.email, password: `guess ${failures}` }),
          })
          .then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers as never })),
        401,
        'INVALID_CREDENTIALS',
      );
      const held = await attempt(customer.email, `guess ${failures}b`, address(failures * 2 + 1));
      expect(held.status).toBe(429);
      const expected = backoffDelayMs(BACKOFFS.signInFailuresPerAccount, failures) / 1000;
      expect(held.headers['retry-after']).toBe(String(expected));
      waits.push(expected);
      await waitPassed(customer.email);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    // Never a lock: after the longest wait, the owner's right password signs in.
    expect((await attempt(customer.email, PASSWORD, address(999))).status).toBe(201);
  });

  test('one address gets ten failures an hour on an account; the owner elsewhere is not held up by them', async () => {
    const customer = await insertCustomer(t);
    const perPair = LIMITS.signInFailuresPerAccountAddress.max;
    for (let i = 0; i < perPair; i++) {
      expect((await attempt(customer.email, `guess ${i}`, '203.0.113.9')).status).toBe(401);
    }
    const stopped = await attempt(customer.email, 'guess 10', '203.0.113.9');
    expectError({ ...stopped, headers: stopped.headers as never }, 429, 'RATE_LIMITED', HELD_BACK);
    expect(Number(stopped.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The right password from that address waits too: it is not verified.
    expect((await attempt(customer.email, PASSWORD, '203.0.113.9')).status).toBe(429);
    // The owner, at home on another address, signs in.
    expect((await attempt(customer.email, PASSWORD, '198.51.100.20')).status).toBe(201);
    // And the ten did not count against other accounts from that address.
    const other = await insertCustomer(t);
    expect((await attempt(other.email, PASSWORD, '203.0.113.9')).status).toBe(201);
  });

  test('wrong current passwords at a password change are counted before they are verified too', async () => {
    // The customer's own browser (it signed in, so it is remembered): its ten failures an hour.
    const { visitor } = await signedInCustomer(t);
    const n = 40;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        visitor.put(`${API}/customers/password`, {
          current_password: `guess ${i}`,
          password: 'a brand new password',
        }),
      ),
    );
    const verified = LIMITS.signInFailuresPerDevice.max;
    expect(tally(answers.map((a) => a.status))).toEqual({ 400: verified, 429: n - verified });
    for (const a of answers) {
      expect(a.body.errors[0].code).toBe(a.status === 400 ? 'CURRENT_PASSWORD_INCORRECT' : 'RATE_LIMITED');
    }
  });
});

describe('what is never held up by someone else’s guesses', () => {
  test('the owner’s remembered browser signs in; its own wrong guesses are limited (defect 11)', async () => {
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

    // Someone else: 150 wrong guesses from 150 addresses, all at once, and the account at its longest wait.
    const guesses = await Promise.all(
      Array.from({ length: 150 }, (_, i) => attempt(customer.email, `guess ${i}`, address(i))),
    );
    expect(tally(guesses.map((g) => g.status))).toEqual({ 401: FREE + 1, 429: 150 - FREE - 1 });
    await setBackoff(t, customer.email, 60, 15 * 60_000);

    // Every browser the account has not signed in on waits, right password or not: a new browser, a made-up
    // device cookie, another customer's remembered browser.
    expect((await attempt(customer.email, PASSWORD, address(200))).status).toBe(429);
    expectError(
      await t.visitor().post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
    expect(
      (await attempt(customer.email, PASSWORD, address(201), `${DEVICE_COOKIE}=${'x'.repeat(32)}`)).status,
    ).toBe(429);
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
    expect((await attempt(customer.email, PASSWORD, address(202), deviceCookie!.split(';')[0])).status).toBe(
      429,
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

  test('an emailed sign-in link and a password reset work while the account makes others wait', async () => {
    const customer = await insertCustomer(t);
    await setBackoff(t, customer.email, 60, 15 * 60_000);
    expect((await attempt(customer.email, PASSWORD, address(1))).status).toBe(429);

    const phone = t.visitor();
    expect((await phone.post(`${API}/sessions/link`, { email: customer.email })).status).toBe(202);
    const link = await phone.post(`${API}/sessions/token`, {
      token: await onlyToken(t, customer.email, 'sign_in_link'),
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.data.id).toBe(customer.id);

    const laptop = t.visitor();
    expect((await laptop.post(`${API}/customers/password_reset`, { email: customer.email })).status).toBe(
      202,
    );
    const reset = await laptop.post(`${API}/customers/password_reset/confirm`, {
      token: await onlyToken(t, customer.email, 'password_reset'),
      password: 'a new password after the attack',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBeLessThan(300);
    // The reset signed the laptop in and remembered it: its sign-ins are not held up either.
    expect((await laptop.delete(`${API}/sessions`)).status).toBe(204);
    const again = await laptop.post(`${API}/sessions`, {
      email: customer.email,
      password: 'a new password after the attack',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await emailsTo(t, customer.email)).map((email) => email.template)).toContain('password_changed');
  });

  test('links asked for in the owner’s name: the owner is told the ones sent still work, and the latest does', async () => {
    const customer = await insertCustomer(t);
    for (let i = 0; i < LIMITS.emailsPerRecipient.max; i++) {
      expect((await t.visitor().post(`${API}/sessions/link`, { email: customer.email })).status).toBe(202);
    }
    expectError(
      await t.visitor().post(`${API}/sessions/link`, { email: customer.email }),
      429,
      'RATE_LIMITED',
      'We have sent several emails to this address in the last hour: use the link in the latest one, or try again later.',
    );
    const latest = (await emailsTo(t, customer.email, 'sign_in_link')).at(-1)!;
    const signedIn = await t.visitor().post(`${API}/sessions/token`, { token: tokensIn(latest)[0] });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(201);
  });

  test('a remembered browser is still subject to its address’s limit', async () => {
    const customer = await insertCustomer(t);
    const laptop = t.visitor();
    await signIn(laptop, customer.email);
    await setBackoff(t, customer.email, 60, 15 * 60_000);
    await setRateCount(
      t,
      'signin:ip:127.0.0.1',
      LIMITS.signInPerAddress.windowMs,
      LIMITS.signInPerAddress.max,
    );
    expectError(
      await laptop.post(`${API}/sessions`, { email: customer.email, password: PASSWORD }),
      429,
      'RATE_LIMITED',
    );
  });
});
