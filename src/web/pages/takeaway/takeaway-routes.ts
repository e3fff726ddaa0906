import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { discoveryScreens, discoverySwitchRoute, withTakeawayLayout } from './discovery/routes';
import { menuRoutes } from './menu/routes';

// Pasta Now and catering (issue 13 part 4): finding a restaurant and its menu under one takeaway bar (so it
// stays put from screen to screen) and the switch from recipe kits. Each screen is a lazy chunk: none of it
// is in the recipe-kit menu's first JS. The checkout and tracking are takeaway-checkout-routes.ts': not in
// the public pages' route table (public-routes.tsx).
export function takeawayRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    withTakeawayLayout([...discoveryScreens(queryClient), ...menuRoutes(queryClient)]),
    discoverySwitchRoute(queryClient),
  ];
}
