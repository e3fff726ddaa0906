import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** A movement that added credit: when that credit expires (null: never). Decision 30. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
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
    // A lot expires once (decision 30): its id is the reference.
    uniqueIndex('store_credit_transactions_expiry_idx')
      .on(t.reference)
      .where(sql`${t.reason} = 'expired'`),
    // A referral is rewarded once: the referral's id is the reference.
    uniqueIndex('store_credit_transactions_referral_idx')
      .on(t.reference)
      .where(sql`${t.reason} = 'referral'`),
  ],
);

/**
 * One wallet (issue 23 part 4, decision 30): each movement that adds credit is a lot, with what is left of it
 * and when it expires. The balance (customers.store_credits) is always the sum of the lots' remaining; a
 * spend takes from the lots oldest-expiring first (domain/wallet.ts), recorded in credit_lot_spends.
 */
export const storeCreditLots = pgTable(
  'store_credit_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The ledger row that added it. */
    transactionId: uuid('transaction_id').references(() => storeCreditTransactions.id, {
      onDelete: 'set null',
    }),
    /** domain/wallet.ts CreditSource. */
    source: text('source').notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the two-weeks-before email went (once per lot). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_credit_lots_customer_idx').on(t.customerId, t.expiresAt),
    index('store_credit_lots_expiring_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0 and ${t.expiresAt} is not null`),
    check('store_credit_lots_remaining_range', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/** Which lots a spend (a negative ledger row) took from, so credit coming back returns to them. */
export const creditLotSpends = pgTable(
  'credit_lot_spends',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => storeCreditTransactions.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => storeCreditLots.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('credit_lot_spends_transaction_idx').on(t.transactionId),
    index('credit_lot_spends_lot_idx').on(t.lotId),
  ],
);
