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

/** POST /ratings: an order's stars (once; PUT changes it for a while). */
export const ratingBody = z.object({
  orderId: uuidSchema,
  rating: starsSchema,
  comment: z.optional(ratingCommentSchema),
});
export type RatingBody = z.infer<typeof ratingBody>;

/** PUT /ratings/{id}. */
export const ratingUpdateBody = z.object({
  rating: starsSchema,
  comment: z.optional(ratingCommentSchema),
});

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
export const productRatingBody = z.object({
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

/** One dish's ratings in GET /weekly_menus/{id}/review_summary. */
export const reviewSummaryAttributes = z.object({
  productId: z.string(),
  /** One decimal place; null with none. */
  average: z.nullable(z.number()),
  count: z.int(),
  /** "4.6 from 128 ratings". */
  text: z.string(),
});
export const reviewSummaryDocument = z.object({
  data: z.array(resource('review_summaries', reviewSummaryAttributes)),
  meta: z.object({ week: z.string() }),
});
export const reviewSummaryModel = z.extend(reviewSummaryAttributes, { id: z.string() });
export type ReviewSummary = z.infer<typeof reviewSummaryModel>;

const NPS_MESSAGE = `Choose a score from ${MIN_NPS} to ${MAX_NPS}`;
/** POST /orders/{id}/feedback (spec §3 Order feedback): once per order. */
export const feedbackBody = z.object({
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
