import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { basketParams } from '../../../contracts/baskets';
import {
  addTakeawayItemBody,
  takeawayBasketDocument,
  takeawayItemParams,
  updateTakeawayItemBody,
} from '../../../contracts/takeaway';
import { ownerOf } from '../../http/basket-owner';
import { takeawayBasketResponse } from '../baskets';
import type { TakeawayBasket } from '../../../contracts/takeaway';
import type { TakeawayBasketService } from './takeaway-baskets.service';

// The lines of a takeaway basket (issue 13 part 2): a dish with its modifiers (spec §3 Basket item
// `subItems`). The recipe-kit basket's POST /baskets/{id}/items takes a meal week and no modifiers, so a
// takeaway basket's lines have these calls of their own (decision: takeaway and kitchen).

const doc = (basket: TakeawayBasket) => takeawayBasketResponse(basket);

export interface TakeawayBasketRoutesOptions {
  takeawayBaskets: TakeawayBasketService;
}

export async function takeawayBasketRoutes(
  app: FastifyInstance,
  { takeawayBaskets }: TakeawayBasketRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = takeawayBaskets;
  const tags = ['baskets'];

  r.post(
    '/baskets/:id/takeaway_items',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Add a dish to a takeaway basket with its modifiers (sub_items: a size, extras, removals) and a note; the same dish with the same choices adds to its line. Send an Idempotency-Key to make retries safe',
        params: basketParams,
        body: addTakeawayItemBody,
        response: { 201: takeawayBasketDocument },
      },
    },
    async (request, reply) =>
      reply.status(201).send(doc(await service.addItem(ownerOf(request), request.params.id, request.body))),
  );

  r.put(
    '/baskets/:id/takeaway_items/:itemId',
    {
      schema: {
        tags,
        summary: "Set a takeaway line's quantity (0 removes it)",
        params: takeawayItemParams,
        body: updateTakeawayItemBody,
        response: { 200: takeawayBasketDocument },
      },
    },
    async (request) =>
      doc(
        await service.setQuantity(
          ownerOf(request),
          request.params.id,
          request.params.itemId,
          request.body.quantity,
        ),
      ),
  );

  r.delete(
    '/baskets/:id/takeaway_items/:itemId',
    {
      schema: {
        tags,
        summary: 'Remove a takeaway line',
        params: takeawayItemParams,
        response: { 200: takeawayBasketDocument },
      },
    },
    async (request) =>
      doc(await service.setQuantity(ownerOf(request), request.params.id, request.params.itemId, 0)),
  );
}
