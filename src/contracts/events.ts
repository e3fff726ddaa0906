import * as z from 'zod/mini';
import { EVENT_ALLERGEN_IDS, EVENT_DIET_IDS, EVENT_THEMES } from '../domain/events';
import { isoDateSchema, penceSchema, uuidSchema } from './common';
import { emailSchema } from './email';
import { resource } from './envelope';

// Events (issue 22, decision 29; spec §7 Events): what is on, booking seats with add-ons (paid with
// POST /payments like any order), each guest's dietary needs, changing a booking against the refund scale,
// and the host's view of a slot. Keys are camelCase here and snake_case on the wire.

const slugSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(80), z.regex(/^[a-z0-9-]+$/, 'must be an id'));
const guestCount = z.int().check(z.gte(0), z.lte(50));
const personName = z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(80));

// ---- What is on (GET) -------------------------------------------------------------------------------------

export const eventThemeSchema = z.enum(EVENT_THEMES);

export const eventTemplateAttributes = z.object({
  theme: eventThemeSchema,
  /** "Pasta class", "Supper club", "Kids' morning". */
  themeLabel: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  durationMinutes: z.int(),
  included: z.array(z.string()),
  bring: z.array(z.string()),
  adultPrice: penceSchema,
  /** null: adults only. */
  childPrice: z.nullable(penceSchema),
  childNote: z.nullable(z.string()),
  maxGuests: z.int(),
  /** The lowest adult price of its upcoming slots ("from £45"). */
  fromPrice: penceSchema,
  /** Its next slot with a seat left (null: none). */
  nextStartsAt: z.nullable(z.string()),
  upcomingSlots: z.int(),
  /** The refund scale in plain words. */
  refundRule: z.string(),
});
export const eventTemplateModel = z.extend(eventTemplateAttributes, { id: z.string() });
export type EventTemplate = z.infer<typeof eventTemplateModel>;
/** GET /event_templates/{id} and /event_slots/{id}: an unknown id is a 404 (EVENT_NOT_FOUND, EVENT_SLOT_NOT_FOUND). */
export const eventIdParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(80)) });
export const eventTemplatesDocument = z.object({
  data: z.array(resource('event_templates', eventTemplateAttributes)),
});
export const eventTemplateDocument = z.object({ data: resource('event_templates', eventTemplateAttributes) });

