import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Shop-wide settings an operator can change without a release (minimum spends, default delivery fee). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Delivery fee per delivery weekday (0 Sunday … 6 Saturday): free at or above the threshold. */
export const deliveryFeeConfig = pgTable(
  'delivery_fee_config',
  {
    weekDay: smallint('week_day').primaryKey(),
    thresholdPence: integer('threshold_pence').notNull(),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [
    check('delivery_fee_config_week_day', sql`${t.weekDay} between 0 and 6`),
    check('delivery_fee_config_amounts', sql`${t.thresholdPence} >= 0 and ${t.pricePence} >= 0`),
  ],
);

export const marketingBanners = pgTable(
  'marketing_banners',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** new, existing, or null for everyone. */
    customerType: text('customer_type', { enum: ['new', 'existing'] }),
    text: text('text').notNull(),
    mobileText: text('mobile_text'),
    link: text('link'),
    bgColor: text('bg_color').notNull().default('#576458'),
    fgColor: text('fg_color').notNull().default('#ffffff'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'marketing_banners_customer_type',
      sql`${t.customerType} is null or ${t.customerType} in ('new', 'existing')`,
    ),
    // The API promises #rrggbb colours; a typo in the back office must not break every page's banners.
    check(
      'marketing_banners_colours',
      sql`${t.bgColor} ~ '^#[0-9a-fA-F]{6}$' and ${t.fgColor} ~ '^#[0-9a-fA-F]{6}$'`,
    ),
  ],
);

/**
 * Responses to requests that carried an Idempotency-Key, so that a retry or a double click replays the
 * first answer instead of doing the work twice. Keys are scoped to their owner (a visitor or customer).
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scopedKey: text('scoped_key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});

/**
 * Offers shown on the account's Offers page (spec §7 GET /marketing_offers): a voucher code with what it gives,
 * for new customers, existing ones or everyone (the customer's order flags decide which they are).
 */
export const marketingOffers = pgTable(
  'marketing_offers',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The voucher code the offer gives (vouchers.code); null for an offer without a code. */
    voucherCode: text('voucher_code'),
    customerType: text('customer_type', { enum: ['new', 'existing'] }),
    link: text('link'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'marketing_offers_customer_type',
      sql`${t.customerType} is null or ${t.customerType} in ('new', 'existing')`,
    ),
  ],
);
