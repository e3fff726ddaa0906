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
import type { OrderAddress } from '../../../domain/address';
import { ORDER_SOURCES, ORDER_STATES } from '../../../domain/orders';
import { productVariants } from './catalogue';
import { checkouts } from './checkout';
import { customers } from './customers';
import { subscriptions } from './subscriptions';
import { vouchers } from './vouchers';

// Orders and their lines (spec §3 Order, Line item; §4 Order states). Money is integer pence.

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
    /** `subscription`: a plan's weekly box, made when its week is written and billed at the cutoff. */
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
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
    /** A one-off box's fee, within shippingPrice (decision 11): shown by name on its receipts. */
    oneOffFee: integer('one_off_fee').notNull().default(0),
    /** A tip the customer chose (dine-in, decision 28), on the food and drink only; within the total. */
    tip: integer('tip').notNull().default(0),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_customer_delivery_idx').on(t.customerId, t.deliveryDate),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_subscription_idx').on(t.subscriptionId, t.deliveryDate),
    // Paid boxes on their way: what fulfilment moves along.
    index('orders_in_fulfilment_idx')
      .on(t.deliveryDate)
      .where(sql`${t.state} in ('paid', 'submitted', 'accepted', 'packed', 'shipped')`),
    check(
      'orders_amounts',
      sql`${t.subtotal} >= 0 and ${t.totalDiscounts} >= 0 and ${t.shippingPrice} >= 0 and ${t.tip} >= 0 and ${t.total} >= 0`,
    ),
    check('orders_one_off_fee', sql`${t.oneOffFee} between 0 and ${t.shippingPrice}`),
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
    /** An event booking's seats and add-ons name their slot (spec §3 Line item eventSlotId; decision 29). */
    eventSlotId: uuid('event_slot_id'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('order_line_items_order_idx').on(t.orderId, t.position),
    check('order_line_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_line_items_total', sql`${t.total} = ${t.price} * ${t.quantity} - ${t.discount}`),
  ],
);
