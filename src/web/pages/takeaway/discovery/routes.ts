import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import type * as DiscoveryChunk from './chunk';
import type * as SearchChunk from './search-chunk';

// Pasta Now and catering: the address search (/pasta-now-search-address, /catering-search-address),
// /pasta-now-find and /pasta-type, under the takeaway bar; and /pasta-now-switch, the recipe-kit bar's
// Takeaway switch (a loader that redirects). Only this table is in the first bundle: the searches are one
// lazy chunk, the list and the choice another, the bar a third, the switch a fourth.

type Picked = Pick<RouteObject, 'Component' | 'loader'>;
const search = (pick: (m: typeof SearchChunk) => Picked) =>
  lazyPage(async () => pick(await import('./search-chunk')));
const screen = (pick: (m: typeof DiscoveryChunk) => Picked) =>
  lazyPage(async () => pick(await import('./chunk')));

/**
 * The takeaway bar (spec §2: a Takeaway / Recipe kits toggle) over takeaway screens, as RecipeKitLayout is
 * over the recipe-kit ones: wrap a takeaway route table's screens in it. Lazy: not in any page's first JS.
 */
export function withTakeawayLayout(children: RouteObject[]): RouteObject {
  return {
    lazy: lazyPage(async () => ({ Component: (await import('./layout')).TakeawayLayout })),
    children,
  };
}

/** The address searches, the restaurant list and the choice of delivery, collection or eat-in (under the takeaway bar). */
export function discoveryScreens(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'pasta-now-search-address',
      lazy: search((m) => ({ Component: m.PastaNowSearchPage, loader: m.searchLoader(queryClient) })),
    },
    {
      path: 'catering-search-address',
      lazy: search((m) => ({ Component: m.CateringSearchPage, loader: m.searchLoader(queryClient) })),
    },
    {
      path: 'pasta-now-find',
      lazy: screen((m) => ({ Component: m.FindPage, loader: m.findLoader(queryClient) })),
    },
    {
      path: 'pasta-type',
      lazy: screen((m) => ({ Component: m.TypePage, loader: m.typeLoader(queryClient) })),
    },
  ];
}

/** The recipe-kit bar's Takeaway switch (spec §4): a loader that finds the restaurant and redirects. */
export function discoverySwitchRoute(queryClient: QueryClient): RouteObject {
  return {
    path: 'pasta-now-switch',
    element: null,
    lazy: lazyPage(async () => ({
      loader: (await import('./switch-loader')).switchLoader(queryClient),
    })),
  };
}
