import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  orderDocument,
  orderListDocument,
  orderListQuery,
  orderParams,
  invoiceSentDocument,
  updateOrderBody,
} from '../../../contracts/orders';
import { requireCustomer } from '../../http/session';
import { orderResources } from './order-documents';
import type { OrdersService } from './orders.service';

// The HTTP edge of a customer's orders (spec §7 Orders).

export interface OrderRoutesOptions {
  orders: OrdersService;
}

export async function orderRoutes(app: FastifyInstance, { orders }: OrderRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  r.get(
    '/orders',
    {
      schema: {
        tags,
        summary:
          "The customer's orders: filter[delivery_date]=past|upcoming, filter[type], filter[subscription_id], filter[exclude_states]",
        querystring: orderListQuery,
        response: { 200: orderListDocument },
      },
    },
    async (request) => {
      const {
        orders: list,
        page,
        perPage,
        total,
      } = await orders.list(requireCustomer(request), request.query);
      return { ...orderResources(list), meta: { page, perPage, total } };
    },
  );

  r.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'An order with its lines',
        params: orderParams,
        response: { 200: orderDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      const order = await orders.find(customerId, request.params.id);
      const resources = orderResources([order]);
      return {
        data: resources.data[0]!,
        included: resources.included,
        meta: await orders.checkoutMeta(customerId, order),
      };
    },
  );

  r.post(
    '/orders/:id/send_invoice',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Email the invoice of a paid order to the customer',
        params: orderParams,
        response: { 200: invoiceSentDocument },
      },
    },
    async (request) => {
      const { sentTo } = await orders.sendInvoice(requireCustomer(request), request.params.id);
      return {
        data: {
          id: request.params.id,
          type: 'invoices' as const,
          attributes: { orderId: request.params.id, sentTo },
        },
      };
    },
  );

  r.put(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'Change the delivery note of an order not yet out for delivery',
        params: orderParams,
        body: updateOrderBody,
        response: { 200: orderDocument },
      },
    },
    async (request) => {
      const updated = await orders.changeDeliveryNote(
        requireCustomer(request),
        request.params.id,
        request.body.deliveryNote,
      );
      const resources = orderResources([updated]);
      return { data: resources.data[0]!, included: resources.included };
    },
  );
}
