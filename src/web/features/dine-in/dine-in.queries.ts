import { queryOptions } from '@tanstack/react-query';
import { currentGuestDocument, guestSessionDocument } from '../../../contracts/customers';
import {
  diningTablesDocument,
  qrCodeDocument,
  tabDocument,
  tipPreviewDocument,
  type GuestOrderBody,
  type OpenTabBody,
  type SplitBody,
  type Tab,
  type TipPreview,
} from '../../../contracts/dine-in';
import { eatInAvailableDocument } from '../../../contracts/restaurants';
import { placedTakeawayOrderDocument, takeawayOrderModel } from '../../../contracts/takeaway';
import { api, isApiError } from '../../shared/api/client';

// Dine-in (issue 21, decision 28; spec §7 Restaurants eat_in_available and tables, Sessions guest_token,
// Orders open_tab, open_tab/checkout, guest, tip_preview; Baskets tip_preview): the query-key factory
// (all → a restaurant's table check → the guest session → tabs → a tab and its join code → tip choices) and
// the calls that change a tab. Every tab call answers with the tab as it is now: callers put it in the cache
// with `rememberTab` rather than refetching.

export interface Guest {
  email: string;
  firstName: string | null;
}

export interface TabAnswer {
  tab: Tab;
  /** The order to pay with POST /payments (a hold, a higher limit, or a part), when there is one. */
  payOrderId: string | null;
}

function readTab(doc: unknown): TabAnswer {
  const parsed = tabDocument.parse(doc);
  return { tab: { id: parsed.data.id, ...parsed.data.attributes }, payOrderId: parsed.meta.payOrderId };
}

function readTips(doc: unknown): TipPreview {
  return tipPreviewDocument.parse(doc).data.attributes;
}

/** How often an open tab is read again, so the bill updates for everyone at the table (decision 28). */
export const TAB_REFRESH_MS = 5_000;

const all = ['dine-in'] as const;

export const dineInQueries = {
  all,
  /** Whether a restaurant's table can order now, and its table settings (spec §7 eat_in_available). */
  eatIn: (restaurantId: string, table: string | null) =>
    queryOptions({
      queryKey: [...all, 'eat-in', restaurantId, table] as const,
      queryFn: async ({ signal }) =>
        eatInAvailableDocument.parse(
          await api('GET', `/restaurants/${restaurantId}/eat_in_available`, {
            query: { table: table ?? undefined },
            signal,
          }),
        ).data.attributes,
      staleTime: 30_000,
      retry: (count, error) => !isApiError(error, 'RESTAURANT_NOT_FOUND') && count < 2,
    }),
  tables: (restaurantId: string) =>
    queryOptions({
      queryKey: [...all, 'tables', restaurantId] as const,
      queryFn: async ({ signal }) => {
        const doc = diningTablesDocument.parse(
          await api('GET', `/restaurants/${restaurantId}/tables`, { signal }),
        );
        return { numbers: doc.data.map((table) => table.attributes.number), meta: doc.meta };
      },
      staleTime: 5 * 60_000,
    }),
  /** The browser's guest session (an email and a first name), or null: a guest has no account (spec §6). */
  guest: () =>
    queryOptions({
      queryKey: [...all, 'guest'] as const,
      queryFn: async ({ signal }): Promise<Guest | null> => {
        const doc = currentGuestDocument.parse(await api('GET', '/sessions/guest_token', { signal }));
        return doc.data?.attributes ?? null;
      },
      retry: 0,
      staleTime: 5 * 60_000,
    }),
  tabs: () => [...all, 'tabs'] as const,
  /**
   * A tab the diner is on (`tabId`), or their newest (null when they have none). Read every 5 s while it is
   * open, so rounds and paid parts appear for everyone; its `version` says when anything changed.
   */
  tab: (tabId: string | null) =>
    queryOptions({
      queryKey: [...dineInQueries.tabs(), tabId ?? 'newest'] as const,
      queryFn: async ({ signal }): Promise<Tab | null> => {
        try {
          return readTab(
            await api('GET', '/orders/open_tab', { query: { tabId: tabId ?? undefined }, signal }),
          ).tab;
        } catch (error) {
          if (isApiError(error, 'TAB_NOT_FOUND')) return null;
          throw error;
        }
      },
      refetchInterval: (query) =>
        query.state.data && ['closed', 'abandoned'].includes(query.state.data.state) ? false : TAB_REFRESH_MS,
      staleTime: 2_000,
      retry: 1,
    }),
  /** The tab's join link as a QR code (an SVG), for the others at the table to scan. */
  joinCode: (tabId: string) =>
    queryOptions({
      queryKey: [...all, 'join-code', tabId] as const,
      queryFn: async ({ signal }) =>
        qrCodeDocument.parse(await api('GET', '/orders/open_tab/qr', { query: { tabId }, signal })).data
          .attributes,
      staleTime: Infinity,
    }),
  /** The tip choices on a table's basket: "No tip" first, nothing chosen, and every charge beyond the food. */
  basketTips: (basketId: string, subtotal: number) =>
    queryOptions({
      queryKey: [...all, 'tips', 'basket', basketId, subtotal] as const,
      queryFn: async () => readTips(await api('POST', `/baskets/${basketId}/tip_preview`, { body: {} })),
      staleTime: 60_000,
    }),
  /** The tip choices when paying a tab (by one of its rounds): on the whole bill, or on one part of it. */
  tabTips: (roundOrderId: string, partId: string | null, amount: number) =>
    queryOptions({
      queryKey: [...all, 'tips', 'tab', roundOrderId, partId, amount] as const,
      queryFn: async () =>
        readTips(
          await api('POST', `/orders/${roundOrderId}/tip_preview`, {
            body: partId ? { partId } : {},
          }),
        ),
      staleTime: 60_000,
    }),
};

