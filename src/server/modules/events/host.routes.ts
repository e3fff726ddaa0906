import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hostSlotDocument, hostSlotsDocument, hostSlotsQuery } from '../../../contracts/events';
import { kitchenRestaurantParams, ticketParams } from '../../../contracts/kitchen';
import { requireCustomer } from '../../http/session';
import type { EventHostService } from './host.service';

// The host's view for a restaurant's staff (issue 22 part 6): its upcoming event slots, and one slot's guest
// list with the add-ons to prepare and the dietary totals. Staff only (403), their own restaurant's only (404),
// as the kitchen's calls.

export interface HostRoutesOptions {
  host: EventHostService;
}

export async function hostRoutes(app: FastifyInstance, { host }: HostRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kitchen'];

  r.get(
    '/kitchen/restaurants/:id/event_slots',
    {
      schema: {
        tags,
        summary:
          'The restaurant’s event slots still to come (from a London date with from=YYYY-MM-DD), for its staff',
        params: kitchenRestaurantParams,
        querystring: hostSlotsQuery,
        response: { 200: hostSlotsDocument },
      },
    },
    async (request) => ({
      data: (await host.slots(requireCustomer(request), request.params.id, request.query.from)).map(
        ({ id, ...attributes }) => ({ id, type: 'event_slots' as const, attributes }),
      ),
    }),
  );

  r.get(
    '/kitchen/event_slots/:id',
    {
      schema: {
        tags,
        summary:
          'One slot for its restaurant’s staff: the guest list by booking, seats sold, add-ons to prepare, dietary totals',
        params: ticketParams,
        response: { 200: hostSlotDocument },
      },
    },
    async (request) => {
      const attributes = await host.slot(requireCustomer(request), request.params.id);
      return { data: { id: attributes.slot.id, type: 'host_event_slots' as const, attributes } };
    },
  );
}
