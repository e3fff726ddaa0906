import { queryOptions } from '@tanstack/react-query';
import {
  orderFeedbackDocument,
  productRatingDocument,
  ratingDocument,
  ratingOrderDocument,
  restaurantRatingModel,
  restaurantRatingsDocument,
  type FeedbackBody,
  type OrderFeedback,
  type ProductRating,
  type ProductRatingBody,
  type Rating,
  type RatingBody,
  type RatingOrder,
  type RestaurantRating,
} from '../../../contracts/ratings';
import { api, isApiError } from '../../shared/api/client';
import { read } from '../../shared/api/documents';

// Ratings and feedback (issue 23 parts 1 and 2; decision 30): the rating page's order (its customer signed in,
// or the email link's key), rating an order or a dish, the NPS answer, and a restaurant's ratings for its
// kitchen. A customer's orders carry their own answers (orders' queries); the menu's summaries are
// review-summary.queries.ts, kept apart so the menu's first JS carries only that.

export type { OrderFeedback, ProductRating, Rating, RatingOrder, RestaurantRating };

export interface KitchenRatings {
  ratings: RestaurantRating[];
  text: string;
  count: number;
}

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const orderCheck = import.meta.env.PROD ? null : ratingOrderDocument;
const kitchenCheck = import.meta.env.PROD ? null : restaurantRatingsDocument;
const kitchenRatingCheck = import.meta.env.PROD ? null : restaurantRatingModel;
const ratingCheck = import.meta.env.PROD ? null : ratingDocument;
const dishRatingCheck = import.meta.env.PROD ? null : productRatingDocument;
const feedbackCheck = import.meta.env.PROD ? null : orderFeedbackDocument;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [
  orderCheck,
  kitchenCheck,
  kitchenRatingCheck,
  ratingCheck,
  dishRatingCheck,
  feedbackCheck,
];

const one = <A extends object>(doc: { data: { id: string; attributes: A } }): A & { id: string } => ({
  id: doc.data.id,
  ...doc.data.attributes,
});

export const ratingQueries = {
  all: ['ratings'] as const,
  /**
   * The rating page's order; `key` is the email link's (null for its customer signed in). Null when the link
   * names no order its holder may see (cut short, someone else's): an answer the page shows, so the server
   * renders it as it renders an order (a failure is not kept in the page's state).
   */
  order: (orderId: string, key: string | null) =>
    queryOptions({
      queryKey: [...ratingQueries.all, 'order', orderId, key] as const,
      queryFn: async ({ signal }): Promise<RatingOrder | null> => {
        try {
          return read(
            orderCheck,
            await api('GET', `/ratings/order/${encodeURIComponent(orderId)}`, {
              query: key ? { key } : {},
              signal,
            }),
          ).data.attributes;
        } catch (error) {
          if (isApiError(error, 'ORDER_NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED')) return null;
          throw error;
        }
      },
      // The order as whoever holds the link sees it: a page the server renders with it is never kept.
      meta: { personal: true },
      retry: false,
      // Read by the page's loader before the page observes it: a read that failed is not made again as the
      // page mounts (the page offers to try again).
      retryOnMount: false,
    }),
  /** The kitchen's view of its restaurant's ratings, looked at again each minute. */
  kitchen: (restaurantId: string) =>
    queryOptions({
      queryKey: [...ratingQueries.all, 'kitchen', restaurantId] as const,
      queryFn: async ({ signal }): Promise<KitchenRatings> => {
        const doc = read(
          kitchenCheck,
          await api('GET', `/kitchen/restaurants/${encodeURIComponent(restaurantId)}/ratings`, { signal }),
        );
        return {
          ratings: doc.data.map((r) => read(kitchenRatingCheck, { id: r.id, ...r.attributes })),
          text: doc.meta.text,
          count: doc.meta.count,
        };
      },
      refetchInterval: 60_000,
    }),
};

export const ratingsApi = {
  rate: async (body: RatingBody, idempotencyKey: string): Promise<Rating> =>
    one(read(ratingCheck, await api('POST', '/ratings', { body, idempotencyKey }))),
  change: async (id: string, body: { rating: number; comment?: string; key?: string }): Promise<Rating> =>
    one(read(ratingCheck, await api('PUT', `/ratings/${id}`, { body }))),
  rateDish: async (body: ProductRatingBody, idempotencyKey: string): Promise<ProductRating> =>
    one(read(dishRatingCheck, await api('POST', '/product_ratings', { body, idempotencyKey }))),
  feedback: async (orderId: string, body: FeedbackBody, idempotencyKey: string): Promise<OrderFeedback> =>
    one(read(feedbackCheck, await api('POST', `/orders/${orderId}/feedback`, { body, idempotencyKey }))),
};
