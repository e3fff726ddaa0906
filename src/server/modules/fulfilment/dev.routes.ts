import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { orderParams } from '../../../contracts/orders';
import { DomainError } from '../../../domain/errors';
import { requireCustomer } from '../../http/session';
import type { FulfilmentService } from './fulfilment.service';

// Development only (registered when the development mailbox is on, never in production): a customer's own
// box delivered now by the embedded warehouse's courier, moved on as the fulfilment job moves it. The browser
// journeys run on a pinned clock that never reaches a box's delivery day (issue 23: rating a box's dishes).

export interface FulfilmentDevRoutesOptions {
  fulfilment: FulfilmentService;
}

export async function fulfilmentDevRoutes(app: FastifyInstance, { fulfilment }: FulfilmentDevRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/dev/orders/:id/deliver',
    {
      schema: {
        hide: true,
        params: orderParams,
        response: { 200: z.object({ data: z.object({ id: z.string(), state: z.string() }) }) },
      },
    },
    async (request) => {
      const state = await fulfilment.deliverNowForDevelopment(requireCustomer(request), request.params.id);
      if (!state) throw new DomainError('ORDER_NOT_FOUND', 'We could not find that box among yours');
      return { data: { id: request.params.id, state } };
    },
  );
}
