import { sql } from 'drizzle-orm';
import {
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
import { EVENT_THEMES } from '../../../domain/events';
import { checkouts } from './checkout';
import { customers } from './customers';
import { orders } from './orders';
import { restaurants } from './restaurants';

// Events (issue 22, decision 29): what is on (templates, their add-ons, their dated slots at a restaurant),
// the bookings of seats in a slot, the holds of seats while a purchase is paid, each guest's dietary needs and
// every change made to a booking. Money is integer pence; times are instants (London clock shown).

/** A kind of event (spec §7 event_templates): a fresh-pasta class, a supper club, a kids' ravioli morning. */
export const eventTemplates = pgTable('event_templates', {
  /** A short name used in URLs: "fresh-pasta-class". */
  id: text('id').primaryKey(),
  theme: text('theme', { enum: EVENT_THEMES }).notNull(),
  title: text('title').notNull(),
  /** One line for the list. */
  summary: text('summary').notNull(),
  description: text('description').notNull(),
  /** Picture URLs, the first is the cover. */
  images: text('images')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  durationMinutes: smallint('duration_minutes').notNull(),
  /** What the price includes ("All ingredients and equipment", "A glass of prosecco"). */
  included: text('included')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** What to bring, said in the reminder ("Long hair tied back", "An appetite"). */
  bring: text('bring')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The usual price per adult and per child (null: adults only); a slot may differ. */
  adultPrice: integer('adult_price').notNull(),
  childPrice: integer('child_price'),
  /** "Children 5 to 12, with an adult." */
  childNote: text('child_note'),
  maxGuests: smallint('max_guests').notNull().default(8),
  position: smallint('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** An add-on of one template (spec §7 event_upgrades): a wine pairing, a take-home pasta kit, an apron. */
export const eventUpgrades = pgTable(
  'event_upgrades',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id')
      .notNull()
      .references(() => eventTemplates.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: integer('price').notNull(),
    /** One per guest at most (a wine pairing); otherwise up to 10 (aprons). */
    perGuest: boolean('per_guest').notNull().default(false),
    imageUrl: text('image_url'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('event_upgrades_template_idx').on(t.templateId, t.position),
    check('event_upgrades_price', sql`${t.price} > 0`),
  ],
);

/** A dated sitting of a template at a restaurant (spec §7 event_slots), with its seats. */
export const eventSlots = pgTable(
  'event_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: text('template_id')
      .notNull()
      .references(() => eventTemplates.id, { onDelete: 'cascade' }),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: smallint('capacity').notNull(),
    /** This sitting's prices (a Saturday supper club may cost more than a Thursday one). */
    adultPrice: integer('adult_price').notNull(),
    childPrice: integer('child_price'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_slots_template_idx').on(t.templateId, t.startsAt),
    index('event_slots_restaurant_idx').on(t.restaurantId, t.startsAt),
    check('event_slots_capacity', sql`${t.capacity} > 0`),
    check('event_slots_times', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One customer's seats in one slot. `adults`/`children` count the paid seats only (0 until the first
 * purchase is paid, when it becomes `confirmed`); seats being paid for are in `event_holds`. Its first order
 * names it in URLs (`/events/dietary-form/{orderId}`).
 */
export const eventBookings = pgTable(
  'event_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The booking's first order: the one its links name. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    adults: smallint('adults').notNull().default(0),
    children: smallint('children').notNull().default(0),
    state: text('state', { enum: ['pending', 'confirmed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** Who the booking is for, when handed to someone else (null: the customer who booked). */
    holderName: text('holder_name'),
    holderEmail: text('holder_email'),
    /** The secret part of the dietary form's link, for guests who are not signed in. */
    formToken: text('form_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the day-before reminder and the "still to answer" reminder were queued. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    dietaryRemindedAt: timestamp('dietary_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_bookings_order_idx').on(t.orderId),
    uniqueIndex('event_bookings_form_token_idx').on(t.formToken),
    index('event_bookings_slot_idx').on(t.slotId, t.state),
    index('event_bookings_customer_idx').on(t.customerId, t.createdAt),
    check('event_bookings_seats', sql`${t.adults} >= 0 and ${t.children} >= 0`),
  ],
);

/** The add-ons a booking has paid for. */
export const eventBookingUpgrades = pgTable(
  'event_booking_upgrades',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => eventBookings.id, { onDelete: 'cascade' }),
    upgradeId: text('upgrade_id')
      .notNull()
      .references(() => eventUpgrades.id),
    quantity: smallint('quantity').notNull(),
    /** The unit price paid. */
    price: integer('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.upgradeId] }),
    check('event_booking_upgrades_quantity', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Seats held while one checkout of a booking is paid (the booking itself, more guests, a move to a dearer
 * date): counted against the slot until `expires_at` unless paid (then added to the booking) or released.
 */
export const eventHolds = pgTable(
  'event_holds',
  {
    checkoutId: uuid('checkout_id')
      .primaryKey()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => eventBookings.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['book', 'add_guests', 'move'] }).notNull(),
    /** The slot the seats are held in (a move's new one). */
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    /** Seats added (a move holds all of the booking's seats in its new slot). */
    adults: smallint('adults').notNull(),
    children: smallint('children').notNull(),
    /** Add-ons bought with it: [{ upgradeId, quantity, price }]. */
    upgrades: jsonb('upgrades')
      .$type<{ upgradeId: string; quantity: number; price: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    state: text('state', { enum: ['held', 'paid', 'released'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_holds_slot_idx')
      .on(t.slotId, t.expiresAt)
      .where(sql`${t.state} = 'held'`),
    index('event_holds_booking_idx').on(t.bookingId),
    check('event_holds_seats', sql`${t.adults} >= 0 and ${t.children} >= 0`),
  ],
);

/** One guest's answers to the dietary form (spec §7 POST /event_guests). */
export const eventGuests = pgTable(
  'event_guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => eventBookings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    allergens: text('allergens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    diets: text('diets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes'),
    /** Who filled it: the booker signed in, or a guest through the form's link. */
    answeredBy: text('answered_by', { enum: ['booker', 'guest'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_guests_booking_idx').on(t.bookingId, t.createdAt)],
);

/** Every change made to a booking after it was paid, with what it gave back or cost. */
export const eventBookingChanges = pgTable(
  'event_booking_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => eventBookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['add_guests', 'remove_guests', 'move', 'transfer', 'cancel'] }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    refundAmount: integer('refund_amount').notNull().default(0),
    refundAs: text('refund_as', { enum: ['card', 'credit', 'none'] })
      .notNull()
      .default('none'),
    /** What the change cost (paid through its own checkout). */
    paidAmount: integer('paid_amount').notNull().default(0),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_booking_changes_booking_idx').on(t.bookingId, t.at)],
);
