import { queryOptions } from '@tanstack/react-query';
import { restaurantModel, type Restaurant } from '../../../contracts/restaurants';
import type { FulfillmentType } from '../../../domain/fulfillment-types';
import { api, isApiError } from '../../shared/api/client';
import { readMany, readOne } from '../../shared/api/documents';

// The restaurants (spec §7 Restaurants: nearest, all, one), apart from takeaway.queries.ts, whose basket and
// order contracts the address search does not need: takeawayQueries spreads these in, so their keys are the
// same whichever module a screen reads them from.

export interface NearestSearch {
  lat: number;
  lon: number;
  fulfillmentType: FulfillmentType;
  catering?: boolean;
}

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const restaurantCheck = import.meta.env.PROD ? null : restaurantModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [restaurantCheck];

const all = ['takeaway'] as const;

const restaurant = (id: string) =>
  queryOptions({
    queryKey: [...all, 'restaurant', id] as const,
    queryFn: async ({ signal }): Promise<Restaurant> =>
      readOne(await api('GET', `/restaurants/${id}`, { signal }), restaurantCheck),
    staleTime: 60_000,
  });

export const restaurantQueries = {
  all,
  nearest: ({ lat, lon, fulfillmentType, catering }: NearestSearch) =>
    queryOptions({
      queryKey: [...all, 'nearest', lat, lon, fulfillmentType, !!catering] as const,
      queryFn: async ({ signal }): Promise<Restaurant[]> =>
        readMany(
          await api('GET', '/restaurants/nearest', {
            query: { lat, lon, fulfillmentType, catering: catering ? true : undefined },
            signal,
          }),
          restaurantCheck,
        ),
      staleTime: 60_000,
    }),
  restaurants: () =>
    queryOptions({
      queryKey: [...all, 'restaurants'] as const,
      queryFn: async ({ signal }): Promise<Restaurant[]> =>
        readMany(await api('GET', '/restaurants/all', { signal }), restaurantCheck),
      staleTime: 5 * 60_000,
    }),
  restaurant,
  /**
   * Whether a restaurant of ours has this id (a page whose address names none is the shop's not-found page).
   * An answer, never an error: the server's render and the browser's first one read the same (an error is
   * not carried into the page). The restaurant is read as `restaurant` reads it, and kept there.
   */
  known: (id: string) =>
    queryOptions({
      queryKey: [...all, 'restaurant', id, 'known'] as const,
      queryFn: ({ client }): Promise<boolean> =>
        client.fetchQuery(restaurant(id)).then(
          () => true,
          (error: unknown) => {
            // VALIDATION_FAILED: not an id at all.
            if (isApiError(error, 'RESTAURANT_NOT_FOUND', 'VALIDATION_FAILED')) return false;
            throw error;
          },
        ),
      staleTime: 60_000,
    }),
};
