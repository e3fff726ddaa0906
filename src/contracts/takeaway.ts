import * as z from 'zod/mini';
import { MAX_TAKEAWAY_LINE_QUANTITY, MODIFIER_GROUPS } from '../domain/takeaway';
import { isoDateSchema, penceSchema, uuidSchema } from './common';
import { errorObject, resource, resourceWithRelationships, toMany } from './envelope';
import { checkoutMeta, checkoutPaidSchema } from './orders';
import { paymentAttributes } from './payments';
import { fulfillmentTypeSchema, restaurantIdSchema, timeSlotInput } from './takeaway-basket-fields';
import { takeawayAddressSchema, takeawayPromises, takeawaySteps } from './takeaway-order-fields';

// Takeaway and catering: the takeaway basket, its lines with their modifiers, the delivery estimate, the
// order, live orders and the driver's position (issue 13 part 2; spec §3 Basket, Takeaway cart item; §7).

export { takeawayAddressSchema, takeawaySteps };

const text = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

const allergenSchema = z.object({ code: z.int(), name: z.string() });

export const subItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  group: z.enum(MODIFIER_GROUPS),
  price: penceSchema,
  /** Grande or Single for a size (spec §9); null otherwise. */
  label: z.nullable(z.string()),
});

export const takeawayBasketItemAttributes = z.object({
  productId: z.string(),
  title: z.string(),
  /** The size's label ("Grande", "Single"), or "" for a dish that comes in one size. */
  variantTitle: z.string(),
  imageUrl: z.nullable(z.string()),
  quantity: z.int(),
  /** The dish's own price, before modifiers. */
  basePrice: penceSchema,
  /** Unit price with its modifiers. */
  price: penceSchema,
  discount: penceSchema,
  total: penceSchema,
  note: z.nullable(z.string()),
  /** The chosen modifiers (spec §3 Basket item `subItems`). */
  subItems: z.array(subItemSchema),
  /** Their titles (spec §3 Takeaway cart item `appliedModifiers`). */
  appliedModifiers: z.array(z.string()),
  tags: z.array(z.string()),
  allergens: z.array(allergenSchema),
  /** For a signed-in customer with an allergen profile. */
  conflictingAllergens: z.array(allergenSchema),
  /** False when it cannot be ordered now (snoozed, off, not for this fulfilment); the reason says why. */
  available: z.boolean(),
  unavailableReason: z.nullable(z.string()),
});
export const takeawayBasketItemResource = resource('takeaway_basket_items', takeawayBasketItemAttributes);

export const takeawayBasketAttributes = z.object({
  type: z.literal('TakeawayBasket'),
  basketKey: z.string(),
  startSubscription: z.boolean(),
  restaurantId: z.nullable(z.string()),
  restaurant: z.nullable(
    z.object({ id: z.string(), name: z.string(), site: z.string(), phone: z.string(), postcode: z.string() }),
  ),
  fulfillmentType: z.nullable(fulfillmentTypeSchema),
  deliveryDate: z.nullable(isoDateSchema),
  asap: z.boolean(),
  /** The chosen slot (spec §3 `timeSlot` with startTime, asap or scheduled); for ASAP, the estimate now. */
  timeSlot: z.nullable(
    z.object({ asap: z.boolean(), startTime: z.string(), endTime: z.string(), label: z.string() }),
  ),
  timeSlotEndTime: z.nullable(z.string()),
  address: z.nullable(takeawayAddressSchema),
  customerEmail: z.nullable(z.string()),
  isCateringOrder: z.boolean(),
  isOpenTab: z.boolean(),
  tableNumber: z.nullable(z.string()),
  deliveryNote: z.nullable(z.string()),
  voucherCode: z.nullable(z.string()),
  itemCount: z.int(),
  totalLineItemsPrice: penceSchema,
  /** Before any discount (spec §4: what the minimum spend is compared with). */
  subtotalPrice: penceSchema,
  totalDiscount: penceSchema,
  shippingPrice: penceSchema,
  totalPrice: penceSchema,
  total: penceSchema,
  minimumSpend: penceSchema,
  meetsMinimum: z.boolean(),
  minimumRemainder: penceSchema,
  /** Spec §4: it has items and the pre-discount subtotal meets the minimum spend. */
  valid: z.boolean(),
  /** Everything that stops it being ordered now, each with a stable code. */
  problems: z.array(errorObject),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const takeawayBasketResource = resourceWithRelationships(
  'baskets',
  takeawayBasketAttributes,
  z.object({ items: toMany('takeaway_basket_items') }),
);

export const takeawayBasketMeta = z.object({
  minimumSpend: penceSchema,
  minimumSpendPerOrder: penceSchema,
  requestCard: z.boolean(),
});

export const takeawayBasketDocument = z.object({
  data: takeawayBasketResource,
  included: z.array(takeawayBasketItemResource),
  meta: takeawayBasketMeta,
});

export const takeawayBasketModel = z.extend(takeawayBasketAttributes, {
  id: z.string(),
  items: z.array(z.extend(takeawayBasketItemAttributes, { id: z.string() })),
});
export type TakeawayBasket = z.infer<typeof takeawayBasketModel>;
export type TakeawayBasketItem = TakeawayBasket['items'][number];

export const addTakeawayItemBody = z.strictObject({
  productId: z.int().check(z.gte(1)),
  quantity: z.int().check(z.gte(1), z.lte(MAX_TAKEAWAY_LINE_QUANTITY)),
  /** The modifiers chosen: a size (the first is the default), extras, removals. */
  subItems: z.optional(
    z.array(z.strictObject({ productId: z.int().check(z.gte(1)) })).check(z.maxLength(12)),
  ),
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200)))),
});
export type AddTakeawayItemBody = z.infer<typeof addTakeawayItemBody>;

