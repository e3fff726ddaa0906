import type { FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { DomainError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';

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
   * Failed sign-ins per account (the issue: at most 100 an hour). Counted before the password is verified;
   * a right password gives its count back.
   */
  signInFailuresPerAccount: { max: 100, windowMs: 3_600_000 },
  /**
   * Once an account's limit is reached, failed sign-ins from one browser the customer signed in from
   * before, which may still try (decision 9).
   */
  signInFailuresPerDevice: { max: 10, windowMs: 3_600_000 },
  signInPerAddress: { max: 60, windowMs: 600_000 },
  signUpPerAddress: { max: 20, windowMs: 3_600_000 },
  /** Sign-ups naming one email: tells whether it has an account (decision 18), so a few an hour at most. */
  signUpPerEmail: { max: 5, windowMs: 3_600_000 },
  resetPerAddress: { max: 20, windowMs: 3_600_000 },
  /** Emails (reset, sign-in link) to one address: enough for a forgetful customer, not a mail bomb. */
  emailsPerRecipient: { max: 5, windowMs: 3_600_000 },
} satisfies Record<string, Limit>;

export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many attempts. Please wait a little and try again.', {
      retryAfter: retryAfterSeconds,
    });
  }
}

function windowOf(limit: Limit, now: number) {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return {
    start: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - now) / 1000)),
  };
}

/** Counts one hit; throws RateLimitedError once the window's count is over the limit. */
export async function hit(db: DbOrTx, key: string, limit: Limit): Promise<void> {
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
  if ((row?.count ?? 0) > limit.max) throw new RateLimitedError(retryAfterSeconds);
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

export function clientAddress(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
