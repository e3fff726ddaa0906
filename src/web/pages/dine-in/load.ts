import type { QueryClient } from '@tanstack/react-query';
import type { Screen } from './chunk';

// Dine-in's screens, loaded through this small module rather than straight from the route table: the route
// table is in every page's first JS, and each lazy import there carries the list of files to preload with it
// (a dozen for dine-in's menu and checkout). Here those lists load only on the way to a dine-in screen.

export async function route(queryClient: QueryClient, name: Screen) {
  return name === 'dine-in'
    ? (await import('./table-chunk')).tableRoute(queryClient)
    : (await import('./chunk')).dineInRoute(queryClient, name);
}
