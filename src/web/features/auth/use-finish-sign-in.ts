import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../shared/router';
import { analytics } from '../../shared/analytics';
import { rememberSignIn, safeTarget } from '../../shared/customer.queries';
import { showToast } from '../../shared/ui/toast';
import type { SignedIn } from './auth.api';
import { registerFingerprintInBackground } from './fingerprint';

/** After any sign-in: remember the customer, say hello, and go where they were going. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async ({ customer, targetUrl, signedUp }: SignedIn, returnTo: string | null, how: string) => {
    await rememberSignIn(queryClient, customer);
    registerFingerprintInBackground(customer.id);
    analytics.ctaClick('sign_in', { method: how });
    // A provider's first sign-in made the account (the email sign-up says so itself).
    if (signedUp && (how === 'google' || how === 'facebook' || how === 'apple')) analytics.signUp(how);
    showToast(customer.firstName ? `Welcome, ${customer.firstName}` : 'You are signed in');
    await navigate(safeTarget(targetUrl) ?? safeTarget(returnTo) ?? '/account', { replace: true });
  };
}

export function returnToOf(search: URLSearchParams): string | null {
  return safeTarget(search.get('returnTo'));
}
