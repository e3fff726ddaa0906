import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  checkoutMeta,
  orderModel,
  type CheckoutMeta,
  type Order,
  type RecipeKitOrderBody,
} from '../../../contracts/orders';
import type { EventBookingBody } from '../../../contracts/events';
import type { GiftBoxOrderBody } from '../../../contracts/gifts';
import { api } from '../../shared/api/client';
import { readMany, readMeta, readOne } from '../../shared/api/documents';
import { customerQueries } from '../../shared/customer.queries';

// Orders (spec §7 Orders): the recipe-kit checkout's preview and creation, confirming a payment, and the
// customer's orders. Upcoming orders are fetched with per_page 3000; past orders 4 at a time in a short list,
// 20 on their own page (spec §9).

export const UPCOMING_PER_PAGE = 3000;
export const PAST_PREVIEW_PER_PAGE = 4;
export const PAST_PER_PAGE = 20;

export interface OrderList {
  orders: Order[];
  page: number;
  perPage: number;
  total: number;
  checkout: CheckoutMeta | null;
}

const listMeta = z.object({
  page: z.int(),
  perPage: z.int(),
  total: z.int(),
  checkout: z.optional(checkoutMeta),
});
const detailMeta = z.optional(z.nullable(z.object({ checkout: z.optional(checkoutMeta) })));
const looseCheckoutMeta = z.optional(z.nullable(checkoutMeta));

/** A list document: the orders (lines resolved), its paging and, from the checkout calls, what to pay. */
export function readOrderList(doc: unknown): OrderList {
  const orders = readMany(doc, orderModel);
  const meta = readMeta(doc, z.optional(z.nullable(listMeta)));
  return {
    orders,
    page: meta?.page ?? 1,
    perPage: meta?.perPage ?? orders.length,
    total: meta?.total ?? orders.length,
    checkout: meta?.checkout ?? null,
  };
}

export interface OrderDetail {
  order: Order;
  checkout: CheckoutMeta | null;
}

/** One order; its document's meta is the checkout itself or `{ checkout }`. */
export function readOrderDetail(doc: unknown): OrderDetail {
  const order = readOne(doc, orderModel);
  const raw = (doc as { meta?: unknown }).meta;
  const direct = looseCheckoutMeta.safeParse(raw);
  if (direct.success && direct.data) return { order, checkout: direct.data };
  const nested = detailMeta.safeParse(raw);
  return { order, checkout: nested.success ? (nested.data?.checkout ?? null) : null };
}

export type OrderFilter = 'upcoming' | 'past';

export const orderQueries = {
  all: [...customerQueries.all, 'orders'] as const,
  lists: () => [...orderQueries.all, 'list'] as const,
  list: (
    filter: OrderFilter,
    page = 1,
    perPage = filter === 'upcoming' ? UPCOMING_PER_PAGE : PAST_PER_PAGE,
  ) =>
    queryOptions({
      queryKey: [...orderQueries.lists(), { filter, page, perPage }] as const,
      queryFn: async ({ signal }) =>
        readOrderList(
          await api('GET', '/orders', {
            query: { 'filter[deliveryDate]': filter, page, perPage },
            signal,
          }),
        ),
      // The page shown stays while the next one loads.
      placeholderData: (previous) => previous,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) => readOrderDetail(await api('GET', `/orders/${id}`, { signal })),
    }),
  /** What a recipe-kit checkout will cost, asked again for each version of its basket (never cached). */
  preview: (body: RecipeKitOrderBody | null, basketVersion: string | undefined) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'preview', body, basketVersion] as const,
      queryFn: ({ signal }) => ordersApi.preview(body!, signal),
      enabled: body !== null,
      staleTime: 0,
    }),
  /** What a gift will cost (never cached). */
  giftPreview: (body: GiftBoxOrderBody | null) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'gift-preview', body] as const,
      queryFn: ({ signal }) => ordersApi.previewGift(body!, signal),
      enabled: body !== null,
      staleTime: 0,
    }),
};

export const ordersApi = {
  /** What the checkout will cost, without creating anything (same body as placing it). */
  preview: async (body: RecipeKitOrderBody, signal?: AbortSignal): Promise<OrderList> =>
    readOrderList(await api('POST', '/preview_order', { body, signal })),
  /** One order per basket week (and the plan, when the basket starts one). Idempotent per basket. */
  placeRecipeKits: async (body: RecipeKitOrderBody, idempotencyKey: string): Promise<OrderList> =>
    readOrderList(await api('POST', '/orders/recipe_kits', { body, idempotencyKey })),
  /** What a gift box will cost, checked like a real order. */
  previewGift: async (body: GiftBoxOrderBody, signal?: AbortSignal): Promise<OrderList> =>
    readOrderList(await api('POST', '/orders/gift_boxes/preview', { body, signal })),
  /** A gift box's order (the same unpaid gift again gives back the same order). */
  placeGift: async (body: GiftBoxOrderBody, idempotencyKey: string): Promise<OrderList> =>
    readOrderList(await api('POST', '/orders/gift_boxes', { body, idempotencyKey })),
  /**
   * An event booking's order (issue 22): its seats are held for a few minutes while it is paid; the same
   * unpaid booking again gives back the same order, a changed one replaces it.
   */
  placeEventBooking: async (body: EventBookingBody, idempotencyKey: string): Promise<OrderList> =>
    readOrderList(await api('POST', '/orders/events', { body, idempotencyKey })),
  /** The note the driver reads, until the order is packed (PUT /orders/{id}). */
  changeNote: async (orderId: string, deliveryNote: string | null): Promise<Order> =>
    readOrderDetail(await api('PUT', `/orders/${orderId}`, { body: { deliveryNote } })).order,
  /** After a payment (or its 3-D Secure check or PayPal approval): the checkout's orders, paid. */
  confirm: async (orderId: string, paymentIntentId?: string | null): Promise<OrderList> =>
    readOrderList(
      await api('POST', '/orders/confirm', {
        body: { orderId, ...(paymentIntentId ? { paymentIntentId } : {}) },
      }),
    ),
};
