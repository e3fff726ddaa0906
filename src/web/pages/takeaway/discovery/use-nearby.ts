import { useQueries } from '@tanstack/react-query';
import {
  mergeNearby,
  nearestQueries,
  searchedTypes,
  type NearbyRestaurant,
  type Point,
} from '../../../features/takeaway/discovery/nearby';

export interface NearbyState {
  data: NearbyRestaurant[] | undefined;
  isError: boolean;
  refetch: () => void;
}

/** The restaurants near a point for a screen, merged: pending until every type has answered, failed if any did. */
export function useNearby(point: Point, catering: boolean): NearbyState {
  const types = searchedTypes(catering);
  return useQueries({
    queries: nearestQueries(point, catering),
    combine: (results) => ({
      data: results.every((r) => r.data)
        ? mergeNearby(types.map((type, i) => ({ type, restaurants: results[i]!.data! })))
        : undefined,
      isError: results.some((r) => r.isError),
      refetch: () => results.forEach((r) => void r.refetch()),
    }),
  });
}