export const eventLocationAttributes = z.object({
  /** The restaurant's name and part of town. */
  name: z.string(),
  site: z.string(),
  address1: z.string(),
  address2: z.nullable(z.string()),
  city: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export const eventLocationModel = z.extend(eventLocationAttributes, { id: z.string() });
export type EventLocation = z.infer<typeof eventLocationModel>;
export const eventLocationsDocument = z.object({
  data: z.array(resource('event_locations', eventLocationAttributes)),
});

export const eventSlotAttributes = z.object({
  templateId: z.string(),
  templateTitle: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** "Sat 12 Dec", "19:00 – 22:00" in London time. */
  dateLabel: z.string(),
  timeLabel: z.string(),
  capacity: z.int(),
  seatsLeft: z.int(),
  adultPrice: penceSchema,
  childPrice: z.nullable(penceSchema),
  /** Whether it can be booked now (not past, not closed, not full, not cancelled). */
  bookable: z.boolean(),
  /** Why not, when it cannot ("Sold out", "Booking closed"). */
  unavailableReason: z.nullable(z.string()),
});
export const eventSlotModel = z.extend(eventSlotAttributes, { id: z.string() });
export type EventSlot = z.infer<typeof eventSlotModel>;
export const eventSlotsDocument = z.object({ data: z.array(resource('event_slots', eventSlotAttributes)) });
export const eventSlotDocument = z.object({ data: resource('event_slots', eventSlotAttributes) });

/** GET /event_slots: upcoming slots, soonest first; each filter narrows them (spec §7 event_slot_filter_options). */
export const eventSlotsQuery = z.strictObject({
  'filter[location]': z.optional(z.string().check(z.maxLength(80))),
  'filter[theme]': z.optional(z.string().check(z.maxLength(80))),
  /** A template's id. */
  'filter[template]': z.optional(z.string().check(z.maxLength(80))),
  /** "2026-12". */
  'filter[month]': z.optional(z.string().check(z.regex(/^\d{4}-\d{2}$/, 'must be a month as YYYY-MM'))),
  /** Only slots with at least this many seats left. */
  'filter[seats]': z.optional(z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform(Number))),
});
export type EventSlotsQuery = z.infer<typeof eventSlotsQuery>;

export const eventSlotFilterOptionsAttributes = z.object({
  locations: z.array(z.object({ value: z.string(), label: z.string() })),
  themes: z.array(z.object({ value: z.string(), label: z.string() })),
  templates: z.array(z.object({ value: z.string(), label: z.string() })),
  months: z.array(z.object({ value: z.string(), label: z.string() })),
  /** 1 … the most guests a booking may have. */
  seats: z.array(z.int()),
});
export type EventSlotFilterOptions = z.infer<typeof eventSlotFilterOptionsAttributes>;
export const eventSlotFilterOptionsDocument = z.object({
  data: resource('event_slot_filter_options', eventSlotFilterOptionsAttributes),
});

export const eventUpgradeAttributes = z.object({
  templateId: z.string(),
  title: z.string(),
  description: z.string(),
  price: penceSchema,
  /** One per guest at most (a wine pairing). */
  perGuest: z.boolean(),
  imageUrl: z.nullable(z.string()),
});
export const eventUpgradeModel = z.extend(eventUpgradeAttributes, { id: z.string() });
export type EventUpgrade = z.infer<typeof eventUpgradeModel>;
export const eventUpgradesDocument = z.object({
  data: z.array(resource('event_upgrades', eventUpgradeAttributes)),
});
/** GET /event_upgrades?filter[template]=…: one template's add-ons (all of them without the filter). */
export const eventUpgradesQuery = z.strictObject({
  'filter[template]': z.optional(z.string().check(z.maxLength(80))),
});

export const eventGuestPreferenceAttributes = z.object({
  kind: z.enum(['allergen', 'diet']),
  label: z.string(),
});
export const eventGuestPreferencesDocument = z.object({
  data: z.array(resource('event_guest_preferences', eventGuestPreferenceAttributes)),
});

// ---- Booking ----------------------------------------------------------------------------------------------

export const upgradeChoiceSchema = z.strictObject({
  upgradeId: slugSchema,
  quantity: z.int().check(z.gte(1), z.lte(20)),
});

/**
 * POST /orders/events (and /orders/events/preview): seats in a slot with add-ons, one order whose lines carry
 * `eventSlotId`, paid with POST /payments. Seats are held for 15 minutes while it is paid. The same unpaid
 * booking again gives back the same order (200); a changed one replaces it.
 */
export const eventBookingBody = z.strictObject({
  slotId: uuidSchema,
  adults: guestCount,
  children: z.optional(guestCount),
  upgrades: z.optional(z.array(upgradeChoiceSchema).check(z.maxLength(20))),
});
export type EventBookingBody = z.infer<typeof eventBookingBody>;

// ---- A booking, as its booker sees and changes it -----------------------------------------------------------

export const refundStepSchema = z.object({
  daysBefore: z.int(),
  percent: z.int(),
  as: z.enum(['card', 'credit']),
});

export const refundSchema = z.object({
  amount: penceSchema,
  as: z.enum(['card', 'credit', 'none']),
  /** "£45.00 back to your card". */
  label: z.string(),
});

export const eventGuestAttributes = z.object({
  name: z.string(),
  allergens: z.array(z.string()),
  diets: z.array(z.string()),
  notes: z.nullable(z.string()),
  answeredBy: z.enum(['booker', 'guest']),
  createdAt: z.string(),
});
export const eventGuestModel = z.extend(eventGuestAttributes, { id: z.string() });
export type EventGuest = z.infer<typeof eventGuestModel>;

export const eventBookingAttributes = z.object({
  orderId: z.string(),
  orderNumber: z.int(),
  state: z.enum(['pending', 'confirmed', 'cancelled']),
  slot: eventSlotModel,
  template: z.object({
    id: z.string(),
    title: z.string(),
    images: z.array(z.string()),
    bring: z.array(z.string()),
    childPrice: z.nullable(penceSchema),
    maxGuests: z.int(),
  }),
  location: eventLocationModel,
  adults: z.int(),
  children: z.int(),
  upgrades: z.array(
    z.object({ upgradeId: z.string(), title: z.string(), quantity: z.int(), price: penceSchema }),
  ),
  /** Everything paid for it so far, less what was given back. */
  paid: penceSchema,
  holderName: z.string(),
  holderEmail: z.string(),
  /** Whether the one asking is the booker (who may change it) or a guest with the link. */
  isBooker: z.boolean(),
  /** The dietary form's link to forward (the booker only; null for anyone else). */
  formUrl: z.nullable(z.string()),
  guests: z.array(eventGuestModel),
  /** Seats still to answer the dietary form. */
  unanswered: z.int(),
  refundRule: z.string(),
  /** The terms at this moment, in words, and their step. */
  refundTerms: z.object({
    text: z.string(),
    step: z.nullable(refundStepSchema),
    until: z.nullable(z.string()),
    changesAllowed: z.boolean(),
    changesCloseAt: z.string(),
  }),
  /** Whether more guests can still be added (booking closes a few hours before). */
  canAddGuests: z.boolean(),
  /** Whether it can be handed to someone else (until it starts). */
  canTransfer: z.boolean(),
  /** Other slots of the same theme it could move to, with seats for everyone. */
  moveOptions: z.array(eventSlotModel),
  changes: z.array(
    z.object({
      kind: z.enum(['add_guests', 'remove_guests', 'move', 'transfer', 'cancel']),
      summary: z.string(),
      refund: refundSchema,
      paidAmount: penceSchema,
      at: z.string(),
    }),
  ),
  /** An unpaid purchase of it in flight (more guests, a dearer date): pay it with POST /payments. */
  pendingPayment: z.nullable(
    z.object({
      orderId: z.string(),
      amount: penceSchema,
      purpose: z.enum(['book', 'add_guests', 'move']),
      expiresAt: z.string(),
    }),
  ),
});
export const eventBookingModel = z.extend(eventBookingAttributes, { id: z.string() });
export type EventBooking = z.infer<typeof eventBookingModel>;
export const eventBookingDocument = z.object({ data: resource('event_bookings', eventBookingAttributes) });
export const eventBookingsDocument = z.object({
  data: z.array(resource('event_bookings', eventBookingAttributes)),
});

/**
 * The quote's figures the customer saw when confirming a change (optional): when the change would now do
 * otherwise (the refund terms moved on, the booking changed), it is refused with QUOTE_CHANGED, saying what it
 * would do now, and nothing changes.
 */
export const quoteExpectation = z.strictObject({
  refundAmount: penceSchema,
  refundAs: z.enum(['card', 'credit', 'none']),
  toPay: penceSchema,
});
export type QuoteExpectation = z.infer<typeof quoteExpectation>;

/** Handing a booking to someone else (a change of its own, so a form can check it without the union). */
export const eventTransferBody = z.strictObject({
  kind: z.literal('transfer'),
  name: personName,
  email: emailSchema,
  expect: z.optional(quoteExpectation),
});

/**
 * A change to a paid booking (POST /event_bookings/{orderId}/quote says what it would do, changing nothing;
 * POST /event_bookings/{orderId}/changes makes it, refused with QUOTE_CHANGED when it would no longer do what
 * `expect` says the customer was quoted). More guests, or a dearer date, make an order to pay with
 * POST /payments (its seats held meanwhile); fewer guests, a cheaper date or cancelling give back per the
 * refund scale; handing over changes who it is for.
 */
export const eventChangeBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('guests'),
    adults: guestCount,
    children: z.optional(guestCount),
    expect: z.optional(quoteExpectation),
  }),
  z.strictObject({ kind: z.literal('move'), slotId: uuidSchema, expect: z.optional(quoteExpectation) }),
  eventTransferBody,
  z.strictObject({ kind: z.literal('cancel'), expect: z.optional(quoteExpectation) }),
]);
export type EventChangeBody = z.infer<typeof eventChangeBody>;

