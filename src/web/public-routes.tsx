import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { redirectTo } from './app/guards';
import { lazyPage } from './app/lazy-page';
import { NotFoundPage } from './app/not-found';
import { RecipeKitLayout } from './app/recipe-kit-bar';
import { RouteError } from './app/route-error';
import { Shell } from './app/shell';
import { dineInRoutes } from './pages/dine-in/dine-in-routes';
import { eventRoutes } from './pages/events/events-routes';
import { giftRoutes } from './pages/gifts/gift-routes';
import { supportRoutes } from './pages/support/support-routes';
import { takeawayRoutes } from './pages/takeaway/takeaway-routes';

// The public pages' routes (src/contracts/public-pages.ts), with the areas' routes that come with them, and
// the frame every route sits in. A server-rendered page's first load routes with these alone (decision 38):
// the checkouts', the plan's, the payments' and the account's routes and guards are the app's (routes.tsx),
// about 2 KB of every public page's first JS. A public page links to one of those by loading it, as it
// links to any page the browser renders; first-load-match.test.ts holds each public page's routes here to
// the app's.

/** The root route (the shell) and its error boundary, around `children`. */
export function routeFrame(
  children: RouteObject[],
  root: Pick<RouteObject, 'loader' | 'shouldRevalidate'> = {},
): RouteObject[] {
  return [
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      ...root,
      children: [{ ErrorBoundary: RouteError, children }],
    },
  ];
}

export function publicRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    // Spec §2: the home page is Pasta Now's address search (takeaway is the front door).
    { index: true, loader: redirectTo(queryClient, '/pasta-now-search-address'), element: null },
    { path: 'products', loader: redirectTo(queryClient, '/menu'), element: null },
    {
      Component: RecipeKitLayout,
      children: [
        {
          path: 'menu',
          lazy: lazyPage(async () => {
            const { MenuPage, menuLoader } = await import('./pages/menu-page');
            return { Component: MenuPage, loader: menuLoader(queryClient, false) };
          }),
        },
        { path: 'menu/*', Component: NotFoundPage },
        {
          path: 'one-off/menu',
          lazy: lazyPage(async () => {
            const { OneOffMenuPage, menuLoader } = await import('./pages/menu-page');
            return { Component: OneOffMenuPage, loader: menuLoader(queryClient, true) };
          }),
        },
      ],
    },
    // Gift boxes: bought on their own, outside the recipe-kit bar and its basket.
    ...giftRoutes(queryClient),
    // Pasta Now and catering (issue 13): takeaway from the nearest restaurant.
    ...takeawayRoutes(queryClient),
    // Dine-in (issue 21): a table's menu, its checkout, the tab and the bill.
    ...dineInRoutes(queryClient),
    // Rating a takeaway (issue 23 part 1): from the after-order email's stars (its key) or signed in.
    // Public: rendered on the server with the order when the link has its key (decision 39).
    {
      path: 'rate-my-takeaway',
      lazy: lazyPage(async () => {
        const chunk = await import('./pages/ratings/ratings-chunk');
        return {
          Component: chunk.RateMyTakeawayPage,
          loader: chunk.rateMyTakeawayLoader(queryClient),
        };
      }),
    },
    // Events (issue 22): the themes, a theme, booking seats and its checkout.
    ...eventRoutes(queryClient),
    // Support and the beta group (issue 23 part 5): the question form, its thanks, the team's inbox.
    ...supportRoutes(queryClient),
  ];
}

/** A server-rendered page's first load: the public pages' routes in their frame. */
export const createFirstLoadRoutes = (queryClient: QueryClient) => routeFrame(publicRoutes(queryClient));
