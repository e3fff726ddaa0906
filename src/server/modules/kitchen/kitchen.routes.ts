import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptTicketBody,
  busyBody,
  kitchenRestaurantParams,
  kitchenRestaurantsDocument,
  rejectTicketBody,
  snoozeBody,
  snoozeParams,
  ticketDocument,
  ticketParams,
  ticketsDocument,
  ticketsQuery,
  type Ticket,
} from '../../../contracts/kitchen';
import { snoozedProductsDocument } from '../../../contracts/restaurants';
import { snakeKeys } from '../../../contracts/case';
import { requireCustomer } from '../../http/session';
import type { KitchenService } from './kitchen.service';
import { ticketResource } from './ticket-view';

// The HTTP edge of the kitchen screen (issue 13 part 3). Live tickets come three ways, all read from the
// database so that any server process can answer: GET …/tickets (the board), GET …/tickets?since=n&wait=25
// (long-poll), and GET …/tickets/events, a Server-Sent Events stream: `snapshot` first (the board), then
// `tickets` with every ticket changed (id: the board's number; a reconnecting EventSource sends it back as
// Last-Event-ID and gets what it missed). Each stream looks at its board's number once a second.

export const STREAM_POLL_MS = 1_000;
const HEARTBEAT_MS = 15_000;
/** A member of staff removed from the kitchen stops receiving within this long. */
const STAFF_RECHECK_MS = 60_000;

const ticketsDoc = (
  result: { tickets: Ticket[]; cursor: number; busyMinutes: number },
  restaurantId: string,
) => ({
  data: result.tickets.map(ticketResource),
  meta: { restaurantId, cursor: result.cursor, busyMinutes: result.busyMinutes },
});

export interface KitchenRoutesOptions {
  kitchen: KitchenService;
}

export async function kitchenRoutes(app: FastifyInstance, { kitchen }: KitchenRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const tags = ['kitchen'];
  const streams = new Set<() => void>();
  // Streams never end on their own: closing the server ends them, so shutdown is not held up.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  r.get(
    '/kitchen/restaurants',
    {
      schema: {
        tags,
        summary: "The signed-in member of staff's restaurants (403 for an account that is not staff)",
        response: { 200: kitchenRestaurantsDocument },
      },
    },
    async (request) => ({
      data: (await kitchen.restaurants(requireCustomer(request))).map(({ id, ...attributes }) => ({
        id,
        type: 'kitchen_restaurants' as const,
        attributes,
      })),
    }),
  );

  r.get(
    '/kitchen/restaurants/:id/tickets',
    {
      schema: {
        tags,
        summary:
          'The board: open tickets and those done in the last two hours. since=n: only tickets changed after meta.cursor n; with wait=s (up to 25), waits for a change',
        params: kitchenRestaurantParams,
        querystring: ticketsQuery,
        response: { 200: ticketsDocument },
      },
    },
    async (request) => {
      const staffId = requireCustomer(request);
      const { since, wait } = request.query;
      const result =
        since !== undefined && wait
          ? await kitchen.waitForTickets(staffId, request.params.id, since, wait)
          : await kitchen.tickets(staffId, request.params.id, since ?? null);
      return ticketsDoc(result, request.params.id);
    },
  );

  r.get(
    '/kitchen/restaurants/:id/tickets/events',
    {
      schema: {
        tags,
        summary:
          'Server-Sent Events (text/event-stream): event "snapshot" (the board, as GET …/tickets answers), then event "tickets" with the tickets changed, each with id = the board’s number (send it back as Last-Event-ID to resume); a comment every 15 s keeps the connection open',
        params: kitchenRestaurantParams,
      },
    },
    async (request, reply) => stream(request, reply, kitchen, request.params.id, streams),
  );

  r.get(
    '/kitchen/tickets/:id',
    { schema: { tags, summary: 'One ticket', params: ticketParams, response: { 200: ticketDocument } } },
    async (request) => ({
      data: ticketResource(await kitchen.ticket(requireCustomer(request), request.params.id)),
    }),
  );

  const step = (path: string, summary: string, run: (staffId: string, id: string) => Promise<Ticket>) =>
    r.post(
      `/kitchen/tickets/:id/${path}`,
      { schema: { tags, summary, params: ticketParams, response: { 200: ticketDocument } } },
      async (request) => ({ data: ticketResource(await run(requireCustomer(request), request.params.id)) }),
    );
  step(
    'acknowledge_allergens',
    'Acknowledge the customer’s allergens (needed before accepting)',
    (staff, id) => kitchen.acknowledgeAllergens(staff, id),
  );
  step('ready', 'Ready: for the rider (delivery) or to collect', (staff, id) => kitchen.ready(staff, id));
  step('out_for_delivery', 'Out for delivery: a courier is sent for it', (staff, id) =>
    kitchen.outForDelivery(staff, id),
  );
  step('delivered', 'Delivered (when the courier has not said so already)', (staff, id) =>
    kitchen.delivered(staff, id),
  );
  step('collected', 'Collected by the customer, or served at the table', (staff, id) =>
    kitchen.collected(staff, id),
  );

  r.post(
    '/kitchen/tickets/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept with a prep time (5–120 minutes); the customer’s estimate follows it',
        params: ticketParams,
        body: acceptTicketBody,
        response: { 200: ticketDocument },
      },
    },
    async (request) => ({
      data: ticketResource(
        await kitchen.accept(requireCustomer(request), request.params.id, request.body.prepMinutes),
      ),
    }),
  );

  r.post(
    '/kitchen/tickets/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject with a reason the customer reads; they are refunded automatically',
        params: ticketParams,
        body: rejectTicketBody,
        response: { 200: ticketDocument },
      },
    },
    async (request) => ({
      data: ticketResource(
        await kitchen.reject(requireCustomer(request), request.params.id, request.body.reason),
      ),
    }),
  );

  const snoozedDoc = (list: { id: string; productId: string; title: string; until: string }[]) => ({
    data: list.map(({ id, ...attributes }) => ({ id, type: 'snoozed_products' as const, attributes })),
  });

  r.post(
    '/kitchen/restaurants/:id/snoozes',
    {
      schema: {
        tags,
        summary:
          'Snooze a product (or a modifier) for an hour or until tomorrow: the menu shows it unavailable',
        params: kitchenRestaurantParams,
        body: snoozeBody,
        response: { 200: snoozedProductsDocument },
      },
    },
    async (request) =>
      snoozedDoc(
        await kitchen.snooze(
          requireCustomer(request),
          request.params.id,
          request.body.productId,
          request.body.duration,
        ),
      ),
  );

  r.delete(
    '/kitchen/restaurants/:id/snoozes/:productId',
    {
      schema: {
        tags,
        summary: 'Back on the menu',
        params: snoozeParams,
        response: { 200: snoozedProductsDocument },
      },
    },
    async (request) =>
      snoozedDoc(
        await kitchen.unsnooze(requireCustomer(request), request.params.id, Number(request.params.productId)),
      ),
  );

  r.put(
    '/kitchen/restaurants/:id/busy',
    {
      schema: {
        tags,
        summary: 'Busy mode: minutes added to every estimate and to the first slot on offer (0 turns it off)',
        params: kitchenRestaurantParams,
        body: busyBody,
        response: { 200: kitchenRestaurantsDocument },
      },
    },
    async (request) => ({
      data: (await kitchen.busy(requireCustomer(request), request.params.id, request.body.minutes)).map(
        ({ id, ...attributes }) => ({ id, type: 'kitchen_restaurants' as const, attributes }),
      ),
    }),
  );
}

