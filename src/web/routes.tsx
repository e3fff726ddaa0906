import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { guestOnly, redirectTo, requireCustomer, signInFromToken } from './app/guards';
import { lazyPage } from './app/lazy-page';
import { NotFoundPage } from './app/not-found';
import { ONE_OFF_FLOW, SUBSCRIPTION_FLOW } from './features/checkout/flows';
import { checkoutLayout, checkoutSignInRoutes, checkoutStepRoutes } from './pages/checkout/checkout-routes';
import { dietaryRoutes } from './pages/events/dietary-routes';
import { paymentRoutes } from './pages/payment/payment-routes';
import { planRoutes } from './pages/plan/plan-routes';
import { supportAccountRoute } from './pages/support/support-routes';
import { takeawayCheckoutRoutes } from './pages/takeaway/takeaway-checkout-routes';
import { publicRoutes, routeFrame } from './public-routes';
import type { ScreenName } from './screens';

// The whole route table (spec §2): the public pages' (public-routes.tsx), then the rest. Screens are lazy
// chunks; guards are loaders that redirect. Routes of later areas join this table with their issues, and
// src/contracts/page-routes.ts with them (the server's list of pages; routes.test.ts keeps the two equal). A route that only redirects renders `element: null`,
// said outright (React Router warns of a leaf route with no element).

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  // Signed-in and sign-in screens, through screens.ts (their preload lists stay out of the first JS).
  const screen = (name: ScreenName) =>
    lazyPage(async () => (await import('./screens')).loadScreen(name, queryClient));
  const payments = paymentRoutes(queryClient);
  const plan = planRoutes(queryClient);
  return routeFrame(
    [
      ...publicRoutes(queryClient),
      // The takeaway checkout and tracking (issue 13 part 4).
      ...takeawayCheckoutRoutes(queryClient),
      // The recipe-kit checkouts (spec §2): sign-in, delivery and payment steps, in one lazy chunk.
      {
        path: 'checkout',
        lazy: checkoutLayout(SUBSCRIPTION_FLOW),
        children: [
          ...checkoutSignInRoutes(queryClient, SUBSCRIPTION_FLOW),
          ...checkoutStepRoutes(queryClient, SUBSCRIPTION_FLOW),
        ],
      },
      {
        path: 'one-off/checkout',
        lazy: checkoutLayout(ONE_OFF_FLOW),
        children: checkoutStepRoutes(queryClient, ONE_OFF_FLOW),
      },
      {
        path: 'one-off',
        lazy: checkoutLayout(ONE_OFF_FLOW),
        children: [
          { index: true, loader: redirectTo(queryClient, '/one-off/menu'), element: null },
          ...checkoutSignInRoutes(queryClient, ONE_OFF_FLOW),
          { path: '*', Component: NotFoundPage },
        ],
      },
      // Guests' dietary needs for an event booking (issue 22 part 3): by link or as the booker.
      ...dietaryRoutes(),
      // A friend's referral link (issue 23 part 3): public; signed in, the welcome is taken at once.
      { path: 'refer/:token', lazy: screen('refer') },
      // A rating's thanks (issue 23 part 1).
      { path: 'rate-my-takeaway/confirmation', lazy: screen('rated') },
      // Payments (spec §2 Login-required order screens; public PayPal returns).
      {
        loader: requireCustomer(queryClient),
        children: [
          ...payments.signedIn,
          {
            path: 'order/:orderId',
            lazy: screen('order'),
          },
          {
            path: 'schedule/one-off/:orderId/view',
            lazy: screen('oneOffView'),
          },
          // The Pasta Plan's order and schedule screens (issue 12).
          ...plan.signedIn,
          {
            path: 'my-basket',
            lazy: screen('myBasket'),
          },
          {
            path: 'my-rk-basket',
            lazy: screen('myRecipeKitBasket'),
          },
        ],
      },
      {
        loader: guestOnly(queryClient),
        children: [
          {
            path: 'login',
            lazy: screen('login'),
          },
          {
            path: 'signup',
            lazy: screen('signup'),
          },
          {
            path: 'forgot-password',
            lazy: screen('forgotPassword'),
          },
        ],
      },
      // Guests only, but a signed-in customer may be returning from a provider, or resetting from an
      // email link (see guestOnly's exceptions).
      {
        path: 'social-login',
        loader: guestOnly(queryClient, 'provider-answer'),
        lazy: screen('socialLogin'),
      },
      {
        path: 'auth-facebook-cb',
        loader: guestOnly(queryClient, 'provider-answer'),
        lazy: screen('facebookCallback'),
      },
      {
        path: 'forgot-password/reset',
        loader: guestOnly(queryClient, 'reset-link'),
        lazy: screen('resetPassword'),
      },
      {
        path: 'signed-out',
        lazy: screen('signedOut'),
      },
      ...payments.open,
      ...plan.open,
      // The kitchen screen for restaurant staff (issue 13 part 3): signed in, one lazy chunk.
      {
        path: 'kitchen',
        lazy: lazyPage(() => import('./pages/kitchen/kitchen').then((m) => m.route(queryClient))),
      },
      // The back office (issue 25): signed in, its own chunks; its screens are matched inside it.
      ...['back-office', 'back-office/:screen', 'back-office/:screen/:id'].map((path) => ({
        path,
        lazy: lazyPage(() => import('./pages/back-office/back-office').then((m) => m.route(queryClient))),
      })),
      {
        path: 'account',
        loader: requireCustomer(queryClient),
        lazy: screen('accountLayout'),
        children: [
          {
            index: true,
            lazy: screen('dashboard'),
          },
          { path: 'dashboard', loader: redirectTo(queryClient, '/account'), element: null },
          {
            path: 'order-history',
            lazy: screen('orderHistory'),
          },
          ...plan.account,
          {
            path: 'payment-methods',
            lazy: screen('paymentMethods'),
          },
          {
            path: 'my-details',
            lazy: screen('myDetails'),
          },
          {
            path: 'rewards',
            lazy: screen('rewards'),
          },
          { path: 'offers', loader: redirectTo(queryClient, '/account/rewards'), element: null },
          supportAccountRoute(),
          { path: '*', Component: NotFoundPage },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
    {
      loader: signInFromToken(queryClient),
      shouldRevalidate: ({ currentUrl, nextUrl }) =>
        nextUrl.searchParams.has('token') && currentUrl.href !== nextUrl.href,
    },
  );
}
