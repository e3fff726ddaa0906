import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerDocument as customerDocumentSchema } from '../../../contracts/customers';
import {
  betaBody,
  supportInboxDocument,
  supportInboxQuery,
  supportOrderChoicesDocument,
  supportReplyBody,
  supportTicketBody,
  supportTicketDocument,
  supportTicketParams,
  supportTicketsDocument,
  type SupportTicket,
} from '../../../contracts/support';
import { clientAddress } from '../../http/client-address';
import { requireCustomer } from '../../http/session';
import type { CustomersService } from '../customers';
import type { SupportService } from './support.service';

// The HTTP edge of support (issue 23 part 5; spec §2 /support, /support-success, /beta-opt-in): asking a
// question (anyone: a visitor gives an email), the customer's own questions and replies, the support team's
// inbox, answers and closing (403 for anyone not on the team), and joining or leaving the beta group.

export interface SupportRoutesOptions {
  support: SupportService;
  /** The customer's document, for PUT /customers/beta's answer. */
  customers: CustomersService;
}

const tags = ['support'];
const ticketResource = ({ id, ...attributes }: SupportTicket) => ({
  id,
  type: 'support_tickets' as const,
  attributes,
});
const signedIn = (request: FastifyRequest) =>
  request.session?.kind === 'customer' ? request.session.customerId : null;

export async function supportRoutes(app: FastifyInstance, { support, customers }: SupportRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/support_tickets',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Ask a question: a signed-in customer’s email and name are their account’s, a visitor gives an email; an order named must be one of the customer’s own (404 otherwise). Copies go to the asker and the support inbox',
        body: supportTicketBody,
        response: { 201: supportTicketDocument },
      },
    },
    async (request, reply) => {
      const ticket = await support.ask(
        { customerId: signedIn(request), address: clientAddress(request) },
        request.body,
      );
      return reply.status(201).send({ data: ticketResource(ticket) });
    },
  );

  r.get(
    '/support_tickets',
    {
      schema: {
        tags,
        summary: 'The signed-in customer’s questions with their conversations, the latest activity first',
        response: { 200: supportTicketsDocument },
      },
    },
    async (request) => ({ data: (await support.mine(requireCustomer(request))).map(ticketResource) }),
  );

  r.get(
    '/support_tickets/order_choices',
    {
      schema: {
        tags,
        summary:
          'The signed-in customer’s orders to ask about (all but unpaid and skipped), the latest first',
        response: { 200: supportOrderChoicesDocument },
      },
    },
    async (request) => ({
      data: (await support.orderChoices(requireCustomer(request))).map(({ id, ...attributes }) => ({
        id,
        type: 'support_order_choices' as const,
        attributes,
      })),
    }),
  );

  r.get(
    '/support_tickets/:id',
    {
      schema: {
        tags,
        summary: 'One of the customer’s questions with its conversation (another’s: 404)',
        params: supportTicketParams,
        response: { 200: supportTicketDocument },
      },
    },
    async (request) => ({
      data: ticketResource(await support.one(requireCustomer(request), request.params.id)),
    }),
  );

  r.post(
    '/support_tickets/:id/messages',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'The customer’s reply: opens an answered question again; a closed one takes no more (TICKET_CLOSED)',
        params: supportTicketParams,
        body: supportReplyBody,
        response: { 201: supportTicketDocument },
      },
    },
    async (request, reply) => {
      const ticket = await support.reply(requireCustomer(request), request.params.id, request.body.message);
      return reply.status(201).send({ data: ticketResource(ticket) });
    },
  );

  r.put(
    '/customers/beta',
    {
      schema: {
        tags,
        summary: 'Join or leave the beta group, which experiments may target',
        body: betaBody,
        response: { 200: customerDocumentSchema },
      },
    },
    async (request) =>
      await customers.document(await support.setBeta(requireCustomer(request), request.body.beta)),
  );

  // ---- The support team (403 for anyone else) --------------------------------------------------------

  r.get(
    '/support/tickets',
    {
      schema: {
        tags,
        summary:
          'The support inbox: filter[state]=open|answered|closed, or open and answered; the latest activity first',
        querystring: supportInboxQuery,
        response: { 200: supportInboxDocument },
      },
    },
    async (request) => {
      const { tickets, counts } = await support.inbox(requireCustomer(request), request.query);
      return { data: tickets.map(ticketResource), meta: { counts } };
    },
  );

  r.get(
    '/support/tickets/:id',
    {
      schema: {
        tags,
        summary: 'One question with its conversation and the order it is about',
        params: supportTicketParams,
        response: { 200: supportTicketDocument },
      },
    },
    async (request) => ({
      data: ticketResource(await support.ticket(requireCustomer(request), request.params.id)),
    }),
  );

  r.post(
    '/support/tickets/:id/answer',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Answer a question: emailed to the asker with a link to it in their account; marks it answered',
        params: supportTicketParams,
        body: supportReplyBody,
        response: { 201: supportTicketDocument },
      },
    },
    async (request, reply) => {
      const ticket = await support.answer(requireCustomer(request), request.params.id, request.body.message);
      return reply.status(201).send({ data: ticketResource(ticket) });
    },
  );

  r.post(
    '/support/tickets/:id/close',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Close a question: it takes no more messages',
        params: supportTicketParams,
        response: { 200: supportTicketDocument },
      },
    },
    async (request) => ({
      data: ticketResource(await support.close(requireCustomer(request), request.params.id)),
    }),
  );
}
