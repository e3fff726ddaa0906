import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  eventBookingBody,
  eventGuestPreferencesDocument,
  eventIdParams,
  eventLocationsDocument,
  eventSlotDocument,
  eventSlotFilterOptionsDocument,
  eventSlotsDocument,
  eventSlotsQuery,
  eventTemplateDocument,
  eventTemplatesDocument,
  eventUpgradesDocument,
  eventUpgradesQuery,
} from '../../../contracts/events';
import { orderListDocument } from '../../../contracts/orders';
import { afterCommit } from '../../http/idempotency';
import { requireCustomer } from '../../http/session';
import { checkoutDocument } from '../orders';
import type { PaymentsService } from '../payments';
import type { EventBookingsService } from './bookings.service';
import type { EventsCatalogueService } from './catalogue.service';

// The HTTP edge of events (spec §7 Events; issue 22): what is on, public; booking seats (signed in), whose
// order is then paid with POST /payments like any other.

export interface EventRoutesOptions {
  catalogue: EventsCatalogueService;
  bookings: EventBookingsService;
  payments: PaymentsService;
}

const as =
  <T extends string>(type: T) =>
  <M extends { id: string }>({ id, ...attributes }: M) => ({ id, type, attributes });

export async function eventRoutes(
  app: FastifyInstance,
  { catalogue, bookings, payments }: EventRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  r.get(
    '/event_templates',
    {
      schema: {
        tags,
        summary:
          'The events on offer (a pasta class, a supper club…), each with its lowest price and next date',
        response: { 200: eventTemplatesDocument },
      },
    },
    async () => ({ data: (await catalogue.templates()).map(as('event_templates')) }),
  );

  r.get(
    '/event_templates/:id',
    {
      schema: {
        tags,
        summary: 'One event, with the refund rule in plain words',
        params: eventIdParams,
        response: { 200: eventTemplateDocument },
      },
    },
    async (request) => ({ data: as('event_templates')(await catalogue.template(request.params.id)) }),
  );

  r.get(
    '/event_locations',
    {
      schema: {
        tags,
        summary: 'The restaurants hosting upcoming events, by name',
        response: { 200: eventLocationsDocument },
      },
    },
    async () => ({ data: (await catalogue.locations()).map(as('event_locations')) }),
  );

  r.get(
    '/event_slot_filter_options',
    {
      schema: {
        tags,
        summary: 'What GET /event_slots can be filtered by: locations, themes, events, months and seats',
        response: { 200: eventSlotFilterOptionsDocument },
      },
    },
    async () => ({
      data: {
        id: 'event_slot_filter_options',
        type: 'event_slot_filter_options' as const,
        attributes: await catalogue.filterOptions(),
      },
    }),
  );

  r.get(
    '/event_slots',
    {
      schema: {
        tags,
        summary:
          'Upcoming dates, soonest first, with seats left and whether each can be booked now: filter[location], filter[theme], filter[template], filter[month]=YYYY-MM, filter[seats]',
        querystring: eventSlotsQuery,
        response: { 200: eventSlotsDocument },
      },
    },
    async (request) => ({ data: (await catalogue.slots(request.query)).map(as('event_slots')) }),
  );

  r.get(
    '/event_slots/:id',
    {
      schema: {
        tags,
        summary: 'One date of an event, with its seats left',
        params: eventIdParams,
        response: { 200: eventSlotDocument },
      },
    },
    async (request) => ({ data: as('event_slots')(await catalogue.slot(request.params.id)) }),
  );

  r.get(
    '/event_upgrades',
    {
      schema: {
        tags,
        summary: "Add-ons (a wine pairing, a take-home pasta kit): filter[template] for one event's",
        querystring: eventUpgradesQuery,
        response: { 200: eventUpgradesDocument },
      },
    },
    async (request) => ({
      data: (await catalogue.upgrades(request.query['filter[template]'])).map(as('event_upgrades')),
    }),
  );

  r.get(
    '/event_guest_preferences',
    {
      schema: {
        tags,
        summary: 'What a guest can tell the host: the 14 allergens, then diets',
        response: { 200: eventGuestPreferencesDocument },
      },
    },
    async () => ({ data: catalogue.preferences().map(as('event_guest_preferences')) }),
  );

  r.post(
    '/orders/events/preview',
    {
      schema: {
        tags,
        summary: 'What a booking would cost, checked like a real one, without placing it or holding seats',
        body: eventBookingBody,
        response: { 200: orderListDocument },
      },
    },
    async (request) => {
      const result = await bookings.preview(requireCustomer(request), request.body);
      return checkoutDocument(result.orders, result.meta);
    },
  );

  r.post(
    '/orders/events',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Book seats at an event: one order (seats and add-ons, each line naming its slot) paid with POST /payments; ' +
          'the seats are held for 15 minutes meanwhile. The same unpaid booking again gives back the same order ' +
          '(200); a changed one replaces it',
        body: eventBookingBody,
        response: { 200: orderListDocument, 201: orderListDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const result = await bookings.place(customerId, request.body);
      // A replaced booking's unfinished 3-D Secure check can no longer be completed (as for gifts).
      await afterCommit(request, () => payments.cancelAbandonedIntents(customerId).catch(() => 0));
      return reply.status(result.created ? 201 : 200).send(checkoutDocument(result.orders, result.meta));
    },
  );
}
