import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dishBody,
  dishDocument,
  dishesDocument,
  dishListQuery,
  dishParams,
  dishPictureDocument,
  menuWeekDishParams,
  menuWeekDocument,
  menuWeekParams,
  menuWeeksDocument,
  takeawayItemBody,
  takeawayItemDocument,
  takeawayItemParams,
  takeawayItemsDocument,
  takeawayRestaurantParams,
  type DishView,
  type MenuWeekView,
  type TakeawayItemView,
} from '../../../contracts/back-office-catalogue';
import { isoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { requireCustomer } from '../../http/session';
import type { CatalogueChanges } from '../menu';
import type { CatalogueAdminService } from './catalogue-admin.service';
import type { TakeawayAdminService } from './takeaway-admin.service';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from './pictures';

// The HTTP edge of the back office's dishes and weekly menus (issue 25 part 2). Signed in (401), owner or
// manager (403): checked by the service. A picture is sent as its own bytes (image/jpeg, png or webp).

export interface CatalogueAdminRoutesOptions {
  catalogueAdmin: CatalogueAdminService;
  takeawayAdmin: TakeawayAdminService;
  /** Told again once the answer has gone: by then the request's transaction has committed. */
  catalogueChanges: CatalogueChanges;
}

const tags = ['back office'];
/** An id from the path as a number; -1 (which names nothing) when it is not one. */
const idOf = (value: string) => (/^\d{1,15}$/.test(value) ? Number(value) : -1);
const dishResource = ({ id, ...attributes }: DishView) => ({ id, type: 'dishes' as const, attributes });
const weekResource = ({ id, ...attributes }: MenuWeekView) => ({
  id,
  type: 'menu_weeks' as const,
  attributes,
});

const takeawayItemResource = ({ id, ...attributes }: TakeawayItemView) => ({
  id,
  type: 'takeaway_items' as const,
  attributes,
});

export async function catalogueAdminRoutes(
  app: FastifyInstance,
  { catalogueAdmin, takeawayAdmin, catalogueChanges }: CatalogueAdminRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) catalogueChanges.changed();
  });

  r.get(
    '/back_office/dishes',
    {
      schema: {
        tags,
        summary:
          'Dishes by title, with their variants, allergens, picture and menu weeks (owners and managers)',
        querystring: dishListQuery,
        response: { 200: dishesDocument },
      },
    },
    async (request) => ({
      data: (await catalogueAdmin.dishes(requireCustomer(request), request.query)).map(dishResource),
    }),
  );

  r.post(
    '/back_office/dishes',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'A new dish: its allergens declared (some of the 14, or none of them said so), variants priced from £0.00',
        body: dishBody,
        response: { 201: dishDocument },
      },
    },
    async (request, reply) => {
      const dish = await catalogueAdmin.createDish(requireCustomer(request), request.body);
      return reply.status(201).send({ data: dishResource(dish) });
    },
  );

  r.get(
    '/back_office/dishes/:id',
    {
      schema: { tags, summary: 'One dish', params: dishParams, response: { 200: dishDocument } },
    },
    async (request) => ({
      data: dishResource(await catalogueAdmin.dish(requireCustomer(request), idOf(request.params.id))),
    }),
  );

  r.put(
    '/back_office/dishes/:id',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Change a dish: the variants named by id change, those without one are added; the menu shows it at once',
        params: dishParams,
        body: dishBody,
        response: { 200: dishDocument },
      },
    },
    async (request) => {
      const dish = await catalogueAdmin.updateDish(
        requireCustomer(request),
        idOf(request.params.id),
        request.body,
      );
      return { data: dishResource(dish) };
    },
  );

  await app.register(async (pictures) => {
    // Only here: a picture's bytes, up to 8 MB (the API's bodies are otherwise JSON of at most 64 KB).
    pictures.addContentTypeParser(
      [...PICTURE_TYPES],
      { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    pictures.withTypeProvider<ZodTypeProvider>().post(
      '/back_office/dishes/:id/picture',
      {
        bodyLimit: PICTURE_MAX_BYTES,
        schema: {
          tags,
          summary:
            'A new picture for the dish, sent as its bytes (Content-Type image/jpeg, image/png or image/webp, up to 8 MB), made into WebP 400, 800 and 1200 wide',
          params: dishParams,
          response: { 201: dishPictureDocument },
        },
      },
      async (request, reply) => {
        const customerId = requireCustomer(request);
        if (!Buffer.isBuffer(request.body)) {
          await catalogueAdmin.actor(customerId);
          throw new DomainError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the picture itself as the body, with Content-Type image/jpeg, image/png or image/webp.',
          );
        }
        const sizes = await catalogueAdmin.uploadPicture(customerId, idOf(request.params.id), request.body);
        return reply.status(201).send({
          data: {
            id: request.params.id,
            type: 'dish_pictures' as const,
            attributes: { dishId: request.params.id, sizes },
          },
        });
      },
    );
  });

  r.get(
    '/back_office/menu_weeks',
    {
      schema: {
        tags,
        summary:
          'Last week, this week and the next eight: published or not, each one’s cutoff and its dishes (owners and managers)',
        response: { 200: menuWeeksDocument },
      },
    },
    async (request) => ({
      data: (await catalogueAdmin.weeks(requireCustomer(request))).map(weekResource),
    }),
  );

  r.put(
    '/back_office/menu_weeks/:weekStart/dishes/:dishId',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Put a dish into a week’s menu, before the week’s cutoff (409 after it)',
        params: menuWeekDishParams,
        response: { 200: menuWeekDocument },
      },
    },
    async (request) => ({
      data: weekResource(
        await catalogueAdmin.putDishOnWeek(
          requireCustomer(request),
          isoDate(request.params.weekStart),
          Number(request.params.dishId),
        ),
      ),
    }),
  );

  r.delete(
    '/back_office/menu_weeks/:weekStart/dishes/:dishId',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Take a dish out of a week’s menu, before the week’s cutoff (409 after it)',
        params: menuWeekDishParams,
        response: { 200: menuWeekDocument },
      },
    },
    async (request) => ({
      data: weekResource(
        await catalogueAdmin.takeDishOffWeek(
          requireCustomer(request),
          isoDate(request.params.weekStart),
          Number(request.params.dishId),
        ),
      ),
    }),
  );

  r.post(
    '/back_office/menu_weeks/:weekStart/publish',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Publish a week’s menu: customers see it on /menu from now on (before its cutoff; a week with no dishes is refused)',
        params: menuWeekParams,
        response: { 200: menuWeekDocument },
      },
    },
    async (request) => ({
      data: weekResource(
        await catalogueAdmin.publishWeek(requireCustomer(request), isoDate(request.params.weekStart)),
      ),
    }),
  );

  r.get(
    '/back_office/restaurants/:restaurantId/takeaway_items',
    {
      schema: {
        tags,
        summary:
          'The takeaway and catering menu at a restaurant: each item’s price and whether it is sold out there (owners and managers)',
        params: takeawayRestaurantParams,
        response: { 200: takeawayItemsDocument },
      },
    },
    async (request) => ({
      data: (await takeawayAdmin.items(requireCustomer(request), request.params.restaurantId)).map(
        takeawayItemResource,
      ),
    }),
  );

  r.put(
    '/back_office/restaurants/:restaurantId/takeaway_items/:itemId',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Mark an item sold out at this restaurant until tomorrow, or available again; change its price (the same at every restaurant)',
        params: takeawayItemParams,
        body: takeawayItemBody,
        response: { 200: takeawayItemDocument },
      },
    },
    async (request) => ({
      data: takeawayItemResource(
        await takeawayAdmin.change(
          requireCustomer(request),
          request.params.restaurantId,
          idOf(request.params.itemId),
          request.body,
        ),
      ),
    }),
  );
}
