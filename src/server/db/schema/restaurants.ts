import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OpeningHours } from '../../../domain/restaurant-hours';
import { customers } from './customers';

// Restaurants and their takeaway menu (issue 13 part 1; spec §3 Restaurant, Takeaway menu): the sites, what
// they cook, what the kitchen has snoozed, and who works in which kitchen. Money is integer pence.

export const restaurants = pgTable(
  'restaurants',
  {
    /** A short name used in URLs and commands: "soho". */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Spec §3 Restaurant `site`: the part of town, "Soho". */
    site: text('site').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** London wall-clock windows per weekday (0 Sunday … 6 Saturday). */
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    prepMinutes: smallint('prep_minutes').notNull(),
    deliveryRadiusMiles: doublePrecision('delivery_radius_miles').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    /** Delivery is free from this subtotal; null: never. */
    freeDeliveryFrom: integer('free_delivery_from'),
    minimumSpend: integer('minimum_spend').notNull(),
    /** Orders one 15-minute slot can take. */
    slotCapacity: smallint('slot_capacity').notNull(),
    offersDelivery: boolean('offers_delivery').notNull().default(true),
    offersPickup: boolean('offers_pickup').notNull().default(true),
    offersEatIn: boolean('offers_eat_in').notNull().default(true),
    offersCatering: boolean('offers_catering').notNull().default(true),
    cateringMinimumSpend: integer('catering_minimum_spend').notNull(),
    cateringLeadHours: smallint('catering_lead_hours').notNull(),
    /** Table settings, for dine-in (spec §3 Restaurant). */
    tableCount: smallint('table_count').notNull().default(0),
    hasTableNumbers: boolean('has_table_numbers').notNull().default(true),
    tableNumberPrompt: text('table_number_prompt'),
    openTabCheckouts: boolean('open_tab_checkouts').notNull().default(false),
    /** The kitchen's busy mode: minutes added to every estimate; 0 is off. */
    busyMinutes: smallint('busy_minutes').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('restaurants_id_slug', sql`${t.id} ~ '^[a-z0-9-]{1,40}$'`),
    check(
      'restaurants_amounts',
      sql`${t.deliveryFee} >= 0 and ${t.minimumSpend} >= 0 and ${t.cateringMinimumSpend} >= 0`,
    ),
    check('restaurants_prep', sql`${t.prepMinutes} between 0 and 240 and ${t.busyMinutes} between 0 and 240`),
    check('restaurants_capacity', sql`${t.slotCapacity} between 1 and 500`),
    check('restaurants_radius', sql`${t.deliveryRadiusMiles} > 0 and ${t.deliveryRadiusMiles} <= 50`),
  ],
);

/** A category of the takeaway or catering menu, in menu order (spec §3 Takeaway menu `categories`). */
export const takeawayCategories = pgTable('takeaway_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: smallint('position').notNull(),
  /** takeaway: the Pasta Now menu; catering: platters for groups. */
  channel: text('channel', { enum: ['takeaway', 'catering'] }).notNull(),
});

/**
 * A dish, a drink or a platter, and the modifiers ("sub-products") dishes come with: a size, an extra, a
 * removal. Allergens and dietary facts are tags (`allergen:101`), as on the recipe-kit catalogue.
 */
export const takeawayProducts = pgTable(
  'takeaway_products',
  {
    id: integer('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Pence: a dish's price, or what a modifier adds to it. */
    price: integer('price').notNull(),
    kind: text('kind', { enum: ['item', 'modifier'] }).notNull(),
    /** takeaway: on the Pasta Now menu; catering: a platter for groups (modifiers: takeaway). */
    channel: text('channel', { enum: ['takeaway', 'catering'] })
      .notNull()
      .default('takeaway'),
    /** A modifier's group. */
    modifierGroup: text('modifier_group', { enum: ['size', 'extra', 'removal'] }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    /** How a dish may be had; a catering platter is delivery or pickup. */
    fulfillmentTypes: text('fulfillment_types')
      .array()
      .notNull()
      .default(sql`'{delivery,pickup,eat_in}'::text[]`),
    /** Catering platters: how many it feeds. */
    serves: smallint('serves'),
    /** Switched off for every restaurant (the snooze is per restaurant). */
    available: boolean('available').notNull().default(true),
  },
  (t) => [
    check('takeaway_products_price', sql`${t.price} >= 0`),
    check(
      'takeaway_products_modifier_group',
      sql`(${t.kind} = 'modifier') = (${t.modifierGroup} is not null)`,
    ),
  ],
);

export const takeawayCategoryProducts = pgTable(
  'takeaway_category_products',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => takeawayCategories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] })],
);

/** A dish's modifiers (spec: products' `subProducts` with position and productId). */
export const takeawayProductModifiers = pgTable(
  'takeaway_product_modifiers',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    modifierId: integer('modifier_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.modifierId] })],
);

/** A product a kitchen has run out of, until a time (an hour, or the start of tomorrow). */
export const productSnoozes = pgTable(
  'product_snoozes',
  {
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
    snoozedBy: uuid('snoozed_by').references(() => customers.id, { onDelete: 'set null' }),
    snoozedAt: timestamp('snoozed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.productId] }),
    index('product_snoozes_until_idx').on(t.restaurantId, t.until),
  ],
);

/** Restaurant staff (issue 13 part 3): an account that may use a restaurant's kitchen screen. */
export const staffMemberships = pgTable(
  'staff_memberships',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['kitchen'] })
      .notNull()
      .default('kitchen'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.restaurantId] }),
    index('staff_memberships_restaurant_idx').on(t.restaurantId),
  ],
);

/**
 * A restaurant's tables (decision 28): the number on the card on the table ("12"), how many it seats, and its
 * place in the floor view. A restaurant without table numbers has none: its guests are served by name.
 */
export const diningTables = pgTable(
  'dining_tables',
  {
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    seats: smallint('seats').notNull().default(4),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.number] }),
    check('dining_tables_number', sql`${t.number} ~ '^[A-Za-z0-9 -]{1,12}$'`),
    check('dining_tables_seats', sql`${t.seats} between 1 and 40`),
  ],
);
