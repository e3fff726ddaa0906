import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// The product catalogue the storefront serves. Ids are Shopify-sized numbers so that a catalogue synced
// from a real store keeps its ids; `ext_id` is the storefront's global id (gid://shopify/…).

/** Bytes as PostgreSQL keeps them (PGlite gives a Uint8Array, pg a Buffer: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const media = pgTable('media', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  contentType: text('content_type').notNull(),
  /** A generated SVG's text; empty for an uploaded picture, whose bytes are in `data`. */
  body: text('body').notNull(),
  /** An uploaded picture's bytes (WebP, resized by the back office: issue 25 part 2). */
  data: bytea('data'),
  etag: text('etag').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable('products', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  extId: text('ext_id').notNull().unique(),
  handle: text('handle').notNull().unique(),
  title: text('title').notNull(),
  descriptionHtml: text('description_html').notNull().default(''),
  productType: text('product_type').notNull().default(''),
  vendor: text('vendor').notNull().default('Sfoglia'),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    altText: text('alt_text'),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    extId: text('ext_id').notNull().unique(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sku: text('sku').notNull().unique(),
    pricePence: integer('price_pence').notNull(),
    isDouble: boolean('is_double').notNull().default(false),
    quantityAvailable: integer('quantity_available').notNull().default(0),
    position: smallint('position').notNull().default(1),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    check('product_variants_price_nonnegative', sql`${t.pricePence} >= 0`),
    check('product_variants_stock_nonnegative', sql`${t.quantityAvailable} >= 0`),
  ],
);

export const collections = pgTable('collections', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  extId: text('ext_id').notNull().unique(),
  handle: text('handle').notNull().unique(),
  title: text('title').notNull(),
  descriptionHtml: text('description_html').notNull().default(''),
  /** The Monday of the menu week this collection is, when it is a weekly menu. */
  weekStart: date('week_start', { mode: 'string' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: bigint('collection_id', { mode: 'number' })
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_order_idx').on(t.collectionId, t.position),
    index('collection_products_product_idx').on(t.productId),
  ],
);

/** Bundle products that may show on the menu (spec §5: bundles show only if in the bundles list). */
export const bundles = pgTable('bundles', {
  productId: bigint('product_id', { mode: 'number' })
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
});

/**
 * A week's menu being made in the back office before it is published (issue 25 part 2): the dishes put into
 * it so far. Publishing makes the week's collection from them (a week is published when its collection
 * exists) and empties the draft.
 */
export const menuWeekDrafts = pgTable(
  'menu_week_drafts',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.productId] })],
);