export const updateTakeawayItemBody = z.strictObject({
  quantity: z.int().check(z.gte(0), z.lte(MAX_TAKEAWAY_LINE_QUANTITY)),
});

export const takeawayItemParams = z.strictObject({ id: uuidSchema, itemId: uuidSchema });

// POST /delivery_estimation

/**
 * Spec §7: address fields, lat, lon, phone, restaurantId, timeSlot, numberOfItems. Spec §5 asks for the
 * estimate only with the slot, restaurant, zip, lat, lon, country, address1 and city, and a UK postcode: the
 * server answers 400 naming each one missing.
 */
export const deliveryEstimationBody = z.strictObject({
  restaurantId: z.optional(z.nullable(restaurantIdSchema)),
  timeSlot: z.optional(z.nullable(timeSlotInput)),
  address1: text(200),
  address2: text(200),
  city: text(100),
  zip: text(20),
  country: text(100),
  countryCode: z.optional(z.string().check(z.maxLength(2))),
  lat: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
  lon: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
  phone: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  numberOfItems: z.optional(z.int().check(z.gte(0), z.lte(500))),
});
export type DeliveryEstimationBody = z.infer<typeof deliveryEstimationBody>;

export const deliveryEstimationDocument = z.object({
  data: resource(
    'delivery_estimations',
    z.object({
      restaurantId: z.string(),
      asap: z.boolean(),
      /** "35 - 50 mins" for ASAP (spec §9), "12:15 – 12:30" for a slot. */
      text: z.string(),
      minMinutes: z.int(),
      maxMinutes: z.int(),
      from: z.string(),
      to: z.string(),
      distanceMiles: z.number(),
    }),
  ),
});

// Orders

export const takeawayOrderBody = z.strictObject({
  basketId: uuidSchema,
  deliveryNote: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  /** Required when the customer has an allergen profile: they saw their allergens and the dishes’ (part 5). */
  allergensConfirmed: z.optional(z.boolean()),
  /** Eating in: the tip chosen (pence, on the food and drink; decision 28). Refused for other orders. */
  tip: z.optional(z.int().check(z.gte(0), z.lte(10_000_000))),
  /** Pay in the same call (otherwise pay with POST /payments, as for every order). */
  payment: z.optional(
    z.strictObject({
      paymentMethodId: z.optional(uuidSchema),
      paymentMethodType: z.optional(z.enum(['CreditCard', 'PaypalAccount'])),
      paymentProcessorName: z.optional(z.enum(['stripe', 'paypal'])),
      useCredit: z.optional(z.boolean()),
    }),
  ),
});
export type TakeawayOrderBody = z.infer<typeof takeawayOrderBody>;

export const takeawayOrderLineSchema = z.object({
  id: z.string(),
  productId: z.nullable(z.string()),
  title: z.string(),
  variantTitle: z.string(),
  quantity: z.int(),
  price: penceSchema,
  total: penceSchema,
  note: z.nullable(z.string()),
  subItems: z.array(
    z.object({
      productId: z.string(),
      title: z.string(),
      group: z.enum(MODIFIER_GROUPS),
      price: penceSchema,
    }),
  ),
  allergens: z.array(allergenSchema),
});

