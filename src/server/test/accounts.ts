import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers } from '../db/schema/customers';
import { oneTimeTokens, sessions } from '../db/schema/auth';
import { outbox } from '../db/schema/email';
import { backoffs, rateLimits } from '../db/schema/rate-limits';
import { hashPassword } from '../modules/auth/passwords';
import { hashToken } from '../security/tokens';
import { API } from './api-expect';
import type { Response, TestApp, Visitor } from './harness';

// Helpers for the account, session and address API tests: customers made straight in the database (one
// argon2 hash per file, shared), signing in through the API, reading the email outbox and its links, and
// reading the session cookie a response sets.

export const PASSWORD = 'gnocchi on a tuesday';
export const SESSION_COOKIE = 'sfoglia_sid';

let hashed: Promise<string> | null = null;
/** The argon2id hash of PASSWORD, made once (a hash takes ~50 ms; every customer can share it). */
export function passwordHash(): Promise<string> {
  hashed ??= hashPassword(PASSWORD);
  return hashed;
}

/** An email address no other test uses. */
export function uniqueEmail(label = 'customer'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export type CustomerRow = typeof customers.$inferSelect;

/**
 * A customer row made directly (password PASSWORD unless `passwordHash: null`), with a confirmed email unless
 * `emailConfirmedAt: null` (decision 18).
 */
export async function insertCustomer(
  t: TestApp,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<CustomerRow> {
  const [row] = await t.database.db
    .insert(customers)
    .values({
      email: uniqueEmail(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: await passwordHash(),
      emailConfirmedAt: new Date(),
      referralToken: randomUUID().slice(0, 8).toUpperCase(),
      ...values,
    })
    .returning();
  return row!;
}

export async function customerById(t: TestApp, id: string): Promise<CustomerRow> {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

/** Signs a browser in with email and password through the API (expects 201). */
export async function signIn(visitor: Visitor, email: string, password = PASSWORD): Promise<Response<any>> {
  const response = await visitor.post(`${API}/sessions`, { email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response;
}

/** A customer in the database and a browser signed in as them. */
export async function signedInCustomer(
  t: TestApp,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<{ customer: CustomerRow; visitor: Visitor }> {
  const customer = await insertCustomer(t, values);
  const visitor = t.visitor();
  await signIn(visitor, customer.email);
  return { customer, visitor };
}

export type EmailRow = typeof outbox.$inferSelect;

/**
 * The emails queued for an address, oldest first (optionally of one template), once every waiting sign-in
 * link and reset request has been handled (they are sent in the background).
 */
export async function emailsTo(t: TestApp, to: string, template?: string): Promise<EmailRow[]> {
  // The app's own queue: a pass it started may hold a request (skip locked) that another queue would miss.
  await t.app.services.emailRequests.drain();
  return t.database.db
    .select()
    .from(outbox)
    .where(template ? and(eq(outbox.to, to), eq(outbox.template, template)) : eq(outbox.to, to))
    .orderBy(asc(outbox.createdAt));
}

/** The links in an email's plain text. */
export function linksIn(email: Pick<EmailRow, 'text'>): URL[] {
  return [...email.text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]));
}

/** The `?token=` of every link in an email, in order. */
export function tokensIn(email: Pick<EmailRow, 'text'>): string[] {
  return linksIn(email)
    .map((link) => link.searchParams.get('token'))
    .filter((token): token is string => token !== null);
}

/** The one email of a template to an address, and its single token. */
export async function onlyToken(t: TestApp, to: string, template: string): Promise<string> {
  const emails = await emailsTo(t, to, template);
  expect(emails, `${template} emails to ${to}`).toHaveLength(1);
  const tokens = tokensIn(emails[0]!);
  expect(tokens).toHaveLength(1);
  return tokens[0]!;
}

/** The stored row of an emailed token. */
export async function tokenRow(t: TestApp, token: string) {
  const [row] = await t.database.db
    .select()
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
  return row ?? null;
}

/** The Set-Cookie header a response gives a cookie, or undefined. */
export function setCookie(response: Response<unknown>, name = SESSION_COOKIE): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return all.find((cookie) => cookie.startsWith(`${name}=`));
}

/** The value of the session cookie a response sets. */
export function sessionToken(response: Response<unknown>): string {
  const cookie = setCookie(response);
  expect(cookie, 'a session cookie').toBeDefined();
  return decodeURIComponent(cookie!.split(';')[0]!.slice(SESSION_COOKIE.length + 1));
}

/** The session row behind a cookie value, or null. */
export async function sessionRow(t: TestApp, token: string) {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row ?? null;
}

export function sessionsOf(t: TestApp, customerId: string) {
  return t.database.db.select().from(sessions).where(eq(sessions.customerId, customerId));
}

/** A request with just this cookie (a browser holding an old or made-up session cookie). */
export function withSessionCookie(t: TestApp, token: string) {
  const visitor = t.visitor();
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  return {
    get: (url: string) => visitor.get(url, headers),
  };
}

/**
 * Rate-limit counters and backoffs are per client address and per account, and every injected request
 * comes from 127.0.0.1: forgotten between tests.
 */
export async function clearRateLimits(t: TestApp): Promise<void> {
  await t.database.db.delete(rateLimits);
  await t.database.db.delete(backoffs);
}

/**
 * An account's sign-in backoff as if `failures` had happened in a row and the next attempt must wait
 * `waitMs` more by the shop's clock (0: it may come now).
 */
export async function setBackoff(t: TestApp, email: string, failures: number, waitMs: number) {
  const now = t.clock.now().getTime();
  const values = {
    key: `signin-fail:${email}`,
    failures,
    notBefore: new Date(now + waitMs),
    lastFailureAt: new Date(now),
  };
  await t.database.db
    .insert(backoffs)
    .values(values)
    .onConflictDoUpdate({ target: backoffs.key, set: values });
}

/** Sets a rate-limit counter for the current window of a limit, as if `count` hits had happened. */
export async function setRateCount(t: TestApp, key: string, windowMs: number, count: number): Promise<void> {
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  await t.database.db
    .insert(rateLimits)
    .values({ key, windowStart, count })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count } });
}