export const dineInApi = {
  /** Starts a guest session (an email and a first name): the guest can then order and pay at the table. */
  startGuest: async (body: { email: string; firstName: string }): Promise<Guest> =>
    guestSessionDocument.parse(await api('POST', '/sessions/guest_token', { body })).data.attributes,
  /** A guest's pay-now order at the table, with the tip chosen; paid with POST /payments. */
  placeGuestOrder: async (body: GuestOrderBody, idempotencyKey: string) => {
    const doc = placedTakeawayOrderDocument.parse(
      await api('POST', '/orders/guest', { body, idempotencyKey }),
    );
    return {
      order: takeawayOrderModel.parse({ id: doc.data.id, ...doc.data.attributes }),
      meta: doc.meta,
    };
  },
  /** Opens a tab with the basket as its first round (then hold the card), or adds it as a round of `tabId`. */
  openTab: async (body: OpenTabBody): Promise<TabAnswer> =>
    readTab(await api('POST', '/orders/open_tab', { body })),
  join: async (token: string): Promise<TabAnswer> =>
    readTab(await api('POST', '/orders/open_tab/join', { body: { token } })),
  /** Asks for a higher limit: hold it with POST /payments on `payOrderId`. */
  raiseLimit: async (tabId: string, limit: number): Promise<TabAnswer> =>
    readTab(await api('POST', '/orders/open_tab/limit', { body: { tabId, limit } })),
  split: async (body: SplitBody): Promise<TabAnswer> =>
    readTab(await api('POST', '/orders/open_tab/split', { body })),
  cancelSplit: async (tabId: string): Promise<TabAnswer> =>
    readTab(await api('DELETE', '/orders/open_tab/split', { query: { tabId } })),
  /** Pays a part of the split bill with a tip: pay `payOrderId` with POST /payments. */
  payPart: async (partId: string, tip: number): Promise<TabAnswer> =>
    readTab(await api('POST', `/orders/open_tab/parts/${partId}`, { body: { tip } })),
  /** The holder closes the tab with a tip (or, split, pays their own part; `coverRest` the unpaid parts too). */
  close: async (tabId: string, tip: number, coverRest = false): Promise<TabAnswer> =>
    readTab(
      await api('POST', '/orders/open_tab/checkout', {
        body: { tabId, tip, ...(coverRest ? { coverRest } : {}) },
      }),
    ),
};