export const eventChangeQuoteAttributes = z.object({
  kind: z.enum(['add_guests', 'remove_guests', 'move', 'transfer', 'cancel']),
  /** "2 adults → 3 adults", "Sat 12 Dec, 7pm – 10pm → Thu 17 Dec, 7pm – 10pm". */
  summary: z.string(),
  /** What it gives back, under the terms in force now. */
  refund: refundSchema,
  /** What it costs (paid before it happens). */
  toPay: penceSchema,
  /** The terms it is decided under, in words. */
  refundTerms: z.string(),
  /** Answers to the dietary form that would be dropped (fewer guests than answers): their names. */
  dropsGuests: z.array(z.string()),
});
export type EventChangeQuote = z.infer<typeof eventChangeQuoteAttributes>;
export const eventChangeQuoteDocument = z.object({
  data: resource('event_change_quotes', eventChangeQuoteAttributes),
});

/** The change made: the booking as it is now, and the order to pay when it costs something. */
export const eventChangeDocument = z.object({
  data: resource('event_bookings', eventBookingAttributes),
  meta: z.object({ quote: eventChangeQuoteAttributes, payOrderId: z.nullable(z.string()) }),
});

// ---- Guests' dietary needs ----------------------------------------------------------------------------------

/** GET /event_guests?order_id=…&key=…: the form's booking (no money), for the booker or anyone with the key. */
export const eventGuestFormQuery = z.strictObject({
  orderId: uuidSchema,
  key: z.optional(z.string().check(z.minLength(16), z.maxLength(64))),
});

