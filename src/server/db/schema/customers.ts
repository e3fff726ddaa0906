import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Customers and their address book (spec §3 Customer, Address; §7 Customers, Addresses).

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
    /**
     * When the customer opened the confirmation link while signed in (decision 18), or proved the inbox
     * by a reset, an emailed sign-in link or a provider's verified email. Null: unconfirmed.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * A guest at a restaurant table (decision 28): made for one guest session, never found by its email (two
     * guests with one email are two rows, and neither reaches the account of that email).
     */
    guest: boolean('guest').notNull().default(false),
    /** In the beta group (/beta-opt-in): experiments can target it (decision 30). */
    beta: boolean('beta').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per email; guests are not accounts (decision 28).
    uniqueIndex('customers_email_idx')
      .on(t.email)
      .where(sql`not ${t.guest}`),
    uniqueIndex('customers_referral_token_idx').on(t.referralToken),
    check('customers_email_lower', sql`${t.email} = lower(${t.email})`),
    check('customers_store_credits_nonnegative', sql`${t.storeCredits} >= 0`),
  ],
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
