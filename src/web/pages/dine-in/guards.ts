import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { redirect } from '../../shared/router';
import { afterTokenSignIn } from '../../app/guards';
import { dineInQueries } from '../../features/dine-in/dine-in.queries';
import { dinerOf } from '../../features/dine-in/diner';
import { dineInStepDecision, type DineInStep } from '../../features/dine-in/rules';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { safeTarget } from '../../shared/customer.queries';
import { showToast } from '../../shared/ui/toast';

// The dine-in checkout's and the tab's guards (spec §2 Guards, §6), as loaders that redirect. The decisions
// are dineInStepDecision's (features/dine-in/rules.ts); here they read the basket, who is at the table and
// their tab, and a reason to go back is said in a message that outlives the redirect.

const REASON_MS = 6000;
export const CHECKOUT = '/dine-in-checkout';

const here = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** Someone at the table first: the continue step (sign in, sign up or carry on as a guest), then back here. */
export const continuePath = (returnTo: string) =>
  `${CHECKOUT}/continue?returnTo=${encodeURIComponent(returnTo)}`;

export const dineInGuards = {
  /** continue, signup, login, guest/email: someone already at the table goes on (to where they were going). */
  signIn: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, async ({ request }) => {
      if (!(await dinerOf(queryClient))) return null;
      return redirect(safeTarget(new URL(request.url).searchParams.get('returnTo')) ?? CHECKOUT);
    }),

  /** The checkout's summary, tipping, payment and add-to-order. */
  step: (queryClient: QueryClient, step: DineInStep) =>
    afterTokenSignIn(queryClient, async ({ request }: LoaderFunctionArgs) => {
      const [state, diner] = await Promise.all([
        queryClient.fetchQuery({ ...takeawayQueries.basket(), staleTime: 2_000 }),
        step === 'summary' ? null : dinerOf(queryClient),
      ]);
      const tab =
        step === 'add-to-order' && diner
          ? await queryClient.fetchQuery({ ...dineInQueries.tab(null), staleTime: 2_000 })
          : null;
      const detour = dineInStepDecision({
        step,
        basket: state?.basket ?? null,
        hasDiner: diner !== null,
        hasOpenTab: tab?.state === 'open',
      });
      if (!detour) return null;
      if (detour.reason) showToast(detour.reason, 'error', REASON_MS);
      switch (detour.to) {
        case 'menu':
          return redirect('/dine-in');
        case 'continue':
          return redirect(continuePath(here(request)));
        case 'tipping':
          return redirect(`${CHECKOUT}/tipping`);
        case 'summary':
          return redirect(CHECKOUT);
      }
    }),

  /** The tab's pages: someone at the table (a tab is its members' only). */
  tab: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, async ({ request }) =>
      (await dinerOf(queryClient)) ? null : redirect(continuePath(here(request))),
    ),
};
