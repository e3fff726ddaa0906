import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { giftBoxOrderBody } from '../../../contracts/gifts';
import { orderListDocument } from '../../../contracts/orders';
import { afterCommit } from '../../http/idempotency';
import { requireCustomer } from '../../http/session';
import { checkoutDocument } from '../orders';
import type { GiftBoxService } from './gifts.service';
import type { PaymentsService } from '../payments';

// The HTTP edge of gift boxes: place a gift (its order is then paid with POST /payments) or preview it.

export interface GiftRoutesOptions {
  gifts: GiftBoxService;
  payments: PaymentsService;
}

export async function giftRoutes(app: FastifyInstance, { gifts, payments }: GiftRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  r.post(
    '/orders/gift_boxes/preview',
    {
      schema: {
        tags,
        summary: 'What a gift box order would cost, checked like a real one, without placing it',
        body: giftBoxOrderBody,
        response: { 200: orderListDocument },
      },
    },
    async (request) => {
      const result = await gifts.preview(requireCustomer(request), request.body);
      return checkoutDocument(result.orders, result.meta);
    },
  );

  r.post(
    '/orders/gift_boxes',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Send a gift box: one order to the recipient’s address with a card message, paid with POST /payments. ' +
          'The same unpaid gift again gives back the same order (200); a changed one replaces it',
        body: giftBoxOrderBody,
        response: { 200: orderListDocument, 201: orderListDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const result = await gifts.place(customerId, request.body);
      // A replaced gift's unfinished 3-D Secure check can no longer be completed (recovery retries):
      // the processor is called once the order is committed, never inside the request's transaction.
      await afterCommit(request, () => payments.cancelAbandonedIntents(customerId).catch(() => 0));
      return reply.status(result.created ? 201 : 200).send(checkoutDocument(result.orders, result.meta));
    },
  );
}
