import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { firstScreenLoader } from '../../app/first-screen';
import { afterTokenSignIn } from '../../app/guards';
import { tableMenuPath } from '../../features/dine-in/table-names';
import { menuViewer } from '../../features/takeaway/menu/viewer';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { redirect } from '../../shared/router';
import { shopQueries } from '../../shared/shop.queries';
import { tableCheck } from './table-check';
import { TablePage } from './table-page';
import '../../features/checkout/checkout.css';
import './dine-in.css';

// /dine-in's lazy chunk: a table's check, its question for the table number, and the restaurant's eat-in
// menu (the takeaway menu's, features/takeaway/menu). Nothing of it is in any other public page's first JS.
// A table's address (?restaurant=…&table=…) is a public page rendered on the server (issue 24): its first
// screen is the table's check, the restaurant and its eat-in menu; the visitor's basket is read in the
// browser only. An address naming no restaurant of ours, or a table it does not have, is answered 404.

export function tableRoute(queryClient: QueryClient): Pick<RouteObject, 'Component' | 'loader'> {
  const table = firstScreenLoader({
    firstScreen: ({ request }) => {
      const params = new URL(request.url).searchParams;
      const restaurantId = params.get('restaurant')!.trim();
      const viewer = import.meta.env.SSR ? null : menuViewer(queryClient);
      return Promise.all([
        queryClient.prefetchQuery(shopQueries.settings()),
        queryClient.prefetchQuery(tableCheck(restaurantId, params.get('table')?.trim() || null)),
        queryClient.prefetchQuery(takeawayQueries.restaurant(restaurantId)),
        queryClient.prefetchQuery(takeawayQueries.menu(restaurantId, 'eat_in', false, viewer)),
      ]);
    },
    personal: () => void queryClient.prefetchQuery(takeawayQueries.basket()),
  });
  return {
    Component: TablePage,
    loader: afterTokenSignIn(queryClient, async (args: LoaderFunctionArgs) => {
      if (new URL(args.request.url).searchParams.get('restaurant')?.trim()) return table(args);
      // The bare address: the server answers a page load of it itself (http/restaurant-addresses.ts, as it
      // reads the cookie); a link followed in the app goes to the basket's table the same way.
      if (import.meta.env.SSR) return null;
      const basket = (await queryClient.ensureQueryData(takeawayQueries.basket()).catch(() => null))?.basket;
      return basket?.restaurantId && basket.fulfillmentType === 'eat_in' && !basket.isCateringOrder
        ? redirect(tableMenuPath(basket.restaurantId, basket.tableNumber))
        : null;
    }),
  };
}
