import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { redirect } from '../shared/router';
import { customerQueries, rememberSignIn, safeTarget } from '../shared/customer.queries';
import { showToast } from '../shared/ui/toast';

// Guards are loaders that redirect (architecture decision 10; spec §2 Guards, §6).

export async function signedIn(queryClient: QueryClient): Promise<boolean> {
  return (await queryClient.ensureQueryData(customerQueries.me())) !== null;
}

// "A token query on entry signs the user in" (spec §2), on any page but the reset page and a week's one-tap
// link. React Router runs
// a route's loaders together and follows the deepest redirect, so the root loader and every redirecting
// child share one sign-in per token: children step aside (null) while a token is in the address, and the
// root loader then sends the customer on.
const tokenSignIns = new Map<string, Promise<string>>();

/**
 * A week's one-tap skip from the plan's reminder email (/schedule/{id}/edit?action=skip&token=…): its token
 * is the week's own, not a sign-in token, and the page works signed out (issue 12).
 */
export function isOneTapLink(url: URL): boolean {
  return (
    /^\/schedule\/[^/]+\/edit\/?$/.test(url.pathname) &&
    url.searchParams.get('action') === 'skip' &&
    url.searchParams.has('token')
  );
}

function entryToken(request: Request): { token: string; url: URL } | null {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  return token && !url.pathname.startsWith('/forgot-password') && !isOneTapLink(url) ? { token, url } : null;
}

/** Where to go once the address's token is used (signed in or not); null when the address has none. */
function signInFromEntryToken(queryClient: QueryClient, request: Request): Promise<string> | null {
  const entry = entryToken(request);
  if (!entry) return null;
  const { token, url } = entry;
  let pending = tokenSignIns.get(token);
  if (!pending) {
    url.searchParams.delete('token');
    const without = `${url.pathname}${url.search}`;
    // The sign-in's calls load with a token's first use: most pages never carry one (the first JS stays small).
    const signIn = async () => {
      const { authApi, registerFingerprintInBackground } = await import('../features/auth/token-sign-in');
      const { customer, targetUrl } = await authApi.signInWithToken(token);
      await rememberSignIn(queryClient, customer);
      registerFingerprintInBackground(customer.id);
      showToast(customer.firstName ? `Welcome, ${customer.firstName}` : 'You are signed in');
      return safeTarget(targetUrl) ?? (url.pathname === '/' ? '/account' : without);
    };
    pending = signIn().catch((error: unknown) => {
      showToast(error instanceof Error ? error.message : 'Something went wrong', 'error');
      return without;
    });
    tokenSignIns.set(token, pending);
  }
  return pending;
}

/** The root route's loader: uses a token in the address, then goes on without it. */
export const signInFromToken =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const signingIn = signInFromEntryToken(queryClient, request);
    if (signingIn) throw redirect(await signingIn);
    return null;
  };

/** A child loader that redirects, made to wait for (and defer to) a token sign-in in the address. */
export function afterTokenSignIn(
  queryClient: QueryClient,
  loader: (args: LoaderFunctionArgs) => Promise<Response | null> | Response | null,
) {
  return async (args: LoaderFunctionArgs) => {
    const signingIn = signInFromEntryToken(queryClient, args.request);
    if (signingIn) {
      await signingIn;
      return null;
    }
    return loader(args);
  };
}

/** A route that only sends the customer elsewhere ("/" → "/menu"). */
export const redirectTo = (queryClient: QueryClient, to: string) =>
  afterTokenSignIn(queryClient, () => redirect(to));

/** Account, order, schedule and payment routes: a visitor goes to /social-login and comes back after. */
export const requireCustomer = (queryClient: QueryClient) =>
  afterTokenSignIn(queryClient, async ({ request }) => {
    if (await signedIn(queryClient)) return null;
    const url = new URL(request.url);
    return redirect(`/social-login?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  });

/**
 * The fragment of the address being loaded. Loaders' requests never carry it, so it is read from the address
 * bar, which holds it when a provider's redirect loads the page (the only way an answer arrives).
 */
function fragmentOf(request: Request): string {
  if (typeof window === 'undefined') return '';
  const url = new URL(request.url);
  const here = window.location;
  return here.pathname === url.pathname && here.search === url.search ? here.hash : '';
}

/**
 * A provider's answer for /social-login or /auth-facebook-cb to finish: Google's id_token and Facebook's
 * access_token come in the fragment; Apple's code, the state we sent (also with a refusal) and an emailed
 * sign-in token in the query.
 */
export function carriesProviderAnswer(url: URL, fragment: string): boolean {
  const hash = new URLSearchParams(fragment.replace(/^#/, ''));
  return (
    hash.has('id_token') ||
    hash.has('access_token') ||
    ['code', 'state', 'token'].some((key) => url.searchParams.has(key))
  );
}

/** The visits a guests-only page still lets a signed-in customer make. */
const EXCEPTIONS = {
  // Signing in again (or as someone else): the page finishes the provider's answer.
  'provider-answer': (request: Request) => carriesProviderAnswer(new URL(request.url), fragmentOf(request)),
  // A signed-in customer who opens a reset link still resets: it is the only way to a new password without
  // the current one (the profile's change-password form asks for it), and the token is single-use anyway.
  'reset-link': (request: Request) => new URL(request.url).searchParams.has('token'),
} satisfies Record<string, (request: Request) => boolean>;

/**
 * The auth screens (log in, sign up, forgot password, /social-login, the Facebook return and the reset page):
 * a signed-in customer is sent to / (spec §2 Auth screens, §6), except on the visits `except` names.
 */
export const guestOnly = (queryClient: QueryClient, except?: keyof typeof EXCEPTIONS) =>
  afterTokenSignIn(queryClient, async ({ request }) =>
    !(except && EXCEPTIONS[except](request)) && (await signedIn(queryClient)) ? redirect('/') : null,
  );
