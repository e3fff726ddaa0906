import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  floorDocument,
  floorTabDocument,
  qrCodesDocument,
  type floorTabSchema,
} from '../../../contracts/dine-in';
import {
  kitchenRestaurantsDocument,
  ticketDocument,
  ticketsDocument,
  type Ticket,
} from '../../../contracts/kitchen';
import { menuDocument, snoozedProductsDocument } from '../../../contracts/restaurants';
import type { KitchenAction, SnoozeOption } from '../../../domain/kitchen-options';
import { api, API_BASE, isApiError } from '../../shared/api/client';

// The kitchen screen's calls (issue 13 part 3; docs/decisions/0023): the member of staff's restaurants, a
// board's tickets (read once; the live stream is use-ticket-stream.ts), a ticket's steps, snoozes and busy
// mode. Every step answers with the ticket as it is now, which the board takes in at once. The floor (issue
// 21 part 6; decision 28): open tabs by table, closing or moving one, and the table cards' QR codes.

export type { Ticket };
export type KitchenRestaurant = z.infer<typeof kitchenRestaurantsDocument>['data'][number]['attributes'] & {
  id: string;
};
export interface BoardDocument {
  tickets: Ticket[];
  cursor: number;
  busyMinutes: number;
}
export interface SnoozedProduct {
  productId: string;
  title: string;
  until: string;
}

/** An open tab on the floor: its holder, table, state, what is on it and what its card holds. */
export type FloorTab = z.infer<typeof floorTabSchema>;
/** A table of the restaurant with its open tabs; `number` null: tabs served by name (or at no listed table). */
export interface FloorTable {
  number: string | null;
  seats: number | null;
  tabs: FloorTab[];
}
export interface Floor {
  tables: FloorTable[];
  hasTableNumbers: boolean;
  openTabs: number;
  tabsTotal: number;
}
/** A table's card to print: its link as a QR code (SVG), or the restaurant's one link where it serves by name. */
export interface TableCard {
  tableNumber: string | null;
  url: string;
  svg: string;
}
export interface TableCards {
  restaurantName: string;
  cards: TableCard[];
}

/** A dish or an extra the kitchen can snooze. */
export interface SnoozableProduct {
  productId: string;
  title: string;
}
export interface KitchenMenuSection {
  id: string;
  name: string;
  products: SnoozableProduct[];
}

/**
 * The restaurant's Pasta Now menu as the kitchen snoozes it: its categories in order, then the extras the
 * dishes offer. Read from the customers' menu (GET /restaurants/{id}/menu), without the basket's contracts
 * that the takeaway screens' queries bring (this chunk stays small).
 */
function readKitchenMenu(doc: unknown): KitchenMenuSection[] {
  const parsed = menuDocument.parse(doc);
  const products = new Map(parsed.included.map((p) => [p.id, p.attributes]));
  const extras = new Map<string, SnoozableProduct>();
  const sections = [...parsed.data]
    .sort((a, b) => a.attributes.position - b.attributes.position)
    .map((category) => ({
      id: category.id,
      name: category.attributes.name,
      products: category.attributes.productIds.flatMap((id) => {
        const product = products.get(id);
        if (!product) return [];
        for (const sub of product.subProducts) {
          if (sub.group === 'extra')
            extras.set(sub.productId, { productId: sub.productId, title: sub.title });
        }
        return [{ productId: id, title: product.title }];
      }),
    }));
  return extras.size > 0
    ? [...sections, { id: 'extras', name: 'Extras', products: [...extras.values()] }]
    : sections;
}

const readRestaurants = (doc: unknown): KitchenRestaurant[] =>
  kitchenRestaurantsDocument.parse(doc).data.map(({ id, attributes }) => ({ id, ...attributes }));

/** A board document (GET …/tickets, or an event of the stream once camelCased). */
export function readBoard(doc: unknown): BoardDocument {
  const parsed = ticketsDocument.parse(doc);
  return {
    tickets: parsed.data.map(({ id, attributes }) => ({ id, ...attributes })),
    cursor: parsed.meta.cursor,
    busyMinutes: parsed.meta.busyMinutes,
  };
}

const readTicket = (doc: unknown): Ticket => {
  const { id, attributes } = ticketDocument.parse(doc).data;
  return { id, ...attributes };
};

function readFloor(doc: unknown): Floor {
  const { data, meta } = floorDocument.parse(doc);
  return {
    tables: data.map(({ attributes }) => attributes),
    hasTableNumbers: meta.hasTableNumbers,
    openTabs: meta.openTabs,
    tabsTotal: meta.tabsTotal,
  };
}

const readFloorTab = (doc: unknown): FloorTab => floorTabDocument.parse(doc).data.attributes;

function readTableCards(doc: unknown): TableCards {
  const { data, meta } = qrCodesDocument.parse(doc);
  return { restaurantName: meta.restaurantName, cards: data.map(({ attributes }) => attributes) };
}

/** Not staff (403), or not at this restaurant (404): asking again every few seconds changes nothing. */
const retryUnlessRefused = (count: number, error: unknown) =>
  count < 3 && !isApiError(error, 'FORBIDDEN', 'RESTAURANT_NOT_FOUND', 'UNAUTHENTICATED');

