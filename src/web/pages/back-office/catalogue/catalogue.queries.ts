import { queryOptions } from '@tanstack/react-query';
import {
  dishModel,
  menuWeekModel,
  takeawayItemModel,
  type DishBody,
  type DishListQuery,
  type DishView,
  type MenuWeekView,
  type TakeawayItemBody,
  type TakeawayItemView,
} from '../../../../contracts/back-office-catalogue';
import { api, API_BASE, apiErrorFrom, isApiError, NetworkError } from '../../../shared/api/client';
import { readMany, readOne } from '../../../shared/api/documents';
import { config } from '../../../shared/config';

// The back office's catalogue (issue 25 part 2): dishes, weekly menus and the takeaway menu per restaurant.
// Each write carries an Idempotency-Key made once per attempt by its caller; a picture goes up as its bytes,
// with its progress.

export type { DishBody, DishView, MenuWeekView, TakeawayItemView };

const noRetryWhenRefused = (count: number, error: unknown) =>
  count < 2 && !isApiError(error, 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND', 'DISH_NOT_FOUND');

export const catalogueQueries = {
  all: ['back-office', 'catalogue'] as const,
  dishes: (filter: DishListQuery) =>
    queryOptions({
      queryKey: [...catalogueQueries.all, 'dishes', filter] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/back_office/dishes', { signal, query: filter }), dishModel),
      retry: noRetryWhenRefused,
    }),
  dish: (id: string) =>
    queryOptions({
      queryKey: [...catalogueQueries.all, 'dish', id] as const,
      queryFn: async ({ signal }) =>
        readOne(await api('GET', `/back_office/dishes/${id}`, { signal }), dishModel),
      retry: noRetryWhenRefused,
    }),
  weeks: () =>
    queryOptions({
      queryKey: [...catalogueQueries.all, 'weeks'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/back_office/menu_weeks', { signal }), menuWeekModel),
      retry: noRetryWhenRefused,
    }),
  takeaway: (restaurantId: string) =>
    queryOptions({
      queryKey: [...catalogueQueries.all, 'takeaway', restaurantId] as const,
      queryFn: async ({ signal }) =>
        readMany(
          await api('GET', `/back_office/restaurants/${restaurantId}/takeaway_items`, { signal }),
          takeawayItemModel,
        ),
      retry: noRetryWhenRefused,
    }),
};

export const catalogueApi = {
  createDish: async (body: DishBody, idempotencyKey: string): Promise<DishView> =>
    readOne(await api('POST', '/back_office/dishes', { body, idempotencyKey }), dishModel),
  updateDish: async (id: string, body: DishBody, idempotencyKey: string): Promise<DishView> =>
    readOne(await api('PUT', `/back_office/dishes/${id}`, { body, idempotencyKey }), dishModel),
  putOnWeek: async (weekStart: string, dishId: string, idempotencyKey: string): Promise<MenuWeekView> =>
    readOne(
      await api('PUT', `/back_office/menu_weeks/${weekStart}/dishes/${dishId}`, { idempotencyKey }),
      menuWeekModel,
    ),
  takeOffWeek: async (weekStart: string, dishId: string, idempotencyKey: string): Promise<MenuWeekView> =>
    readOne(
      await api('DELETE', `/back_office/menu_weeks/${weekStart}/dishes/${dishId}`, { idempotencyKey }),
      menuWeekModel,
    ),
  publishWeek: async (weekStart: string, idempotencyKey: string): Promise<MenuWeekView> =>
    readOne(
      await api('POST', `/back_office/menu_weeks/${weekStart}/publish`, { idempotencyKey }),
      menuWeekModel,
    ),
  changeTakeawayItem: async (
    restaurantId: string,
    itemId: string,
    body: TakeawayItemBody,
    idempotencyKey: string,
  ): Promise<TakeawayItemView> =>
    readOne(
      await api('PUT', `/back_office/restaurants/${restaurantId}/takeaway_items/${itemId}`, {
        body,
        idempotencyKey,
      }),
      takeawayItemModel,
    ),
  /** Sends a picture's bytes, telling `onProgress` the share sent (0 to 1) as it goes. */
  uploadPicture: (dishId: string, file: File, onProgress: (share: number) => void): Promise<void> =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${API_BASE}/back_office/dishes/${dishId}/picture`);
      request.setRequestHeader('x-branch', config.branch);
      request.setRequestHeader('accept', 'application/json');
      request.setRequestHeader('content-type', file.type);
      request.withCredentials = true;
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) {
          onProgress(1);
          resolve();
          return;
        }
        let body: unknown = null;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          // not JSON: the general sentence
        }
        reject(apiErrorFrom(request.status, body));
      };
      request.onerror = () =>
        reject(new NetworkError('We could not reach Sfoglia. Check your connection and try again.'));
      request.send(file);
    }),
};
