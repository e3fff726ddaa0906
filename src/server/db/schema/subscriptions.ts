import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { type OrderAddress } from './orders';
import { paymentMethods } from './payments';

// The Pasta Plan (spec §3 Subscription, Schedule week; §4 Subscription and Schedule week states).

/** The weekly recipe-kit plan a first checkout can start (spec §3 Subscription). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state', { enum: ['created', 'active', 'paused', 'failed', 'cancelled'] })
      .notNull()
      .default('created'),
    /** 0 Sunday … 6 Saturday (delivery weekday). */
    deliveryDay: smallint('delivery_day').notNull(),
    firstDelivery: date('first_delivery', { mode: 'string' }).notNull(),
    /** Every n weeks (1-4). */
    frequency: smallint('frequency').notNull().default(1),
    numberOfRecipes: smallint('number_of_recipes').notNull(),
    deliveryNote: text('delivery_note'),
    dietary: jsonb('dietary').$type<Record<string, boolean>>().notNull().default({}),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_payment_method_idx').on(t.paymentMethodId),
    check('subscriptions_frequency_range', sql`${t.frequency} between 1 and 4`),
    check('subscriptions_delivery_day_range', sql`${t.deliveryDay} between 0 and 6`),
  ],
);

/** A delivery slot of a subscription (spec §3 Schedule week). */
export const scheduleWeeks = pgTable(
  'schedule_weeks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    originalDeliveryDate: date('original_delivery_date', { mode: 'string' }).notNull(),
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['active', 'skipped'] })
      .notNull()
      .default('active'),
    orderId: uuid('order_id'),
  },
  (t) => [uniqueIndex('schedule_weeks_subscription_week_idx').on(t.subscriptionId, t.startDate)],
);
