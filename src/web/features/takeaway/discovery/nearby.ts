import type { QueryClient } from '@tanstack/react-query';
import type { Restaurant } from '../../../../contracts/restaurants';
import type { FulfillmentType } from '../../../../domain/fulfillment-types';
import { milesBetween, roundMiles } from '../../../../domain/geo';
import { restaurantQueries } from '../restaurants.queries';

// The restaurants near an address (/pasta-now-find) and how each can serve it (/pasta-type). The server
// answers per fulfilment type (GET /restaurants/nearest: delivery only where the kitchen's radius reaches,
// collection and eat-in within a drive): one question per type, merged here into one list, nearest first.

export interface Point {
  lat: number;
  lon: number;
}

export interface NearbyRestaurant {
  restaurant: Restaurant;
  /** In miles from the address, to one decimal place. */
  distanceMiles: number;
  /** How this kitchen can serve this address: in the order they are offered (delivery, pickup, eat-in). */
  fulfillmentTypes: FulfillmentType[];
}

/** Catering is delivered or collected, never eaten in (the server says so too). */
export function searchedTypes(catering: boolean): FulfillmentType[] {
  return catering ? ['delivery', 'pickup'] : ['delivery', 'pickup', 'eat_in'];
}

/** One list from the answer for each type: each restaurant once, with the types it came back for. */
export function mergeNearby(
  answers: readonly { type: FulfillmentType; restaurants: readonly Restaurant[] }[],
) {
  const byId = new Map<string, NearbyRestaurant>();
  for (const { type, restaurants } of answers) {
    for (const restaurant of restaurants) {
      const found = byId.get(restaurant.id);
      const distanceMiles = restaurant.distanceMiles ?? Number.POSITIVE_INFINITY;
      if (found) {
        if (!found.fulfillmentTypes.includes(type)) found.fulfillmentTypes.push(type);
        found.distanceMiles = Math.min(found.distanceMiles, distanceMiles);
      } else {
        byId.set(restaurant.id, { restaurant, distanceMiles, fulfillmentTypes: [type] });
      }
    }
  }
  const order: FulfillmentType[] = ['delivery', 'pickup', 'eat_in'];
  return [...byId.values()]
    .map((entry) => ({
      ...entry,
      fulfillmentTypes: [...entry.fulfillmentTypes].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    }))
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.restaurant.name.localeCompare(b.restaurant.name));
}

export const nearestQueries = (point: Point, catering: boolean) =>
  searchedTypes(catering).map((fulfillmentType) =>
    restaurantQueries.nearest({ ...point, fulfillmentType, catering }),
  );

/** Asks for every type at once and merges the answers (the cache keeps each for the screens after). */
export async function findNearby(
  queryClient: QueryClient,
  point: Point,
  catering: boolean,
): Promise<NearbyRestaurant[]> {
  const types = searchedTypes(catering);
  const lists = await Promise.all(nearestQueries(point, catering).map((q) => queryClient.fetchQuery(q)));
  return mergeNearby(types.map((type, i) => ({ type, restaurants: lists[i]! })));
}

/**
 * The kitchen nearest a point that takes collections (catering: that caters), however far: what an address
 * no kitchen serves is offered instead (issue 19, item 12). Null when none does.
 */
export function nearestForCollection(
  restaurants: readonly Restaurant[],
  point: Point,
  catering: boolean,
): { restaurant: Restaurant; distanceMiles: number } | null {
  let best: { restaurant: Restaurant; distanceMiles: number } | null = null;
  for (const restaurant of restaurants) {
    if (!restaurant.fulfillmentTypes.includes('pickup') || (catering && !restaurant.offersCatering)) continue;
    const distanceMiles = roundMiles(milesBetween(point, restaurant));
    if (!best || distanceMiles < best.distanceMiles) best = { restaurant, distanceMiles };
  }
  return best;
}
