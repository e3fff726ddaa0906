import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

// Store credit (spec §3 Customer storeCredits; §7 store_credit_transactions): every movement of a balance.

/** Every movement of store credit, in pence (positive in, negative out). */
export const storeCreditTransactions = pgTable(
  'store_credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_credit_transactions_customer_idx').on(t.customerId, t.createdAt),
    // A payment's credit comes back once, however many ways its ending is seen (issue 8).
    uniqueIndex('store_credit_transactions_payment_return_idx')
      .on(t.reference)
      .where(sql`${t.reason} = 'payment_failed'`),
    // A late delivery is credited once (issue 13): its order id is the reference.
    uniqueIndex('store_credit_transactions_late_delivery_idx')
      .on(t.reference)
      .where(sql`${t.reason} = 'late_delivery'`),
  ],
);
