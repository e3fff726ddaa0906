import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { customerModel, type Customer } from '../../../contracts/customer-model';
import {
  supportInboxDocument,
  supportOrderChoiceModel,
  supportTicketModel,
  type SupportOrderChoice,
  type SupportTicket,
  type SupportTicketBody,
  type SupportTicketCounts,
} from '../../../contracts/support';
import type { TicketState } from '../../../domain/support';
import { api, isApiError } from '../../shared/api/client';
import { read, readMany, readOne } from '../../shared/api/documents';

// Support's reads and writes (issue 23 part 5; decision 30): the customer's questions and the orders they can
// ask about, the support team's inbox and one question, asking, replying, answering and closing, and the beta
// group's switch. Every write carries an Idempotency-Key made once per attempt by its caller, so a retry of
// the same press never asks, replies or answers twice.

export type { SupportOrderChoice, SupportTicket, SupportTicketCounts };

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const ticketCheck = import.meta.env.PROD ? null : supportTicketModel;
const orderChoiceCheck = import.meta.env.PROD ? null : supportOrderChoiceModel;
const inboxCheck = import.meta.env.PROD ? null : supportInboxDocument;
const customerCheck = import.meta.env.PROD ? null : customerModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [ticketCheck, orderChoiceCheck, inboxCheck, customerCheck];

const readTicket = (doc: unknown): SupportTicket => readOne(doc, ticketCheck);

/** A question not found, not theirs, or not for them: asking again changes nothing. */
const retryUnlessRefused = (count: number, error: unknown) =>
  count < 2 && !isApiError(error, 'TICKET_NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED', 'VALIDATION_FAILED');

export const supportQueries = {
  all: ['support'] as const,
  /** The signed-in customer's questions (GET /support_tickets), the latest activity first. */
  mine: () =>
    queryOptions({
      queryKey: [...supportQueries.all, 'mine'] as const,
      queryFn: async ({ signal }) => readMany(await api('GET', '/support_tickets', { signal }), ticketCheck),
      retry: retryUnlessRefused,
    }),
  /** The customer's orders to ask about (GET /support_tickets/order_choices), the latest first. */
  orderChoices: () =>
    queryOptions({
      queryKey: [...supportQueries.all, 'order-choices'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/support_tickets/order_choices', { signal }), orderChoiceCheck),
      staleTime: 60_000,
      retry: retryUnlessRefused,
    }),
  inboxes: () => [...supportQueries.all, 'inbox'] as const,
  /** The support team's inbox (GET /support/tickets): one state, or open and answered. */
  inbox: (state: TicketState | null) =>
    queryOptions({
      queryKey: [...supportQueries.inboxes(), state ?? 'waiting'] as const,
      queryFn: async ({ signal }) => {
        const doc = read(
          inboxCheck,
          await api('GET', '/support/tickets', { query: { 'filter[state]': state ?? undefined }, signal }),
        );
        return {
          tickets: doc.data.map(({ id, attributes }): SupportTicket => ({ id, ...attributes })),
          counts: doc.meta.counts,
        };
      },
      retry: retryUnlessRefused,
      refetchInterval: 60_000,
    }),
  /** One question as the support team reads it (GET /support/tickets/{id}). */
  staffTicket: (id: string) =>
    queryOptions({
      queryKey: [...supportQueries.inboxes(), 'ticket', id] as const,
      queryFn: async ({ signal }) => readTicket(await api('GET', `/support/tickets/${id}`, { signal })),
      retry: retryUnlessRefused,
    }),
};

export const supportApi = {
  ask: async (body: SupportTicketBody, idempotencyKey: string) =>
    readTicket(await api('POST', '/support_tickets', { body, idempotencyKey })),
  reply: async (id: string, message: string, idempotencyKey: string) =>
    readTicket(await api('POST', `/support_tickets/${id}/messages`, { body: { message }, idempotencyKey })),
  answer: async (id: string, message: string, idempotencyKey: string) =>
    readTicket(await api('POST', `/support/tickets/${id}/answer`, { body: { message }, idempotencyKey })),
  close: async (id: string, idempotencyKey: string) =>
    readTicket(await api('POST', `/support/tickets/${id}/close`, { idempotencyKey })),
  setBeta: async (beta: boolean): Promise<Customer> =>
    readOne(await api('PUT', '/customers/beta', { body: { beta } }), customerCheck),
};

/** A question changed: the customer's list shows it as it is now. */
export function rememberTicket(queryClient: QueryClient, ticket: SupportTicket): void {
  queryClient.setQueryData(supportQueries.mine().queryKey, (list: SupportTicket[] | undefined) =>
    list ? [ticket, ...list.filter((other) => other.id !== ticket.id)] : list,
  );
}
