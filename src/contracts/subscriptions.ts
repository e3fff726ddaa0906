import * as z from 'zod/mini';
import { DIETARY_FLAG_NAMES } from '../domain/chef-selection';
import { SCHEDULE_WEEK_STATES, SUBSCRIPTION_STATES } from '../domain/lifecycles';
import { PAUSE_WEEKS_MAX, PAUSE_WEEKS_MIN } from '../domain/plan-pause';
import { MAX_COCKTAILS, MAX_RECIPES, MIN_RECIPES, PLAN_WEEKS_AHEAD } from '../domain/plans';
import { isoDateSchema, penceSchema, uuidSchema } from './common';
import { resource } from './envelope';
import { orderAddressSchema, orderStateSchema } from './orders';
import { customerVoucherSchema, scheduleWeekLoyaltySchema } from './rewards';

// The Pasta Plan (spec §3 Subscription, Schedule week; §4 Subscription and Schedule week states; §7
// Subscriptions and Schedule; issue 12). A plan's flags are attributes of their own, as the spec lists them.

export const subscriptionStateSchema = z.enum(SUBSCRIPTION_STATES);
export const scheduleWeekStateSchema = z.enum(SCHEDULE_WEEK_STATES);

const dietaryShape = Object.fromEntries(DIETARY_FLAG_NAMES.map((flag) => [flag, z.boolean()])) as Record<
  (typeof DIETARY_FLAG_NAMES)[number],
  z.ZodMiniBoolean
>;

/** When and how much the next charge is, and the next box (issue 12 part 4: always shown). */
export const nextChargeSchema = z.object({
  scheduleWeekId: z.string(),
  orderId: z.nullable(z.string()),
  /** The week's cutoff, when the box is charged. */
  at: z.string(),
  amount: penceSchema,
  deliveryDate: isoDateSchema,
});

export const subscriptionAttributes = z.object({
  name: z.string(),
  state: subscriptionStateSchema,
  /** "Active", "Paused", "Payment failed", "Cancelled". */
  stateLabel: z.string(),
  /** 0 Sunday … 6 Saturday. */
  deliveryDay: z.int(),
  firstDelivery: isoDateSchema,
  /** Every n weeks. */
  frequency: z.int(),
  numberOfRecipes: z.int(),
  numberOfCocktails: z.int(),
  deliveryNote: z.nullable(z.string()),
  ...dietaryShape,
  shippingAddress: z.nullable(orderAddressSchema),
  billingAddress: z.nullable(orderAddressSchema),
  paymentMethod: z.nullable(
    z.object({
      id: z.string(),
      type: z.enum(['CreditCard', 'PaypalAccount']),
      brand: z.nullable(z.string()),
      last4: z.nullable(z.string()),
      email: z.nullable(z.string()),
    }),
  ),
  /** Whether any of its orders was placed (a created plan is selectable only then: spec §4). */
  hasOrders: z.boolean(),
  /** The next box to be charged (null while paused, failed or cancelled, or when every week is skipped). */
  nextCharge: z.nullable(nextChargeSchema),
  /** The next box on its way or planned, paid or not. */
  nextDelivery: z.nullable(z.object({ deliveryDate: isoDateSchema, orderId: z.nullable(z.string()) })),
  pausedAt: z.nullable(z.string()),
  /** Paused for a set time: the first week (a Monday) it delivers again; null otherwise. */
  resumeWeek: z.nullable(isoDateSchema),
  /** When a plan paused for a set time is active again (the cutoff of the week before `resumeWeek`). */
  resumesAt: z.nullable(z.string()),
  /** The first week of the plan's rhythm: it delivers every `frequency` weeks from it. */
  anchorWeek: isoDateSchema,
  /** Open weeks whose box was paid at checkout: they arrive whatever the plan does (a pause skips them). */
  paidWeeks: z.array(isoDateSchema),
  cancelledAt: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  /** Spec §3: the plan's reward codes (every fifth paid box brings one: decision 30), and whether each was used. */
  customerVouchers: z.array(customerVoucherSchema),
  createdAt: z.string(),
});
export const subscriptionResource = resource('subscriptions', subscriptionAttributes);
export const subscriptionDocument = z.object({ data: subscriptionResource });
export const subscriptionListDocument = z.object({ data: z.array(subscriptionResource) });
export const subscriptionModel = z.extend(subscriptionAttributes, { id: z.string() });
export type Subscription = z.infer<typeof subscriptionModel>;

