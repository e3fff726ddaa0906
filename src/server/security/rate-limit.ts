import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { backoffDelayMs, type Backoff } from '../../domain/backoff';
import { DomainError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { backoffs, rateLimits } from '../db/schema/rate-limits';

// Fixed-window rate limits kept in the database, so every server process counts together. A limit is a
// key ("signin:ip:203.0.113.7"), a number and a window; going over answers 429 with Retry-After.
// `hit` counts every request; `take` counts an attempt only while there is room, in the same statement that
// answers whether there was, so concurrent attempts can never get past the limit together (issue 8).

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /**
   * Failed sign-ins to one account from one client address (decision 9's addendum). Counted before the
   * password is verified; a right password gives its count back. Other addresses are not held up by it.
   */
  signInFailuresPerAccountAddress: { max: 10, windowMs: 3_600_000 },
  /**
   * Failed sign-ins from one browser the customer signed in from before (decision 9), which the account's
   * backoff never holds up.
   */
  signInFailuresPerDevice: { max: 10, windowMs: 3_600_000 },
  signInPerAddress: { max: 60, windowMs: 600_000 },
  signUpPerAddress: { max: 20, windowMs: 3_600_000 },
  /** Sign-ups naming one email: tells whether it has an account (decision 18), so a few an hour at most. */
  signUpPerEmail: { max: 5, windowMs: 3_600_000 },
  resetPerAddress: { max: 20, windowMs: 3_600_000 },
  /** Guests at tables (decision 28): a busy restaurant's guests share its Wi-Fi's one address. */
  guestsPerAddress: { max: 300, windowMs: 3_600_000 },
  /** Emails (reset, sign-in link) to one address: enough for a forgetful customer, not a mail bomb. */
  emailsPerRecipient: { max: 5, windowMs: 3_600_000 },
} satisfies Record<string, Limit>;

export const BACKOFFS = {
  /**
   * Failed sign-ins per account from browsers it does not know, whatever their addresses (decision 9's
   * addendum): ten in a row freely, then 1 s, 2 s, 4 s… up to 15 minutes between attempts. The guesser is
   * slowed to a few guesses an hour; the owner waits at most that long, or signs in by link, by a reset,
   * or from a browser they used before.
   */
  signInFailuresPerAccount: { free: 10, baseMs: 1_000, maxMs: 15 * 60_000, forgetAfterMs: 3_600_000 },
} satisfies Record<string, Backoff>;

export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please wait a little and try again.',
  ) {
    super('RATE_LIMITED', message, { retryAfter: retryAfterSeconds });
  }
}

function windowOf(limit: Limit, now: number) {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return {
    start: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - now) / 1000)),
  };
}

/** `hit` on a database given once: what a route is handed instead of the database. */
export type CountHit = (key: string, limit: Limit, message?: string) => Promise<void>;

/** Counts one hit; throws RateLimitedError (with `message`, if given) once the window's count is over the limit. */
export async function hit(db: DbOrTx, key: string, limit: Limit, message?: string): Promise<void> {
  const now = Date.now();
  const { start, retryAfterSeconds } = windowOf(limit, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  // Now and then, drop windows long past.
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 86_400_000)));
  }
  if ((row?.count ?? 0) > limit.max) throw new RateLimitedError(retryAfterSeconds, message);
}

/** Where a counted attempt went, so that it can be given back (the window it was counted in). */
export interface Place {
  key: string;
  windowStart: Date;
}

export type Taken = { ok: true; place: Place } | { ok: false; retryAfterSeconds: number };

/**
 * Counts one attempt if the window still has room for it: one statement, so of any number of concurrent
 * attempts exactly the room left is counted and let through. An attempt that finds no room is not counted.
 */
export async function take(db: DbOrTx, key: string, limit: Limit): Promise<Taken> {
  const { start, retryAfterSeconds } = windowOf(limit, Date.now());
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${rateLimits.count} < ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  return rows.length > 0
    ? { ok: true, place: { key, windowStart: start } }
    : { ok: false, retryAfterSeconds };
}

/** Takes back an attempt that turned out well (a right password), in the window it was counted in. */
export async function giveBack(db: DbOrTx, place: Place): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, place.key),
        eq(rateLimits.windowStart, place.windowStart),
        gt(rateLimits.count, 0),
      ),
    );
}

/** `backoffDelayMs` in SQL, of a failure count given as SQL. */
function delaySql(policy: Backoff, failures: SQL): SQL {
  return sql`(case when ${failures} <= ${policy.free}::int then 0::float8
    else least(${policy.maxMs}::float8, ${policy.baseMs}::float8 * power(2, ${failures} - ${policy.free}::int - 1))
    end) * interval '1 millisecond'`;
}

/**
 * Counts one attempt as a failure if the backoff lets it through now, and sets when the next may come: one
 * statement, so of any number of concurrent attempts only those the backoff allows are counted and let
 * through (during the free ones, all of them; after, one per wait). An attempt held back is not counted.
 */
export async function takeAfterBackoff(
  db: DbOrTx,
  key: string,
  policy: Backoff,
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs);
  const failures = sql`(case when ${backoffs.lastFailureAt} < ${forgetBefore} then 1
    else ${backoffs.failures} + 1 end)`;
  // A free failure leaves the moment alone: concurrent attempts, each with its own clock reading, must not
  // hold each other up while the failures are free.
  const first = backoffDelayMs(policy, 1);
  const taken = await db
    .insert(backoffs)
    .values({
      key,
      failures: 1,
      notBefore: first > 0 ? new Date(now.getTime() + first) : new Date(0),
      lastFailureAt: now,
    })
    .onConflictDoUpdate({
      target: backoffs.key,
      set: {
        failures,
        notBefore: sql`case when ${failures} <= ${policy.free}::int then ${backoffs.notBefore}
          else ${now}::timestamptz + ${delaySql(policy, failures)} end`,
        lastFailureAt: sql`greatest(${backoffs.lastFailureAt}, ${now}::timestamptz)`,
      },
      // (A moment further off than the longest wait was set by a clock since moved back: it has passed.)
      setWhere: sql`${backoffs.notBefore} <= ${now}
        or ${backoffs.notBefore} > ${now}::timestamptz + ${policy.maxMs}::float8 * interval '1 millisecond'`,
    })
    .returning({ failures: backoffs.failures });
  if (Math.random() < 0.01) {
    await db.delete(backoffs).where(lt(backoffs.lastFailureAt, new Date(now.getTime() - 86_400_000)));
  }
  if (taken.length > 0) return { ok: true };
  const [held] = await db
    .select({ notBefore: backoffs.notBefore })
    .from(backoffs)
    .where(eq(backoffs.key, key));
  const waitMs = (held?.notBefore.getTime() ?? now.getTime()) - now.getTime();
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Takes back an attempt counted by `takeAfterBackoff` that turned out well (a right password). */
export async function forgiveFailure(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(backoffs)
    .set({ failures: sql`greatest(${backoffs.failures} - 1, 0)` })
    .where(eq(backoffs.key, key));
}
