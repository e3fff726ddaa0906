import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Rate limits shared by every server process (src/server/security/rate-limit.ts).

/**
 * Fixed-window counters for rate limits (sign-in failures per account, requests per address), kept in the
 * database so that every server process shares them.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Exponential backoff after failures in a row (sign-in failures per account: decision 9's addendum): how many
 * failures, and the moment before which no further attempt is verified. A quiet spell forgets them.
 */
export const backoffs = pgTable(
  'backoffs',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('backoffs_last_failure_idx').on(t.lastFailureAt)],
);
