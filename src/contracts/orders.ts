import * as z from 'zod/mini';
import { DIETARY_FLAG_NAMES } from '../domain/chef-selection';
import { ORDER_SOURCES, ORDER_STATES } from '../domain/orders';
import { addressAttributes } from './address-model';
import { isoDateSchema, penceSchema, uuidSchema } from './common';
import { resource, resourceWithRelationships, toMany, toOne } from './envelope';
import { orderGiftSchema } from './gifts';
import { planTermsSchema } from './plan-terms';
import { lineProductRatingSchema, orderFeedbackAttributes, orderFeedbackModel } from './ratings';

// Orders and the recipe-kit checkout (spec §3 Order, Line item, Subscription; §4 Order states; §7 Orders).

export const orderStateSchema = z.enum(ORDER_STATES);

/** An address as an order keeps it: the address book's fields, less its own (id, default, region code). */
export const orderAddressSchema = z.pick(addressAttributes, {
  firstName: true,
  lastName: true,
  address1: true,
  address2: true,
  city: true,
  zip: true,
  company: true,
  region: true,
  country: true,
  countryCode: true,
  phone: true,
  lat: true,
  lon: true,
});
export type OrderAddressView = z.infer<typeof orderAddressSchema>;

export const lineItemAttributes = z.object({
  productVariantId: z.nullable(z.string()),
  productVariantExtId: z.nullable(z.string()),
  title: z.string(),
  variantTitle: z.string(),
  sku: z.string(),
  imageUrl: z.nullable(z.string()),
  tags: z.array(z.string()),
  /** Unit price in pence. */
  price: penceSchema,
  quantity: z.int(),
  discount: penceSchema,
  total: penceSchema,
  isAddon: z.boolean(),
  /** The event slot an event booking's seat or add-on is for (spec §3 Line item eventSlotId); null otherwise. */
  eventSlotId: z.nullable(z.string()),
  /**
   * The customer's stars for this dish (spec §3 Line item productRating; decision 30), on a customer's own
   * order's reads (GET /orders, /orders/{id}); null until rated.
   */
  productRating: z.optional(z.nullable(lineProductRatingSchema)),
});

/** A refund staff gave on an order (issue 25 part 4): to the card, as store credit, or both. */
export const orderRefundView = z.object({
  id: z.string(),
  method: z.enum(['card', 'credit']),
  toCard: penceSchema,
  toCredit: penceSchema,
  /** The card part: owed until the processor has refunded it, then refunded (null: none to the card). */
  cardState: z.nullable(z.enum(['owed', 'refunded'])),
  reason: z.string(),
  createdAt: z.string(),
});
export type OrderRefundView = z.infer<typeof orderRefundView>;

export const orderAttributes = z.object({
  number: z.int(),
  state: orderStateSchema,
  /** "Is being prepared", "Payment failed", … (spec §4). */
  stateLabel: z.string(),
  failedPayment: z.boolean(),
  payable: z.boolean(),
  type: z.string(),
  source: z.enum(ORDER_SOURCES),
  subscriptionId: z.nullable(z.string()),
  checkoutId: z.string(),
  mealWeek: z.nullable(isoDateSchema),
  deliveryDate: isoDateSchema,
  deliveryNote: z.nullable(z.string()),
  shippingAddress: orderAddressSchema,
  billingAddress: z.nullable(orderAddressSchema),
  voucherCode: z.nullable(z.string()),
  /** Gift boxes: the recipient and the card's message. */
  gift: z.nullable(orderGiftSchema),
  subtotal: penceSchema,
  /** totalDiscounts (spec: exposed as discount). */
  discount: penceSchema,
  /** Its delivery charge: the delivery fee, and a one-off box's fee. */
  shippingPrice: penceSchema,
  /** A one-off box's fee, within shippingPrice (decision 11); 0 for other orders. */
  oneOffFee: penceSchema,
  /** A tip chosen at a table (decision 28): within the total, its own row on the receipt. */
  tip: penceSchema,
  total: penceSchema,
  /** A plan's box: its schedule week (null for other orders). */
  scheduleWeekId: z.nullable(z.string()),
  /** Whether the dishes, day and voucher can still change (a plan's box before its cutoff). */
  editable: z.boolean(),
  /** Whether the delivery day can still move within its week (POST /orders/{id}/delivery_date). */
  dateEditable: z.boolean(),
  /** Whether the address and note can still change (before the box is dispatched). */
  addressEditable: z.boolean(),
  createdAt: z.string(),
  /** Refunds the shop's staff gave on it (issue 25 part 4), on a customer's own reads and the back office's. */
  refunds: z.optional(z.array(orderRefundView)),
});

export const orderResource = resourceWithRelationships(
  'orders',
  orderAttributes,
  z.object({
    lineItems: toMany('line_items'),
    /** The NPS answer after its delivery (spec §3 Order orderFeedback), on a customer's own order's reads. */
    orderFeedback: z.optional(toOne('order_feedbacks')),
  }),
);
export const lineItemResource = resource('line_items', lineItemAttributes);
export const orderFeedbackResource = resource('order_feedbacks', orderFeedbackAttributes);
const orderIncluded = z.array(z.union([lineItemResource, orderFeedbackResource]));

