import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { redirect } from '../../../shared/router';
import { firstScreenLoader } from '../../../app/first-screen';
import { findNearby } from '../../../features/takeaway/discovery/nearby';
import { currentAddress } from '../../../features/takeaway/discovery/suggestions';
import { restaurantQueries } from '../../../features/takeaway/restaurants.queries';

// The discovery screens' loaders. The address searches are public pages rendered on the server with the
// list of our kitchens (docs/decisions/0017); the restaurant list and the fulfilment choice are for the
// address the visitor searched from (local storage), so the browser renders them, and without one they go
// back to the search.

export const isCateringSearch = (url: URL) => url.searchParams.get('catering') === 'true';
export const searchPath = (catering: boolean) =>
  catering ? '/catering-search-address' : '/pasta-now-search-address';
export const findPath = (catering: boolean) =>
  catering ? '/pasta-now-find?catering=true' : '/pasta-now-find';
export const typePath = (restaurantId: string, catering: boolean) =>
  `/pasta-type?restaurant=${encodeURIComponent(restaurantId)}${catering ? '&catering=true' : ''}`;

export const searchLoader = (queryClient: QueryClient) =>
  firstScreenLoader({ firstScreen: () => queryClient.prefetchQuery(restaurantQueries.restaurants()) });

/** The restaurants near the searched address, started before the screen (it shows them as they come). */
function nearbyOrSearch(queryClient: QueryClient, { request }: LoaderFunctionArgs) {
  const catering = isCateringSearch(new URL(request.url));
  const address = currentAddress();
  if (!address) return redirect(searchPath(catering));
  findNearby(queryClient, address, catering).catch(() => {});
  return null;
}

export const findLoader = (queryClient: QueryClient) => (args: LoaderFunctionArgs) =>
  nearbyOrSearch(queryClient, args);

export const typeLoader = (queryClient: QueryClient) => (args: LoaderFunctionArgs) => {
  const url = new URL(args.request.url);
  if (!url.searchParams.get('restaurant')) return redirect(findPath(isCateringSearch(url)));
  return nearbyOrSearch(queryClient, args);
};
