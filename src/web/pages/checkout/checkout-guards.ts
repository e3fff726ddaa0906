import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { redirect } from '../../shared/router';
import type { Address } from '../../../contracts/addresses';
import { isDeliverableAddress } from '../../../domain/address';
import { afterTokenSignIn, signedIn } from '../../app/guards';
import { paidConfirmation } from '../../app/paid-confirmation';
import { arrivingFrom } from '../../app/navigation-history';
import { basketKindOf, basketQueries } from '../../features/baskets/baskets.queries';
import { readDeliveryChoices, saveDeliveryChoices } from '../../features/delivery/delivery-store';
import { accountQueries } from '../../features/customers/customers.queries';
import { safeTarget } from '../../shared/customer.queries';
import { checkoutPaths, type CheckoutFlow } from '../../features/checkout/flows';
import { isLivePlan } from '../../features/subscriptions/plan-selection';
import { secondPlanChosen } from '../../features/subscriptions/second-plan';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions.queries';

// The checkout's guards (spec §2 Guards), as loaders that redirect:
// - the delivery and payment steps need a customer: a visitor goes to "continue" and comes back;
// - continue, signup and login send a signed-in customer on to the checkout;
// - delivery/instructions waits for the basket, then needs a valid address, else delivery/address;
// - payment needs a valid address (else delivery/address), or arrival from instructions or the billing
//   address; arriving from confirmation goes to /;
// - confirmation goes to /account when signed in, else /, unless coming from the payment pages;
// - error is reachable only from the payment page;
// - a customer with a live plan is asked first what the basket's dishes are for (existing-plan): an upcoming
//   box, a one-off box, or a second plan; the plan checkout goes on only once they chose a second plan.

type Guard = (args: LoaderFunctionArgs) => Promise<Response | null>;

const here = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** The address the checkout delivers to: the one chosen in this checkout, else the default one. */
export async function checkoutAddress(queryClient: QueryClient): Promise<Address | null> {
  const addresses = await queryClient.ensureQueryData(accountQueries.addresses());
  const { addressId } = readDeliveryChoices();
  const chosen = addresses.find((a) => a.id === addressId) ?? addresses.find((a) => a.isDefault) ?? null;
  if (chosen && chosen.id !== addressId) saveDeliveryChoices({ addressId: chosen.id });
  return chosen;
}

/**
 * Whether the plan checkout must first ask a customer who has a live plan what the dishes are for (issue 12:
 * never a second plan by default). Plans that cannot be read are asked about too: the page says so.
 */
export async function mustAskAboutPlan(queryClient: QueryClient, flow: CheckoutFlow): Promise<boolean> {
  if (flow.kind !== 'subscription') return false;
  try {
    const plans = await queryClient.ensureQueryData(subscriptionQueries.list());
    if (!plans.some(isLivePlan)) return false;
    const { basket } = await queryClient.ensureQueryData(basketQueries.recipeKit(basketKindOf(flow.kind)));
    return !secondPlanChosen(basket.id);
  } catch {
    return true;
  }
}

export async function hasValidAddress(queryClient: QueryClient): Promise<boolean> {
  const address = await checkoutAddress(queryClient);
  return address !== null && isDeliverableAddress(address);
}

function customerStep(queryClient: QueryClient, flow: CheckoutFlow, then?: Guard) {
  return afterTokenSignIn(queryClient, async (args) => {
    if (!(await signedIn(queryClient))) {
      const returnTo = here(args.request);
      const query = returnTo === flow.base ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
      return redirect(`${checkoutPaths(flow).continue}${query}`);
    }
    return then ? then(args) : null;
  });
}

export const checkoutGuards = {
  /** continue, signup, login: a signed-in customer goes on with the checkout. */
  signIn: (queryClient: QueryClient, flow: CheckoutFlow) =>
    afterTokenSignIn(queryClient, async ({ request }) => {
      if (!(await signedIn(queryClient))) return null;
      // Signed in: on to where the sign-in was for (a gift being sent, a later step), else the checkout.
      return redirect(safeTarget(new URL(request.url).searchParams.get('returnTo')) ?? flow.base);
    }),

  /** The checkout's own address: the default child is delivery/instructions. */
  start: (queryClient: QueryClient, flow: CheckoutFlow) =>
    customerStep(queryClient, flow, async () => redirect(checkoutPaths(flow).instructions)),

  /** delivery/address and billingaddresses. */
  customer: (queryClient: QueryClient, flow: CheckoutFlow) => customerStep(queryClient, flow),

  instructions: (queryClient: QueryClient, flow: CheckoutFlow) =>
    customerStep(queryClient, flow, async () => {
      await queryClient.ensureQueryData(basketQueries.recipeKit(basketKindOf(flow.kind)));
      if (await mustAskAboutPlan(queryClient, flow)) return redirect(checkoutPaths(flow).existingPlan);
      return (await hasValidAddress(queryClient)) ? null : redirect(checkoutPaths(flow).address);
    }),

  /** existing-plan: the question itself, for a signed-in customer. */
  existingPlan: (queryClient: QueryClient, flow: CheckoutFlow) => customerStep(queryClient, flow),

  payment: (queryClient: QueryClient, flow: CheckoutFlow) =>
    customerStep(queryClient, flow, async () => {
      const paths = checkoutPaths(flow);
      const from = arrivingFrom();
      if (from === paths.confirmation) return redirect('/');
      if (await mustAskAboutPlan(queryClient, flow)) return redirect(paths.existingPlan);
      if (from === paths.instructions || from === paths.billing) return null;
      if (!(await hasValidAddress(queryClient))) return redirect(paths.address);
      // Reached another way (a reload, a return from PayPal): the date is chosen on the instructions step.
      return readDeliveryChoices().deliveryDate ? null : redirect(paths.instructions);
    }),

  confirmation: paidConfirmation,

  error: (queryClient: QueryClient, flow: CheckoutFlow) =>
    afterTokenSignIn(queryClient, async () =>
      arrivingFrom() === checkoutPaths(flow).payment ? null : redirect(flow.base),
    ),
};