/** A week's box as the schedule shows it: its dishes, price and what can still change. */
export const scheduleWeekLineSchema = z.object({
  productVariantId: z.nullable(z.string()),
  title: z.string(),
  variantTitle: z.string(),
  imageUrl: z.nullable(z.string()),
  quantity: z.int(),
  price: penceSchema,
  total: penceSchema,
});

export const scheduleWeekAttributes = z.object({
  subscriptionId: z.string(),
  /** The meal week's Monday. */
  startDate: isoDateSchema,
  deliveryDate: isoDateSchema,
  originalDeliveryDate: isoDateSchema,
  /** The day the box is charged (the week's cutoff day). */
  billingDate: isoDateSchema,
  /** The cutoff instant: dishes, day and skip can change until then. */
  cutoffAt: z.string(),
  state: scheduleWeekStateSchema,
  /** Whether the dishes, day and skip can still change (before the cutoff, plan not cancelled). */
  editable: z.boolean(),
  /** Whether the address and note can still change (before dispatch). */
  addressEditable: z.boolean(),
  /** The week's menu is published: dishes can be chosen. */
  menuAvailable: z.boolean(),
  /** The customer chose the dishes (false: the chef's selection). */
  recipesChosen: z.boolean(),
  orderId: z.nullable(z.string()),
  orderState: z.nullable(orderStateSchema),
  /** "Skipped", "Charged Fri 27 Nov", "Is out for delivery"… */
  label: z.string(),
  lines: z.array(scheduleWeekLineSchema),
  subtotal: penceSchema,
  discount: penceSchema,
  shippingPrice: penceSchema,
  total: penceSchema,
  voucherCode: z.nullable(z.string()),
  /**
   * Spec §3 Loyalty: on the week whose paid box completed a block of the plan's paid boxes (decision 30), the
   * block's weeks and the reward code's voucher; null on every other week.
   */
  loyalty: scheduleWeekLoyaltySchema,
});
export const scheduleWeekResource = resource('schedule_weeks', scheduleWeekAttributes);
export const scheduleWeekDocument = z.object({ data: scheduleWeekResource });
export const scheduleWeekListDocument = z.object({ data: z.array(scheduleWeekResource) });
export const scheduleWeekModel = z.extend(scheduleWeekAttributes, { id: z.string() });
export type ScheduleWeek = z.infer<typeof scheduleWeekModel>;

export const subscriptionEventAttributes = z.object({
  action: z.string(),
  /** "You", "Sfoglia" (a job), "Our team". */
  by: z.string(),
  summary: z.string(),
  weeks: z.array(isoDateSchema),
  at: z.string(),
});
export const subscriptionEventListDocument = z.object({
  data: z.array(resource('subscription_events', subscriptionEventAttributes)),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventAttributes> & { id: string };

export const ingredientAttributes = z.object({ name: z.string(), position: z.int() });
export const ingredientListDocument = z.object({
  data: z.array(resource('ingredients', ingredientAttributes)),
});
export const ingredientPreferenceListDocument = z.object({
  data: z.array(
    resource(
      'ingredient_preferences',
      z.object({ ingredientId: z.string(), preference: z.literal('avoid') }),
    ),
  ),
});

// Requests

export const subscriptionParams = z.strictObject({ id: uuidSchema });
export const scheduleWeekParams = z.strictObject({ id: uuidSchema });

const dietaryInput = Object.fromEntries(
  DIETARY_FLAG_NAMES.map((flag) => [flag, z.optional(z.boolean())]),
) as Record<(typeof DIETARY_FLAG_NAMES)[number], z.ZodMiniOptional<z.ZodMiniBoolean>>;

/** PUT /subscriptions/{id}: what the plan settings change. Addresses are ids from the address book. */
export const updateSubscriptionBody = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  numberOfRecipes: z.optional(z.int().check(z.gte(MIN_RECIPES), z.lte(MAX_RECIPES))),
  numberOfCocktails: z.optional(z.int().check(z.gte(0), z.lte(MAX_COCKTAILS))),
  deliveryNote: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  ...dietaryInput,
  shippingAddressId: z.optional(uuidSchema),
  billingAddressId: z.optional(z.nullable(uuidSchema)),
});
export type UpdateSubscriptionBody = z.infer<typeof updateSubscriptionBody>;

