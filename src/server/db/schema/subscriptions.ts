import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import type { OrderAddress } from '../../../domain/address';
import { paymentMethods } from './payment-methods';

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
    /** The first week (a Monday) of the plan's current rhythm: it delivers every `frequency` weeks from it. */
    anchorWeek: date('anchor_week', { mode: 'string' }).notNull(),
    numberOfRecipes: smallint('number_of_recipes').notNull(),
    numberOfCocktails: smallint('number_of_cocktails').notNull().default(0),
    deliveryNote: text('delivery_note'),
    dietary: jsonb('dietary').$type<Record<string, boolean>>().notNull().default({}),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /**
     * A pause for a set time (issue 19 item 8): the first week (a Monday) the plan delivers again. The plan
     * restarts by itself at the cutoff of the week before it; null: paused until the customer restarts it.
     */
    resumeWeek: date('resume_week', { mode: 'string' }),
    /** When the email a few days before that restart went (once per pause). */
    resumeRemindedAt: timestamp('resume_reminded_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the customer cancelled, when they said (optional). */
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_payment_method_idx').on(t.paymentMethodId),
    index('subscriptions_state_idx').on(t.state),
    index('subscriptions_resume_week_idx')
      .on(t.resumeWeek)
      .where(sql`${t.resumeWeek} is not null`),
    check('subscriptions_frequency_range', sql`${t.frequency} between 1 and 4`),
    check('subscriptions_recipes_range', sql`${t.numberOfRecipes} between 1 and 10`),
    check('subscriptions_cocktails_range', sql`${t.numberOfCocktails} between 0 and 10`),
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
    /** The week's box: made when the week is written (its menu published), or at checkout. */
    orderId: uuid('order_id'),
    /** When the customer chose the week's dishes; null while they are the chef's selection. */
    recipesChosenAt: timestamp('recipes_chosen_at', { withTimezone: true }),
    /** When the billing sweep should next look at the week: its cutoff, then each retry; null when done. */
    chargeDueAt: timestamp('charge_due_at', { withTimezone: true }),
    /** Charges tried for the week's box so far. */
    chargeAttempts: smallint('charge_attempts').notNull().default(0),
    /** When the email two days before the cutoff went (once per week). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('schedule_weeks_subscription_week_idx').on(t.subscriptionId, t.startDate),
    uniqueIndex('schedule_weeks_order_idx').on(t.orderId),
    index('schedule_weeks_charge_due_idx')
      .on(t.chargeDueAt)
      .where(sql`${t.chargeDueAt} is not null`),
    index('schedule_weeks_start_idx').on(t.startDate),
  ],
);

/**
 * A plan's history (issue 12 part 4): every skip, unskip, pause, activation, schedule change, cancellation,
 * charge and failure, who made it, when, and which weeks it affects, in words the customer reads.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** `customer`, `job:<name>`, `staff:<id>`. */
    actor: text('actor').notNull(),
    summary: text('summary').notNull(),
    /** The meal weeks (Mondays) it affects. */
    weeks: date('weeks', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.at)],
);

/** Ingredients a customer can ask the chef to leave out (GET /ingredients). Dishes carry `ingredient:<id>`. */
export const ingredients = pgTable('ingredients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull().default(0),
});

/** The ingredients a plan's boxes avoid (GET/POST /subscriptions/{id}/ingredient_preferences). */
export const subscriptionIngredientPreferences = pgTable(
  'subscription_ingredient_preferences',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    ingredientId: text('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'cascade' }),
    preference: text('preference', { enum: ['avoid'] })
      .notNull()
      .default('avoid'),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.ingredientId] })],
);

/**
 * The one-tap links of a week's reminder email (issue 12 part 4): skip or unskip that week without signing
 * in. Only the token's SHA-256 is kept; a link works for its week only, and only while the week is open.
 */
export const planWeekLinks = pgTable(
  'plan_week_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    scheduleWeekId: uuid('schedule_week_id')
      .notNull()
      .references(() => scheduleWeeks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_week_links_week_idx').on(t.scheduleWeekId)],
);
