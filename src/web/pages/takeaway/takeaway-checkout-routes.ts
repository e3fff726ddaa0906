import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { NotFoundPage } from '../../app/not-found';
import type * as CheckoutChunk from './checkout/chunk';

// Pasta Now and catering: the checkouts (/pasta-now-checkout, /catering-checkout; spec §2: continue, signup,
// login, delivery/address, delivery/instructions, payment), tracking (/takeaway/track/:orderId, public by the
// link's key) and ordering elsewhere after a rejection (…/elsewhere). Only this table is in the first bundle
// (kept short: the menu's first JS is at its budget); the screens and their guards are one lazy chunk.

type Route = Pick<RouteObject, 'Component' | 'loader' | 'element'>;
const load = (pick: (m: typeof CheckoutChunk) => Route) =>
  lazyPage(async () => pick(await import('./checkout/chunk')));

const STEPS = ['continue', 'signup', 'login', 'delivery/address', 'delivery/instructions', 'payment'];

function checkout(queryClient: QueryClient, path: string): RouteObject {
  return {
    path,
    lazy: load((m) => ({ Component: m.layoutOf(path) })),
    children: [
      { index: true, lazy: load((m) => m.checkoutStep(queryClient, path, '')) },
      ...STEPS.map((step) => ({ path: step, lazy: load((m) => m.checkoutStep(queryClient, path, step)) })),
      { path: '*', Component: NotFoundPage },
    ],
  };
}

export function takeawayCheckoutRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    checkout(queryClient, 'pasta-now-checkout'),
    checkout(queryClient, 'catering-checkout'),
    { path: 'takeaway/track/:orderId', lazy: load((m) => m.trackingPage(queryClient)) },
    { path: 'takeaway/track/:orderId/elsewhere', lazy: load((m) => m.elsewhereRoute(queryClient)) },
  ];
}