/** PUT /subscriptions/{id}/schedule (and POST …/schedule/preview, what it would change). */
export const scheduleBody = z.strictObject({
  /** 1 Monday … 6 Saturday (no Sunday deliveries). */
  deliveryDay: z.optional(z.int().check(z.gte(1), z.lte(6))),
  frequency: z.optional(z.int().check(z.gte(1), z.lte(4))),
  /**
   * Weeks the customer moved to a day of their own that should follow the new day too. Without them a
   * moved week keeps its day (issue 19 item 7).
   */
  alsoMoveWeekIds: z.optional(z.array(uuidSchema).check(z.maxLength(PLAN_WEEKS_AHEAD + 2))),
});
export type ScheduleBody = z.infer<typeof scheduleBody>;

/** One week of a plan against a new schedule (domain/schedule-change.ts). */
export const weekChangeSchema = z.object({
  /** `moved` to the new day; `kept` its day; `dropped`: no box that week; `added`: a new box. */
  kind: z.enum(['moved', 'kept', 'dropped', 'added']),
  scheduleWeekId: z.nullable(z.string()),
  weekStart: isoDateSchema,
  /** Its day now (null for a new week). */
  from: z.nullable(isoDateSchema),
  /** Its day after (null for a week dropped). */
  to: z.nullable(isoDateSchema),
  /** A week kept: the day the new schedule would have given it. */
  planDate: z.nullable(isoDateSchema),
  /** Why a week keeps its day: the customer moved it, or it is already paid. */
  why: z.nullable(z.enum(['moved_by_you', 'paid'])),
});
export type WeekChangeView = z.infer<typeof weekChangeSchema>;
export const scheduleChangeDocument = z.object({
  data: resource(
    'schedule_changes',
    z.object({ deliveryDay: z.int(), frequency: z.int(), changes: z.array(weekChangeSchema) }),
  ),
});

/** POST /subscriptions/{id}/pause: for 1–8 weeks, or (no body, or `weeks` null) until the customer restarts it. */
export const pauseSubscriptionBody = z.strictObject({
  weeks: z.optional(z.nullable(z.int().check(z.gte(PAUSE_WEEKS_MIN), z.lte(PAUSE_WEEKS_MAX)))),
});

export const CANCEL_REASONS = [
  'too_expensive',
  'too_much_food',
  'not_enough_choice',
  'delivery_problems',
  'going_away',
  'trying_another_service',
  'other',
] as const;

/** POST /subscriptions/{id}/cancel: a reason is optional. */
export const cancelSubscriptionBody = z.strictObject({
  reason: z.optional(z.nullable(z.enum(CANCEL_REASONS))),
  comment: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
});

/** POST /subscriptions/{id}/ingredient_preferences: the whole list of ingredients to avoid. */
export const ingredientPreferencesBody = z.strictObject({
  ingredientIds: z.array(z.string().check(z.minLength(1), z.maxLength(50))).check(z.maxLength(50)),
});

const itemInput = z.strictObject({
  /** A variant id, or its storefront id (gid://shopify/ProductVariant/…). */
  productVariantId: z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.int()]),
  quantity: z.int().check(z.gte(1), z.lte(10)),
});

/** PUT /schedule_weeks/{id}: the week's dishes (chosen by the customer) and/or its delivery day. */
export const updateScheduleWeekBody = z.strictObject({
  deliveryDate: z.optional(isoDateSchema),
  items: z.optional(z.array(itemInput).check(z.minLength(1), z.maxLength(20))),
});
export type UpdateScheduleWeekBody = z.infer<typeof updateScheduleWeekBody>;

export const scheduleWeekListQuery = z.strictObject({
  'filter[subscriptionId]': z.optional(uuidSchema),
  /** `future` (default: weeks from yesterday on) or `all`. */
  'filter[period]': z.optional(z.enum(['future', 'all'])),
});

/** A one-tap link from an email (skip or unskip without signing in). */
export const weekActionTokenQuery = z.strictObject({ token: z.optional(z.string().check(z.maxLength(200))) });
