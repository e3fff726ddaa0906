import * as z from 'zod/mini';
import {
  BUSY_MINUTES_OPTIONS,
  KITCHEN_ACTIONS,
  PREP_MINUTES_MAX,
  PREP_MINUTES_MIN,
  SNOOZE_OPTIONS,
} from '../domain/kitchen-options';
import { MODIFIER_GROUPS } from '../domain/modifier-groups';
import { uuidSchema } from './common';
import { resource } from './envelope';
import { fulfillmentTypeSchema, restaurantIdSchema } from './takeaway-basket-fields';
import { takeawayAddressSchema, takeawaySteps } from './takeaway-order-fields';

// The kitchen screen's API (issue 13 part 3): a member of staff's restaurants, their live tickets, what a
// ticket's buttons do, snoozes and busy mode.

export const kitchenRestaurantParams = z.strictObject({ id: restaurantIdSchema });
export const ticketParams = z.strictObject({ id: uuidSchema });

export const kitchenRestaurantsDocument = z.object({
  data: z.array(
    resource(
      'kitchen_restaurants',
      z.object({
        name: z.string(),
        site: z.string(),
        role: z.string(),
        openNow: z.boolean(),
        prepMinutes: z.int(),
        busyMinutes: z.int(),
      }),
    ),
  ),
});

const allergenSchema = z.object({ code: z.int(), name: z.string() });

export const kitchenActionSchema = z.enum(KITCHEN_ACTIONS);

export const ticketAttributes = z.object({
  restaurantId: z.string(),
  number: z.int(),
  state: z.string(),
  stateLabel: z.string(),
  fulfillmentType: fulfillmentTypeSchema,
  isCateringOrder: z.boolean(),
  asap: z.boolean(),
  /** When it must be ready (ASAP: as soon as it can; a slot: before the slot, less the ride). */
  dueAt: z.string(),
  promisedFrom: z.string(),
  promisedTo: z.string(),
  customerName: z.string(),
  phone: z.nullable(z.string()),
  deliveryAddress: z.nullable(takeawayAddressSchema),
  tableNumber: z.nullable(z.string()),
  /** A tab's round (1, 2, …), shown beside the table (decision 28); null for any other order. */
  round: z.nullable(z.int()),
  note: z.nullable(z.string()),
  lines: z.array(
    z.object({
      quantity: z.int(),
      title: z.string(),
      /** "Grande" or "Single", or null for a dish that comes in one size. */
      size: z.nullable(z.string()),
      modifiers: z.array(z.object({ title: z.string(), group: z.enum(MODIFIER_GROUPS) })),
      note: z.nullable(z.string()),
      allergens: z.array(z.string()),
      /** Allergens of this line that are in the customer's profile. */
      conflicts: z.array(z.string()),
    }),
  ),
  /** The customer's allergen profile when they ordered: shown in plain sight, acknowledged before accepting. */
  customerAllergens: z.array(allergenSchema),
  allergensAcknowledged: z.boolean(),
  allergensAcknowledgedAt: z.nullable(z.string()),
  prepMinutes: z.nullable(z.int()),
  ...takeawaySteps,
  /** The buttons to show now, in order. */
  actions: z.array(kitchenActionSchema),
  /** Grows with every change to the ticket. */
  version: z.int(),
});
export const ticketResource = resource('tickets', ticketAttributes);
export const ticketDocument = z.object({ data: ticketResource });
export const ticketsDocument = z.object({
  data: z.array(ticketResource),
  meta: z.object({
    restaurantId: z.string(),
    /** The highest ticket version in the answer: pass it back as `since` to get only what changed after it. */
    cursor: z.int(),
    busyMinutes: z.int(),
  }),
});
export const ticketModel = z.extend(ticketAttributes, { id: z.string() });
export type Ticket = z.infer<typeof ticketModel>;

const version = z.pipe(
  z.string().check(z.regex(/^\d{1,15}$/, 'must be a whole number')),
  z.transform((value) => Number(value)),
);

export const ticketsQuery = z.strictObject({
  /** Only tickets changed after this cursor (meta.cursor of a previous answer). */
  since: z.optional(version),
  /** Long-poll: wait up to this many seconds for a change before answering (0–25). */
  wait: z.optional(version),
});

export const acceptTicketBody = z.strictObject({
  prepMinutes: z.int().check(z.gte(PREP_MINUTES_MIN), z.lte(PREP_MINUTES_MAX)),
});
export const rejectTicketBody = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(300)),
});

export const snoozeBody = z.strictObject({
  productId: z.int().check(z.gte(1)),
  /** An hour, or until the start of tomorrow. */
  duration: z.enum(SNOOZE_OPTIONS),
});
export const snoozeParams = z.strictObject({
  id: restaurantIdSchema,
  productId: z.string().check(z.regex(/^\d{1,9}$/, 'must be a product id')),
});

export const busyBody = z.strictObject({
  minutes: z.literal(BUSY_MINUTES_OPTIONS),
});
