import * as z from 'zod/mini';
import { isoDateSchema } from './common';
import { resource } from './envelope';

// The back office's events (issue 25 part 3): each event's dated sittings (slots) at a restaurant, their
// seats and prices. Owners, managers and events hosts (the `events` capability, domain/staff-roles.ts).
// Amounts in pence. Numbers out of range pass the schema and are refused by the rules naming the field
// (events-admin/slot-rules.ts), as the other back-office editors do.

const wideInt = z.int().check(z.gte(-100_000_000), z.lte(100_000_000));
const time = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM'));

export const eventSlotAdminQuery = z.strictObject({
  /** The first London day listed (default today). */
  from: z.optional(isoDateSchema),
});
export type EventSlotAdminQuery = z.infer<typeof eventSlotAdminQuery>;

/** POST /back_office/event_slots: a new sitting of an event at a restaurant, from the event's length. */
export const eventSlotAdminNew = z.strictObject({
  templateId: z.string().check(z.minLength(1), z.maxLength(60)),
  restaurantId: z.string().check(z.minLength(1), z.maxLength(60)),
  /** The London day it is on. */
  date: isoDateSchema,
  /** When it starts that day (London), on the quarter hour. */
  startTime: time,
  capacity: wideInt,
  adultPrice: wideInt,
  /** Null: adults only (an event that takes no children has none). */
  childPrice: z.nullable(wideInt),
});
export type EventSlotAdminNew = z.infer<typeof eventSlotAdminNew>;

/** PATCH /back_office/event_slots/{id}: its seats and prices (never below the seats already taken). */
export const eventSlotAdminChange = z.strictObject({
  capacity: wideInt,
  adultPrice: wideInt,
  childPrice: z.nullable(wideInt),
});
export type EventSlotAdminChange = z.infer<typeof eventSlotAdminChange>;

export const eventSlotAdminParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(60)) });

export const eventSlotAdminAttributes = z.object({
  templateId: z.string(),
  /** The event's title. */
  title: z.string(),
  restaurantId: z.string(),
  restaurantName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  /** Confirmed bookings' seats and seats held by customers paying now. */
  seatsTaken: z.number(),
  adultPrice: z.number(),
  childPrice: z.nullable(z.number()),
});
export type EventSlotAdminView = z.infer<typeof eventSlotAdminAttributes> & { id: string };
export const eventSlotAdminDocument = z.object({ data: resource('event_slots', eventSlotAdminAttributes) });
export const eventSlotAdminListDocument = z.object({
  data: z.array(resource('event_slots', eventSlotAdminAttributes)),
});
export const eventSlotAdminModel = z.extend(eventSlotAdminAttributes, { id: z.string() });

/** GET /back_office/event_templates: what a new slot can be of, and where. */
export const eventTemplateAdminAttributes = z.object({
  title: z.string(),
  durationMinutes: z.number(),
  /** The event's usual prices, a new slot's starting point. */
  adultPrice: z.number(),
  childPrice: z.nullable(z.number()),
  /** The most guests one booking may bring. */
  maxGuests: z.number(),
});
export type EventTemplateAdminView = z.infer<typeof eventTemplateAdminAttributes> & { id: string };
export const eventTemplateAdminListDocument = z.object({
  data: z.array(resource('event_templates', eventTemplateAdminAttributes)),
  /** The restaurants a slot can be at (open ones), by name. */
  meta: z.object({ restaurants: z.array(z.object({ id: z.string(), name: z.string() })) }),
});
export const eventTemplateAdminModel = z.extend(eventTemplateAdminAttributes, { id: z.string() });
