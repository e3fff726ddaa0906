import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '../shared/router';
import { isPaymentPage } from '../features/checkout/flows';
import { afterTokenSignIn, signedIn } from './guards';
import { arrivingFrom } from './navigation-history';

// Apart from the other guards: the public pages' first load uses those, and this one needs the checkouts'
// flows (issue 24).

/**
 * A confirmation page (the checkout's, a gift's, /payment/success) is reached only from a page that takes a
 * payment (spec §2 Guards); otherwise the account when signed in, else the home page.
 */
export const paidConfirmation = (queryClient: QueryClient) =>
  afterTokenSignIn(queryClient, async () => {
    if (isPaymentPage(arrivingFrom())) return null;
    return redirect((await signedIn(queryClient)) ? '/account' : '/');
  });
