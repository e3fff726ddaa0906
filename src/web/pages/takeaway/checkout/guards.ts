import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { redirect } from '../../../shared/router';
import { afterTokenSignIn, signedIn } from '../../../app/guards';
import { arrivingFrom } from '../../../app/navigation-history';
import { checkoutPaths } from '../../../features/checkout/flows';
import {
  CATERING_FLOW,
  stepDecision,
  TAKEAWAY_FLOW,
  type StepTarget,
  type TakeawayFlow,
  type TakeawayStep,
} from '../../../features/takeaway/checkout/rules';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { safeTarget } from '../../../shared/customer.queries';
import { showToast } from '../../../shared/ui/toast';

// Pasta Now's and catering's checkout guards (spec §2 Guards), as loaders that redirect. The decisions are
// stepDecision's (features/takeaway/checkout/rules.ts); here they read the session, the basket and where
// the customer is coming from, and a reason to go back is said in a message that outlives the redirect.

const REASON_MS = 6000;

const here = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** The same step in the other flow's checkout (a catering basket in Pasta Now's, or the other way). */
function otherFlowPath(flow: TakeawayFlow, request: Request): string {
  const other = flow.catering ? TAKEAWAY_FLOW : CATERING_FLOW;
  return new URL(request.url).pathname.replace(flow.base, other.base);
}

function pathOf(to: StepTarget, flow: TakeawayFlow, request: Request): string {
  const paths = checkoutPaths(flow);
  switch (to) {
    case 'continue': {
      const returnTo = here(request);
      return returnTo === flow.base
        ? paths.continue
        : `${paths.continue}?returnTo=${encodeURIComponent(returnTo)}`;
    }
    case 'search':
      return flow.search;
    case 'menu':
      return flow.menu;
    case 'other-flow':
      return otherFlowPath(flow, request);
    case 'address':
      return paths.address;
    case 'instructions':
      return paths.instructions;
    case 'account':
      return '/account';
  }
}

export const takeawayGuards = {
  /** continue, signup, login: a signed-in customer goes on with the checkout (or where they were going). */
  signIn: (queryClient: QueryClient, flow: TakeawayFlow) =>
    afterTokenSignIn(queryClient, async ({ request }) => {
      if (!(await signedIn(queryClient))) return null;
      return redirect(safeTarget(new URL(request.url).searchParams.get('returnTo')) ?? flow.base);
    }),

  /** The checkout itself (its index), delivery/address, delivery/instructions and payment. */
  step: (queryClient: QueryClient, flow: TakeawayFlow, step: TakeawayStep) =>
    afterTokenSignIn(queryClient, async ({ request }: LoaderFunctionArgs) => {
      const isSignedIn = await signedIn(queryClient);
      const fromInstructions = arrivingFrom() === checkoutPaths(flow).instructions;
      // The basket is read fresh on entering a step (the instructions step waits for it, spec §2).
      const basket =
        isSignedIn && (step !== 'payment' || fromInstructions)
          ? ((await queryClient.fetchQuery({ ...takeawayQueries.basket(), staleTime: 2_000 }))?.basket ??
            null)
          : null;
      const detour = stepDecision({
        step,
        signedIn: isSignedIn,
        basket,
        catering: flow.catering,
        fromInstructions,
      });
      if (!detour) return null;
      if (detour.reason) showToast(detour.reason, 'error', REASON_MS);
      return redirect(pathOf(detour.to, flow, request));
    }),
};
