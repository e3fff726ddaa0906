import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { redirect } from '../../../shared/router';
import { ContinueStep, LoginStep, SignupStep } from '../../../app/checkout-sign-in-steps';
import { requireCustomer } from '../../../app/guards';
import { orderElsewhere } from '../../../features/takeaway/tracking/elsewhere';
import { isTrackingKey } from '../../../features/takeaway/tracking/tracking';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { flowOf, type TakeawayFlow, type TakeawayStep } from '../../../features/takeaway/checkout/rules';
import { takeawayGuards } from './guards';
import { CateringCheckoutLayout, TakeawayCheckoutLayout } from './layout';
import { DetailsStep } from './details-step';
import { InstructionsStep } from './instructions-step';
import { PaymentStep } from './payment-step';
import { TakeawayTrackingPage } from '../tracking/tracking-page';
import './checkout.css';

// Pasta Now's and catering's checkout as one lazy chunk: the frame (the recipe-kit checkout's, with its
// checkout bar and card logos), the sign-in steps it shares with it, the details, instructions and payment
// steps, and their guards.

const kindOf = (path: string): TakeawayFlow['kind'] =>
  path === 'catering-checkout' ? 'catering' : 'takeaway';

/** The frame of the checkout at `path` (pasta-now-checkout or catering-checkout). */
export function layoutOf(path: string) {
  return kindOf(path) === 'catering' ? CateringCheckoutLayout : TakeawayCheckoutLayout;
}

/** A step of the checkout at `path` by its route ('' for the checkout itself), with its guard. */
export function checkoutStep(
  queryClient: QueryClient,
  path: string,
  step: string,
): Pick<RouteObject, 'Component' | 'loader' | 'element'> {
  const flow = flowOf(kindOf(path));
  const guard = (name: TakeawayStep) => takeawayGuards.step(queryClient, flow, name);
  switch (step) {
    case 'continue':
      return { Component: ContinueStep, loader: takeawayGuards.signIn(queryClient, flow) };
    case 'signup':
      return { Component: SignupStep, loader: takeawayGuards.signIn(queryClient, flow) };
    case 'login':
      return { Component: LoginStep, loader: takeawayGuards.signIn(queryClient, flow) };
    case 'delivery/address':
      return { Component: DetailsStep, loader: guard('address') };
    case 'delivery/instructions':
      return { Component: InstructionsStep, loader: guard('instructions') };
    case 'payment':
      return { Component: PaymentStep, loader: guard('payment') };
    default:
      return { loader: guard('start'), element: null };
  }
}

/**
 * /takeaway/track/{key}: public, for whoever has the link (issue 19). The old address by the order's id is the
 * signed-in customer's own (a visitor signs in and comes back), and moves to the link's.
 */
export function trackingPage(queryClient: QueryClient): Pick<RouteObject, 'Component' | 'loader'> {
  const signIn = requireCustomer(queryClient);
  return {
    Component: TakeawayTrackingPage,
    loader: (args: LoaderFunctionArgs) => (isTrackingKey(args.params.orderId ?? '') ? null : signIn(args)),
  };
}

/**
 * /takeaway/track/{key}/elsewhere (the rejection email's and page's "Order from …"): the customer's basket
 * made again at the nearest other open restaurant with the same dishes, then its menu. Signed in as the
 * order's own customer only: anyone else goes back to the tracking page.
 */
export function elsewhereRoute(queryClient: QueryClient): Pick<RouteObject, 'loader' | 'element'> {
  const signIn = requireCustomer(queryClient);
  return {
    element: null,
    loader: async (args: LoaderFunctionArgs) => {
      const key = args.params.orderId ?? '';
      const tracking = `/takeaway/track/${key}`;
      if (!isTrackingKey(key)) return redirect(tracking);
      const toSignIn = await signIn(args);
      if (toSignIn) return toSignIn;
      try {
        const { orderId } = await queryClient.fetchQuery({ ...takeawayQueries.tracking(key), staleTime: 0 });
        if (!orderId) return redirect(tracking);
        const order = await queryClient.fetchQuery({ ...takeawayQueries.order(orderId), staleTime: 0 });
        return redirect(await orderElsewhere(queryClient, order));
      } catch {
        return redirect(tracking);
      }
    },
  };
}
