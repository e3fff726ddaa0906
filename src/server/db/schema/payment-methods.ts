import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

// Saved cards and PayPal accounts (the payments area's; spec §3 Payment method), on their own so that a
// plan's card (subscriptions.ts) references them without importing payments.ts, which imports the checkouts
// that import the plans: the schema files import each other in no circle.

/**
 * A saved card or PayPal account. Only what the customer needs to recognise it is kept (brand, last4,
 * expiry, PayPal email); the processor keeps the rest behind `processorRef` (pm_…, or a PayPal token).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['CreditCard', 'PaypalAccount'] }).notNull(),
    processor: text('processor', { enum: ['stripe', 'paypal'] }).notNull(),
    processorRef: text('processor_ref').notNull(),
    setupIntentId: text('setup_intent_id'),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    email: text('email'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * Null: saved, in the customer's list. A card typed at a checkout is kept only once a payment with it
     * goes through (issue 19): 'until_paid' while that payment is under way (hidden, never the default);
     * 'forget' when it did not go through, or the processor no longer has it (hidden; payment recovery
     * detaches it at the processor and deletes it).
     */
    provisional: text('provisional', { enum: ['until_paid', 'forget'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_methods_customer_idx').on(t.customerId, t.createdAt),
    index('payment_methods_provisional_idx')
      .on(t.createdAt)
      .where(sql`${t.provisional} is not null`),
    uniqueIndex('payment_methods_one_default_idx')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_setup_intent_idx').on(t.setupIntentId),
    check('payment_methods_last4', sql`${t.last4} is null or ${t.last4} ~ '^[0-9]{4}$'`),
  ],
);
