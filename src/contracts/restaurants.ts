import * as z from 'zod/mini';
import { MODIFIER_GROUPS } from '../domain/modifier-groups';
import { isoDateSchema, penceSchema, queryBoolean } from './common';
import { resource, resourceWithRelationships, toMany } from './envelope';
import { fulfillmentTypeSchema, restaurantIdSchema } from './takeaway-basket-fields';

// Restaurants and their takeaway menu (issue 13 part 1; spec §3 Restaurant, Takeaway menu; §7 Restaurants).

export { fulfillmentTypeSchema, restaurantIdSchema };
export const restaurantParams = z.strictObject({ id: restaurantIdSchema });

const COORDINATE = /^-?\d{1,3}(\.\d{1,10})?$/;
// Checks rather than a transform that fails: zod's NEVER would be one more export of the first load's shared
// code for every screen that reads a restaurant (tools/js-budget.ts).
const coordinate = (name: 'lat' | 'lon', limit: number) =>
  z.pipe(
    z.string().check(
      z.regex(COORDINATE, `must be a ${name === 'lat' ? 'latitude' : 'longitude'}`),
      z.refine(
        (value) => !COORDINATE.test(value) || Math.abs(Number(value)) <= limit,
        `must be between -${limit} and ${limit}`,
      ),
    ),
    z.transform((value) => Number(value)),
  );

/** GET /restaurants/nearest: where the customer is, how they want it, and whether it is for catering. */
export const nearestQuery = z.strictObject({
  lat: coordinate('lat', 90),
  lon: coordinate('lon', 180),
  fulfillmentType: z._default(fulfillmentTypeSchema, 'delivery'),
  catering: z.optional(queryBoolean),
});
export type NearestQuery = z.infer<typeof nearestQuery>;

export const openingWindowSchema = z.object({ opens: z.string(), closes: z.string() });

export const restaurantAttributes = z.object({
  name: z.string(),
  /** Spec §3 Restaurant `site`. */
  site: z.string(),
  address1: z.string(),
  address2: z.nullable(z.string()),
  city: z.string(),
  postcode: z.string(),
  phone: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** Seven days, Monday first: `{ day: "Monday", windows: [{ opens: "11:30", closes: "22:00" }] }`. */
  openingHours: z.array(
    z.object({ day: z.string(), weekday: z.int(), windows: z.array(openingWindowSchema) }),
  ),
  openNow: z.boolean(),
  /** Today's current or next opening (ISO instants); null when done for the day. */
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  prepMinutes: z.int(),
  /** The kitchen's busy mode: minutes added to every estimate (0: off). */
  busyMinutes: z.int(),
  /** Spec §9's ETA text for an ASAP delivery now ("35 - 50 mins"). */
  etaText: z.string(),
  deliveryRadiusMiles: z.number(),
  deliveryFee: penceSchema,
  freeDeliveryFrom: z.nullable(penceSchema),
  minimumSpend: penceSchema,
  fulfillmentTypes: z.array(fulfillmentTypeSchema),
  offersCatering: z.boolean(),
  cateringMinimumSpend: penceSchema,
  cateringLeadHours: z.int(),
  /** Table settings, for dine-in (spec §3 Restaurant). */
  tableCount: z.int(),
  hasTableNumbers: z.boolean(),
  tableNumberPrompt: z.nullable(z.string()),
  openTabCheckouts: z.boolean(),
  /** From the point searched (GET /restaurants/nearest only; null elsewhere), in miles to one decimal place. */
  distanceMiles: z.nullable(z.number()),
});
export const restaurantResource = resource('restaurants', restaurantAttributes);
export const restaurantDocument = z.object({ data: restaurantResource });
export const restaurantListDocument = z.object({ data: z.array(restaurantResource) });
export const restaurantModel = z.extend(restaurantAttributes, { id: z.string() });
export type Restaurant = z.infer<typeof restaurantModel>;

// Time slots

export const timeSlotsQuery = z.strictObject({
  fulfillmentType: z._default(fulfillmentTypeSchema, 'delivery'),
  /** A London date; today when not given. */
  date: z.optional(isoDateSchema),
  catering: z.optional(queryBoolean),
});
export type TimeSlotsQuery = z.infer<typeof timeSlotsQuery>;

export const timeSlotAttributes = z.object({
  date: isoDateSchema,
  /** ASAP's entry comes first when the kitchen can take one now; its times are the estimate. */
  asap: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
  /** "12:15 – 12:30" (London time), or "ASAP (35 - 50 mins)". */
  label: z.string(),
  /** Whether it can still be booked (a full slot stays listed, unavailable). */
  available: z.boolean(),
  remaining: z.int(),
});
export const timeSlotsDocument = z.object({
  data: z.array(resource('time_slots', timeSlotAttributes)),
  meta: z.object({ date: isoDateSchema, fulfillmentType: fulfillmentTypeSchema, capacity: z.int() }),
});

