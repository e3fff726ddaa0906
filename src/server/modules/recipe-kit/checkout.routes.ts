import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderListDocument, recipeKitOrderBody } from '../../../contracts/orders';
import { ownerOf } from '../../http/basket-owner';
import { afterCommit } from '../../http/idempotency';
import { requireCustomer } from '../../http/session';
import { checkoutDocument } from '../orders';
import type { CheckoutService } from './checkout.service';
import type { PaymentsService } from '../payments';

// The HTTP edge of the recipe-kit checkout (spec §7 Orders): preview a basket's orders, then place them.
// Paying them is the payments area's (POST /payments).

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  payments: PaymentsService;
}

export async function checkoutRoutes(app: FastifyInstance, { checkout, payments }: CheckoutRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const paymentsService = payments;
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
      // A replaced checkout's unfinished 3-D Secure check can no longer be completed (recovery retries):
      // the processor is called once the order is committed, never inside the request's transaction.
      await afterCommit(request, () => paymentsService.cancelAbandonedIntents(customerId).catch(() => 0));
      return reply.status(result.created ? 201 : 200).send(checkoutDocument(result.orders, result.meta));
    },
  );
}