/** What paid for a checkout, as its receipts show it (issue 19): credit used, charged, and how. */
export const checkoutPaidSchema = z.object({
  creditUsed: penceSchema,
  /** To the card or PayPal. */
  charged: penceSchema,
  /** "Visa ending 4242", "PayPal (ana@example.com)"; null when nothing names it. */
  paidWith: z.nullable(z.string()),
  method: z.nullable(z.enum(['card', 'paypal'])),
});
export type CheckoutPaid = z.infer<typeof checkoutPaidSchema>;

/** What paying the checkout these orders belong to takes. */
export const checkoutMeta = z.object({
  checkoutId: z.string(),
  state: z.enum(['open', 'paid', 'cancelled']),
  total: penceSchema,
  creditBalance: penceSchema,
  /** With credit used (the default): what credit covers and what the card is charged. */
  creditApplied: penceSchema,
  amountToCharge: penceSchema,
  /** Whether a card (or PayPal) must be given (spec §5). */
  requestCard: z.boolean(),
  minimumCardCharge: penceSchema,
  /** A checkout that starts a Pasta Plan: what the plan charges after today (issue 19 item 6). */
  plan: z.optional(planTermsSchema),
  /** Once paid: what paid for it (the receipt's credit and charge). */
  paid: z.optional(z.nullable(checkoutPaidSchema)),
  /** An event booking's purchase: its seats are held until then (the shop's clock), while it is paid. */
  holdExpiresAt: z.optional(z.string()),
});

export const orderDocument = z.object({
  data: orderResource,
  included: orderIncluded,
  meta: z.optional(checkoutMeta),
});
export const orderListDocument = z.object({
  data: z.array(orderResource),
  included: orderIncluded,
  meta: z.object({
    page: z.int(),
    perPage: z.int(),
    total: z.int(),
    checkout: z.optional(checkoutMeta),
  }),
});

export const orderModel = z.extend(orderAttributes, {
  id: z.string(),
  lineItems: z.array(z.extend(lineItemAttributes, { id: z.string() })),
  /** Present on a customer's own order's reads: their NPS answer, or null. */
  orderFeedback: z.optional(z.nullable(orderFeedbackModel)),
});
export type Order = z.infer<typeof orderModel>;
export type CheckoutMeta = z.infer<typeof checkoutMeta>;

// Requests

export const DIETARY_FLAGS = DIETARY_FLAG_NAMES;

export const subscriptionChoices = z.strictObject({
  /** Every n weeks. */
  frequency: z.optional(z.int().check(z.gte(1), z.lte(4))),
  numberOfRecipes: z.optional(z.int().check(z.gte(1), z.lte(10))),
  dietary: z.optional(z.partialRecord(z.enum(DIETARY_FLAGS), z.boolean())),
});

export const recipeKitOrderBody = z.strictObject({
  basketId: uuidSchema,
  shippingAddressId: uuidSchema,
  billingAddressId: z.optional(z.nullable(uuidSchema)),
  /** The first week's delivery date; later weeks are delivered on the same weekday. */
  deliveryDate: isoDateSchema,
  deliveryNote: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  subscription: z.optional(subscriptionChoices),
});
export type RecipeKitOrderBody = z.infer<typeof recipeKitOrderBody>;

export const orderParams = z.strictObject({ id: uuidSchema });
export const orderAddressParams = z.strictObject({ id: uuidSchema, addressId: uuidSchema });

/** POST /orders/{id}/delivery_date: another day of the same week, before the cutoff. */
export const orderDeliveryDateBody = z.strictObject({ deliveryDate: isoDateSchema });

/** POST /orders/{id}/voucher. Codes are upper-cased (spec §5). */
export const orderVoucherBody = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(50), z.toUpperCase()),
});

/**
 * POST /orders: a customer with a plan puts a basket's dishes into an upcoming box of the plan (charged with
 * it at the cutoff) instead of starting a second plan.
 */
export const addToPlanOrderBody = z.strictObject({
  basketId: uuidSchema,
  scheduleWeekId: uuidSchema,
});

/** POST /orders/{id}/send_invoice: where the invoice went. */
export const invoiceSentDocument = z.object({
  data: resource('invoices', z.object({ orderId: z.string(), sentTo: z.string() })),
});

export const updateOrderBody = z.strictObject({
  deliveryNote: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
});

export const confirmOrderBody = z.strictObject({
  orderId: uuidSchema,
  /** After a 3-D Secure check or PayPal approval: the intent the browser came back with. */
  paymentIntentId: z.optional(z.string().check(z.minLength(3), z.maxLength(255))),
});

const perPage = z.pipe(
  z.string().check(z.regex(/^\d{1,4}$/, 'must be a whole number')),
  z.transform((value) => Number(value)),
);

/** filter[delivery_date], per_page … on the wire (query keys are camelCased like body keys). */
export const orderListQuery = z.strictObject({
  'filter[deliveryDate]': z.optional(z.enum(['past', 'upcoming'])),
  'filter[type]': z.optional(z.string().check(z.maxLength(50))),
  'filter[subscriptionId]': z.optional(uuidSchema),
  /** Comma-separated states to leave out. */
  'filter[excludeStates]': z.optional(z.string().check(z.maxLength(300))),
  page: z.optional(perPage),
  perPage: z.optional(perPage),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
export const MAX_PER_PAGE = 3000;
