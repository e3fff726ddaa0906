import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES } from '../../../domain/payments';
import { checkouts } from './checkout';
import { customers } from './customers';
import { paymentMethods } from './payment-methods';

// Saved methods are declared in payment-methods.ts (a plan's card references them without importing the
// payments and, through them, the checkouts); the payments area still reads them from here.
export { paymentMethods };

// Payments (issue 4; spec §3 Payment method, §4 Payment cards): saved cards and PayPal accounts, each
// attempt to pay a checkout, and our customers' ids at the processors. Money is integer pence.

/**
 * One attempt to pay a checkout. The row is written before the processor is called, with the idempotency
 * key the processor sees, so a crash between the charge and the order update is finished on restart
 * (the intent is looked up again with the same key, then the orders are marked paid or the charge refunded).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    processor: text('processor', { enum: ['stripe', 'paypal', 'none'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** pi_… (or the PayPal order id); null until the processor answered. */
    intentId: text('intent_id'),
    /** Charged to the card or PayPal (pence); 0 when credit covered it all or it was under the 30p minimum. */
    amount: integer('amount').notNull(),
    /**
     * Charged while the customer is away (a plan's weekly box, issue 12): the processor is told so (no 3-D
     * Secure challenge can be shown), and a replay after a crash sends exactly the same request.
     */
    offSession: boolean('off_session').notNull().default(false),
    /**
     * `manual`: a hold (decision 28): `amount` is authorised on the card, `held` until captured once (any
     * amount up to it: `capture_amount`) or released. `automatic`: charged at once.
     */
    captureMethod: text('capture_method', { enum: ['automatic', 'manual'] })
      .notNull()
      .default('automatic'),
    /** A hold's capture as asked for (set before the processor is asked, so recovery can finish it). */
    captureAmount: integer('capture_amount'),
    captureRequestedAt: timestamp('capture_requested_at', { withTimezone: true }),
    creditAmount: integer('credit_amount').notNull().default(0),
    /**
     * How receipts name the card or PayPal account that paid ("Visa ending 4242"), written when that method is
     * deleted (a guest's card, forgotten after the visit): the receipt still says what was charged.
     */
    paidWith: text('paid_with'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('processing'),
    /**
     * A 3-D Secure check or PayPal approval the shop gave up on (replaced, abandoned): 'pending' until the
     * processor has cancelled its intent, then 'done'. Until then the customer could still complete it, and
     * the charge would be refunded (issue 8).
     */
    intentCancel: text('intent_cancel', { enum: ['pending', 'done'] }),
    /** When payment recovery last asked the processor about an unfinished attempt. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * When the processor last failed to answer this charge (unreachable, or its own failure): the customer was
     * told we are confirming it. Recovery replays it at once, and the customer is emailed how it ended.
     */
    unansweredAt: timestamp('unanswered_at', { withTimezone: true }),
    /**
     * A successful payment the shop must give back (a takeaway the kitchen rejected): set in the transaction
     * that decides it, until the processor has refunded it and the payment is `refunded` (issue 13).
     */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    nextActionUrl: text('next_action_url'),
    declineCode: text('decline_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_idx').on(t.idempotencyKey),
    index('payments_checkout_idx').on(t.checkoutId, t.createdAt),
    index('payments_intent_idx').on(t.intentId),
    // A card's last failed charge (a hard decline refuses it for good): read before every weekly charge.
    index('payments_method_failed_idx')
      .on(t.paymentMethodId, t.createdAt)
      .where(sql`${t.status} = 'failed'`),
    index('payments_unanswered_idx')
      .on(t.unansweredAt)
      .where(sql`${t.unansweredAt} is not null and ${t.status} = 'processing'`),
    index('payments_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('processing', 'requires_action')`),
    index('payments_refund_owed_idx')
      .on(t.refundRequestedAt)
      .where(sql`${t.refundRequestedAt} is not null and ${t.status} = 'succeeded'`),
    // Holds whose capture was asked for and not yet recorded: what recovery finishes.
    index('payments_capture_owed_idx')
      .on(t.captureRequestedAt)
      .where(sql`${t.captureRequestedAt} is not null and ${t.status} = 'held'`),
    index('payments_cancel_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.intentCancel} = 'pending'`),
    // One successful payment per checkout: a second charge cannot be recorded.
    uniqueIndex('payments_one_success_idx')
      .on(t.checkoutId)
      .where(sql`${t.status} = 'succeeded'`),
    check('payments_amounts', sql`${t.amount} >= 0 and ${t.creditAmount} >= 0`),
    check(
      'payments_capture',
      sql`${t.captureAmount} is null or (${t.captureMethod} = 'manual' and ${t.captureAmount} between 0 and ${t.amount})`,
    ),
  ],
);

/**
 * Part of a successful payment given back (issue 22: a guest taken off an event booking): `owed` from the
 * transaction that decides it, refunded after commit with the key `refund:<id>` (recovery finishes any left
 * owed), then `refunded`. The payment stays `succeeded`; the sum of its part refunds never passes its amount.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['owed', 'refunded'] })
      .notNull()
      .default('owed'),
    /** The processor's refund id (re_…), once refunded. */
    processorId: text('processor_id'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_owed_idx')
      .on(t.requestedAt)
      .where(sql`${t.state} = 'owed'`),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
  ],
);

/** The customer's id at a payment processor (Stripe's cus_…), made on first need. */
export const processorCustomers = pgTable(
  'processor_customers',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    processor: text('processor', { enum: ['stripe', 'paypal'] }).notNull(),
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('processor_customers_idx').on(t.customerId, t.processor)],
);
