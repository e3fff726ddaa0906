import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { orderModel, type Order } from '../../../contracts/orders';
import {
  ingredientAttributes,
  scheduleWeekModel,
  subscriptionEventAttributes,
  subscriptionModel,
  type CANCEL_REASONS,
  type ScheduleBody,
  type ScheduleWeek,
  type Subscription,
  type SubscriptionEvent,
  type UpdateScheduleWeekBody,
  type UpdateSubscriptionBody,
  type WeekChangeView,
  weekChangeSchema,
} from '../../../contracts/subscriptions';
import { api } from '../../shared/api/client';
import { readMany, readOne } from '../../shared/api/documents';
import { customerQueries } from '../../shared/customer.queries';

// The Pasta Plan (spec §7 Subscriptions and Schedule; the order calls on a plan's box): the query-key
// factory (all → the plan list → a plan, its weeks, its history…) and the calls that change a plan, a week
// or a box. Every change answers with the thing as it is now; screens then invalidate `subscriptionQueries.all`
// (and the orders, which a box is: app/use-plan-changed.ts).

const eventModel = z.extend(subscriptionEventAttributes, { id: z.string() });
const ingredientModel = z.extend(ingredientAttributes, { id: z.string() });
const preferenceModel = z.object({ id: z.string(), ingredientId: z.string() });
const scheduleChangeModel = z.object({ id: z.string(), changes: z.array(weekChangeSchema) });

export interface Ingredient {
  id: string;
  name: string;
  position: number;
}

export type CancelReason = (typeof CANCEL_REASONS)[number];

export const subscriptionQueries = {
  all: [...customerQueries.all, 'subscriptions'] as const,
  list: () =>
    queryOptions({
      queryKey: [...subscriptionQueries.all, 'list'] as const,
      queryFn: async ({ signal }): Promise<Subscription[]> =>
        readMany(await api('GET', '/subscriptions', { signal }), subscriptionModel),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...subscriptionQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }): Promise<Subscription> =>
        readOne(await api('GET', `/subscriptions/${id}`, { signal }), subscriptionModel),
    }),
  history: (id: string) =>
    queryOptions({
      queryKey: [...subscriptionQueries.all, 'history', id] as const,
      queryFn: async ({ signal }): Promise<SubscriptionEvent[]> =>
        readMany(await api('GET', `/subscriptions/${id}/history`, { signal }), eventModel),
    }),
  /** The ingredients this plan's boxes leave out (their ids). */
  avoided: (id: string) =>
    queryOptions({
      queryKey: [...subscriptionQueries.all, 'ingredient-preferences', id] as const,
      queryFn: async ({ signal }): Promise<string[]> =>
        readMany(
          await api('GET', `/subscriptions/${id}/ingredient_preferences`, { signal }),
          preferenceModel,
        ).map((preference) => preference.ingredientId),
    }),
  ingredients: () =>
    queryOptions({
      queryKey: [...subscriptionQueries.all, 'ingredients'] as const,
      queryFn: async ({ signal }): Promise<Ingredient[]> =>
        readMany(await api('GET', '/ingredients', { signal }), ingredientModel).sort(
          (a, b) => a.position - b.position,
        ),
      staleTime: 60 * 60_000,
    }),
  /** A plan's weeks from yesterday on (spec §4), each with its box. */
  weeks: (subscriptionId: string) =>
    queryOptions({
      queryKey: [...subscriptionQueries.all, 'weeks', subscriptionId] as const,
      queryFn: async ({ signal }): Promise<ScheduleWeek[]> =>
        readMany(
          await api('GET', '/schedule_weeks', {
            query: { 'filter[subscriptionId]': subscriptionId },
            signal,
          }),
          scheduleWeekModel,
        ),
    }),
  /** What a new day or rhythm would do to each coming week (nothing changes until it is saved). */
  schedulePreview: (id: string, body: { deliveryDay: number; frequency: number }) =>
    queryOptions({
      queryKey: [
        ...subscriptionQueries.all,
        'schedule-preview',
        id,
        body.deliveryDay,
        body.frequency,
      ] as const,
      queryFn: ({ signal }) => subscriptionsApi.previewSchedule(id, body, signal),
      staleTime: 0,
    }),
  week: (id: string) =>
    queryOptions({
      queryKey: [...subscriptionQueries.all, 'week', id] as const,
      queryFn: async ({ signal }): Promise<ScheduleWeek> =>
        readOne(await api('GET', `/schedule_weeks/${id}`, { signal }), scheduleWeekModel),
    }),
};

