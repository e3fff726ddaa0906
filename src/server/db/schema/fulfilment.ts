import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

// Fulfilment (issue 12 part 2): a paid box handed to the warehouse at its dispatch deadline, and where its
// parcel stands. The shop's side only; the embedded warehouse keeps its own books (fulfilment-sandbox.ts).

/** One order's parcel at the warehouse and courier. */
export const shipments = pgTable(
  'shipments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `embedded` or `shipbob`. */
    provider: text('provider').notNull(),
    /** The warehouse's id for the parcel. */
    parcelRef: text('parcel_ref').notNull(),
    /** What the warehouse last said: accepted, packed, out_for_delivery, delivered, cancelled, problem. */
    status: text('status').notNull(),
    trackingUrl: text('tracking_url'),
    /** When the tracking job should next ask about it; null once delivered or cancelled. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipments_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
  ],
);

/**
 * The embedded warehouse and courier's own books (a stand-in for a 3PL on a bare machine): parcels it
 * accepted, keyed by the shop's reference, and when each step happened on the shop's clock.
 */
export const sandboxParcels = pgTable(
  'sandbox_parcels',
  {
    id: text('id').primaryKey(),
    /** The shop's reference (its order id): accepting the same reference twice returns the same parcel. */
    reference: text('reference').notNull().unique(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    postcode: text('postcode').notNull(),
    items: text('items').notNull(),
    status: text('status').notNull().default('accepted'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    outForDeliveryAt: timestamp('out_for_delivery_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_parcels_delivery_idx').on(t.deliveryDate)],
);
