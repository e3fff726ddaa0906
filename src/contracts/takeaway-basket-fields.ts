import * as z from 'zod/mini';
import { FULFILLMENT_TYPES } from '../domain/fulfillment-types';

// What a takeaway basket's create (spec §7 "new takeaway basket" and "second basket") and its update (the
// basket mutation: deliveryDate, timeSlot, restaurantId, fulfillmentType, address) may set. Kept apart from
// ./takeaway so that the recipe-kit basket's contract, which every menu page loads, stays small: the phone is
// checked against the UK rules by the server (spec §5), not here.

const text = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));
const instant = z
  .string()
  .check(
    z.refine((value) => !Number.isNaN(Date.parse(value)) && /T/.test(value), 'must be an ISO date-time'),
  );

/** A restaurant's id: its short name ("soho"). */
export const restaurantIdSchema = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'must be a restaurant id'));
export const fulfillmentTypeSchema = z.enum(FULFILLMENT_TYPES);

/** Where a takeaway goes (delivery) or who collects it: an address with its coordinates and phone. */
export const takeawayAddressInput = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  address1: text(200),
  address2: text(200),
  city: text(100),
  zip: text(20),
  country: text(100),
  countryCode: z.optional(
    z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code')),
  ),
  /** A UK phone (spec §5: 07…, +44…), for the rider. */
  phone: text(40),
  lat: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
  lon: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
});
export type TakeawayAddressInput = z.infer<typeof takeawayAddressInput>;

/**
 * ASAP (`{ asap: true }`), or a scheduled slot by its start (`{ start_time: "…" }`, with `asap: false` or
 * without it).
 */
export const timeSlotInput = z.strictObject({
  asap: z.optional(z.boolean()),
  startTime: z.optional(z.nullable(instant)),
});
export type TimeSlotInput = z.infer<typeof timeSlotInput>;

export const takeawayBasketFields = {
  restaurantId: z.optional(z.nullable(restaurantIdSchema)),
  fulfillmentType: z.optional(z.nullable(fulfillmentTypeSchema)),
  timeSlot: z.optional(z.nullable(timeSlotInput)),
  address: z.optional(z.nullable(takeawayAddressInput)),
  customerEmail: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.toLowerCase(),
          z.maxLength(254),
          z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address'),
        ),
    ),
  ),
  isCateringOrder: z.optional(z.boolean()),
  tableNumber: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(12)))),
  /** Eating in: pay at the end on a tab rather than now (decision 28; the restaurant must take tabs). */
  isOpenTab: z.optional(z.boolean()),
};
