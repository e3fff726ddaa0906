import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  eventBookingDocument,
  eventChangeBody,
  eventChangeDocument,
  eventChangeQuoteDocument,
  eventBookingsDocument,
  eventGuestBody,
  eventGuestDocument,
  eventGuestFormDocument,
  eventGuestFormQuery,
} from '../../../contracts/events';
import { orderParams } from '../../../contracts/orders';
import { afterCommit } from '../../http/idempotency';
import { requireCustomer } from '../../http/session';
import type { PaymentsService } from '../payments';
import type { BookingChangesService } from './changes.service';
import type { EventGuestsService } from './guests.service';
import type { MyBookingsService } from './my-bookings.service';

// The HTTP edge of a booking after it is paid (issue 22 parts 3–5): the booker's bookings, one booking with its
// calendar file, and the guests' dietary form, which answers the booker signed in or anyone with the link's
// key (never another customer's booking without it: 404), and changing a booking: quoted, then made.

export interface BookingRoutesOptions {
  myBookings: MyBookingsService;
  guests: EventGuestsService;
  changes: BookingChangesService;
  payments: PaymentsService;
}

const tags = ['events'];
const signedIn = (request: FastifyRequest) =>
  request.session?.kind === 'customer' ? request.session.customerId : null;

export async function bookingRoutes(
  app: FastifyInstance,
  { myBookings, guests, changes, payments }: BookingRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/event_bookings',
    {
      schema: {
        tags,
        summary: 'The signed-in customer’s event bookings: those to come first, soonest first, then the past',
        response: { 200: eventBookingsDocument },
      },
    },
    async (request) => ({
      data: (await myBookings.list(requireCustomer(request))).map(({ id, ...attributes }) => ({
        id,
        type: 'event_bookings' as const,
        attributes,
      })),
    }),
  );

  r.get(
    '/event_bookings/:id',
    {
      schema: {
        tags,
        summary:
          'One booking for its booker, named by its first order: guests and their answers, the refund terms now, what can still change (another customer’s: 404)',
        params: orderParams,
        response: { 200: eventBookingDocument },
      },
    },
    async (request) => {
      const { id, ...attributes } = await myBookings.booking(requireCustomer(request), request.params.id);
      return { data: { id, type: 'event_bookings' as const, attributes } };
    },
  );

  r.get(
    '/event_bookings/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The booking as a calendar file (text/calendar), for its booker',
        params: orderParams,
      },
    },
    async (request, reply) => {
      const file = await myBookings.calendar(requireCustomer(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  r.get(
    '/event_guests',
    {
      schema: {
        tags,
        summary:
          'The dietary form’s booking (no money), for the booker signed in or anyone with its key; otherwise 404',
        querystring: eventGuestFormQuery,
        response: { 200: eventGuestFormDocument },
      },
    },
    async (request, reply) => {
      const attributes = await guests.form(signedIn(request), request.query.orderId, request.query.key);
      // The key is in the URL: the answer is never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { data: { id: attributes.orderId, type: 'event_guest_forms' as const, attributes } };
    },
  );

  r.post(
    '/event_guests',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'One guest’s allergies and diets, from the booker signed in or anyone with the form’s key, until every seat has answered or the event starts (GUEST_FORM_CLOSED)',
        body: eventGuestBody,
        response: { 201: eventGuestDocument },
      },
    },
    async (request, reply) => {
      const { id, ...attributes } = await guests.add(signedIn(request), request.body);
      return reply.status(201).send({ data: { id, type: 'event_guests' as const, attributes } });
    },
  );

  r.delete(
    '/event_guests/:id',
    {
      schema: {
        tags,
        summary: 'The booker takes a guest’s answer off (so they can answer again)',
        params: orderParams,
      },
    },
    async (request, reply) => {
      await guests.remove(requireCustomer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/event_bookings/:id/quote',
    {
      schema: {
        tags,
        summary:
          'What a change would do now (more or fewer guests, another date, handing over, cancelling): its cost, what it gives back under the terms in force, the answers it would drop. Changes nothing',
        params: orderParams,
        body: eventChangeBody,
        response: { 200: eventChangeQuoteDocument },
      },
    },
    async (request) => {
      const quote = await changes.quote(requireCustomer(request), request.params.id, request.body);
      return { data: { id: request.params.id, type: 'event_change_quotes' as const, attributes: quote } };
    },
  );

  r.post(
    '/event_bookings/:id/changes',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Make a change: one that costs something is an order to pay with POST /payments (meta.pay_order_id, its seats held); one that gives back refunds to the card or as store credit per the refund scale; refused after the last allowed moment (BOOKING_CHANGE_CLOSED)',
        params: orderParams,
        body: eventChangeBody,
        response: { 200: eventChangeDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      const made = await changes.change(customerId, request.params.id, request.body);
      // The processor is called once the change is committed, never inside the request's transaction.
      await afterCommit(request, async () => {
        for (const checkoutId of made.refundCheckouts)
          await payments.refundOwed(checkoutId, 'customer').catch(() => 0);
        if (made.replacedPurchase) await payments.cancelAbandonedIntents(customerId).catch(() => 0);
      });
      const { id, ...attributes } = made.booking;
      return {
        data: { id, type: 'event_bookings' as const, attributes },
        meta: { quote: made.quote, payOrderId: made.payOrderId },
      };
    },
  );
}
