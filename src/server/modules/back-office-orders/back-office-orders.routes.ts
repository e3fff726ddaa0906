import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  creditAdjustBody,
  planActionBody,
  refundBody,
  staffCustomerDocument,
  staffCustomerListDocument,
  staffCustomerQuery,
  staffIdParams,
  staffOrderDocument,
  staffOrderListDocument,
  staffOrderQuery,
} from '../../../contracts/back-office-orders';
import { afterCommit } from '../../http/idempotency';
import { requireCustomer } from '../../http/session';
import type { BackOfficeOrdersService } from './back-office-orders.service';

// The HTTP edge of the back office's orders and customers (issue 25 part 4). Signed in (401), holding the
// capability (403: `orders` to read, `refunds` for money and plan actions): checked by the service.

export interface BackOfficeOrderRoutesOptions {
  backOfficeOrders: BackOfficeOrdersService;
}

const tags = ['back office'];

export async function backOfficeOrderRoutes(
  app: FastifyInstance,
  { backOfficeOrders: service }: BackOfficeOrderRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const detail = <T extends string, A extends { id: string }>(type: T, { id, ...attributes }: A) => ({
    data: { id, type, attributes },
  });

  r.get(
    '/back_office/orders',
    {
      schema: {
        tags,
        summary:
          'Orders by number, customer email or name, postcode or day (delivered or placed), newest first',
        querystring: staffOrderQuery,
        response: { 200: staffOrderListDocument },
      },
    },
    async (request) => {
      const found = await service.search(requireCustomer(request), request.query);
      return {
        data: found.orders.map(({ id, ...attributes }) => ({
          id,
          type: 'back_office_orders' as const,
          attributes,
        })),
        meta: { page: found.page, perPage: found.perPage, total: found.total },
      };
    },
  );

  r.get(
    '/back_office/orders/:id',
    {
      schema: {
        tags,
        summary: 'An order with its lines, payments, refunds, history and the emails about it',
        params: staffIdParams,
        response: { 200: staffOrderDocument },
      },
    },
    async (request) =>
      detail('back_office_order_details', await service.order(requireCustomer(request), request.params.id)),
  );

  r.post(
    '/back_office/orders/:id/refunds',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Refund part or all of an order to the card or as store credit, with a reason; more than is left to refund is refused (409)',
        params: staffIdParams,
        body: refundBody,
        response: { 201: staffOrderDocument },
      },
    },
    async (request, reply) => {
      const made = await service.refund(requireCustomer(request), request.params.id, request.body);
      // The processor is called once the refund is committed, never inside the request's transaction.
      if (made.refundCard) await afterCommit(request, made.refundCard);
      return reply.code(201).send(detail('back_office_order_details', made.detail));
    },
  );

  r.get(
    '/back_office/customers',
    {
      schema: {
        tags,
        summary: 'Customers by any part of their email or name, or a postcode in their address book',
        querystring: staffCustomerQuery,
        response: { 200: staffCustomerListDocument },
      },
    },
    async (request) => ({
      data: (await service.customers(requireCustomer(request), request.query)).map(
        ({ id, ...attributes }) => ({
          id,
          type: 'back_office_customers' as const,
          attributes,
        }),
      ),
    }),
  );

  r.get(
    '/back_office/customers/:id',
    {
      schema: {
        tags,
        summary: 'A customer with their plans, coming weeks, orders, store credit and support tickets',
        params: staffIdParams,
        response: { 200: staffCustomerDocument },
      },
    },
    async (request) =>
      detail(
        'back_office_customer_details',
        await service.customer(requireCustomer(request), request.params.id),
      ),
  );

  r.post(
    '/back_office/customers/:id/credit',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add (positive) or take (negative) store credit with a reason; never below nothing (409)',
        params: staffIdParams,
        body: creditAdjustBody,
        response: { 200: staffCustomerDocument },
      },
    },
    async (request) =>
      detail(
        'back_office_customer_details',
        await service.adjustCredit(requireCustomer(request), request.params.id, request.body),
      ),
  );

  r.post(
    '/back_office/customers/:id/plan_actions',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Skip a week, pause or restart the customer's plan on their behalf",
        params: staffIdParams,
        body: planActionBody,
        response: { 200: staffCustomerDocument },
      },
    },
    async (request) =>
      detail(
        'back_office_customer_details',
        await service.planAction(requireCustomer(request), request.params.id, request.body),
      ),
  );
}
