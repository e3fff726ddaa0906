import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// The embedded payment processor's own books (architecture decision 8): a sandbox with Stripe's semantics
// and a PayPal approval flow. It shares the database file but nothing else with the shop: the shop reaches
// it only through the payments port, as it would reach Stripe, and never inside a shop transaction.

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A card (or PayPal account) as the processor keeps it: never the full number, only how it behaves. */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id'),
    type: text('type', { enum: ['card', 'paypal'] }).notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    email: text('email'),
    /** What charging it does: succeed, a decline code, or a 3-D Secure challenge. */
    behaviour: text('behaviour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payment_methods_customer_idx').on(t.customerId)],
);

export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerId: text('customer_id'),
  type: text('type', { enum: ['card', 'paypal'] }).notNull(),
  status: text('status').notNull(),
  paymentMethodId: text('payment_method_id'),
  returnUrl: text('return_url'),
  lastError: jsonb('last_error').$type<Record<string, string> | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    kind: text('kind', { enum: ['card', 'paypal'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    status: text('status').notNull(),
    returnUrl: text('return_url'),
    lastError: jsonb('last_error').$type<Record<string, string> | null>(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** Stripe's capture_method: `manual` holds `amount` (status requires_capture) until captured or cancelled. */
    captureMethod: text('capture_method', { enum: ['automatic', 'manual'] })
      .notNull()
      .default('automatic'),
    /** When a manual intent's card was authorised (a hold expires 7 days later, as Stripe's do). */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    /** What a manual intent's capture took (null until captured; an automatic one takes `amount`). */
    amountCaptured: integer('amount_captured'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payment_intents_customer_idx').on(t.customerId)],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amount: integer('amount').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe's idempotency: the first answer to a key is kept with a hash of the request; the same key and
 * parameters replay it, the same key with other parameters is an error.
 */
export const sandboxIdempotencyKeys = pgTable(
  'sandbox_idempotency_keys',
  {
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.endpoint] })],
);
