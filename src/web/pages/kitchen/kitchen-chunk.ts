import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

// The kitchen screen's route (issue 13 part 3), loaded in two steps: the first bundle names only this small
// file (the /menu page is at its JS budget), and this file fetches the screen with its guard.

export const kitchenRoute = async (
  queryClient: QueryClient,
): Promise<Pick<RouteObject, 'loader' | 'Component'>> =>
  (await import('./kitchen-page')).kitchenRoute(queryClient);
