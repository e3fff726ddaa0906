import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { redirect } from '../../../shared/router';
import { firstScreenLoader } from '../../../app/first-screen';
import { afterTokenSignIn } from '../../../app/guards';
import { menuAddress, restaurantOfAddress } from '../../../features/takeaway/menu-address';
import { menuViewer } from '../../../features/takeaway/menu/viewer';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { shopQueries } from '../../../shared/shop.queries';

// The takeaway menus' loader (issue 13 part 4, issue 24 part 2). A menu's address names its restaurant
// (/pasta-now?restaurant=soho): a public page, its first screen (the restaurant, its menu and what of it is
// snoozed, the shop's clock) read on the server and rendered there the same for everyone (docs/decisions/
// 0017); the visitor's basket is read in the browser only, and joins once the page is live. The bare address goes to the basket's
// restaurant's menu, or to the address search without one: the server answers a page load of it itself
// (http/takeaway-menu-address.ts, since it reads the cookie); this is the same for a link followed in the app.

export const searchPath = (catering: boolean) =>
  catering ? '/catering-search-address' : '/pasta-now-search-address';

const restaurantOf = (request: Request) => restaurantOfAddress(new URL(request.url).searchParams);

export function takeawayMenuLoader(queryClient: QueryClient, catering: boolean) {
  const menu = firstScreenLoader({
    firstScreen: ({ request }) => {
      const restaurantId = restaurantOf(request)!;
      // In the browser the menu is read as the basket has it when the basket is this menu's (the page then
      // asks for that one), and for the signed-in customer; on the server, a visitor's delivery menu.
      const own = import.meta.env.SSR
        ? null
        : queryClient.getQueryData(takeawayQueries.basket().queryKey)?.basket;
      const fulfillmentType =
        own?.restaurantId === restaurantId && own.isCateringOrder === catering
          ? (own.fulfillmentType ?? 'delivery')
          : 'delivery';
      const viewer = import.meta.env.SSR ? null : menuViewer(queryClient);
      return Promise.all([
        queryClient.prefetchQuery(shopQueries.settings()),
        // The restaurant, and whether there is one: an address that names none is the not-found page.
        queryClient.prefetchQuery(takeawayQueries.known(restaurantId)),
        queryClient.prefetchQuery(takeawayQueries.menu(restaurantId, fulfillmentType, catering, viewer)),
        // Which dishes the kitchen has snoozed: the first screen marks them, and the page, live, has them
        // without a read (that read, then its answer, re-rendered the whole menu at once: issue 24).
        queryClient.prefetchQuery(takeawayQueries.snoozed(restaurantId, fulfillmentType)),
      ]);
    },
    personal: () => void queryClient.prefetchQuery(takeawayQueries.basket()),
  });
  return afterTokenSignIn(queryClient, async (args: LoaderFunctionArgs) => {
    if (restaurantOf(args.request)) return menu(args);
    // The bare address (the server redirects a page load before rendering: this is a link in the app).
    if (import.meta.env.SSR) return redirect(searchPath(catering));
    const basket = (await queryClient.ensureQueryData(takeawayQueries.basket()).catch(() => null))?.basket;
    return redirect(
      basket?.restaurantId && basket.isCateringOrder === catering
        ? menuAddress(basket.restaurantId, catering)
        : searchPath(catering),
    );
  });
}
