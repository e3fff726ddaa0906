import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { redirect } from '../../shared/router';
import { afterTokenSignIn, isOneTapLink, requireCustomer } from '../../app/guards';
import { lazyPage } from '../../app/lazy-page';
import type * as PlanChunk from './plan-chunk';

// The Pasta Plan's routes (spec §2 Account: upcoming-orders, pasta-plan, the paused-account screen; Login-
// required order screens: /order/{id}/edit and its children, /schedule/…, /next-order-voucher). Screens
// are one lazy chunk; only this table is in the first bundle. All need a signed-in customer, except a
// week's one-tap skip from the reminder email (its token speaks for the customer).

type Screen = keyof typeof PlanChunk;
const page = (name: Screen) =>
  lazyPage(async (): Promise<Pick<RouteObject, 'Component'>> => ({
    Component: (await import('./plan-chunk'))[name],
  }));

export function planRoutes(queryClient: QueryClient) {
  const signedIn = requireCustomer(queryClient);
  return {
    /** Children of /account (its layout and sign-in guard). */
    account: [
      { path: 'upcoming-orders', lazy: page('UpcomingOrdersPage') },
      { path: 'pasta-plan', lazy: page('PlanSettingsPage') },
      { path: 'pasta-plan/cancel', lazy: page('CancelPlanPage') },
      { path: 'paused', lazy: page('PausedPage') },
    ] satisfies RouteObject[],
    /** Under the signed-in guard of the order screens. */
    signedIn: [
      {
        path: 'order/:orderId/edit',
        lazy: page('OrderEditLayout'),
        children: [
          { index: true, lazy: page('OrderEditIndex') },
          { path: 'delivery-info', lazy: page('DeliveryInfoPage') },
          { path: 'recipes', lazy: page('OrderRecipesPage') },
          { path: 'change-delivery-address', lazy: page('ChangeAddressPage') },
        ],
      },
      { path: 'schedule/:weekId/choose-recipes', lazy: page('ChooseRecipesPage') },
      {
        path: 'schedule/:weekId/change-delivery-date',
        lazy: page('ChangeDatePage'),
      },
    ] satisfies RouteObject[],
    /** With guards of their own. */
    open: [
      {
        // The one-tap skip works signed out; any other visit needs the customer.
        path: 'schedule/:weekId/edit',
        loader: afterTokenSignIn(queryClient, (args: LoaderFunctionArgs) =>
          isOneTapLink(new URL(args.request.url)) ? null : signedIn(args),
        ),
        lazy: page('WeekEditPage'),
      },
      {
        // Spec §2: it needs a vc query, otherwise it goes to /.
        path: 'next-order-voucher',
        loader: afterTokenSignIn(queryClient, (args: LoaderFunctionArgs) =>
          new URL(args.request.url).searchParams.get('vc')?.trim() ? signedIn(args) : redirect('/'),
        ),
        lazy: page('NextOrderVoucherPage'),
      },
    ] satisfies RouteObject[],
  };
}
