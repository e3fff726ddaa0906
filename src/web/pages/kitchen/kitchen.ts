import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

// The kitchen screen's route chunk (issue 13 part 3), loaded in two steps: the first bundle names only this
// small file (the /menu page is at its JS budget, and every file it names, and every name, costs bytes: hence
// kitchen.ts rather than kitchen-chunk.ts), and this file fetches the screen with its guard.

export const route = async (queryClient: QueryClient): Promise<Pick<RouteObject, 'loader' | 'Component'>> =>
  (await import('./kitchen-page')).kitchenRoute(queryClient);
