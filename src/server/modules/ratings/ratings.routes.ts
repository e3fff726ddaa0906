import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kitchenRestaurantParams } from '../../../contracts/kitchen';
import { orderParams } from '../../../contracts/orders';
import {
  feedbackBody,
  orderFeedbackDocument,
  productRatingBody,
  productRatingDocument,
  ratingBody,
  ratingDocument,
  ratingOrderDocument,
  ratingOrderParams,
  ratingOrderQuery,
  ratingParams,
  ratingUpdateBody,
  restaurantRatingsDocument,
  weeklyMenuParams,
} from '../../../contracts/ratings';
import { reviewSummaryDocument } from '../../../contracts/review-summaries';
import { requireCustomer } from '../../http/session';
import type { RatingsService } from './ratings.service';

// The HTTP edge of ratings and feedback (issue 23 parts 1 and 2; spec §7 Ratings, Orders feedback). An
// order's rating and feedback take the customer signed in, or the after-order email's key for that order
// (in the body, or the query of the page's read: never kept by a shared cache, never logged: http/logging.ts
// redacts `key`). A dish's rating takes the customer signed in. The week's summaries are public.

export interface RatingRoutesOptions {
  ratings: RatingsService;
}

const tags = ['ratings'];
const signedIn = (request: FastifyRequest) =>
  request.session?.kind === 'customer' ? request.session.customerId : null;

export async function ratingRoutes(app: FastifyInstance, { ratings }: RatingRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/ratings',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "An order's stars (1–5) and comment, once (ALREADY_RATED with the rating's id in meta), by its customer signed in or with the email link's key, once it was delivered or collected (NOT_RECEIVED)",
        body: ratingBody,
        response: { 201: ratingDocument },
      },
    },
    async (request, reply) => {
      const { id, ...attributes } = await ratings.rate(signedIn(request), request.body);
      return reply.status(201).send({ data: { id, type: 'ratings' as const, attributes } });
    },
  );

  r.put(
    '/ratings/:id',
    {
      schema: {
        tags,
        summary: `Changes an order's stars and comment, for 7 days after it was first given (then RATING_CLOSED)`,
        params: ratingParams,
        body: ratingUpdateBody,
        response: { 200: ratingDocument },
      },
    },
    async (request) => {
      const { id, ...attributes } = await ratings.change(signedIn(request), request.params.id, request.body);
      return { data: { id, type: 'ratings' as const, attributes } };
    },
  );

  r.get(
    '/ratings/order/:orderId',
    {
      schema: {
        tags,
        summary:
          'What the rating page shows of an order (number, restaurant, lines, its rating and whether it can be given or changed), for its customer signed in or the email link’s key; otherwise 404',
        params: ratingOrderParams,
        querystring: ratingOrderQuery,
        response: { 200: ratingOrderDocument },
      },
    },
    async (request, reply) => {
      const attributes = await ratings.ratingOrder(
        signedIn(request),
        request.params.orderId,
        request.query.key,
      );
      // The key may be in the URL: the answer is never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { data: { id: attributes.orderId, type: 'rating_orders' as const, attributes } };
    },
  );

  r.post(
    '/product_ratings',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'A recipe-kit dish the customer received, rated 1–5 with a comment (201); again within 7 days, it replaces the first (200); later, RATING_CLOSED',
        body: productRatingBody,
        response: { 200: productRatingDocument, 201: productRatingDocument },
      },
    },
    async (request, reply) => {
      const { rating, created } = await ratings.rateDish(requireCustomer(request), request.body);
      const { id, ...attributes } = rating;
      return reply
        .status(created ? 201 : 200)
        .send({ data: { id, type: 'product_ratings' as const, attributes } });
    },
  );

  r.get(
    '/weekly_menus/:id/review_summary',
    {
      schema: {
        tags,
        summary:
          'Each dish on a week\'s menu (its Monday, the weekly collection\'s handle) with its average stars and count over all its ratings: "4.6 from 128 ratings"',
        params: weeklyMenuParams,
        response: { 200: reviewSummaryDocument },
      },
    },
    async (request, reply) => {
      const list = await ratings.reviewSummary(request.params.id);
      reply.header('cache-control', 'public, max-age=60');
      return {
        data: list.map(({ id, ...attributes }) => ({ id, type: 'review_summaries' as const, attributes })),
        meta: { week: request.params.id },
      };
    },
  );

  r.post(
    '/orders/:id/feedback',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'How likely the customer is to recommend Sfoglia (0–10), why and any notes, once an order (FEEDBACK_ALREADY_GIVEN), after it arrived (NOT_RECEIVED)',
        params: orderParams,
        body: feedbackBody,
        response: { 201: orderFeedbackDocument },
      },
    },
    async (request, reply) => {
      const { id, ...attributes } = await ratings.giveFeedback(
        signedIn(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data: { id, type: 'order_feedbacks' as const, attributes } });
    },
  );

  r.get(
    '/kitchen/restaurants/:id/ratings',
    {
      schema: {
        tags: ['kitchen'],
        summary:
          "The restaurant's ratings of the last 30 days, newest first, low ones marked, for its staff (403 for anyone else, 404 for another restaurant)",
        params: kitchenRestaurantParams,
        response: { 200: restaurantRatingsDocument },
      },
    },
    async (request) => {
      const {
        ratings: list,
        average,
        count,
        text,
      } = await ratings.restaurantRatings(requireCustomer(request), request.params.id);
      return {
        data: list.map(({ id, ...attributes }) => ({ id, type: 'restaurant_ratings' as const, attributes })),
        meta: { restaurantId: request.params.id, average, count, text },
      };
    },
  );
}
