import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { productVariants } from './catalogue';
import { addresses, customers } from './customers';

/** A browser: the bearer of a random token (stored hashed) that owns baskets before and after sign-in. */
export const visitors = pgTable('visitors', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const baskets = pgTable(
  'baskets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    basketKey: text('basket_key').notNull().unique(),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    /** Set when the visitor signs in: the customer's basket follows them to other devices. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['RecipeKitBasket', 'TakeawayBasket'] }).notNull(),
    startSubscription: boolean('start_subscription').notNull().default(false),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    frequency: smallint('frequency'),
    deliveryNote: text('delivery_note'),
    oneOffFeeApplicable: boolean('one_off_fee_applicable').notNull().default(false),
    /** The customer's chosen delivery and billing addresses (checkout). */
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    billingAddressId: uuid('billing_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One basket of each type and kind per visitor: two tabs racing to create one get the same basket, and a
    // plan's basket and a one-off box's are two baskets that never mix (issue 19).
    uniqueIndex('baskets_one_per_kind_idx').on(t.visitorId, t.type, t.startSubscription),
    index('baskets_customer_idx').on(t.customerId),
    check('baskets_frequency_range', sql`${t.frequency} is null or ${t.frequency} between 1 and 4`),
  ],
);

export const basketItems = pgTable(
  'basket_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    productVariantId: bigint('product_variant_id', { mode: 'number' })
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    mealWeek: date('meal_week', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('basket_items_line_idx').on(t.basketId, t.mealWeek, t.productVariantId),
    index('basket_items_variant_idx').on(t.productVariantId),
    check('basket_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
