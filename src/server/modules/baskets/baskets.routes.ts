import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addBasketItemBody,
  basketDocument,
  basketItemParams,
  basketParams,
  basketTypeParams,
  basketValidationDocument,
  deleteBasketItemsBody,
  updateBasketItemBody,
  validateBasketQuery,
  type Basket,
  type BasketMeta,
} from '../../../contracts/baskets';
import { createBasketBody, updateBasketBody } from '../../../contracts/basket-bodies';
import { ErrorResponse, type WireError } from '../../http/problems';
import type { ErrorObject } from '../../../contracts/envelope';
import { anyBasketDocument, anyBasketListDocument } from '../../../contracts/any-basket';
import type { ErrorCode } from '../../../domain/errors';
import { snakeKeys } from '../../../contracts/case';
import { ownerOf } from '../../http/basket-owner';
import { basketResources } from './basket-resources';
import { type BasketView } from './baskets.service';
import { refuseFields, TAKEAWAY_ONLY, takeawayBasketResponse, type TakeawayBaskets } from './basket-kinds';
import type { BasketService } from './baskets.service';

// The HTTP edge of baskets: thin, every part declared with the contracts' schemas.

const toResources = (basket: Basket) => basketResources(basket, 'basket_items');

function basketDoc({ basket, meta }: BasketView) {
  return { ...toResources(basket), meta };
}

type RecipeResources = ReturnType<typeof toResources>;
type TakeawayResources = ReturnType<typeof takeawayBasketResponse>;

/** Either kind of basket, in the order they were made; the meta is the first basket's. */
function basketListDoc(resources: (RecipeResources | TakeawayResources)[], meta: BasketMeta) {
  const data: (RecipeResources['data'] | TakeawayResources['data'])[] = [];
  const included: (RecipeResources['included'][number] | TakeawayResources['included'][number])[] = [];
  for (const resource of resources) {
    data.push(resource.data);
    included.push(...resource.included);
  }
  return { data, included, meta };
}

export interface BasketRoutesOptions {
  baskets: BasketService;
  takeawayBaskets: TakeawayBaskets;
}

export async function basketRoutes(app: FastifyInstance, { baskets, takeawayBaskets }: BasketRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = baskets;
  const takeaway = takeawayBaskets;
  const tags = ['baskets'];
  const takeawayDoc = takeawayBasketResponse;

  r.get(
    '/baskets',
    {
      schema: {
        tags,
        summary: "The visitor's baskets of both kinds (attributes.type RecipeKitBasket or TakeawayBasket)",
        response: { 200: anyBasketListDocument },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const { rows, baskets, meta } = await service.list(owner);
      const resources: (RecipeResources | TakeawayResources)[] = [];
      for (const row of rows) {
        const recipe = baskets.get(row.id);
        resources.push(
          recipe ? toResources(recipe) : takeawayBasketResponse(await takeaway.view(row, owner.customerId)),
        );
      }
      return basketListDoc(resources, meta);
    },
  );

  r.post(
    '/baskets',
    {
      schema: {
        tags,
        summary:
          'Create a basket of a type, or return the one the visitor already has. A TakeawayBasket may be made with its choices (restaurant_id, fulfillment_type, time_slot, address, delivery_date…): spec §7 "second basket"',
        body: createBasketBody,
        response: { 200: anyBasketDocument, 201: anyBasketDocument },
      },
    },
    async (request, reply) => {
      const visitorId = await app.ensureVisitor(request, reply);
      if (request.body.type === 'TakeawayBasket') {
        const made = await takeaway.create(
          { visitorId, customerId: ownerOf(request).customerId },
          request.body,
        );
        return reply.status(made.created ? 201 : 200).send(takeawayDoc(made.basket));
      }
      refuseFields(request.body, [...TAKEAWAY_ONLY, 'deliveryDate', 'deliveryNote'], 'recipe-kit basket');
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
    {
      schema: {
        tags,
        summary: 'A basket, of either kind',
        params: basketParams,
        response: { 200: anyBasketDocument },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const row = await service.find(owner, request.params.id);
      if (row.type === 'TakeawayBasket') return takeawayDoc(await takeaway.view(row, owner.customerId));
      return basketDoc(await service.viewOf(row));
    },
  );

  r.put(
    '/baskets/:id',
    {
      schema: {
        tags,
        summary:
          'Update a basket. Recipe kits: delivery date, frequency, note, whether it starts a plan. Takeaway (spec §7 basket update): delivery_date, time_slot, restaurant_id, fulfillment_type, address, customer_email, is_catering_order, table_number, delivery_note',
        params: basketParams,
        body: updateBasketBody,
        response: { 200: anyBasketDocument },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const row = await service.find(owner, request.params.id);
      if (row.type === 'TakeawayBasket') {
        return takeawayDoc(await takeaway.update(owner, row.id, request.body));
      }
      refuseFields(request.body, TAKEAWAY_ONLY, 'recipe-kit basket');
      return basketDoc(await service.update(owner, request.params.id, request.body));
    },
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
        summary:
          'Check minimum spends (and with validate_fully, stock and cutoffs). A takeaway basket: items, minimum spend, restaurant, slot, address, what is snoozed',
        description: '200 when the basket can go to checkout; 400 with one error per problem otherwise.',
        params: basketParams,
        querystring: validateBasketQuery,
        response: { 200: basketValidationDocument },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const row = await service.find(owner, request.params.id);
      if (row.type === 'TakeawayBasket') {
        const problems = await takeaway.validate(row, owner.customerId);
        if (problems.length > 0) throw new ErrorResponse(400, problems.map(wireProblem));
        return validDoc(request.params.id);
      }
      const problems = await service.validate(owner, request.params.id, request.query.validateFully ?? false);
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
      return validDoc(request.params.id);
    },
  );
}

function validDoc(id: string) {
  return { data: { id, type: 'basket_validations' as const, attributes: { valid: true, problems: [] } } };
}

function wireProblem(problem: ErrorObject): WireError {
  const meta = problem.meta ? (snakeKeys(problem.meta) as Record<string, unknown>) : undefined;
  return {
    status: '400',
    code: problem.code as ErrorCode,
    detail: problem.detail,
    ...(meta ? { meta } : {}),
  };
}
