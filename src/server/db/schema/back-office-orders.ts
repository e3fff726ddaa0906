import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkouts } from './checkout';
import { customers } from './customers';
import { orders } from './orders';
import { paymentRefunds } from './payments';

/**
 * A refund a member of staff gave on an order (issue 25 part 4): how much went back to the card (a part
 * refund of the checkout's payment, `payment_refund_id`, refunded at the processor after commit) and how much
 * as store credit, why, and who gave it. What is left to refund is the order's total less these, and never
 * more than its checkout's payment has left.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** What the member of staff asked for; a card refund's part the card could not take went as credit. */
    method: text('method', { enum: ['card', 'credit'] }).notNull(),
    toCard: integer('to_card').notNull().default(0),
    toCredit: integer('to_credit').notNull().default(0),
    paymentRefundId: uuid('payment_refund_id').references(() => paymentRefunds.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    index('order_refunds_checkout_idx').on(t.checkoutId),
    check(
      'order_refunds_amounts',
      sql`${t.toCard} >= 0 and ${t.toCredit} >= 0 and ${t.toCard} + ${t.toCredit} > 0`,
    ),
  ],
);