const readWeek = (doc: unknown) => readOne(doc, scheduleWeekModel);
const readPlan = (doc: unknown) => readOne(doc, subscriptionModel);
const readOrder = (doc: unknown): Order => readOne(doc, orderModel);

export const subscriptionsApi = {
  update: async (id: string, body: UpdateSubscriptionBody): Promise<Subscription> =>
    readPlan(await api('PUT', `/subscriptions/${id}`, { body })),
  schedule: async (id: string, body: ScheduleBody): Promise<Subscription> =>
    readPlan(await api('PUT', `/subscriptions/${id}/schedule`, { body })),
  /** Pause for 1–8 weeks, or (null) until the customer restarts it; a paused plan takes the new length. */
  pause: async (id: string, weeks: number | null, idempotencyKey: string): Promise<Subscription> =>
    readPlan(await api('POST', `/subscriptions/${id}/pause`, { body: { weeks }, idempotencyKey })),
  /** What a new day or rhythm would do to each coming week (nothing changes). */
  previewSchedule: async (
    id: string,
    body: ScheduleBody,
    signal?: AbortSignal,
  ): Promise<{ changes: WeekChangeView[] }> =>
    readOne(
      await api('POST', `/subscriptions/${id}/schedule/preview`, { body, signal }),
      scheduleChangeModel,
    ),
  activate: async (id: string, idempotencyKey: string): Promise<Subscription> =>
    readPlan(await api('POST', `/subscriptions/${id}/activate`, { idempotencyKey })),
  cancel: async (
    id: string,
    body: { reason: CancelReason | null; comment: string | null },
    idempotencyKey: string,
  ): Promise<Subscription> =>
    readPlan(await api('POST', `/subscriptions/${id}/cancel`, { body, idempotencyKey })),
  avoid: async (id: string, ingredientIds: string[]): Promise<string[]> =>
    readMany(
      await api('POST', `/subscriptions/${id}/ingredient_preferences`, { body: { ingredientIds } }),
      preferenceModel,
    ).map((preference) => preference.ingredientId),
  changePaymentMethod: async (subscriptionId: string, paymentMethodId: string): Promise<void> => {
    await api('POST', '/subscriptions/change_payment_method', { body: { subscriptionId, paymentMethodId } });
  },

  /** Skip a week: signed in, or with the one-tap link's token from the reminder email. */
  skip: async (weekId: string, idempotencyKey: string, token?: string): Promise<ScheduleWeek> =>
    readWeek(
      await api('POST', `/schedule_weeks/${weekId}/skip`, {
        idempotencyKey,
        ...(token ? { query: { token } } : {}),
      }),
    ),
  unskip: async (weekId: string, idempotencyKey: string, token?: string): Promise<ScheduleWeek> =>
    readWeek(
      await api('POST', `/schedule_weeks/${weekId}/unskip`, {
        idempotencyKey,
        ...(token ? { query: { token } } : {}),
      }),
    ),
  updateWeek: async (weekId: string, body: UpdateScheduleWeekBody): Promise<ScheduleWeek> =>
    readWeek(await api('PUT', `/schedule_weeks/${weekId}`, { body })),
  chefSelections: async (weekId: string): Promise<ScheduleWeek> =>
    readWeek(await api('POST', `/schedule_weeks/${weekId}/chef_selections`)),

  /** A basket's dishes for one week into that week's box (instead of a second plan). */
  addBasketToWeek: async (basketId: string, scheduleWeekId: string, idempotencyKey: string): Promise<Order> =>
    readOrder(await api('POST', '/orders', { body: { basketId, scheduleWeekId }, idempotencyKey })),
  orderDeliveryDate: async (orderId: string, deliveryDate: string): Promise<Order> =>
    readOrder(await api('POST', `/orders/${orderId}/delivery_date`, { body: { deliveryDate } })),
  orderAddress: async (orderId: string, addressId: string): Promise<Order> =>
    readOrder(await api('PUT', `/orders/${orderId}/shipping_address/${addressId}`)),
  /** A code on a plan's coming box (spec §5: codes are upper-cased before sending). */
  orderVoucher: async (orderId: string, code: string): Promise<Order> =>
    readOrder(await api('POST', `/orders/${orderId}/voucher`, { body: { code: code.trim().toUpperCase() } })),
  removeOrderVoucher: async (orderId: string): Promise<Order> =>
    readOrder(await api('POST', `/orders/${orderId}/remove_voucher`)),
};
