import type { OrderFeedback, ProductRating, Rating } from '../../../contracts/ratings';
import { ratingEditableUntil } from '../../../domain/ratings';
import type { FeedbackRow, OrderRatingRow, ProductRatingRow } from './ratings.repo';

// Ratings' rows as the API shows them (an order's rating, a dish's, the NPS answer).

export function ratingModel(row: OrderRatingRow): Rating {
  return {
    id: row.id,
    orderId: row.orderId,
    rating: row.stars,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: ratingEditableUntil(row.createdAt).toISOString(),
  };
}

export function productRatingModel(row: ProductRatingRow, productExtId: string): ProductRating {
  return {
    id: row.id,
    lineItemId: row.lineItemId,
    orderId: row.orderId,
    productId: productExtId,
    rating: row.stars,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: ratingEditableUntil(row.createdAt).toISOString(),
  };
}

export function feedbackModel(row: FeedbackRow): OrderFeedback {
  return {
    id: row.orderId,
    npsRating: row.npsRating,
    reason: row.reason,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
