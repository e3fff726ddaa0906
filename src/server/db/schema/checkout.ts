import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { baskets } from './baskets';
import { customers } from './customers';
import { subscriptions } from './subscriptions';
import { vouchers } from './vouchers';

// Checkouts (issue 4): the orders one basket (or gift) made, paid together.

/**
 * One checkout of a basket: the orders it made (one per week), what it costs, the credit and voucher it
 * uses, and whether it is paid. Creating orders from the same basket again returns this checkout while
 * it is open and the basket unchanged, so a double click or a retry makes no second set of orders.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    basketId: uuid('basket_id').references(() => baskets.id, { onDelete: 'set null' }),
    /** The basket's updated_at when the orders were made: a changed basket makes a new checkout. */
    basketVersion: timestamp('basket_version', { withTimezone: true }),
    /** `plan_week`: one week of a plan, billed at its cutoff (no basket); `takeaway`/`catering`: a
     * restaurant's order (decision 23); `dine_in_tab`: a table's tab, its rounds as orders, its card held;
     * `dine_in_share`: one payer's part of a tab's bill (decision 28); `event_booking`: seats of an event's
     * slot, or more of them, or a move to a dearer date (decision 29). */
    kind: text('kind', {
      enum: [
        'recipe_kit',
        'one_off',
        'gift_box',
        'plan_week',
        'takeaway',
        'catering',
        'dine_in_tab',
        'dine_in_share',
        'event_booking',
      ],
    }).notNull(),
    state: text('state', { enum: ['open', 'paid', 'cancelled'] })
      .notNull()
      .default('open'),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** Sum of the orders' totals. */
    total: integer('total').notNull(),
    /** Store credit spent on it (debited when paid). */
    creditApplied: integer('credit_applied').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_customer_idx').on(t.customerId, t.createdAt),
    // At most one open checkout per basket.
    uniqueIndex('checkouts_open_basket_idx')
      .on(t.basketId)
      .where(sql`${t.state} = 'open'`),
    // The open ones, oldest first: what releasing abandoned checkouts reads.
    index('checkouts_open_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} = 'open'`),
    check('checkouts_amounts', sql`${t.total} >= 0 and ${t.creditApplied} between 0 and ${t.total}`),
  ],
);
