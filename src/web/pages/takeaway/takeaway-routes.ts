import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { discoveryScreens, discoverySwitchRoute, withTakeawayLayout } from './discovery/routes';
import { menuRoutes } from './menu/routes';
import { takeawayCheckoutRoutes } from './takeaway-checkout-routes';

// Pasta Now and catering (issue 13 part 4): finding a restaurant and its menu under one takeaway bar (so it
// stays put from screen to screen), the switch from recipe kits, the checkout and tracking. Each screen is a
// lazy chunk: none of it is in the recipe-kit menu's first JS.
export function takeawayRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    withTakeawayLayout([...discoveryScreens(queryClient), ...menuRoutes(queryClient)]),
    discoverySwitchRoute(queryClient),
    ...takeawayCheckoutRoutes(queryClient),
  ];
}
