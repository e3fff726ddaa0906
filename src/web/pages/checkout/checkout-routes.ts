import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { NotFoundPage } from '../../app/not-found';
import type * as CheckoutChunk from './checkout-chunk';
import type { CheckoutFlow } from '../../features/checkout/flows';

// The checkout's routes (spec §2 Subscription checkout, One-off), for either flow. Screens and their guards
// are one lazy chunk; only this table is in the first bundle.

type Chunk = typeof CheckoutChunk;
const load = () => import('./checkout-chunk');
const never = () => false;

/** A route whose screen and guard come from the checkout chunk. */
function step(pick: (m: Chunk) => Pick<RouteObject, 'Component' | 'element' | 'loader'>) {
  return lazyPage(async () => pick(await load()));
}

export function checkoutLayout(flow: CheckoutFlow) {
  return step((m) => ({
    Component: flow.kind === 'one-off' ? m.OneOffCheckoutLayout : m.SubscriptionCheckoutLayout,
  }));
}

/** continue, signup and login (under /checkout, or /one-off for the one-off flow). */
export function checkoutSignInRoutes(queryClient: QueryClient, flow: CheckoutFlow): RouteObject[] {
  const signIn = (Component: (m: Chunk) => RouteObject['Component']) =>
    step((m) => ({ Component: Component(m), loader: m.checkoutGuards.signIn(queryClient, flow) }));
  return [
    { path: 'continue', lazy: signIn((m) => m.ContinueStep) },
    { path: 'signup', lazy: signIn((m) => m.SignupStep) },
    { path: 'login', lazy: signIn((m) => m.LoginStep) },
  ];
}

/**
 * delivery/address, billingaddresses, delivery/instructions (the default), payment, confirmation, error; and
 * for the plan checkout, existing-plan (a customer who has a plan is asked what the dishes are for).
 */
export function checkoutStepRoutes(queryClient: QueryClient, flow: CheckoutFlow): RouteObject[] {
  return [
    // Only redirects to the step to start at: renders nothing.
    {
      index: true,
      lazy: step((m) => ({ loader: m.checkoutGuards.start(queryClient, flow), element: null })),
    },
    ...(flow.kind === 'subscription'
      ? [
          {
            path: 'existing-plan',
            lazy: step((m) => ({
              Component: m.ExistingPlanStep,
              loader: m.checkoutGuards.existingPlan(queryClient, flow),
            })),
          },
        ]
      : []),
    {
      path: 'delivery/address',
      lazy: step((m) => ({ Component: m.AddressStep, loader: m.checkoutGuards.customer(queryClient, flow) })),
    },
    {
      path: 'billingaddresses',
      lazy: step((m) => ({ Component: m.BillingStep, loader: m.checkoutGuards.customer(queryClient, flow) })),
    },
    {
      path: 'delivery/instructions',
      lazy: step((m) => ({
        Component: m.InstructionsStep,
        loader: m.checkoutGuards.instructions(queryClient, flow),
      })),
    },
    {
      path: 'payment',
      lazy: step((m) => ({ Component: m.PaymentStep, loader: m.checkoutGuards.payment(queryClient, flow) })),
    },
    {
      path: 'confirmation',
      shouldRevalidate: never,
      lazy: step((m) => ({
        Component: m.ConfirmationStep,
        loader: m.checkoutGuards.confirmation(queryClient),
      })),
    },
    {
      path: 'error',
      shouldRevalidate: never,
      lazy: step((m) => ({ Component: m.ErrorStep, loader: m.checkoutGuards.error(queryClient, flow) })),
    },
    { path: '*', Component: NotFoundPage },
  ];
}