export const timeSlotDatesQuery = z.strictObject({
  fulfillmentType: z._default(fulfillmentTypeSchema, 'delivery'),
  catering: z.optional(queryBoolean),
});
export const timeSlotDateAttributes = z.object({
  date: isoDateSchema,
  /** "Today", "Tomorrow", "Fri 20 Nov". */
  label: z.string(),
  slotsAvailable: z.int(),
  asapAvailable: z.boolean(),
});
export const timeSlotDatesDocument = z.object({
  data: z.array(resource('time_slot_dates', timeSlotDateAttributes)),
});

export const eatInAvailableDocument = z.object({
  data: resource(
    'eat_in_availabilities',
    z.object({
      available: z.boolean(),
      /** Why not, in words to show ("Sfoglia Soho opens at 11:30"). */
      reason: z.nullable(z.string()),
      hasTableNumbers: z.boolean(),
      tableNumberPrompt: z.nullable(z.string()),
      openTabCheckouts: z.boolean(),
      /**
       * The table asked about (`?table=`), as the restaurant numbers it, and whether it is one of its tables
       * (decision 28); null when none was asked about or the restaurant serves by name.
       */
      table: z.nullable(z.object({ number: z.string(), exists: z.boolean() })),
      /** The restaurant's name, for the screen that says whether its tables can order. */
      name: z.string(),
    }),
  ),
});
export const eatInQuery = z.strictObject({
  table: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(12))),
});

// The takeaway menu

export const menuQuery = z.strictObject({
  fulfillmentType: z._default(fulfillmentTypeSchema, 'delivery'),
  /** The catering menu (platters for groups) instead of Pasta Now's. */
  catering: z.optional(queryBoolean),
});
export type MenuQuery = z.infer<typeof menuQuery>;

const allergenSchema = z.object({ code: z.int(), name: z.string() });

export const subProductSchema = z.object({
  productId: z.string(),
  position: z.int(),
  title: z.string(),
  group: z.enum(MODIFIER_GROUPS),
  /** What it adds to the dish's price (a removal: 0). */
  price: penceSchema,
  /** A size's label by the spec's rule (§9): "Grande" or "Single"; null for extras and removals. */
  label: z.nullable(z.string()),
  allergens: z.array(allergenSchema),
  available: z.boolean(),
});

export const menuProductAttributes = z.object({
  title: z.string(),
  description: z.string(),
  price: penceSchema,
  imageUrl: z.nullable(z.string()),
  tags: z.array(z.string()),
  /** The 14 UK allergens it contains, with the cereal or nut named ("Gluten (wheat)"). */
  allergens: z.array(z.object({ code: z.int(), name: z.string(), text: z.string() })),
  mayContain: z.array(z.string()),
  /** vegetarian, vegan, gluten-free. */
  dietary: z.array(z.string()),
  serves: z.nullable(z.int()),
  fulfillmentTypes: z.array(fulfillmentTypeSchema),
  /** False when snoozed by the kitchen, switched off, or not offered for this fulfilment type. */
  available: z.boolean(),
  snoozedUntil: z.nullable(z.string()),
  /** For a signed-in customer with an allergen profile: what in it conflicts (empty otherwise). */
  conflictingAllergens: z.array(allergenSchema),
  subProducts: z.array(subProductSchema),
  /** How many of each group a customer chooses: one size (the first is the default), up to 5 extras. */
  modifierGroups: z.array(
    z.object({
      group: z.enum(MODIFIER_GROUPS),
      min: z.int(),
      max: z.int(),
      defaultProductId: z.nullable(z.string()),
    }),
  ),
});
export const menuProductResource = resource('takeaway_products', menuProductAttributes);

export const menuCategoryResource = resourceWithRelationships(
  'menu_categories',
  z.object({ name: z.string(), position: z.int(), productIds: z.array(z.string()) }),
  z.object({ products: toMany('takeaway_products') }),
);

export const menuDocument = z.object({
  data: z.array(menuCategoryResource),
  included: z.array(menuProductResource),
  meta: z.object({
    restaurantId: z.string(),
    fulfillmentType: fulfillmentTypeSchema,
    catering: z.boolean(),
    /** The minimum spend for this menu: the restaurant's, or its catering minimum. */
    minimumSpend: penceSchema,
    /** Catering: how far ahead it must be ordered (0 for Pasta Now). */
    leadTimeHours: z.int(),
    /** The signed-in customer's allergen profile (codes), or null. */
    allergenProfile: z.nullable(z.array(z.int())),
  }),
});
export const menuProductModel = z.extend(menuProductAttributes, { id: z.string() });
export type MenuProduct = z.infer<typeof menuProductModel>;

export const snoozedProductsQuery = z.strictObject({
  fulfillmentType: z.optional(fulfillmentTypeSchema),
});
export const snoozedProductsDocument = z.object({
  data: z.array(
    resource('snoozed_products', z.object({ productId: z.string(), title: z.string(), until: z.string() })),
  ),
});
