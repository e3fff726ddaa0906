import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

// Pasta Now and catering: the menus (/pasta-now, /catering-menu).
export function menuRoutes(_queryClient: QueryClient): RouteObject[] {
  return [];
}
