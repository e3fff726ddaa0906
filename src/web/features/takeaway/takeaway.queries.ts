import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { CreateBasketBody, UpdateBasketBody } from '../../../contracts/basket-bodies';
import type { FulfillmentType } from '../../../domain/fulfillment-types';
import {
  type menuCategoryResource,
  menuDocument,
  menuProductModel,
  snoozedProductsDocument,
  timeSlotDatesDocument,
  timeSlotsDocument,
  type MenuProduct,
} from '../../../contracts/restaurants';
import {
  deliveryEstimationDocument,
  driverLocationDocument,
  placedTakeawayOrderDocument,
  publicTrackingDocument,
  publicTrackingModel,
  takeawayBasketMeta,
  takeawayBasketModel,
  takeawayOrderModel,
  type AddTakeawayItemBody,
  type DeliveryEstimationBody,
  type PublicTracking,
  type TakeawayBasket,
  type TakeawayOrder,
  type TakeawayOrderBody,
} from '../../../contracts/takeaway';
import { api } from '../../shared/api/client';
import { read, readMany, readMeta, readOne } from '../../shared/api/documents';
import { restaurantQueries, type NearestSearch } from './restaurants.queries';

// Pasta Now and catering (issue 13; spec §7 Restaurants, Baskets, Delivery, Orders): the query-key factory
// (restaurants → a restaurant's menu, snoozes, slots; the takeaway basket; a takeaway order and its rider) and
// the calls that change the takeaway basket or place its order. Every basket call answers with the basket as
// it is now: callers put it in the cache with `setTakeawayBasket` rather than refetching.

export type { FulfillmentType };

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const menuCheck = import.meta.env.PROD ? null : menuDocument;
const menuProductCheck = import.meta.env.PROD ? null : menuProductModel;
const snoozedCheck = import.meta.env.PROD ? null : snoozedProductsDocument;
const slotDatesCheck = import.meta.env.PROD ? null : timeSlotDatesDocument;
const slotsCheck = import.meta.env.PROD ? null : timeSlotsDocument;
const basketCheck = import.meta.env.PROD ? null : takeawayBasketModel;
const basketMetaCheck = import.meta.env.PROD ? null : takeawayBasketMeta;
const orderCheck = import.meta.env.PROD ? null : takeawayOrderModel;
const placedOrderCheck = import.meta.env.PROD ? null : placedTakeawayOrderDocument;
const trackingDocumentCheck = import.meta.env.PROD ? null : publicTrackingDocument;
const trackingCheck = import.meta.env.PROD ? null : publicTrackingModel;
const driverCheck = import.meta.env.PROD ? null : driverLocationDocument;
const estimateCheck = import.meta.env.PROD ? null : deliveryEstimationDocument;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [
  menuCheck,
  menuProductCheck,
  snoozedCheck,
  slotDatesCheck,
  slotsCheck,
  basketCheck,
  basketMetaCheck,
  orderCheck,
  placedOrderCheck,
  trackingDocumentCheck,
  trackingCheck,
  driverCheck,
  estimateCheck,
];

export interface MenuCategory {
  id: string;
  name: string;
  position: number;
  products: MenuProduct[];
}

/** Plain data (no Map): a page rendered on the server carries it in its query cache (JSON). */
export interface TakeawayMenu {
  categories: MenuCategory[];
  meta: z.infer<typeof menuDocument>['meta'];
}

/** Every dish of a menu by id, whichever category it is in. */
export const menuDishes = (menu: TakeawayMenu | undefined): Map<string, MenuProduct> =>
  new Map((menu?.categories ?? []).flatMap((category) => category.products.map((p) => [p.id, p] as const)));

type TakeawayBasketMeta = z.infer<typeof takeawayBasketMeta>;
export interface TakeawayBasketState {
  basket: TakeawayBasket;
  meta: TakeawayBasketMeta;
}

function readMenu(doc: unknown): TakeawayMenu {
  const parsed = read(menuCheck, doc);
  const products = new Map(
    parsed.included.map((resource) => [
      resource.id,
      read(menuProductCheck, { id: resource.id, ...resource.attributes }),
    ]),
  );
  const categories = parsed.data
    .map((category: z.infer<typeof menuCategoryResource>) => ({
      id: category.id,
      name: category.attributes.name,
      position: category.attributes.position,
      products: category.attributes.productIds.flatMap((id) => products.get(id) ?? []),
    }))
    .sort((a, b) => a.position - b.position);
  return { categories, meta: parsed.meta };
}

