import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { baskets } from './baskets';
import { customers } from './customers';
import { orderLineItems, orders } from './orders';
import { restaurants, takeawayProducts } from './restaurants';
import type { TakeawayAddress } from '../../../domain/address';

// Takeaway and catering (issue 13 part 2): a takeaway basket's choices and lines (the basket itself, its
// owner and type, is a `baskets` row), the orders placed from it with what the kitchen and the customer's
// tracking need, the slots whose capacity orders share, and a customer's allergen profile.

/** A modifier as a line keeps it (title and price copied when ordered). */
export interface LineModifier {
  id: number;
  title: string;
  group: 'size' | 'extra' | 'removal';
  price: number;
}

/** A takeaway basket's choices (spec §3 Basket: fulfilment, address, ASAP or a slot, catering, table). */
export const takeawayBaskets = pgTable('takeaway_baskets', {
  basketId: uuid('basket_id')
    .primaryKey()
    .references(() => baskets.id, { onDelete: 'cascade' }),
  restaurantId: text('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
  fulfillmentType: text('fulfillment_type', { enum: ['delivery', 'pickup', 'eat_in'] }),
  asap: boolean('asap').notNull().default(true),
  /** A scheduled slot's start (null when ASAP). */
  slotStart: timestamp('slot_start', { withTimezone: true }),
  address: jsonb('address').$type<TakeawayAddress>(),
  customerEmail: text('customer_email'),
  isCateringOrder: boolean('is_catering_order').notNull().default(false),
  tableNumber: text('table_number'),
  /** Eating in on a tab (pay at the end) rather than paying now (decision 28). */
  isOpenTab: boolean('is_open_tab').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A line of a takeaway basket: a dish with exactly these modifiers and this note. */
export const takeawayBasketItems = pgTable(
  'takeaway_basket_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    modifierIds: integer('modifier_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The modifier ids sorted and joined ("3001,3010"): the same dish with the same choices is one line. */
    modifierKey: text('modifier_key').notNull().default(''),
    note: text('note').notNull().default(''),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('takeaway_basket_items_line_idx').on(t.basketId, t.productId, t.modifierKey, t.note),
    check('takeaway_basket_items_quantity', sql`${t.quantity} between 1 and 20`),
  ],
);

/**
 * A restaurant's kitchen board: a counter every change to one of its tickets takes the next number of. The
 * counter's row is locked until the change commits, so the numbers follow commit order and a screen that has
 * seen number n has seen every change up to n (GET …/tickets?since=n, the event stream's Last-Event-ID).
 */
export const kitchenBoards = pgTable('kitchen_boards', {
  restaurantId: text('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A takeaway or catering order's side of things: where it is cooked, when it was promised, the kitchen's steps. */
export const takeawayOrders = pgTable(
  'takeaway_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    fulfillmentType: text('fulfillment_type', { enum: ['delivery', 'pickup', 'eat_in'] }).notNull(),
    isCateringOrder: boolean('is_catering_order').notNull().default(false),
    asap: boolean('asap').notNull(),
    /** The 15-minute slot whose capacity the order uses. */
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    /** The window the customer was promised when they paid (late-delivery credit is measured against it). */
    promisedFrom: timestamp('promised_from', { withTimezone: true }).notNull(),
    promisedTo: timestamp('promised_to', { withTimezone: true }).notNull(),
    /** The current estimate (the kitchen's prep time may move it). */
    etaFrom: timestamp('eta_from', { withTimezone: true }).notNull(),
    etaTo: timestamp('eta_to', { withTimezone: true }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    phone: text('phone'),
    tableNumber: text('table_number'),
    /** A tab's round (1, 2, …): the kitchen shows it beside the table (decision 28). */
    round: smallint('round'),
    /** The customer's allergen profile when they ordered (UK allergen codes 100–113). */
    customerAllergens: smallint('customer_allergens')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** When the customer confirmed the order with their allergens shown (null: no allergens on file). */
    allergensConfirmedAt: timestamp('allergens_confirmed_at', { withTimezone: true }),
    allergensAcknowledgedAt: timestamp('allergens_acknowledged_at', { withTimezone: true }),
    allergensAcknowledgedBy: uuid('allergens_acknowledged_by').references(() => customers.id, {
      onDelete: 'set null',
    }),
    prepMinutes: smallint('prep_minutes'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    outAt: timestamp('out_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedReason: text('rejected_reason'),
    /** Who turned it down: the kitchen, or no one in time (the order was not accepted by `acceptBy`). */
    rejectedBy: text('rejected_by', { enum: ['kitchen', 'timeout'] }),
    /** When a paid order not yet accepted is turned down and refunded by itself (issue 19). */
    acceptBy: timestamp('accept_by', { withTimezone: true }),
    /**
     * Until when an unpaid order keeps its place in its slot (a few minutes while its customer pays, never
     * past the slot); a paid order keeps it regardless (issue 19).
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** The unguessable key of the order's public tracking page (/takeaway/track/{token}; issue 19). */
    trackingToken: text('tracking_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The courier's delivery (del_…) once the order is out. */
    courierRef: text('courier_ref'),
    lateCreditedAt: timestamp('late_credited_at', { withTimezone: true }),
    lateCredit: integer('late_credit'),
    /** The kitchen board's number at the ticket's last change (0 until it reaches the kitchen). */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('takeaway_orders_slot_idx').on(t.restaurantId, t.slotStart),
    index('takeaway_orders_board_idx').on(t.restaurantId, t.version),
    uniqueIndex('takeaway_orders_tracking_idx').on(t.trackingToken),
    // What the acceptance job reads: paid orders still waiting for the kitchen.
    index('takeaway_orders_accept_idx')
      .on(t.acceptBy)
      .where(sql`${t.acceptedAt} is null and ${t.rejectedAt} is null`),
    // What the late-delivery job reads: delivered after the promised window, not yet credited.
    index('takeaway_orders_late_idx')
      .on(t.deliveredAt)
      .where(sql`${t.lateCreditedAt} is null and ${t.deliveredAt} > ${t.promisedTo}`),
    check(
      'takeaway_orders_promise',
      sql`${t.promisedFrom} <= ${t.promisedTo} and ${t.etaFrom} <= ${t.etaTo}`,
    ),
  ],
);

/** A takeaway order line's modifiers and note (its title, SKU and unit price are on the order line). */
export const takeawayOrderLines = pgTable('takeaway_order_lines', {
  lineItemId: uuid('line_item_id')
    .primaryKey()
    .references(() => orderLineItems.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => takeawayProducts.id, { onDelete: 'set null' }),
  modifiers: jsonb('modifiers').$type<LineModifier[]>().notNull(),
  note: text('note'),
  /** The product's allergen codes when ordered. */
  allergens: smallint('allergens')
    .array()
    .notNull()
    .default(sql`'{}'::smallint[]`),
});

/**
 * One row per restaurant slot that orders have used: placing an order locks it, so two orders for the last
 * place in a slot are decided one after the other and the slot never takes more than its capacity.
 */
export const takeawaySlots = pgTable(
  'takeaway_slots',
  {
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.startsAt] })],
);

/** A customer's allergen profile (issue 13 part 5): the 14 UK allergens they must avoid, by code. */
export const customerAllergenProfiles = pgTable(
  'customer_allergen_profiles',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    allergens: smallint('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'customer_allergen_profiles_codes',
      sql`${t.allergens} <@ '{100,101,102,103,104,105,106,107,108,109,110,111,112,113}'::smallint[]`,
    ),
  ],
);
