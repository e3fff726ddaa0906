import { queryOptions } from '@tanstack/react-query';
import {
  eventBookingDocument,
  eventBookingsDocument,
  eventChangeDocument,
  eventChangeQuoteDocument,
  eventGuestDocument,
  eventGuestFormDocument,
  eventGuestPreferencesDocument,
  eventSlotModel,
  hostSlotDocument,
  hostSlotsDocument,
  type EventBooking,
  type EventChangeBody,
  type EventChangeQuote,
  type EventGuest,
  type EventGuestBody,
  type EventGuestForm,
  type EventSlot,
  type HostSlot,
} from '../../../contracts/events';
import { api, API_BASE, isApiError } from '../../shared/api/client';

// A booking after it is paid (issue 22 parts 3, 4 and 6; decision 29): the booker's booking and its changes
// (quoted, then made), the guests' dietary form (by the booker signed in, or anyone with the link's key) and
// the host's view of a slot for the hosting restaurant's staff. The booking pages' queries (themes, slots,
// the checkout) are events.queries.ts; these keys are their own.

export type { EventBooking, EventChangeQuote, EventGuest, EventGuestForm, EventSlot, HostSlot };

export interface GuestPreference {
  id: string;
  kind: 'allergen' | 'diet';
  label: string;
}

export interface ChangeMade {
  booking: EventBooking;
  quote: EventChangeQuote;
  /** An order to pay (more guests, a dearer date) before the change happens; null when nothing to pay. */
  payOrderId: string | null;
}

const readBooking = (doc: unknown): EventBooking => {
  const { id, attributes } = eventBookingDocument.parse(doc).data;
  return { id, ...attributes };
};

const readGuestForm = (doc: unknown): EventGuestForm => eventGuestFormDocument.parse(doc).data.attributes;

const readPreferences = (doc: unknown): GuestPreference[] =>
  eventGuestPreferencesDocument.parse(doc).data.map(({ id, attributes }) => ({ id, ...attributes }));

const readHostSlots = (doc: unknown): EventSlot[] =>
  hostSlotsDocument.parse(doc).data.map(({ id, attributes }) => eventSlotModel.parse({ id, ...attributes }));

const readHostSlot = (doc: unknown): HostSlot => hostSlotDocument.parse(doc).data.attributes;

const readGuest = (doc: unknown): EventGuest => {
  const { id, attributes } = eventGuestDocument.parse(doc).data;
  return { id, ...attributes };
};

const readChange = (doc: unknown): ChangeMade => {
  const { data, meta } = eventChangeDocument.parse(doc);
  return { booking: { id: data.id, ...data.attributes }, quote: meta.quote, payOrderId: meta.payOrderId };
};

/** A missing booking, a wrong key or another's booking: asking again changes nothing. */
const retryUnlessRefused = (count: number, error: unknown) =>
  count < 2 &&
  !isApiError(
    error,
    'BOOKING_NOT_FOUND',
    'NOT_FOUND',
    'ORDER_NOT_FOUND',
    'FORBIDDEN',
    'UNAUTHENTICATED',
    'RESTAURANT_NOT_FOUND',
    'EVENT_SLOT_NOT_FOUND',
  );

export const bookingQueries = {
  all: ['event-bookings'] as const,
  details: () => [...bookingQueries.all, 'detail'] as const,
  /** The customer's bookings (GET /event_bookings): the soonest to come first, then the past. */
  mine: () =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'mine'] as const,
      queryFn: async ({ signal }) =>
        eventBookingsDocument
          .parse(await api('GET', '/event_bookings', { signal }))
          .data.map(({ id, attributes }): EventBooking => ({ id, ...attributes })),
      staleTime: 30_000,
    }),
  /** The booking as its booker sees it (GET /event_bookings/{orderId}). */
  detail: (orderId: string) =>
    queryOptions({
      queryKey: [...bookingQueries.details(), orderId] as const,
      queryFn: async ({ signal }) => readBooking(await api('GET', `/event_bookings/${orderId}`, { signal })),
      retry: retryUnlessRefused,
    }),
  /** The dietary form's booking, without money (GET /event_guests?order_id&key). */
  guestForm: (orderId: string, key: string | null) =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'guest-form', orderId, key] as const,
      queryFn: async ({ signal }) =>
        readGuestForm(
          await api('GET', '/event_guests', { query: { orderId, key: key ?? undefined }, signal }),
        ),
      retry: retryUnlessRefused,
    }),
  /** The 14 allergens and the diets a guest picks from (they change with the law, not the day). */
  preferences: () =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'preferences'] as const,
      queryFn: async ({ signal }) =>
        readPreferences(await api('GET', '/event_guest_preferences', { signal })),
      staleTime: 60 * 60_000,
    }),
  /** The host's view: a restaurant's upcoming slots. */
  hostSlots: (restaurantId: string) =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'host', restaurantId] as const,
      queryFn: async ({ signal }) =>
        readHostSlots(await api('GET', `/kitchen/restaurants/${restaurantId}/event_slots`, { signal })),
      retry: retryUnlessRefused,
      refetchInterval: 60_000,
    }),
  /** One slot's guest list and totals, read again every minute while open (answers keep coming). */
  hostSlot: (slotId: string) =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'host-slot', slotId] as const,
      queryFn: async ({ signal }) =>
        readHostSlot(await api('GET', `/kitchen/event_slots/${slotId}`, { signal })),
      retry: retryUnlessRefused,
      refetchInterval: 60_000,
    }),
};

/** The booking's calendar file (.ics), for "Add to calendar". */
export const calendarUrl = (orderId: string) =>
  `${API_BASE}/event_bookings/${encodeURIComponent(orderId)}/calendar.ics`;

export const bookingsApi = {
  /** One guest's answers; the key (one per filled form) keeps a double press from answering twice. */
  answer: async (body: EventGuestBody, idempotencyKey: string): Promise<EventGuest> =>
    readGuest(await api('POST', '/event_guests', { body, idempotencyKey })),
  /** The booker removes an answer (someone no longer coming, or answered twice). */
  removeAnswer: async (guestId: string): Promise<void> => {
    await api('DELETE', `/event_guests/${guestId}`);
  },
  /** What a change would do under the terms now: changes nothing. */
  quote: async (orderId: string, body: EventChangeBody, signal?: AbortSignal): Promise<EventChangeQuote> =>
    eventChangeQuoteDocument.parse(await api('POST', `/event_bookings/${orderId}/quote`, { body, signal }))
      .data.attributes,
  /** Makes the change; one key per confirmed quote, so a second press never changes it twice. */
  change: async (orderId: string, body: EventChangeBody, idempotencyKey: string): Promise<ChangeMade> =>
    readChange(await api('POST', `/event_bookings/${orderId}/changes`, { body, idempotencyKey })),
};