export function readTakeawayBasket(doc: unknown): TakeawayBasketState {
  return { basket: readOne(doc, basketCheck), meta: readMeta(doc, basketMetaCheck) };
}

/** The visitor's takeaway basket from the basket list (which holds the recipe-kit basket too), or null. */
async function fetchTakeawayBasket(signal?: AbortSignal): Promise<TakeawayBasketState | null> {
  const list = (await api('GET', '/baskets', { signal })) as {
    data?: { attributes?: { type?: string } }[];
    included?: unknown[];
    meta?: unknown;
  };
  const found = (list?.data ?? []).find((resource) => resource.attributes?.type === 'TakeawayBasket');
  if (!found) return null;
  const basket = readOne({ data: found, included: list.included }, basketCheck);
  return { basket, meta: read(basketMetaCheck, list.meta ?? {}) };
}

export type { NearestSearch };

/** Every menu of a restaurant (any fulfilment, catering or not, any viewer): to read them again. */
export const restaurantMenusKey = (restaurantId: string) => ['takeaway', 'menu', restaurantId] as const;

export const takeawayQueries = {
  // all, nearest, restaurants, restaurant: restaurants.queries.ts, light enough for the address search.
  ...restaurantQueries,
  /** When a delivery would arrive (spec §7 Delivery: delivery_estimation), for a minute. */
  estimate: (body: DeliveryEstimationBody | null) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'estimate', body] as const,
      queryFn: () => takeawayApi.estimate(body!),
      enabled: body !== null,
      staleTime: 60_000,
    }),
  /**
   * Spec §9: the takeaway menu refetches every 60 s. `viewer` is the signed-in customer the menu is read
   * for (their allergen conflicts), null for a visitor: a page rendered on the server holds the visitor's,
   * and the customer's is read once the page is live (`useMenuViewer`).
   */
  menu: (
    restaurantId: string,
    fulfillmentType: FulfillmentType,
    catering = false,
    viewer: string | null = null,
  ) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'menu', restaurantId, fulfillmentType, catering, viewer] as const,
      queryFn: async ({ signal }): Promise<TakeawayMenu> =>
        readMenu(
          await api('GET', `/restaurants/${restaurantId}/menu`, {
            query: { fulfillmentType, catering: catering ? true : undefined },
            signal,
          }),
        ),
      refetchInterval: 60_000,
      staleTime: 30_000,
    }),
  /** Spec §9: snoozed products every 30 s (the kitchen's snooze hides a dish within 30 seconds). */
  snoozed: (restaurantId: string, fulfillmentType?: FulfillmentType) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'snoozed', restaurantId, fulfillmentType ?? 'any'] as const,
      queryFn: async ({ signal }) =>
        read(
          snoozedCheck,
          await api('GET', `/restaurants/${restaurantId}/snoozed_products`, {
            query: { fulfillmentType },
            signal,
          }),
        ).data.map((resource) => resource.attributes),
      refetchInterval: 30_000,
      staleTime: 15_000,
    }),
  timeSlotDates: (restaurantId: string, fulfillmentType: FulfillmentType, catering = false) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'slot-dates', restaurantId, fulfillmentType, catering] as const,
      queryFn: async ({ signal }) =>
        read(
          slotDatesCheck,
          await api('GET', `/restaurants/${restaurantId}/time_slot_dates`, {
            query: { fulfillmentType, catering: catering ? true : undefined },
            signal,
          }),
        ).data.map((resource) => resource.attributes),
      staleTime: 30_000,
    }),
  timeSlots: (restaurantId: string, fulfillmentType: FulfillmentType, date: string, catering = false) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'slots', restaurantId, fulfillmentType, date, catering] as const,
      queryFn: async ({ signal }) => {
        const doc = read(
          slotsCheck,
          await api('GET', `/restaurants/${restaurantId}/time_slots`, {
            query: { fulfillmentType, date, catering: catering ? true : undefined },
            signal,
          }),
        );
        return { slots: doc.data.map((resource) => resource.attributes), meta: doc.meta };
      },
      staleTime: 15_000,
      refetchInterval: 60_000,
    }),
  /** The visitor's takeaway basket, or null when they have none yet (it is made when they choose a restaurant). */
  basket: () =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'basket'] as const,
      queryFn: ({ signal }) => fetchTakeawayBasket(signal),
      retry: false,
      staleTime: 10_000,
    }),
  order: (orderId: string) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'order', orderId] as const,
      queryFn: async ({ signal }): Promise<TakeawayOrder> =>
        readOne(await api('GET', `/orders/${orderId}/tracking`, { signal }), orderCheck),
    }),
  liveOrders: () =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'live'] as const,
      queryFn: async ({ signal }): Promise<TakeawayOrder[]> =>
        readMany(await api('GET', '/orders/live', { signal }), orderCheck),
    }),
  /**
   * An order's public tracking by the key in its link (issue 19): anyone may read it; `orderId` is the
   * order's id only when it is the signed-in customer's own.
   */
  tracking: (token: string) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'tracking', token] as const,
      queryFn: async ({ signal }): Promise<{ tracking: PublicTracking; orderId: string | null }> => {
        const doc = read(trackingDocumentCheck, await api('GET', `/tracking/${token}`, { signal }));
        return {
          tracking: read(trackingCheck, { id: doc.data.id, ...doc.data.attributes }),
          orderId: doc.meta.orderId,
        };
      },
    }),
  /** How far along the rider is, by the tracking link's key (no coordinates). */
  trackedDriver: (token: string) =>
    queryOptions({
      queryKey: [...takeawayQueries.all, 'tracked-driver', token] as const,
      queryFn: async ({ signal }) =>
        read(driverCheck, await api('GET', `/tracking/${token}/driver_location`, { signal })).data.attributes,
    }),
};

