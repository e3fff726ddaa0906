import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  confirmOrderBody,
  MAX_PER_PAGE,
  orderDocument,
  orderListDocument,
  orderListQuery,
  orderParams,
  recipeKitOrderBody,
  updateOrderBody,
  type Order,
} from '../../../contracts/orders';
import {
  changeSubscriptionPaymentMethodBody,
  createPaymentBody,
  createPaymentMethodBody,
  paymentDocument,
  paymentMethodDocument,
  paymentMethodListDocument,
  paymentMethodParams,
  paymentParams,
  setupIntentDocument,
  setupPaymentMethodBody,
  type Payment,
  type PaymentMethod,
  type SetupIntentView,
} from '../../../contracts/payments';
import { DomainError } from '../../../domain/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { requireCustomer } from '../../http/session';
import { ownerOf } from '../baskets/baskets.routes';
import { checkoutMeta, creditBalance } from './checkout.service';
import { checkoutDocument, orderResources } from './documents';
import { checkoutOrders, findCustomerOrder, listCustomerOrders } from './orders.repo';

// The HTTP edge of checkout: orders, payments and payment methods (spec §7 Orders, Payments).

const paymentDoc = ({ id, ...attributes }: Payment) => ({
  data: { id, type: 'payments' as const, attributes },
});
const methodDoc = ({ id, ...attributes }: PaymentMethod) => ({
  id,
  type: 'payment_methods' as const,
  attributes,
});
const setupDoc = ({ id, ...attributes }: SetupIntentView) => ({
  data: { id, type: 'setup_intents' as const, attributes },
});

/** A declined payment is an error answer (402) that says why; the payment itself is in GET /payment_details. */
function declined(payment: Payment): never {
  throw new DomainError(
    'PAYMENT_DECLINED',
    payment.message ?? 'The payment did not go through. Please try again.',
    {
      paymentId: payment.id,
      declineCode: payment.declineCode,
      hardDecline: payment.hardDecline,
    },
  );
}

