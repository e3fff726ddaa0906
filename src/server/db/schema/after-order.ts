import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FEEDBACK_REASON_IDS } from '../../../domain/ratings';
import { SUPPORT_TOPIC_IDS, TICKET_STATES } from '../../../domain/support';
import { products } from './catalogue';
import { customers } from './customers';
import { orderLineItems, orders } from './orders';
import { restaurants } from './restaurants';
import { subscriptions } from './subscriptions';
import { vouchers } from './vouchers';

// After the order (issue 23, decision 30): ratings of orders and dishes, the NPS question, the emails that ask
// for them, referrals and plan loyalty, support tickets and the support role, and experiments.

/** A takeaway (or any) order's stars (spec §7 POST /ratings, PUT /ratings/{id}): one per order. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The restaurant that made it (takeaway), whose staff see a low rating. */
    restaurantId: text('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    /** When the restaurant's staff were told of a low rating (once). */
    staffAlertedAt: timestamp('staff_alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_ratings_order_idx').on(t.orderId),
    index('order_ratings_restaurant_idx').on(t.restaurantId, t.createdAt),
    check('order_ratings_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

/** A recipe-kit dish's stars (spec §7 POST /product_ratings; §3 Line item productRating): one per line. */
export const productRatings = pgTable(
  'product_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineItemId: uuid('line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The dish (the storefront product), whose summary this rating counts in. */
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_ratings_line_item_idx').on(t.lineItemId),
    index('product_ratings_product_idx').on(t.productId),
    index('product_ratings_customer_idx').on(t.customerId),
    check('product_ratings_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

/** The NPS answer after a delivery (spec §3 Order feedback; §7 POST /orders/{id}/feedback): once per order. */
export const orderFeedback = pgTable(
  'order_feedback',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    npsRating: smallint('nps_rating').notNull(),
    reason: text('reason', { enum: FEEDBACK_REASON_IDS }),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_feedback_nps_range', sql`${t.npsRating} between 0 and 10`)],
);

/** The one email after a delivery that asks for a rating and feedback (sent once per order). */
export const afterOrderAsks = pgTable('after_order_asks', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The secret part of the email's rating links: whoever holds it rates this one order signed out
   * (/rate-my-takeaway?order=…&key=…), as an event's dietary-form key answers for its guests.
   */
  ratingKey: text('rating_key')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
});

/** A friend who joined from a customer's referral link, and what came of it. */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The friend's own welcome code (a personal voucher). */
    voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    /** pending: waiting for the friend's first paid order; rewarded; refused (with the reason). */
    state: text('state', { enum: ['pending', 'rewarded', 'refused'] })
      .notNull()
      .default('pending'),
    problem: text('problem'),
    /** The friend's first paid order, once there is one. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rewardAmount: integer('reward_amount'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A friend is referred once.
    uniqueIndex('referrals_friend_idx').on(t.friendId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    index('referrals_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.friendId}`),
  ],
);

/** A plan's loyalty reward (spec §3 Schedule week loyalty: weekIds and voucherId): one per block of boxes. */
export const loyaltyRewards = pgTable(
  'loyalty_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 1 for the first five paid boxes, 2 for the next five… */
    block: integer('block').notNull(),
    /** The schedule weeks whose paid boxes earned it. */
    weekIds: uuid('week_ids').array().notNull(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_rewards_block_idx').on(t.subscriptionId, t.block),
    index('loyalty_rewards_customer_idx').on(t.customerId),
  ],
);

/** A question to the shop (spec §2 /support): from a customer, or a visitor who gave an email. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "SF-7K3P-Q2MX": what the customer quotes. */
    reference: text('reference').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    topic: text('topic', { enum: SUPPORT_TOPIC_IDS }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    state: text('state', { enum: TICKET_STATES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_tickets_reference_idx').on(t.reference),
    index('support_tickets_customer_idx').on(t.customerId, t.createdAt),
    index('support_tickets_state_idx').on(t.state, t.updatedAt),
  ],
);

/** The conversation of a ticket: the customer's message first, then answers and replies. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    /** The member of staff who answered (null for the customer's own). */
    staffId: uuid('staff_id').references(() => customers.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** An A/B test: its variants share the visitors it targets (everyone, or only the beta group). */
export const experiments = pgTable('experiments', {
  /** A short stable name: "menu-banner-copy". */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  audience: text('audience', { enum: ['everyone', 'beta'] })
    .notNull()
    .default('everyone'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const experimentVariants = pgTable(
  'experiment_variants',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    /** "a", "b"… */
    id: text('id').notNull(),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    /** What the variant changes, read by the thing it changes (e.g. { bannerText, bannerMobileText }). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.id] }),
    check('experiment_variants_weight_nonnegative', sql`${t.weight} >= 0`),
  ],
);

/** A customer's recorded variant (spec §7 POST /customer_google_experiments): it wins on every device. */
export const customerExperiments = pgTable(
  'customer_experiments',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.experimentId] })],
);
