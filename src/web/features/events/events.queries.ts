import { queryOptions } from '@tanstack/react-query';
import {
  eventLocationModel,
  eventSlotFilterOptionsAttributes,
  eventSlotModel,
  eventTemplateModel,
  eventUpgradeModel,
  type EventLocation,
  type EventSlot,
  type EventSlotFilterOptions,
  type EventTemplate,
  type EventUpgrade,
} from '../../../contracts/events';
import { api } from '../../shared/api/client';
import { readMany, readOne } from '../../shared/api/documents';

// Events (issue 22, decision 29; spec §7 Events): what is on, read in public. The query-key factory goes
// from general to specific: all → templates → a template; slot filters → slots (by filters) → a slot;
// a template's add-ons. Placing a booking is an order (features/orders), paid with POST /payments.

/** The slot filters of GET /event_slots (spec §7 event_slot_filter_options); unset ones are left out. */
export interface SlotFilters {
  template?: string;
  location?: string;
  /** "2026-12". */
  month?: string;
  /** Seats needed: slots with at least this many left. */
  seats?: number;
}

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const templateCheck = import.meta.env.PROD ? null : eventTemplateModel;
const filterOptionsCheck = import.meta.env.PROD ? null : eventSlotFilterOptionsAttributes;
const slotCheck = import.meta.env.PROD ? null : eventSlotModel;
const locationCheck = import.meta.env.PROD ? null : eventLocationModel;
const upgradeCheck = import.meta.env.PROD ? null : eventUpgradeModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [
  templateCheck,
  filterOptionsCheck,
  slotCheck,
  locationCheck,
  upgradeCheck,
];

const all = ['events'] as const;
const PUBLIC_STALE_MS = 60_000;

/** The same filters always make the same key, whatever order they were set in. */
const filterKey = (filters: SlotFilters) => ({
  template: filters.template ?? null,
  location: filters.location ?? null,
  month: filters.month ?? null,
  seats: filters.seats ?? null,
});

export const eventQueries = {
  all,
  templates: () =>
    queryOptions({
      queryKey: [...all, 'templates'] as const,
      queryFn: async ({ signal }): Promise<EventTemplate[]> =>
        readMany(await api('GET', '/event_templates', { signal }), templateCheck),
      staleTime: PUBLIC_STALE_MS,
    }),
  template: (id: string) =>
    queryOptions({
      queryKey: [...all, 'templates', id] as const,
      queryFn: async ({ signal }): Promise<EventTemplate> =>
        readOne(await api('GET', `/event_templates/${encodeURIComponent(id)}`, { signal }), templateCheck),
      staleTime: PUBLIC_STALE_MS,
    }),
  filterOptions: () =>
    queryOptions({
      queryKey: [...all, 'slot-filter-options'] as const,
      queryFn: async ({ signal }): Promise<EventSlotFilterOptions> =>
        readOne(await api('GET', '/event_slot_filter_options', { signal }), filterOptionsCheck),
      staleTime: PUBLIC_STALE_MS,
    }),
  slots: (filters: SlotFilters) =>
    queryOptions({
      queryKey: [...all, 'slots', filterKey(filters)] as const,
      queryFn: async ({ signal }): Promise<EventSlot[]> =>
        readMany(
          await api('GET', '/event_slots', {
            query: {
              'filter[template]': filters.template,
              'filter[location]': filters.location,
              'filter[month]': filters.month,
              'filter[seats]': filters.seats,
            },
            signal,
          }),
          slotCheck,
        ),
      staleTime: 15_000,
    }),
  slot: (id: string) =>
    queryOptions({
      queryKey: [...all, 'slot', id] as const,
      queryFn: async ({ signal }): Promise<EventSlot> =>
        readOne(await api('GET', `/event_slots/${encodeURIComponent(id)}`, { signal }), slotCheck),
      staleTime: 5_000,
    }),
  /** The restaurants that host events, with their addresses. */
  locations: () =>
    queryOptions({
      queryKey: [...all, 'locations'] as const,
      queryFn: async ({ signal }): Promise<EventLocation[]> =>
        readMany(await api('GET', '/event_locations', { signal }), locationCheck),
      staleTime: 10 * 60_000,
    }),
  upgrades: (templateId: string) =>
    queryOptions({
      queryKey: [...all, 'upgrades', templateId] as const,
      queryFn: async ({ signal }): Promise<EventUpgrade[]> =>
        readMany(
          await api('GET', '/event_upgrades', { query: { 'filter[template]': templateId }, signal }),
          upgradeCheck,
        ),
      staleTime: PUBLIC_STALE_MS,
    }),
};
