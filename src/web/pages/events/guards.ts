import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '../../shared/router';
import { afterTokenSignIn, signedIn } from '../../app/guards';
import { guestsOf, readBookingDraft } from '../../features/events/booking-draft';
import { safeTarget } from '../../shared/customer.queries';

// The booking's guards (issue 22), as loaders that redirect. The booking draft is the browser's (local
// storage): the booking needs a slot in its address (or one in the draft); the reservation and the checkout
// a draft with guests, else they go back to the themes; paying needs a signed-in customer, who signs in
// through the checkout's continue step and comes back.

export const THEMES = '/events/themes';
export const CHECKOUT = '/events-checkout';
export const ADDONS = `${CHECKOUT}/addons`;
export const PAYMENT = `${CHECKOUT}/payment`;

export const continuePath = (returnTo: string) =>
  `${CHECKOUT}/continue?returnTo=${encodeURIComponent(returnTo)}`;

const inBrowser = () => typeof window !== 'undefined';
const hasDraft = () => {
  const draft = readBookingDraft();
  return draft !== null && guestsOf(draft) > 0;
};

export const eventGuards = {
  /** /events/booking?slot=…: a slot to book (the draft's, when the address has none). */
  booking: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, ({ request }) => {
      if (!inBrowser() || new URL(request.url).searchParams.get('slot')) return null;
      const draft = readBookingDraft();
      return redirect(draft ? `/events/booking?slot=${encodeURIComponent(draft.slotId)}` : THEMES);
    }),

  /** The reservation and the checkout's add-ons: a booking being made. */
  draft: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, () => (!inBrowser() || hasDraft() ? null : redirect(THEMES))),

  /** /events-checkout: on to the add-ons when signed in, else to sign in first. */
  start: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, async () => {
      if (!inBrowser()) return null;
      if (!hasDraft()) return redirect(THEMES);
      return redirect((await signedIn(queryClient)) ? ADDONS : `${CHECKOUT}/continue`);
    }),

  /** continue, signup, login: a signed-in customer goes on (to where they were going). */
  signIn: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, async ({ request }) => {
      if (!inBrowser()) return null;
      if (!hasDraft()) return redirect(THEMES);
      if (!(await signedIn(queryClient))) return null;
      return redirect(safeTarget(new URL(request.url).searchParams.get('returnTo')) ?? ADDONS);
    }),

  /** Paying: a booking being made, by a signed-in customer. */
  payment: (queryClient: QueryClient) =>
    afterTokenSignIn(queryClient, async () => {
      if (!inBrowser()) return null;
      if (!hasDraft()) return redirect(THEMES);
      return (await signedIn(queryClient)) ? null : redirect(continuePath(PAYMENT));
    }),
};
