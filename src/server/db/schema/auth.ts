import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

// Signing in (spec §6; §7 Sessions; decisions 6 and 9): sign-in identities, sessions, one-time tokens,
// remembered browsers and waiting email requests.

/** A sign-in with Google, Facebook or Apple: the provider's stable subject id, linked to a customer. */
export const customerIdentities = pgTable(
  'customer_identities',
  {
    provider: text('provider', { enum: ['google', 'facebook', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('customer_identities_customer_idx').on(t.customerId),
  ],
);

/**
 * Server-side sessions (architecture decision 6). The cookie holds a 128-bit random id; the table holds its
 * SHA-256. A customer session belongs to a customer; a guest session to an email only (dine-in).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['customer', 'guest'] }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    guestEmail: text('guest_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_customer_idx').on(t.customerId),
    check(
      'sessions_kind_owner',
      sql`(${t.kind} = 'customer' and ${t.customerId} is not null) or (${t.kind} = 'guest' and ${t.guestEmail} is not null)`,
    ),
  ],
);

/**
 * Single-use, expiring tokens sent by email: sign-in links, password resets, sign-up confirmations and
 * account set-up. Stored hashed. `payload` carries what a confirmation needs (the pending sign-up).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', {
      enum: ['sign_in', 'password_reset', 'confirm_signup', 'confirm_email'],
    }).notNull(),
    email: text('email').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    payload: jsonb('payload'),
    targetUrl: text('target_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash),
    index('one_time_tokens_email_idx').on(t.email),
  ],
);

/**
 * Browsers a customer has signed in from (decision 9): a random token in a long-lived HttpOnly cookie,
 * stored as its SHA-256, one row per browser and customer (a shared computer may be remembered for several).
 * When an account's failed sign-ins reach their limit, a remembered browser may still try, within a smaller
 * limit of its own. The token changes at every sign-in.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('known_devices_token_customer_idx').on(t.tokenHash, t.customerId),
    index('known_devices_customer_idx').on(t.customerId),
  ],
);

/**
 * Sign-in link and password reset requests, as asked (decision 9): the request writes one row whether or
 * not the email has an account; a background step looks the customer up, issues the token and queues the
 * email, and deletes the row.
 */
export const emailRequests = pgTable(
  'email_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['sign_in_link', 'password_reset'] }).notNull(),
    email: text('email').notNull(),
    targetUrl: text('target_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_requests_created_idx').on(t.createdAt)],
);
