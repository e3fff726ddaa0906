import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

// The back office's route chunk (issue 25), loaded in two steps as the kitchen's is: the route table names only
// this small file, and this file fetches the back office with its guard. Nothing of it is in a public page's
// first load.

export const route = async (queryClient: QueryClient): Promise<Pick<RouteObject, 'loader' | 'Component'>> =>
  (await import('./back-office-page')).backOfficeRoute(queryClient);
