import { useSearchParams } from '../../shared/router';
import { SocialChoices } from '../../features/auth/social-login-page';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { safeTarget } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';
import { CHECKOUT } from './guards';

// The events checkout's continue step (spec §2): sign in or create an account to book; signup and login are
// the app's own steps (app/checkout-sign-in-steps.tsx) in this checkout's frame.

export function EventsContinueStep() {
  usePageMeta('Book: sign in');
  useCheckoutStep(2, 'events');
  const [params] = useSearchParams();
  const returnTo = safeTarget(params.get('returnTo')) ?? CHECKOUT;
  const query = returnTo === CHECKOUT ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <CheckoutFrame
      title="How would you like to continue?"
      intro="Sign in or create an account to book. Your booking is kept while you do."
    >
      <SocialChoices
        returnTo={returnTo}
        loginPath={`${CHECKOUT}/login${query}`}
        signupPath={`${CHECKOUT}/signup${query}`}
      />
    </CheckoutFrame>
  );
}
