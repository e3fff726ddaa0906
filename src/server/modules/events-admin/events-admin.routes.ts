import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  eventSlotAdminChange,
  eventSlotAdminDocument,
  eventSlotAdminListDocument,
  eventSlotAdminNew,
  eventSlotAdminParams,
  eventSlotAdminQuery,
  eventTemplateAdminListDocument,
  type EventSlotAdminView,
} from '../../../contracts/back-office-events';
import { requireCustomer } from '../../http/session';
import type { EventSlotsAdminService } from '../events';

// The HTTP edge of the back office's events (issue 25 part 3: event slots and capacity). Signed in (401), an
// owner, manager or events host (403): checked by the service before anything else. The slots are the events
// area's tables, changed through its face.

export interface EventsAdminRoutesOptions {
  eventSlotsAdmin: EventSlotsAdminService;
}

const tags = ['back office'];

const slotResource = ({ id, ...attributes }: EventSlotAdminView) => ({
  id,
  type: 'event_slots' as const,
  attributes,
});

export async function eventsAdminRoutes(app: FastifyInstance, { eventSlotsAdmin }: EventsAdminRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/back_office/event_templates',
    {
      schema: {
        tags,
        summary:
          'The events a new date can be of (their length, usual prices and largest booking) and the open restaurants (owners, managers, events hosts)',
        response: { 200: eventTemplateAdminListDocument },
      },
    },
    async (request) => {
      const { templates, restaurants } = await eventSlotsAdmin.templates(requireCustomer(request));
      return {
        data: templates.map(({ id, ...attributes }) => ({
          id,
          type: 'event_templates' as const,
          attributes,
        })),
        meta: { restaurants },
      };
    },
  );

  r.get(
    '/back_office/event_slots',
    {
      schema: {
        tags,
        summary:
          'The coming dates of every event, soonest first, with their seats taken (confirmed and being paid for) and prices',
        querystring: eventSlotAdminQuery,
        response: { 200: eventSlotAdminListDocument },
      },
    },
    async (request) => ({
      data: (await eventSlotsAdmin.list(requireCustomer(request), request.query.from)).map(slotResource),
    }),
  );

  r.post(
    '/back_office/event_slots',
    {
      schema: {
        tags,
        summary:
          'A new date of an event at a restaurant, on sale at once: from tomorrow to a year ahead, on the quarter hour, 1 to 200 seats, prices from £0.00 (a child price only when the event takes children); the same event at the same place and time again is 409',
        body: eventSlotAdminNew,
        response: { 201: eventSlotAdminDocument },
      },
    },
    async (request, reply) => {
      const slot = await eventSlotsAdmin.create(requireCustomer(request), request.body);
      return reply.status(201).send({ data: slotResource(slot) });
    },
  );

  r.patch(
    '/back_office/event_slots/:id',
    {
      schema: {
        tags,
        summary:
          'Change a coming date’s seats and prices; seats below those already taken are 409 (counted under the slot’s lock, as bookings take seats)',
        params: eventSlotAdminParams,
        body: eventSlotAdminChange,
        response: { 200: eventSlotAdminDocument },
      },
    },
    async (request) => ({
      data: slotResource(
        await eventSlotsAdmin.change(requireCustomer(request), request.params.id, request.body),
      ),
    }),
  );
}
