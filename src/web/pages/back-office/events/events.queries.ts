import { queryOptions } from '@tanstack/react-query';
import {
  eventSlotAdminModel,
  eventTemplateAdminModel,
  type EventSlotAdminChange,
  type EventSlotAdminNew,
  type EventSlotAdminView,
  type EventTemplateAdminView,
} from '../../../../contracts/back-office-events';
import { api } from '../../../shared/api/client';
import { readMany, readMeta, readOne } from '../../../shared/api/documents';
import { noRetryWhenRefused, type BackOfficeRestaurant } from '../back-office.queries';

// The back office's events (issue 25 part 3): the coming sittings of each event with their seats and prices,
// what a new one can be of and where, a new sitting and a change of one's seats and prices. Each write carries
// an Idempotency-Key made once per attempt by its caller.

export type { EventSlotAdminChange, EventSlotAdminNew, EventSlotAdminView, EventTemplateAdminView };

export const eventsQueries = {
  all: ['back-office', 'events'] as const,
  /** The sittings from a London day (empty: from today), soonest first. */
  slots: (from: string) =>
    queryOptions({
      queryKey: [...eventsQueries.all, 'slots', from] as const,
      queryFn: async ({ signal }) =>
        readMany(
          await api('GET', '/back_office/event_slots', { signal, query: from ? { from } : {} }),
          eventSlotAdminModel,
        ),
      retry: noRetryWhenRefused,
    }),
  /** The events a sitting can be of, and the open restaurants it can be at. */
  templates: () =>
    queryOptions({
      queryKey: [...eventsQueries.all, 'templates'] as const,
      queryFn: async ({ signal }) => {
        const doc = await api('GET', '/back_office/event_templates', { signal });
        return {
          templates: readMany(doc, eventTemplateAdminModel),
          restaurants: readMeta<{ restaurants: BackOfficeRestaurant[] }>(doc, null).restaurants,
        };
      },
      retry: noRetryWhenRefused,
      staleTime: 5 * 60_000,
    }),
};

export const eventsApi = {
  addSlot: async (body: EventSlotAdminNew, idempotencyKey: string): Promise<EventSlotAdminView> =>
    readOne(await api('POST', '/back_office/event_slots', { body, idempotencyKey }), eventSlotAdminModel),
  changeSlot: async (
    id: string,
    body: EventSlotAdminChange,
    idempotencyKey: string,
  ): Promise<EventSlotAdminView> =>
    readOne(
      await api('PATCH', `/back_office/event_slots/${encodeURIComponent(id)}`, { body, idempotencyKey }),
      eventSlotAdminModel,
    ),
};
