import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import type * as MenuChunk from './chunk';

// Pasta Now and catering: the menus (/pasta-now?restaurant=…, /catering-menu?restaurant=…), one lazy chunk,
// rendered on the server (page-routes.ts; the visitor's basket joins in the browser). They nest under the
// takeaway bar (takeaway-routes.ts).

type Picked = Pick<RouteObject, 'Component' | 'loader'>;
const menuPage = (pick: (m: typeof MenuChunk) => Picked) =>
  lazyPage(async () => pick(await import('./chunk')));

export function menuRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'pasta-now',
      lazy: menuPage((m) => ({
        Component: m.PastaNowMenuPage,
        loader: m.takeawayMenuLoader(queryClient, false),
      })),
    },
    {
      path: 'catering-menu',
      lazy: menuPage((m) => ({
        Component: m.CateringMenuPage,
        loader: m.takeawayMenuLoader(queryClient, true),
      })),
    },
  ];
}
