import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATES } from '../../../domain/orders';
import { PAYMENT_STATUSES } from '../../../domain/payments';
import { baskets } from './baskets';
import { productVariants } from './catalogue';
import { customers } from './customers';

// Checkout (issue 4; spec §3 Order, Line item, Subscription, Schedule week, Voucher, Payment method; §4 Order
// states, Payment cards, Checkout flow). Money is integer pence everywhere.

/**
 * A voucher code. DiscountVoucher takes money off (fixed_amount in pence, or percentage 1-100);
 * AddonVoucher adds its product variant free; CreditVoucher is only redeemed by POST
 * /customers/credit_voucher and becomes store credit (value in pence). Codes are stored upper-cased.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    type: text('type', { enum: ['DiscountVoucher', 'AddonVoucher', 'CreditVoucher'] }).notNull(),
    valueType: text('value_type', { enum: ['fixed_amount', 'percentage'] })
      .notNull()
      .default('fixed_amount'),
    /** Pence for fixed_amount and CreditVoucher; whole percent (1-100) for percentage. */
    value: integer('value').notNull().default(0),
    description: text('description').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Applies to the first order (week) of a checkout only; its own minimum applies to that week. */
    singleOrder: boolean('single_order').notNull().default(false),
    minimumSpendPerOrder: integer('minimum_spend_per_order'),
    /** When not empty, the discount applies only to lines of these variants. */
    productVariantIds: bigint('product_variant_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** AddonVoucher: the variant added free. */
    addonVariantId: bigint('addon_variant_id', { mode: 'number' }).references(() => productVariants.id),
    /** How many times the code can be redeemed in all (null: no limit); 1 for a single-use code. */
    usageLimit: integer('usage_limit'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    /** Each customer may redeem it once (a welcome offer). */
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Only for customers without a paid order yet. */
    newCustomersOnly: boolean('new_customers_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_idx').on(t.code),
    check('vouchers_code_upper', sql`${t.code} = upper(${t.code})`),
    check('vouchers_value_nonnegative', sql`${t.value} >= 0`),
    check('vouchers_percentage_range', sql`${t.valueType} <> 'percentage' or ${t.value} between 1 and 100`),
    check(
      'vouchers_redemptions_within_limit',
      sql`${t.usageLimit} is null or ${t.timesRedeemed} <= ${t.usageLimit}`,
    ),
  ],
);

/** The voucher applied to a basket (at most one). It is redeemed when the checkout's orders are created. */
export const basketVouchers = pgTable(
  'basket_vouchers',
  {
    basketId: uuid('basket_id')
      .primaryKey()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('basket_vouchers_voucher_idx').on(t.voucherId)],
);

/** One redemption of a voucher (by a checkout, or as credit); released when that checkout is cancelled. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id'),
    amount: integer('amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_redemptions_voucher_idx').on(t.voucherId, t.customerId),
    uniqueIndex('voucher_redemptions_checkout_idx').on(t.checkoutId),
  ],
);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_methods_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('payment_methods_one_default_idx')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_setup_intent_idx').on(t.setupIntentId),
    check('payment_methods_last4', sql`${t.last4} is null or ${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

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

/** An address as it was when the order was placed (orders keep it even if the address book changes). */
export interface OrderAddress {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  company: string | null;
  region: string | null;
  country: string;
  countryCode: string;
  phone: string | null;
  lat: number | null;
  lon: number | null;
}

/**
 * One checkout of a basket: the orders it made (one per week), what it costs, the credit and voucher it
 * uses, and whether it is paid. Creating orders from the same basket again returns this checkout while
 * it is open and the basket unchanged, so a double click or a retry makes no second set of orders.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    basketId: uuid('basket_id').references(() => baskets.id, { onDelete: 'set null' }),
    /** The basket's updated_at when the orders were made: a changed basket makes a new checkout. */
    basketVersion: timestamp('basket_version', { withTimezone: true }),
    kind: text('kind', { enum: ['recipe_kit', 'one_off', 'gift_box'] }).notNull(),
    state: text('state', { enum: ['open', 'paid', 'cancelled'] })
      .notNull()
      .default('open'),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** Sum of the orders' totals. */
    total: integer('total').notNull(),
    /** Store credit spent on it (debited when paid). */
    creditApplied: integer('credit_applied').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_customer_idx').on(t.customerId, t.createdAt),
    // At most one open checkout per basket.
    uniqueIndex('checkouts_open_basket_idx')
      .on(t.basketId)
      .where(sql`${t.state} = 'open'`),
    // The open ones, oldest first: what releasing abandoned checkouts reads.
    index('checkouts_open_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} = 'open'`),
    check('checkouts_amounts', sql`${t.total} >= 0 and ${t.creditApplied} between 0 and ${t.total}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number a customer quotes (#100042). */
    number: bigserial('number', { mode: 'number' }).notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    type: text('type').notNull().default('ShopifyOrder'),
    source: text('source', { enum: ['recipe_kit', 'one_off', 'gift_box'] }).notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull().default('created'),
    mealWeek: date('meal_week', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryNote: text('delivery_note'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    /** Gift boxes: who receives it and the message on the card. */
    giftRecipient: jsonb('gift_recipient').$type<{
      name: string;
      email: string | null;
      message: string | null;
    }>(),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    subtotal: integer('subtotal').notNull(),
    totalDiscounts: integer('total_discounts').notNull().default(0),
    shippingPrice: integer('shipping_price').notNull().default(0),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_customer_delivery_idx').on(t.customerId, t.deliveryDate),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_subscription_idx').on(t.subscriptionId),
    check(
      'orders_amounts',
      sql`${t.subtotal} >= 0 and ${t.totalDiscounts} >= 0 and ${t.shippingPrice} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

/** A line of an order: title, SKU and unit price are copied, so later menu changes never alter it. */
export const orderLineItems = pgTable(
  'order_line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productVariantId: bigint('product_variant_id', { mode: 'number' }).references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    productVariantExtId: text('product_variant_ext_id'),
    title: text('title').notNull(),
    variantTitle: text('variant_title').notNull(),
    sku: text('sku').notNull(),
    imageUrl: text('image_url'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Unit price in pence. */
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    discount: integer('discount').notNull().default(0),
    /** price × quantity − discount. */
    total: integer('total').notNull(),
    isAddon: boolean('is_addon').notNull().default(false),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('order_line_items_order_idx').on(t.orderId, t.position),
    check('order_line_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_line_items_total', sql`${t.total} = ${t.price} * ${t.quantity} - ${t.discount}`),
  ],
);

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
    creditAmount: integer('credit_amount').notNull().default(0),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('processing'),
    /**
     * A 3-D Secure check or PayPal approval the shop gave up on (replaced, abandoned): 'pending' until the
     * processor has cancelled its intent, then 'done'. Until then the customer could still complete it, and
     * the charge would be refunded (issue 8).
     */
    intentCancel: text('intent_cancel', { enum: ['pending', 'done'] }),
    /** When payment recovery last asked the processor about an unfinished attempt. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
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
    index('payments_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('processing', 'requires_action')`),
    index('payments_cancel_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.intentCancel} = 'pending'`),
    // One successful payment per checkout: a second charge cannot be recorded.
    uniqueIndex('payments_one_success_idx')
      .on(t.checkoutId)
      .where(sql`${t.status} = 'succeeded'`),
    check('payments_amounts', sql`${t.amount} >= 0 and ${t.creditAmount} >= 0`),
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