export async function checkoutRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, rules, clock } = deps;
  const { checkout, payments: paymentsService, paymentMethods: methods } = deps.services;

  const tags = ['orders'];

  r.post(
    '/preview_order',
    {
      schema: {
        tags,
        summary: 'The orders a basket would make (one per week), priced, without placing them',
        body: recipeKitOrderBody,
        response: { 200: orderListDocument },
      },
    },
    async (request) => {
      const result = await checkout.preview(ownerOf(request), requireCustomer(request), request.body);
      return checkoutDocument(result.orders, result.meta);
    },
  );

  r.post(
    '/orders/recipe_kits',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Place the basket: an order per week and, when the basket starts one, the subscription. The same unchanged basket gives back the same orders (200)',
        body: recipeKitOrderBody,
        response: { 200: orderListDocument, 201: orderListDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const result = await checkout.createRecipeKitOrders(ownerOf(request), customerId, request.body);
      // A replaced checkout's unfinished 3-D Secure check can no longer be completed (recovery retries).
      await paymentsService.cancelAbandonedIntents(customerId).catch(() => 0);
      return reply.status(result.created ? 201 : 200).send(checkoutDocument(result.orders, result.meta));
    },
  );

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
      const customerId = requireCustomer(request);
      const query = request.query;
      const perPage = Math.min(Math.max(query.perPage ?? 20, 1), MAX_PER_PAGE);
      const page = Math.max(query.page ?? 1, 1);
      const { orders: list, total } = await listCustomerOrders(database.db, customerId, {
        deliveryDate: query['filter[deliveryDate]'],
        type: query['filter[type]'],
        subscriptionId: query['filter[subscriptionId]'],
        excludeStates: query['filter[excludeStates]']?.split(',').map((state) => state.trim()),
        now: clock.now(),
        page,
        perPage,
      });
      return { ...orderResources(list), meta: { page, perPage, total } };
    },
  );

  const orderFor = async (customerId: string, id: string) => {
    const order = await findCustomerOrder(database.db, customerId, id, clock.now());
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'We were unable to process your request');
    return order;
  };

  const withCheckoutMeta = async (customerId: string, order: Order) => {
    const [row] = await database.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId));
    if (!row) throw new DomainError('ORDER_NOT_FOUND', 'We were unable to process your request');
    return checkoutMeta(
      row,
      await creditBalance(database.db, customerId),
      await rules.get(),
      row.subscriptionId !== null,
    );
  };

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
      const order = await orderFor(customerId, request.params.id);
      const resources = orderResources([order]);
      return {
        data: resources.data[0]!,
        included: resources.included,
        meta: await withCheckoutMeta(customerId, order),
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
      const customerId = requireCustomer(request);
      const order = await orderFor(customerId, request.params.id);
      if (
        !['created', 'paid', 'payment_pending', 'not_authorized', 'billed', 'submitted', 'accepted'].includes(
          order.state,
        )
      ) {
        throw new DomainError('ORDER_INVALID', 'This order can no longer be changed');
      }
      if (request.body.deliveryNote !== undefined) {
        await database.db
          .update(orders)
          .set({ deliveryNote: request.body.deliveryNote, updatedAt: sql`now()` })
          .where(and(eq(orders.id, order.id), eq(orders.customerId, customerId)));
      }
      const updated = await orderFor(customerId, order.id);
      const resources = orderResources([updated]);
      return { data: resources.data[0]!, included: resources.included };
    },
  );

  r.post(
    '/orders/confirm',
    {
      schema: {
        tags,
        summary: 'Finish paying after a 3-D Secure check or PayPal approval; the checkout’s orders once paid',
        body: confirmOrderBody,
        response: { 200: orderListDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      const payment = await paymentsService.confirm(
        customerId,
        request.body.orderId,
        request.body.paymentIntentId,
      );
      if (payment.status === 'failed') declined(payment);
      const order = await orderFor(customerId, request.body.orderId);
      const list = await checkoutOrders(database.db, order.checkoutId, clock.now());
      return checkoutDocument(list, await withCheckoutMeta(customerId, order));
    },
  );

  const paymentTags = ['payments'];

  r.post(
    '/payments',
    {
      config: { idempotent: true },
      schema: {
        tags: paymentTags,
        summary:
          'Pay for an order’s checkout: credit first, then the card or PayPal. A decline is 402 with the reason; 3-D Secure and PayPal answer requires_action with next_action_url',
        body: createPaymentBody,
        response: { 201: paymentDocument },
      },
    },
    async (request, reply) => {
      const payment = await paymentsService.pay(requireCustomer(request), request.body);
      if (payment.status === 'failed') declined(payment);
      return reply.status(201).send(paymentDoc(payment));
    },
  );

  r.get(
    '/payment_details/:id',
    {
      schema: {
        tags: paymentTags,
        summary: 'A payment',
        params: paymentParams,
        response: { 200: paymentDocument },
      },
    },
    async (request) => paymentDoc(await paymentsService.details(requireCustomer(request), request.params.id)),
  );

  r.get(
    '/payment_methods',
    {
      schema: {
        tags: paymentTags,
        summary: "The customer's cards and PayPal accounts, the default first",
        response: { 200: paymentMethodListDocument },
      },
    },
    async (request) => ({ data: (await methods.list(requireCustomer(request))).map(methodDoc) }),
  );

  r.post(
    '/payment_methods/setup',
    {
      schema: {
        tags: paymentTags,
        summary: 'Start saving a card (card form) or PayPal account (approval page): a setup intent (seti_…)',
        body: setupPaymentMethodBody,
        response: { 201: setupIntentDocument },
      },
    },
    async (request, reply) =>
      reply.status(201).send(setupDoc(await methods.setup(requireCustomer(request), request.body))),
  );

  r.post(
    '/payment_methods',
    {
      schema: {
        tags: paymentTags,
        summary: 'Save the card or PayPal account a confirmed setup intent holds',
        body: createPaymentMethodBody,
        response: { 201: paymentMethodDocument },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: methodDoc(await methods.create(requireCustomer(request), request.body)) }),
  );

  r.delete(
    '/payment_methods/:id',
    {
      schema: {
        tags: paymentTags,
        summary: 'Remove a card: not the last one an active plan uses, not the default while others exist',
        params: paymentMethodParams,
      },
    },
    async (request, reply) => {
      await methods.remove(requireCustomer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/payment_methods/:id/default',
    {
      schema: {
        tags: paymentTags,
        summary: 'Make a card the default',
        params: paymentMethodParams,
        response: { 200: paymentMethodDocument },
      },
    },
    async (request) => ({
      data: methodDoc(await methods.makeDefault(requireCustomer(request), request.params.id)),
    }),
  );

  r.post(
    '/subscriptions/change_payment_method',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Charge a plan to another saved card',
        body: changeSubscriptionPaymentMethodBody,
        response: {
          200: z.object({
            data: z.object({
              id: z.string(),
              type: z.literal('subscriptions'),
              attributes: z.object({ paymentMethodId: z.string() }),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { subscriptionId, paymentMethodId } = request.body;
      await methods.changeSubscriptionMethod(requireCustomer(request), subscriptionId, paymentMethodId);
      return {
        data: { id: subscriptionId, type: 'subscriptions' as const, attributes: { paymentMethodId } },
      };
    },
  );
}
