import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmOrderBody, orderListDocument, orderParams } from '../../../contracts/orders';
import {
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
import { requireCustomer, requireDiner } from '../../http/session';

// A guest at a table (decision 28) pays like a customer: `diner` is an account or a guest session.
const diner = (request: Parameters<typeof requireDiner>[0]) => requireDiner(request).customerId;
import { checkoutDocument } from '../orders';
import { paymentFailure } from './payment-view';
import type { PaymentsService } from './payments.service';
import type { PaymentMethodsService } from './payment-methods.service';
import type { OrdersService } from '../orders';

// The HTTP edge of payments (spec §7 Payments, Orders confirm): paying a checkout, finishing after 3-D Secure
// or PayPal, and the customer's saved cards and PayPal accounts.

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

export interface PaymentRoutesOptions {
  payments: PaymentsService;
  paymentMethods: PaymentMethodsService;
  orders: OrdersService;
}

export async function paymentRoutes(
  app: FastifyInstance,
  { payments, paymentMethods, orders }: PaymentRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const paymentsService = payments;
  const methods = paymentMethods;
  const tags = ['orders'];

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
      const customerId = diner(request);
      const payment = await paymentsService.confirm(
        customerId,
        request.body.orderId,
        request.body.paymentIntentId,
      );
      if (payment.status === 'failed') throw paymentFailure(payment);
      const paid = await orders.withItsCheckout(customerId, request.body.orderId);
      return checkoutDocument(paid.orders, paid.meta);
    },
  );

  r.post(
    '/payments',
    {
      // It calls the processor between its transactions and answers a retry from its own rows (decision 26).
      config: { idempotent: 'phased' },
      schema: {
        tags: ['payments'],
        summary:
          'Pay for an order’s checkout: credit first, then the card or PayPal. A decline is 402 with the reason; 3-D Secure and PayPal answer requires_action with next_action_url',
        body: createPaymentBody,
        response: { 201: paymentDocument },
      },
    },
    async (request, reply) => {
      const payment = await paymentsService.pay(diner(request), request.body);
      if (payment.status === 'failed') throw paymentFailure(payment);
      return reply.status(201).send(paymentDoc(payment));
    },
  );

  r.get(
    '/orders/:id/payment',
    {
      schema: {
        tags: ['payments'],
        summary:
          'How paying an order went: its checkout’s latest payment (the paid one once paid). A charge the payment processor still owes an answer for is asked about first',
        params: orderParams,
        response: { 200: paymentDocument },
      },
    },
    async (request) => paymentDoc(await paymentsService.orderPayment(diner(request), request.params.id)),
  );

  r.get(
    '/payment_details/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'A payment',
        params: paymentParams,
        response: { 200: paymentDocument },
      },
    },
    async (request) => paymentDoc(await paymentsService.details(diner(request), request.params.id)),
  );

  r.get(
    '/payment_methods',
    {
      schema: {
        tags: ['payments'],
        summary: "The customer's cards and PayPal accounts, the default first",
        response: { 200: paymentMethodListDocument },
      },
    },
    async (request) => ({ data: (await methods.list(diner(request))).map(methodDoc) }),
  );

  r.post(
    '/payment_methods/setup',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start saving a card (card form) or PayPal account (approval page): a setup intent (seti_…)',
        body: setupPaymentMethodBody,
        response: { 201: setupIntentDocument },
      },
    },
    async (request, reply) =>
      reply.status(201).send(setupDoc(await methods.setup(diner(request), request.body))),
  );

  r.post(
    '/payment_methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'Save the card or PayPal account a confirmed setup intent holds',
        body: createPaymentMethodBody,
        response: { 201: paymentMethodDocument },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: methodDoc(await methods.create(diner(request), request.body)) }),
  );

  r.delete(
    '/payment_methods/:id',
    {
      schema: {
        tags: ['payments'],
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
        tags: ['payments'],
        summary: 'Make a card the default',
        params: paymentMethodParams,
        response: { 200: paymentMethodDocument },
      },
    },
    async (request) => ({
      data: methodDoc(await methods.makeDefault(requireCustomer(request), request.params.id)),
    }),
  );
}
