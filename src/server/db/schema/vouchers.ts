import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { baskets } from './baskets';
import { productVariants } from './catalogue';
import { customers } from './customers';

// Vouchers (spec §3 Voucher, §4 Voucher state): codes, the one on a basket, and their redemptions.

/**
 * A voucher code. DiscountVoucher takes money off (fixed_amount in pence, or percentage 1-100);
 * AddonVoucher adds its product variant free; CreditVoucher is only redeemed by POST
 * /customers/credit_voucher and becomes store credit (value in pence). Codes are stored upper-cased.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    type: text('type', { enum: ['DiscountVoucher', 'AddonVoucher', 'CreditVoucher'] }).notNull(),
    valueType: text('value_type', { enum: ['fixed_amount', 'percentage'] })
      .notNull()
      .default('fixed_amount'),
    /** Pence for fixed_amount and CreditVoucher; whole percent (1-100) for percentage. */
    value: integer('value').notNull().default(0),
    description: text('description').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Applies to the first order (week) of a checkout only; its own minimum applies to that week. */
    singleOrder: boolean('single_order').notNull().default(false),
    minimumSpendPerOrder: integer('minimum_spend_per_order'),
    /** When not empty, the discount applies only to lines of these variants. */
    productVariantIds: bigint('product_variant_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** AddonVoucher: the variant added free. */
    addonVariantId: bigint('addon_variant_id', { mode: 'number' }).references(() => productVariants.id),
    /** How many times the code can be redeemed in all (null: no limit); 1 for a single-use code. */
    usageLimit: integer('usage_limit'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    /** Each customer may redeem it once (a welcome offer). */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Only for customers without a paid order yet. */
    newCustomersOnly: boolean('new_customers_only').notNull().default(false),
    /** A personal code (a referral welcome, a loyalty reward): only this customer may use it (decision 30). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_idx').on(t.code),
    index('vouchers_customer_idx')
      .on(t.customerId)
      .where(sql`${t.customerId} is not null`),
    check('vouchers_code_upper', sql`${t.code} = upper(${t.code})`),
    check('vouchers_value_nonnegative', sql`${t.value} >= 0`),
    check('vouchers_percentage_range', sql`${t.valueType} <> 'percentage' or ${t.value} between 1 and 100`),
    check(
      'vouchers_redemptions_within_limit',
      sql`${t.usageLimit} is null or ${t.timesRedeemed} <= ${t.usageLimit}`,
    ),
  ],
);

/** The voucher applied to a basket (at most one). It is redeemed when the checkout's orders are created. */
export const basketVouchers = pgTable(
  'basket_vouchers',
  {
    basketId: uuid('basket_id')
      .primaryKey()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('basket_vouchers_voucher_idx').on(t.voucherId)],
);

/** One redemption of a voucher (by a checkout, or as credit); released when that checkout is cancelled. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id'),
    amount: integer('amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_redemptions_voucher_idx').on(t.voucherId, t.customerId),
    uniqueIndex('voucher_redemptions_checkout_idx').on(t.checkoutId),
  ],
);
