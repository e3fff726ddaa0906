import { ratingChangeable, ratingEditableUntil } from '../../../domain/ratings';
import type { OrderExtras } from '../orders';
import { feedbackModel } from './rating-models';
import { feedbackOfOrders, productRatingsOfLines } from './ratings.repo';

// What a customer's own reads of their orders carry from here (spec §3: the order's orderFeedback, each line
// item's productRating): two statements for a whole page of orders, whatever its size.

export const ratingsAsOrderExtras: OrderExtras = {
  async add(db, _customerId, list, now) {
    if (list.length === 0) return list;
    const feedback = new Map(
      (
        await feedbackOfOrders(
          db,
          list.map((order) => order.id),
        )
      ).map((row) => [row.orderId, feedbackModel(row)]),
    );
    const ratings = new Map(
      (
        await productRatingsOfLines(
          db,
          list.flatMap((order) => order.lineItems.map((line) => line.id)),
        )
      ).map((row) => [row.lineItemId, row]),
    );
    return list.map((order) => ({
      ...order,
      orderFeedback: feedback.get(order.id) ?? null,
      lineItems: order.lineItems.map((line) => {
        const rating = ratings.get(line.id);
        return {
          ...line,
          productRating: rating
            ? {
                id: rating.id,
                rating: rating.stars,
                comment: rating.comment,
                createdAt: rating.createdAt.toISOString(),
                updatedAt: rating.updatedAt.toISOString(),
                editableUntil: ratingEditableUntil(rating.createdAt).toISOString(),
                changeable: ratingChangeable(rating.createdAt, now),
              }
            : null,
        };
      }),
    }));
  },
};
