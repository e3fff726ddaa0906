import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

// Pasta Now and catering: the address search (/pasta-now-search-address, /catering-search-address), /pasta-now-find and /pasta-type.
export function discoveryRoutes(_queryClient: QueryClient): RouteObject[] {
  return [];
}
