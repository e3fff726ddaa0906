import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Customers, their sessions and sign-in identities, one-time tokens, addresses and store credit
// (spec §3 Customer, Address; §6; §7 Customers, Sessions, Addresses).

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shopify customer id, when the storefront has one. */
    extId: text('ext_id'),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** argon2id; null for accounts that only sign in with Google, Facebook, Apple or links. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** E.164 (+447911123456). */
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    acceptsEmails: boolean('accepts_emails').notNull().default(false),
    acceptsSms: boolean('accepts_sms').notNull().default(false),
    acceptsMail: boolean('accepts_mail').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    socialLogin: boolean('social_login').notNull().default(false),
    referralToken: text('referral_token').notNull(),
    /** Balance in pence; every movement is a row in store_credit_transactions. */
    storeCredits: integer('store_credits').notNull().default(0),
    fingerprint: text('fingerprint'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_idx').on(t.email),
    uniqueIndex('customers_referral_token_idx').on(t.referralToken),
    check('customers_email_lower', sql`${t.email} = lower(${t.email})`),
    check('customers_store_credits_nonnegative', sql`${t.storeCredits} >= 0`),
  ],
);

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
    purpose: text('purpose', { enum: ['sign_in', 'password_reset', 'confirm_signup'] }).notNull(),
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

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    zip: text('zip'),
    company: text('company'),
    region: text('region'),
    regionCode: text('region_code'),
    country: text('country').notNull().default('United Kingdom'),
    countryCode: text('country_code').notNull().default('UK'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    isDefault: boolean('is_default').notNull().default(false),
    extId: text('ext_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId, t.createdAt),
    // At most one default address per customer.
    uniqueIndex('addresses_one_default_idx')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Every movement of store credit, in pence (positive in, negative out). */
export const storeCreditTransactions = pgTable(
  'store_credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_credit_transactions_customer_idx').on(t.customerId, t.createdAt),
    // A payment's credit comes back once, however many ways its ending is seen (issue 8).
    uniqueIndex('store_credit_transactions_payment_return_idx')
      .on(t.reference)
      .where(sql`${t.reason} = 'payment_failed'`),
  ],
);

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
 * The email outbox: messages are written in the same transaction as what caused them and delivered after
 * commit by the email port (SMTP in production; the development mailbox otherwise).
 */
export const outbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('email_outbox_to_idx').on(t.to, t.createdAt),
  ],
);
