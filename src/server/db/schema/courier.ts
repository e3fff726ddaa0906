import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The embedded courier's own books (issue 13 part 3; architecture decision 8): a stand-in for a delivery
// company that sends a rider from the restaurant to the customer when asked. It shares the database but
// nothing else with the shop, which reaches it only through the courier port, as it would reach Uber Direct.

export const courierDeliveries = pgTable('courier_deliveries', {
  /** del_… */
  id: text('id').primaryKey(),
  /** The shop's reference (its order id): asking twice for the same one is the same delivery. */
  externalId: text('external_id').notNull().unique(),
  pickupName: text('pickup_name').notNull(),
  pickupLat: doublePrecision('pickup_lat').notNull(),
  pickupLon: doublePrecision('pickup_lon').notNull(),
  dropoffName: text('dropoff_name').notNull(),
  dropoffLat: doublePrecision('dropoff_lat').notNull(),
  dropoffLon: doublePrecision('dropoff_lon').notNull(),
  /** When the rider set off from the restaurant (on the shop's clock). */
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** When the rider arrives at the door, ride time included. */
  arrivesAt: timestamp('arrives_at', { withTimezone: true }).notNull(),
  riderName: text('rider_name').notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
});
