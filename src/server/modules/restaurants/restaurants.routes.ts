import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { diningTablesDocument } from '../../../contracts/dine-in';
import {
  eatInAvailableDocument,
  eatInQuery,
  menuDocument,
  menuQuery,
  nearestQuery,
  restaurantDocument,
  restaurantListDocument,
  restaurantParams,
  snoozedProductsDocument,
  snoozedProductsQuery,
  timeSlotDatesDocument,
  timeSlotDatesQuery,
  timeSlotsDocument,
  timeSlotsQuery,
} from '../../../contracts/restaurants';
import { restaurantResource } from './restaurant-view';
import type { RestaurantsService } from './restaurants.service';
import type { TakeawayMenuService } from './menu.service';

// The HTTP edge of restaurants (spec §7 Restaurants): finding one, its slots, and its menu.

export interface RestaurantRoutesOptions {
  restaurants: RestaurantsService;
  takeawayMenu: TakeawayMenuService;
}

export async function restaurantRoutes(
  app: FastifyInstance,
  { restaurants, takeawayMenu }: RestaurantRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['restaurants'];

  r.get(
    '/restaurants/nearest',
    {
      schema: {
        tags,
        summary:
          'Restaurants that can serve a point, nearest first: for delivery those whose radius reaches it; open now or later today (catering=true: those that cater). Empty: "No restaurants available"',
        querystring: nearestQuery,
        response: { 200: restaurantListDocument },
      },
    },
    async (request) => ({ data: (await restaurants.nearest(request.query)).map(restaurantResource) }),
  );

  r.get(
    '/restaurants/all',
    { schema: { tags, summary: 'Every restaurant, by name', response: { 200: restaurantListDocument } } },
    async () => ({ data: (await restaurants.all()).map(restaurantResource) }),
  );

  r.get(
    '/restaurants/:id',
    {
      schema: {
        tags,
        summary: 'A restaurant',
        params: restaurantParams,
        response: { 200: restaurantDocument },
      },
    },
    async (request) => ({ data: restaurantResource(await restaurants.one(request.params.id)) }),
  );

  r.get(
    '/restaurants/:id/time_slots',
    {
      schema: {
        tags,
        summary:
          'The 15-minute slots of a date (today by default), ASAP first when the kitchen can take one now; a full slot is listed with available false',
        params: restaurantParams,
        querystring: timeSlotsQuery,
        response: { 200: timeSlotsDocument },
      },
    },
    async (request) => {
      const { slots, date, capacity } = await restaurants.timeSlots(request.params.id, request.query);
      return {
        data: slots.map((slot) => ({
          id: slot.asap ? `asap-${date}` : slot.start.toISOString(),
          type: 'time_slots' as const,
          attributes: {
            date: slot.date,
            asap: slot.asap,
            startTime: slot.start.toISOString(),
            endTime: slot.end.toISOString(),
            label: slot.label,
            available: slot.remaining > 0,
            remaining: slot.remaining,
          },
        })),
        meta: { date, fulfillmentType: request.query.fulfillmentType, capacity },
      };
    },
  );

  r.get(
    '/restaurants/:id/time_slot_dates',
    {
      schema: {
        tags,
        summary: 'The dates with a slot (or ASAP) still to book, from today',
        params: restaurantParams,
        querystring: timeSlotDatesQuery,
        response: { 200: timeSlotDatesDocument },
      },
    },
    async (request) => {
      const dates = await restaurants.timeSlotDates(
        request.params.id,
        request.query.fulfillmentType,
        request.query.catering ?? false,
      );
      return {
        data: dates.map(({ date, ...attributes }) => ({
          id: date,
          type: 'time_slot_dates' as const,
          attributes: { date, ...attributes },
        })),
      };
    },
  );

  r.get(
    '/restaurants/:id/eat_in_available',
    {
      schema: {
        tags,
        summary: 'Whether a table can order now, why not, and the table settings',
        params: restaurantParams,
        querystring: eatInQuery,
        response: { 200: eatInAvailableDocument },
      },
    },
    async (request) => ({
      data: {
        id: request.params.id,
        type: 'eat_in_availabilities' as const,
        attributes: await restaurants.eatInAvailable(request.params.id, request.query.table),
      },
    }),
  );

  r.get(
    '/restaurants/:id/tables',
    {
      schema: {
        tags,
        summary:
          'The restaurant’s tables (their numbers, as on the card on each table, and seats) and how it serves its tables; none where it serves by name',
        params: restaurantParams,
        response: { 200: diningTablesDocument },
      },
    },
    async (request) => {
      const { tables, meta } = await restaurants.tables(request.params.id);
      return {
        data: tables.map((table) => ({
          id: table.number,
          type: 'dining_tables' as const,
          attributes: { number: table.number, seats: table.seats },
        })),
        meta,
      };
    },
  );

  r.get(
    '/restaurants/:id/menu',
    {
      schema: {
        tags,
        summary:
          'The takeaway menu (catering=true: the catering menu): categories in order with their products, each with its modifiers (sizes Grande/Single, extras, removals), allergens, and what conflicts with the signed-in customer’s allergen profile',
        params: restaurantParams,
        querystring: menuQuery,
        response: { 200: menuDocument },
      },
    },
    async (request) => {
      const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
      return takeawayMenu.menu(request.params.id, request.query, customerId);
    },
  );

  r.get(
    '/restaurants/:id/snoozed_products',
    {
      schema: {
        tags,
        summary: 'Products the kitchen has run out of, until when (refetch every 30 s: spec §9)',
        params: restaurantParams,
        querystring: snoozedProductsQuery,
        response: { 200: snoozedProductsDocument },
      },
    },
    async (request) => ({
      data: (await takeawayMenu.snoozed(request.params.id)).map(({ id, ...attributes }) => ({
        id,
        type: 'snoozed_products' as const,
        attributes,
      })),
    }),
  );
}
