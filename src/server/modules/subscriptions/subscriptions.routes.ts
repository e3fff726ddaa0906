import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { changeSubscriptionPaymentMethodBody } from '../../../contracts/payments';
import type { AppDeps } from '../../deps';
import { requireCustomer } from '../../http/session';

// The HTTP edge of the Pasta Plan (spec §7 Subscriptions).

export async function subscriptionRoutes(app: FastifyInstance, { services }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      await services.subscriptions.changePaymentMethod(
        requireCustomer(request),
        subscriptionId,
        paymentMethodId,
      );
      return {
        data: { id: subscriptionId, type: 'subscriptions' as const, attributes: { paymentMethodId } },
      };
    },
  );
}
