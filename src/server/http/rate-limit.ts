import type { FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { DomainError } from '../../domain/errors';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/customers';

// Fixed-window rate limits kept in the database, so every server process counts together. A limit is a
// key ("signin:ip:203.0.113.7"), a number and a window; going over answers 429 with Retry-After.

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /** Failed sign-ins per account (the issue: at most 100 an hour). */
  signInFailuresPerAccount: { max: 100, windowMs: 3_600_000 },
  signInPerAddress: { max: 60, windowMs: 600_000 },
  signUpPerAddress: { max: 20, windowMs: 3_600_000 },
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

/** Whether a key is already over its limit, without counting (failed sign-ins are counted only on failure). */
export async function assertUnder(db: DbOrTx, key: string, limit: Limit): Promise<void> {
  const { start, retryAfterSeconds } = windowOf(limit, Date.now());
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} = ${start}`);
  if ((row?.count ?? 0) >= limit.max) throw new RateLimitedError(retryAfterSeconds);
}

export function clientAddress(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
