import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addBasketItemBody,
  basketDocument,
  basketItemParams,
  basketListDocument,
  basketParams,
  basketTypeParams,
  basketValidationDocument,
  createBasketBody,
  deleteBasketItemsBody,
  updateBasketBody,
  updateBasketItemBody,
  validateBasketQuery,
  type Basket,
  type BasketMeta,
} from '../../../contracts/baskets';
import type { AppDeps } from '../../deps';
import { ErrorResponse } from '../../http/problems';
import { ownerOf } from '../../http/basket-owner';
import { type BasketView } from './baskets.service';

// The HTTP edge of baskets: thin, every part declared with the contracts' schemas.

function toResources(basket: Basket) {
  const { id, items, ...attributes } = basket;
  return {
    data: {
      id,
      type: 'baskets' as const,
      attributes,
      relationships: {
        items: { data: items.map((item) => ({ id: item.id, type: 'basket_items' as const })) },
      },
    },
    included: items.map(({ id: itemId, ...itemAttributes }) => ({
      id: itemId,
      type: 'basket_items' as const,
      attributes: itemAttributes,
    })),
  };
}

function basketDoc({ basket, meta }: BasketView) {
  return { ...toResources(basket), meta };
}

function basketListDoc(baskets: Basket[], meta: BasketMeta) {
  const resources = baskets.map(toResources);
  return { data: resources.map((r) => r.data), included: resources.flatMap((r) => r.included), meta };
}

export async function basketRoutes(app: FastifyInstance, { services }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = services.baskets;
  const tags = ['baskets'];

  r.get(
    '/baskets',
    { schema: { tags, summary: "The visitor's baskets", response: { 200: basketListDocument } } },
    async (request) => {
      const { baskets, meta } = await service.list(ownerOf(request));
      return basketListDoc(baskets, meta);
    },
  );

  r.post(
    '/baskets',
    {
      schema: {
        tags,
        summary: 'Create a basket of a type, or return the one the visitor already has',
        body: createBasketBody,
        response: { 200: basketDocument, 201: basketDocument },
      },
    },
    async (request, reply) => {
      const visitorId = await app.ensureVisitor(request, reply);
      const { created, ...view } = await service.create(
        { visitorId, customerId: ownerOf(request).customerId },
        request.body,
      );
      return reply.status(created ? 201 : 200).send(basketDoc(view));
    },
  );

  r.delete(
    '/baskets/delete_by_type/:type',
    { schema: { tags, summary: "Delete the visitor's baskets of a type", params: basketTypeParams } },
    async (request, reply) => {
      await service.removeByType(ownerOf(request), request.params.type);
      return reply.status(204).send();
    },
  );

  r.get(
    '/baskets/:id',
    { schema: { tags, summary: 'A basket', params: basketParams, response: { 200: basketDocument } } },
    async (request) => basketDoc(await service.get(ownerOf(request), request.params.id)),
  );

  r.put(
    '/baskets/:id',
    {
      schema: {
        tags,
        summary: 'Update delivery date, frequency, note or whether it starts a plan',
        params: basketParams,
        body: updateBasketBody,
        response: { 200: basketDocument },
      },
    },
    async (request) => basketDoc(await service.update(ownerOf(request), request.params.id, request.body)),
  );

  r.delete(
    '/baskets/:id',
    { schema: { tags, summary: 'Delete a basket', params: basketParams } },
    async (request, reply) => {
      await service.remove(ownerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/baskets/:id/items',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Add a dish for a meal week (adds to its line); send an Idempotency-Key to make retries safe',
        params: basketParams,
        body: addBasketItemBody,
        response: { 201: basketDocument },
      },
    },
    async (request, reply) => {
      const view = await service.addItem(ownerOf(request), request.params.id, request.body);
      return reply.status(201).send(basketDoc(view));
    },
  );

  r.delete(
    '/baskets/:id/items/many',
    {
      schema: {
        tags,
        summary: 'Remove several items: all of them, or none if one is not in the basket',
        params: basketParams,
        body: deleteBasketItemsBody,
        response: { 200: basketDocument },
      },
    },
    async (request) =>
      basketDoc(await service.removeItems(ownerOf(request), request.params.id, request.body)),
  );

  r.put(
    '/baskets/:id/items/:itemId',
    {
      schema: {
        tags,
        summary: "Set an item's quantity (0 removes it); never above stock",
        params: basketItemParams,
        body: updateBasketItemBody,
        response: { 200: basketDocument },
      },
    },
    async (request) =>
      basketDoc(
        await service.updateItem(
          ownerOf(request),
          request.params.id,
          request.params.itemId,
          request.body.quantity,
        ),
      ),
  );

  r.delete(
    '/baskets/:id/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Remove an item',
        params: basketItemParams,
        response: { 200: basketDocument },
      },
    },
    async (request) =>
      basketDoc(await service.removeItem(ownerOf(request), request.params.id, request.params.itemId)),
  );

  r.get(
    '/baskets/:id/validate',
    {
      schema: {
        tags,
        summary: 'Check minimum spends (and with validate_fully, stock and cutoffs)',
        description: '200 when the basket can go to checkout; 400 with one error per problem otherwise.',
        params: basketParams,
        querystring: validateBasketQuery,
        response: { 200: basketValidationDocument },
      },
    },
    async (request) => {
      const problems = await service.validate(
        ownerOf(request),
        request.params.id,
        request.query.validateFully ?? false,
      );
      if (problems.length > 0) {
        throw new ErrorResponse(
          400,
          problems.map((problem) => ({
            status: '400',
            code: problem.code,
            detail: problem.message,
            ...(problem.mealWeek ? { meta: { meal_week: problem.mealWeek } } : {}),
          })),
        );
      }
      return {
        data: {
          id: request.params.id,
          type: 'basket_validations' as const,
          attributes: { valid: true, problems: [] },
        },
      };
    },
  );
}