export const takeawayOrderAttributes = z.object({
  number: z.int(),
  state: z.string(),
  /** Spec §4 display labels ("Is being prepared", "Is out for delivery", "Ready for pickup"…). */
  stateLabel: z.string(),
  source: z.enum(['takeaway', 'catering']),
  checkoutId: z.string(),
  payable: z.boolean(),
  fulfillmentType: fulfillmentTypeSchema,
  isCateringOrder: z.boolean(),
  restaurant: z.object({
    id: z.string(),
    name: z.string(),
    site: z.string(),
    phone: z.string(),
    address1: z.string(),
    city: z.string(),
    postcode: z.string(),
    lat: z.number(),
    lon: z.number(),
  }),
  asap: z.boolean(),
  /** The window promised when it was paid (late-delivery credit counts from its end). */
  promisedFrom: z.string(),
  promisedTo: z.string(),
  /** The current estimate (the kitchen's prep time may move it). */
  etaFrom: z.string(),
  etaTo: z.string(),
  deliveryAddress: z.nullable(takeawayAddressSchema),
  tableNumber: z.nullable(z.string()),
  deliveryNote: z.nullable(z.string()),
  customerAllergens: z.array(allergenSchema),
  allergensConfirmed: z.boolean(),
  lineItems: z.array(takeawayOrderLineSchema),
  subtotal: penceSchema,
  shippingPrice: penceSchema,
  /** Eating in: the tip chosen, its own row on the receipt (decision 28). */
  tip: penceSchema,
  total: penceSchema,
  /** Once paid: the store credit used and what was charged (the card is not named here). */
  paid: z.optional(z.nullable(checkoutPaidSchema)),
  placedAt: z.string(),
  ...takeawaySteps,
  ...takeawayPromises,
  /** GET /orders/{id}/driver_location has a rider to show. */
  driverTrackable: z.boolean(),
  /** Store credit given because it came late (pence), or null. */
  lateCredit: z.nullable(penceSchema),
  /** The key of its public tracking page, /takeaway/track/{trackingToken}, to share (issue 19). */
  trackingToken: z.string(),
});
export const takeawayOrderResource = resource('takeaway_orders', takeawayOrderAttributes);
export const takeawayOrderDocument = z.object({ data: takeawayOrderResource });
export const takeawayOrderListDocument = z.object({ data: z.array(takeawayOrderResource) });
export const placedTakeawayOrderDocument = z.object({
  data: takeawayOrderResource,
  meta: z.object({ checkout: checkoutMeta, payment: z.nullable(resource('payments', paymentAttributes)) }),
});
export const takeawayOrderModel = z.extend(takeawayOrderAttributes, { id: z.string() });
export type TakeawayOrder = z.infer<typeof takeawayOrderModel>;

/**
 * The public tracking of a takeaway (issue 19; spec §2 /takeaway/track/{id}): read by whoever has the link,
 * signed in or not, so nothing personal beyond a first name: no address, phone, email, note, allergens,
 * prices or payment. `meta.orderId` is the order's id only for its own customer, signed in.
 */
export const publicTrackingAttributes = z.object({
  number: z.int(),
  state: z.string(),
  stateLabel: z.string(),
  fulfillmentType: fulfillmentTypeSchema,
  isCateringOrder: z.boolean(),
  firstName: z.nullable(z.string()),
  restaurant: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    address1: z.string(),
    city: z.string(),
    postcode: z.string(),
  }),
  asap: z.boolean(),
  promisedFrom: z.string(),
  promisedTo: z.string(),
  etaFrom: z.string(),
  etaTo: z.string(),
  lineItems: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      variantTitle: z.string(),
      quantity: z.int(),
      subItems: z.array(z.object({ title: z.string(), group: z.enum(MODIFIER_GROUPS) })),
    }),
  ),
  ...takeawaySteps,
  ...takeawayPromises,
  driverTrackable: z.boolean(),
});
export const publicTrackingDocument = z.object({
  data: resource('takeaway_tracking', publicTrackingAttributes),
  meta: z.object({ orderId: z.nullable(z.string()) }),
});
export const publicTrackingModel = z.extend(publicTrackingAttributes, { id: z.string() });
export type PublicTracking = z.infer<typeof publicTrackingModel>;
export const trackingParams = z.strictObject({
  token: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'is not a tracking link')),
});

export const DRIVER_STATUSES = [
  'not_dispatched',
  'to_pickup',
  'to_dropoff',
  'delivered',
  'canceled',
] as const;

export const driverLocationDocument = z.object({
  data: resource(
    'driver_locations',
    z.object({
      status: z.enum(DRIVER_STATUSES),
      /** Where the rider is; null before dispatch. */
      lat: z.nullable(z.number()),
      lon: z.nullable(z.number()),
      bearing: z.nullable(z.number()),
      riderName: z.nullable(z.string()),
      /** When the rider reaches the door. */
      etaAt: z.nullable(z.string()),
      milesToGo: z.nullable(z.number()),
      pickup: z.object({ lat: z.number(), lon: z.number() }),
      dropoff: z.nullable(z.object({ lat: z.number(), lon: z.number() })),
      /** How far along the way to the door the rider is, 0 to 1 (by straight-line distance). */
      progress: z.number(),
      updatedAt: z.string(),
    }),
  ),
});
export type DriverStatus = (typeof DRIVER_STATUSES)[number];
