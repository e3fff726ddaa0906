import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ContinueStep, LoginStep, SignupStep } from '../../app/checkout-sign-in-steps';
import { requireCustomer } from '../../app/guards';
import { flowOf, type TakeawayFlow, type TakeawayStep } from '../../features/takeaway/checkout-rules';
import { takeawayGuards } from './checkout-guards';
import { CateringCheckoutLayout, TakeawayCheckoutLayout } from './checkout-layout';
import { DetailsStep } from './checkout-details-step';
import { InstructionsStep } from './checkout-instructions-step';
import { PaymentStep } from './checkout-payment-step';
import { TakeawayTrackingPage } from './checkout-tracking-page';
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

/** /takeaway/track/{orderId}: a signed-in customer's order (a visitor signs in and comes back). */
export function trackingPage(queryClient: QueryClient): Pick<RouteObject, 'Component' | 'loader'> {
  return { Component: TakeawayTrackingPage, loader: requireCustomer(queryClient) };
}