/** One Server-Sent Events stream of a board: checked like any request, then held open until either side ends it. */
async function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  kitchen: KitchenService,
  restaurantId: string,
  streams: Set<() => void>,
) {
  const staffId = requireCustomer(request);
  const resumeFrom = Number(request.headers['last-event-id']);
  const resuming =
    Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 && request.headers['last-event-id'] !== undefined;
  // Refusals (403, 404) are answered as usual, before the stream starts.
  const first = await kitchen.tickets(staffId, restaurantId, resuming ? resumeFrom : null);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  });
  let open = true;
  const send = (event: string, result: Awaited<ReturnType<KitchenService['tickets']>>) => {
    const body = JSON.stringify(snakeKeys(ticketsDoc(result, restaurantId)));
    raw.write(`event: ${event}\nid: ${result.cursor}\ndata: ${body}\n\n`);
  };
  const end = () => {
    if (!open) return;
    open = false;
    streams.delete(end);
    raw.end();
  };
  streams.add(end);
  // The browser went away (or the network did): the response's socket closes.
  raw.on('close', end);
  raw.write('retry: 3000\n\n');
  send(resuming ? 'tickets' : 'snapshot', first);
  let cursor = first.cursor;
  let lastWrite = Date.now();
  let lastCheck = Date.now();
  while (open) {
    await new Promise((resolve) => setTimeout(resolve, STREAM_POLL_MS));
    if (!open) break;
    try {
      if (Date.now() - lastCheck >= STAFF_RECHECK_MS) {
        await kitchen.tickets(staffId, restaurantId, Number.MAX_SAFE_INTEGER);
        lastCheck = Date.now();
      }
      if ((await kitchen.boardVersion(restaurantId)) > cursor) {
        const changed = await kitchen.tickets(staffId, restaurantId, cursor);
        if (changed.tickets.length > 0) {
          send('tickets', changed);
          lastWrite = Date.now();
        }
        cursor = changed.cursor;
      } else if (Date.now() - lastWrite >= HEARTBEAT_MS) {
        raw.write(': still here\n\n');
        lastWrite = Date.now();
      }
    } catch (error) {
      // No longer staff here, or the database went away: the browser reconnects (and is refused if so).
      request.log.warn({ err: error }, 'kitchen event stream ended');
      end();
    }
  }
}