/** The calls that change the takeaway basket; each answers with the basket as it is now. */
export const takeawayBasketApi = {
  /** Makes the visitor's takeaway basket, or answers with the one they have, with any choices given. */
  create: async (body: Omit<CreateBasketBody, 'type'>): Promise<TakeawayBasketState> =>
    readTakeawayBasket(await api('POST', '/baskets', { body: { ...body, type: 'TakeawayBasket' } })),
  /** Spec §7's basket update: deliveryDate, timeSlot, restaurantId, fulfillmentType, address and the rest. */
  update: async (basketId: string, body: UpdateBasketBody): Promise<TakeawayBasketState> =>
    readTakeawayBasket(await api('PUT', `/baskets/${basketId}`, { body })),
  addItem: async (
    basketId: string,
    body: AddTakeawayItemBody,
    idempotencyKey: string,
  ): Promise<TakeawayBasketState> =>
    readTakeawayBasket(await api('POST', `/baskets/${basketId}/takeaway_items`, { body, idempotencyKey })),
  /** 0 removes the line (spec §4: minus on a line of one removes it). */
  setQuantity: async (basketId: string, itemId: string, quantity: number): Promise<TakeawayBasketState> =>
    readTakeawayBasket(
      await api('PUT', `/baskets/${basketId}/takeaway_items/${itemId}`, { body: { quantity } }),
    ),
  /** Spec §4 Takeaway switch: the basket is recreated for the restaurant found. */
  remove: async (): Promise<void> => {
    await api('DELETE', '/baskets/delete_by_type/TakeawayBasket');
  },
  validate: async (basketId: string) => api('GET', `/baskets/${basketId}/validate`),
};

export const takeawayApi = {
  estimate: async (body: DeliveryEstimationBody) =>
    read(estimateCheck, await api('POST', '/delivery_estimation', { body })).data.attributes,
  /** Places the basket's order (the same unchanged basket answers with its open order). */
  placeOrder: async (body: TakeawayOrderBody, idempotencyKey: string) => {
    const doc = read(placedOrderCheck, await api('POST', '/orders/takeaway', { body, idempotencyKey }));
    return {
      order: read(orderCheck, { id: doc.data.id, ...doc.data.attributes }),
      meta: doc.meta,
    };
  },
};
