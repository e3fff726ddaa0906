import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '../../shared/router';
import { afterTokenSignIn, signedIn } from '../../app/guards';
import { paidConfirmation } from '../../app/paid-confirmation';
import { checkoutPaths, ONE_OFF_FLOW } from '../../features/checkout/flows';

// Guards of the gift pages (spec §2): sending a gift needs a customer, who signs in through the one-off
// checkout's gift-login steps (continue, signup, login) and comes back; the confirmation is reachable only
// from a payment page, like every confirmation.

export const giftGuards = {
  send: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, async ({ request }) => {
      if (await signedIn(queryClient)) return null;
      const url = new URL(request.url);
      return redirect(
        `${checkoutPaths(ONE_OFF_FLOW).continue}?returnTo=${encodeURIComponent(url.pathname + url.search)}`,
      );
    }),
  confirmation: paidConfirmation,
};
