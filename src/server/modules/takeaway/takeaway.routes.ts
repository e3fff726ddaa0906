import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderParams } from '../../../contracts/orders';
import type { Payment } from '../../../contracts/payments';
import {
  deliveryEstimationBody,
  deliveryEstimationDocument,
  driverLocationDocument,
  placedTakeawayOrderDocument,
  publicTrackingDocument,
  takeawayOrderBody,
  takeawayOrderDocument,
  takeawayOrderListDocument,
  trackingParams,
} from '../../../contracts/takeaway';
import { ownerOf } from '../../http/basket-owner';
import { clientAddress } from '../../http/client-address';
import { toWireErrors } from '../../http/error-handler';
import { ErrorResponse } from '../../http/problems';
import { requireCustomer, requireDiner } from '../../http/session';
import { guestOrderBody } from '../../../contracts/dine-in';
import { publicTrackingResource, takeawayOrderResource } from './takeaway-order-view';
import { paymentFailure } from '../payments';
import type { TakeawayOrdersService } from './takeaway-orders.service';
import type { TakeawayTrackingService } from './tracking.service';
import type { PaymentsService } from '../payments';

// The HTTP edge of takeaway and catering orders (spec §7 Orders: takeaway, live, driver_location; Delivery:
// delivery_estimation). Spec §8: placing answers a 400 with the error body; any other failure is a 500 saying
// "Failed while trying to create order", or "Failed while trying to pay your order" when it was paid in the
// same call.

/** A refusal passes through; anything unexpected becomes the spec's 500 (the cause logged, never sent). */
function failed(request: FastifyRequest, error: unknown, detail: string): unknown {
  if (toWireErrors(error)) return error;
  request.log.error({ err: error }, detail);
  return new ErrorResponse(500, [{ status: '500', code: 'INTERNAL', detail }]);
}

const paymentResource = ({ id, ...attributes }: Payment) => ({ id, type: 'payments' as const, attributes });

export interface TakeawayRoutesOptions {
  takeawayOrders: TakeawayOrdersService;
  takeawayTracking: TakeawayTrackingService;
  payments: PaymentsService;
}

