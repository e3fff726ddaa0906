import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { discoveryRoutes } from './discovery-routes';
import { menuRoutes } from './menu-routes';
import { takeawayCheckoutRoutes } from './takeaway-checkout-routes';

// Pasta Now and catering (issue 13 part 4): finding a restaurant, its menu, the checkout and tracking. Each
// screen is a lazy chunk: none of it is in the recipe-kit menu's first JS.
export function takeawayRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    ...discoveryRoutes(queryClient),
    ...menuRoutes(queryClient),
    ...takeawayCheckoutRoutes(queryClient),
  ];
}