const readSnoozed = (doc: unknown): SnoozedProduct[] =>
  snoozedProductsDocument.parse(doc).data.map((resource) => resource.attributes);

export const kitchenQueries = {
  all: ['kitchen'] as const,
  /** 403 FORBIDDEN for an account that is not staff: not worth asking again. */
  restaurants: () =>
    queryOptions({
      queryKey: [...kitchenQueries.all, 'restaurants'] as const,
      queryFn: async ({ signal }) => readRestaurants(await api('GET', '/kitchen/restaurants', { signal })),
      retry: false,
      staleTime: 30_000,
      // Busy mode set on another screen shows here within a minute.
      refetchInterval: 60_000,
    }),
  menu: (restaurantId: string) =>
    queryOptions({
      queryKey: [...kitchenQueries.all, 'menu', restaurantId] as const,
      queryFn: async ({ signal }) =>
        readKitchenMenu(await api('GET', `/restaurants/${restaurantId}/menu`, { signal })),
      staleTime: 5 * 60_000,
    }),
  /** What is snoozed there now (whatever the fulfilment), until when; another screen's snoozes show too. */
  snoozed: (restaurantId: string) =>
    queryOptions({
      queryKey: [...kitchenQueries.all, 'snoozed', restaurantId] as const,
      queryFn: async ({ signal }) =>
        readSnoozed(await api('GET', `/restaurants/${restaurantId}/snoozed_products`, { signal })),
      refetchInterval: 30_000,
    }),
  /** The floor: every table in order with its open tabs, read again every few seconds while in sight. */
  floor: (restaurantId: string) =>
    queryOptions({
      queryKey: [...kitchenQueries.all, 'floor', restaurantId] as const,
      queryFn: async ({ signal }) =>
        readFloor(await api('GET', `/kitchen/restaurants/${restaurantId}/floor`, { signal })),
      refetchInterval: 5_000,
      retry: retryUnlessRefused,
    }),
  /** Every table's card with its QR code, to print (the tables change rarely). */
  tableCards: (restaurantId: string) =>
    queryOptions({
      queryKey: [...kitchenQueries.all, 'table-cards', restaurantId] as const,
      queryFn: async ({ signal }) =>
        readTableCards(await api('GET', `/kitchen/restaurants/${restaurantId}/tables/qr`, { signal })),
      staleTime: 10 * 60_000,
      retry: retryUnlessRefused,
    }),
};

/** The address of a board's Server-Sent Events stream. */
export const ticketEventsUrl = (restaurantId: string) =>
  `${API_BASE}/kitchen/restaurants/${encodeURIComponent(restaurantId)}/tickets/events`;

export type TicketStep = Exclude<KitchenAction, 'accept' | 'reject'>;

export const kitchenApi = {
  board: async (restaurantId: string, signal?: AbortSignal): Promise<BoardDocument> =>
    readBoard(await api('GET', `/kitchen/restaurants/${restaurantId}/tickets`, { signal })),
  ticket: async (ticketId: string): Promise<Ticket> =>
    readTicket(await api('GET', `/kitchen/tickets/${ticketId}`)),
  step: async (ticketId: string, step: TicketStep): Promise<Ticket> =>
    readTicket(await api('POST', `/kitchen/tickets/${ticketId}/${step}`, { body: {} })),
  accept: async (ticketId: string, prepMinutes: number): Promise<Ticket> =>
    readTicket(await api('POST', `/kitchen/tickets/${ticketId}/accept`, { body: { prepMinutes } })),
  reject: async (ticketId: string, reason: string): Promise<Ticket> =>
    readTicket(await api('POST', `/kitchen/tickets/${ticketId}/reject`, { body: { reason } })),
  snooze: async (restaurantId: string, productId: string, duration: SnoozeOption) =>
    readSnoozed(
      await api('POST', `/kitchen/restaurants/${restaurantId}/snoozes`, {
        body: { productId: Number(productId), duration },
      }),
    ),
  unsnooze: async (restaurantId: string, productId: string) =>
    readSnoozed(await api('DELETE', `/kitchen/restaurants/${restaurantId}/snoozes/${productId}`)),
  /** Closes a tab the guests left: what was ordered, taken from the card held, no tip. */
  closeTab: async (restaurantId: string, tabId: string): Promise<FloorTab> =>
    readFloorTab(await api('POST', `/kitchen/restaurants/${restaurantId}/tabs/${tabId}/close`, { body: {} })),
  /** Moves a tab, and its rounds' tickets, to another of the restaurant's tables. */
  moveTab: async (restaurantId: string, tabId: string, tableNumber: string): Promise<FloorTab> =>
    readFloorTab(
      await api('POST', `/kitchen/restaurants/${restaurantId}/tabs/${tabId}/move`, { body: { tableNumber } }),
    ),
  /** Answers with the member of staff's restaurants, this one's busy minutes changed. */
  busy: async (restaurantId: string, minutes: number) =>
    readRestaurants(await api('PUT', `/kitchen/restaurants/${restaurantId}/busy`, { body: { minutes } })),
};