/** Why a dietary form takes no more answers: the booking was cancelled, the event started, every seat answered. */
export const GUEST_FORM_CLOSED_REASONS = ['cancelled', 'started', 'answered'] as const;
export type GuestFormClosedReason = (typeof GUEST_FORM_CLOSED_REASONS)[number];

export const eventGuestFormAttributes = z.object({
  orderId: z.string(),
  templateTitle: z.string(),
  locationName: z.string(),
  startsAt: z.string(),
  dateLabel: z.string(),
  timeLabel: z.string(),
  holderName: z.string(),
  seats: z.int(),
  /** Names only, so a guest sees who has answered. */
  answered: z.array(z.string()),
  unanswered: z.int(),
  /** Whether answers are still taken (until it starts, while seats are unanswered). */
  open: z.boolean(),
  /** Why answers are no longer taken, so the form says the right thing (null while open). */
  closedReason: z.nullable(z.enum(GUEST_FORM_CLOSED_REASONS)),
});
export type EventGuestForm = z.infer<typeof eventGuestFormAttributes>;
export const eventGuestFormDocument = z.object({
  data: resource('event_guest_forms', eventGuestFormAttributes),
});

/** POST /event_guests: one guest's answers (spec §7), by the booker signed in or with the link's key. */
export const eventGuestBody = z.strictObject({
  orderId: uuidSchema,
  key: z.optional(z.string().check(z.minLength(16), z.maxLength(64))),
  name: personName,
  allergens: z.array(z.enum(EVENT_ALLERGEN_IDS)).check(z.maxLength(14)),
  diets: z.array(z.enum(EVENT_DIET_IDS)).check(z.maxLength(10)),
  notes: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type EventGuestBody = z.infer<typeof eventGuestBody>;
export const eventGuestDocument = z.object({ data: resource('event_guests', eventGuestAttributes) });

// ---- The host's view (staff of the hosting restaurant) ------------------------------------------------------

export const hostSlotsQuery = z.strictObject({ from: z.optional(isoDateSchema) });

export const hostSlotAttributes = z.object({
  slot: eventSlotModel,
  seatsSold: z.int(),
  bookings: z.array(
    z.object({
      orderNumber: z.int(),
      holderName: z.string(),
      holderEmail: z.string(),
      adults: z.int(),
      children: z.int(),
      upgrades: z.array(z.object({ title: z.string(), quantity: z.int() })),
      guests: z.array(eventGuestModel),
      unanswered: z.int(),
    }),
  ),
  /** Add-ons to prepare: "Wine pairing × 5". */
  upgradeTotals: z.array(z.object({ upgradeId: z.string(), title: z.string(), quantity: z.int() })),
  /** Allergies and diets counted over every guest who answered (most first). */
  dietaryTotals: z.array(z.object({ id: z.string(), label: z.string(), count: z.int() })),
  unanswered: z.int(),
});
export type HostSlot = z.infer<typeof hostSlotAttributes>;
export const hostSlotDocument = z.object({ data: resource('host_event_slots', hostSlotAttributes) });
export const hostSlotsDocument = z.object({ data: z.array(resource('event_slots', eventSlotAttributes)) });
