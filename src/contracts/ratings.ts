import * as z from 'zod/mini';
import {
  FEEDBACK_REASON_IDS,
  MAX_FEEDBACK_NOTES,
  MAX_NPS,
  MAX_RATING_COMMENT,
  MAX_STARS,
  MIN_NPS,
  MIN_STARS,
} from '../domain/ratings';
import { uuidSchema } from './common';
import { resource } from './envelope';

// Ratings and feedback (issue 23 parts 1 and 2, decision 30; spec §7 Ratings, Orders feedback). Keys are
// camelCase here and snake_case on the wire.

const STARS_MESSAGE = `Choose from ${MIN_STARS} to ${MAX_STARS} stars`;
export const starsSchema = z
  .int(STARS_MESSAGE)
  .check(z.gte(MIN_STARS, STARS_MESSAGE), z.lte(MAX_STARS, STARS_MESSAGE));
export const ratingCommentSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(MAX_RATING_COMMENT, `Please keep your comment under ${MAX_RATING_COMMENT} characters`),
  );

/** The secret of an order's rating links (the after-order email): rates that order without a session. */
export const ratingKeySchema = z.string().check(z.minLength(16), z.maxLength(64));

/** POST /ratings: an order's stars (once; PUT changes it for a while). */
export const ratingBody = z.strictObject({
  orderId: uuidSchema,
  rating: starsSchema,
  comment: z.optional(ratingCommentSchema),
  /** The email link's key, for a customer who is not signed in. */
  key: z.optional(ratingKeySchema),
});
export type RatingBody = z.infer<typeof ratingBody>;

/** PUT /ratings/{id}. */
export const ratingUpdateBody = z.strictObject({
  rating: starsSchema,
  comment: z.optional(ratingCommentSchema),
  key: z.optional(ratingKeySchema),
});

export const ratingParams = z.strictObject({ id: uuidSchema });

export const ratingAttributes = z.object({
  orderId: z.string(),
  rating: z.int(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when it can be changed. */
  editableUntil: z.string(),
});
export const ratingDocument = z.object({ data: resource('ratings', ratingAttributes) });
export const ratingModel = z.extend(ratingAttributes, { id: z.string() });
export type Rating = z.infer<typeof ratingModel>;

/** POST /product_ratings: one dish of an order the customer received (again: it replaces the first). */
export const productRatingBody = z.strictObject({
  lineItemId: uuidSchema,
  rating: starsSchema,
  comment: z.optional(ratingCommentSchema),
});
export type ProductRatingBody = z.infer<typeof productRatingBody>;

export const productRatingAttributes = z.object({
  lineItemId: z.string(),
  orderId: z.string(),
  productId: z.string(),
  rating: z.int(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  editableUntil: z.string(),
});
export const productRatingDocument = z.object({ data: resource('product_ratings', productRatingAttributes) });
export const productRatingModel = z.extend(productRatingAttributes, { id: z.string() });
export type ProductRating = z.infer<typeof productRatingModel>;

// GET /weekly_menus/{id}/review_summary is ./review-summaries: a module of its own, the only one the menu's
// first JS carries (re-exported here, it would share a chunk with the rest).

const NPS_MESSAGE = `Choose a score from ${MIN_NPS} to ${MAX_NPS}`;
/** POST /orders/{id}/feedback (spec §3 Order feedback): once per order. */
export const feedbackBody = z.strictObject({
  /** The email link's key, for a customer who is not signed in. */
  key: z.optional(ratingKeySchema),
  npsRating: z.int(NPS_MESSAGE).check(z.gte(MIN_NPS, NPS_MESSAGE), z.lte(MAX_NPS, NPS_MESSAGE)),
  reason: z.optional(z.nullable(z.enum(FEEDBACK_REASON_IDS))),
  notes: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(MAX_FEEDBACK_NOTES, `Please keep your notes under ${MAX_FEEDBACK_NOTES} characters`),
      ),
  ),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

/** The order's orderFeedback (spec §3). */
export const orderFeedbackAttributes = z.object({
  npsRating: z.int(),
  reason: z.nullable(z.enum(FEEDBACK_REASON_IDS)),
  notes: z.string(),
  createdAt: z.string(),
});
export const orderFeedbackDocument = z.object({ data: resource('order_feedbacks', orderFeedbackAttributes) });
export const orderFeedbackModel = z.extend(orderFeedbackAttributes, { id: z.string() });
export type OrderFeedback = z.infer<typeof orderFeedbackModel>;

/** A line item's productRating (spec §3): the customer's stars for that dish, or null. */
export const lineProductRatingSchema = z.object({
  id: z.string(),
  rating: z.int(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  editableUntil: z.string(),
  /** Whether it can still be changed (within RATING_EDIT_HOURS). */
  changeable: z.boolean(),
});
export type LineProductRating = z.infer<typeof lineProductRatingSchema>;

/** GET /weekly_menus/{id}/review_summary: the week, by its Monday ("2026-11-23", its collection's handle). */
export const weeklyMenuParams = z.strictObject({
  id: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the menu week as its Monday, e.g. 2026-11-23')),
});

// ---- /rate-my-takeaway: one order, by its customer or the email link's key -------------------------------

export const ratingOrderParams = z.strictObject({ orderId: uuidSchema });
export const ratingOrderQuery = z.strictObject({ key: z.optional(ratingKeySchema) });

/** Why an order takes no rating now (null: it does). */
export const RATING_CLOSED_REASONS = ['not_received', 'too_late', 'not_rated_here'] as const;
export type RatingClosedReason = (typeof RATING_CLOSED_REASONS)[number];

export const ratingOrderAttributes = z.object({
  orderId: z.string(),
  number: z.int(),
  /** The restaurant that made it; null for a recipe-kit box. */
  restaurantName: z.nullable(z.string()),
  /** delivery, pickup, eat_in for a restaurant's order; null for a box. */
  fulfillmentType: z.nullable(z.enum(['delivery', 'pickup', 'eat_in'])),
  /** When it arrived (or was collected); null while it has not. */
  deliveredAt: z.nullable(z.string()),
  lines: z.array(z.object({ title: z.string(), detail: z.nullable(z.string()), quantity: z.int() })),
  /** The customer's first name, to greet them. */
  firstName: z.string(),
  rating: z.nullable(ratingModel),
  /** Whether a first rating can be given now. */
  open: z.boolean(),
  closedReason: z.nullable(z.enum(RATING_CLOSED_REASONS)),
  /** Whether the existing rating can still be changed. */
  changeable: z.boolean(),
  feedback: z.nullable(orderFeedbackModel),
});
export type RatingOrder = z.infer<typeof ratingOrderAttributes>;
export const ratingOrderDocument = z.object({ data: resource('rating_orders', ratingOrderAttributes) });

// ---- The kitchen's view of its restaurant's ratings ---------------------------------------------------------

export const restaurantRatingAttributes = z.object({
  orderId: z.string(),
  orderNumber: z.int(),
  rating: z.int(),
  comment: z.string(),
  /** The customer's first name. */
  firstName: z.string(),
  low: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const restaurantRatingModel = z.extend(restaurantRatingAttributes, { id: z.string() });
export type RestaurantRating = z.infer<typeof restaurantRatingModel>;
export const restaurantRatingsDocument = z.object({
  data: z.array(resource('restaurant_ratings', restaurantRatingAttributes)),
  meta: z.object({
    restaurantId: z.string(),
    /** Over the last RESTAURANT_RATINGS_DAYS. */
    average: z.nullable(z.number()),
    count: z.int(),
    text: z.string(),
  }),
});
export const restaurantRatingsParams = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});
