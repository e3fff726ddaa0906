import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { orderParams } from '../../../contracts/orders';
import { DomainError } from '../../../domain/errors';
import type { FulfilmentService } from './fulfilment.service';

// Development only (registered beside the development mailbox, which shows every email, and never in
// production): a box delivered now by the embedded warehouse's courier, moved on as the fulfilment job moves
// it, with its emails. The browser journeys run on a pinned clock that never reaches a box's delivery day
// (issue 23: rating a box's dishes). Not part of the API (/dev, like the mailbox).

export interface FulfilmentDevRoutesOptions {
  fulfilment: FulfilmentService;
}

export async function fulfilmentDevRoutes(app: FastifyInstance, { fulfilment }: FulfilmentDevRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/dev/fulfilment/orders/:id/deliver',
    {
      schema: {
        hide: true,
        params: orderParams,
        response: { 200: z.object({ data: z.object({ id: z.string(), state: z.string() }) }) },
      },
    },
    async (request) => {
      const state = await fulfilment.deliverNowForDevelopment(request.params.id);
      if (!state) throw new DomainError('ORDER_NOT_FOUND', 'There is no box with that id');
      return { data: { id: request.params.id, state } };
    },
  );
}