export async function takeawayRoutes(
  app: FastifyInstance,
  { takeawayOrders, takeawayTracking, payments }: TakeawayRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['takeaway'];

  r.post(
    '/delivery_estimation',
    {
      schema: {
        tags,
        summary:
          'When a delivery would come: ASAP "prep + busy + 15 - 30 mins" (spec §9) or the slot. Needs time_slot, restaurant_id, zip (UK), lat, lon, country, address1 and city (spec §5): 400 names each one missing',
        body: deliveryEstimationBody,
        response: { 200: deliveryEstimationDocument },
      },
    },
    async (request) => {
      const { id, ...attributes } = await takeawayTracking.estimate(request.body);
      return { data: { id, type: 'delivery_estimations' as const, attributes } };
    },
  );

  r.post(
    '/orders/takeaway',
    {
      // It calls the processor between its transactions and answers a retry from its own rows (decision 26).
      config: { idempotent: 'phased' },
      schema: {
        tags,
        summary:
          'Place the takeaway basket (takeaway or catering): one order, its slot booked, paid with POST /payments or in this call (payment). The same unchanged basket gives back the same order (200). Refusals are 400s listing every problem',
        body: takeawayOrderBody,
        response: { 200: placedTakeawayOrderDocument, 201: placedTakeawayOrderDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      let placed;
      try {
        placed = await takeawayOrders.place(ownerOf(request), customerId, request.body);
      } catch (error) {
        throw failed(request, error, 'Failed while trying to create order');
      }
      // A replaced order's unfinished 3-D Secure check can no longer be completed (recovery retries).
      await payments.cancelAbandonedIntents(customerId).catch(() => 0);
      let payment: Payment | null = null;
      if (request.body.payment) {
        try {
          payment = await payments.pay(customerId, { orderId: placed.order.id, ...request.body.payment });
        } catch (error) {
          throw failed(request, error, 'Failed while trying to pay your order');
        }
        if (payment.status === 'failed') throw paymentFailure(payment);
        placed = { ...(await takeawayOrders.current(customerId, placed.order.id)), created: placed.created };
      }
      return reply.status(placed.created ? 201 : 200).send({
        data: takeawayOrderResource(placed.order),
        meta: { checkout: placed.meta, payment: payment ? paymentResource(payment) : null },
      });
    },
  );

  r.post(
    '/orders/guest',
    {
      // The same unchanged basket gives back its open order: a retry or a double tap places one.
      schema: {
        tags,
        summary:
          'A guest’s order at a table (decision 28): the eat-in basket placed for the guest session (POST /sessions/guest_token), with the tip chosen; paid with POST /payments. Refusals are 400s listing every problem',
        body: guestOrderBody,
        response: { 200: placedTakeawayOrderDocument, 201: placedTakeawayOrderDocument },
      },
    },
    async (request, reply) => {
      const diner = requireDiner(request);
      let placed;
      try {
        placed = await takeawayOrders.place(ownerOf(request), diner.customerId, request.body, {
          guest: diner.guest,
        });
      } catch (error) {
        throw failed(request, error, 'Failed while trying to create order');
      }
      await payments.cancelAbandonedIntents(diner.customerId).catch(() => 0);
      return reply.status(placed.created ? 201 : 200).send({
        data: takeawayOrderResource(placed.order),
        meta: { checkout: placed.meta, payment: null },
      });
    },
  );

  r.get(
    '/orders/live',
    {
      schema: {
        tags,
        summary:
          "The customer's takeaway orders in progress, and those finished in the last two hours, newest first",
        response: { 200: takeawayOrderListDocument },
      },
    },
    async (request) => ({
      data: (await takeawayOrders.live(requireCustomer(request))).map(takeawayOrderResource),
    }),
  );

  r.get(
    '/orders/:id/tracking',
    {
      schema: {
        tags,
        summary:
          'A takeaway order as its tracking page shows it (status, promise and estimate, lines, each step)',
        params: orderParams,
        response: { 200: takeawayOrderDocument },
      },
    },
    async (request) => ({
      data: takeawayOrderResource(
        await takeawayOrders.tracking(requireDiner(request).customerId, request.params.id),
      ),
    }),
  );

  r.get(
    '/tracking/:token',
    {
      schema: {
        tags,
        summary:
          'Public: a takeaway order as its tracking link shows it to anyone who has the link, signed in or not (issue 19): progress, promise, restaurant, dishes and a first name; no address, phone, email, prices or payment. meta.order_id only for its own customer, signed in (or the guest at a table who placed it). Rate-limited per address (429)',
        params: trackingParams,
        response: { 200: publicTrackingDocument },
      },
    },
    async (request) => {
      // Its own diner: a signed-in customer, or the guest at a table who placed it (decision 28).
      const viewer = request.session?.customerId ?? null;
      const { tracking, orderId } = await takeawayTracking.publicTracking(
        request.params.token,
        viewer,
        clientAddress(request),
      );
      return { data: publicTrackingResource(tracking), meta: { orderId } };
    },
  );

  r.get(
    '/tracking/:token/driver_location',
    {
      schema: {
        tags,
        summary:
          'Public: how far along the rider of the order a tracking link names is, and when they arrive (no coordinates). Rate-limited per address (429)',
        params: trackingParams,
        response: { 200: driverLocationDocument },
      },
    },
    async (request) => ({
      data: {
        id: request.params.token,
        type: 'driver_locations' as const,
        attributes: await takeawayTracking.publicDriverLocation(request.params.token, clientAddress(request)),
      },
    }),
  );

  r.get(
    '/orders/:id/driver_location',
    {
      schema: {
        tags,
        summary:
          'Where the rider is: not_dispatched until the order is out, then to_dropoff with the point, bearing and ETA, then delivered',
        params: orderParams,
        response: { 200: driverLocationDocument },
      },
    },
    async (request) => ({
      data: {
        id: request.params.id,
        type: 'driver_locations' as const,
        attributes: await takeawayTracking.driverLocation(requireCustomer(request), request.params.id),
      },
    }),
  );
}
