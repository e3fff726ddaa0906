import { useSearchParams } from '../shared/router';
import { LoginForm } from '../features/auth/login-page';
import { SignupForm } from '../features/auth/signup-page';
import { SocialChoices } from '../features/auth/social-login-page';
import { useCheckoutStep } from '../features/checkout/use-checkout-step';
import { safeTarget } from '../shared/customer.queries';
import { usePageMeta } from '../shared/use-page-meta';
import { CheckoutFrame } from '../features/checkout/checkout-frame';
import { useCheckoutFlow } from '../features/checkout/flow-context';
import { checkoutPaths } from '../features/checkout/flows';

// The checkout's sign-in steps (spec §2: continue, signup, login): the auth forms in the checkout's frame.
// Whichever way the customer signs in (a password, an emailed link, Google, Facebook or Apple), they come
// back to the checkout.

function useSignInStep() {
  const flow = useCheckoutFlow();
  const [params] = useSearchParams();
  const returnTo = safeTarget(params.get('returnTo')) ?? flow.base;
  const query = returnTo === flow.base ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const paths = checkoutPaths(flow);
  useCheckoutStep(2, flow.kind);
  return {
    returnTo,
    continuePath: `${paths.continue}${query}`,
    signupPath: `${paths.signup}${query}`,
    loginPath: `${paths.login}${query}`,
    forgotPath: `/forgot-password?returnTo=${encodeURIComponent(returnTo)}`,
  };
}

export function ContinueStep() {
  usePageMeta('Checkout: sign in');
  const step = useSignInStep();
  return (
    <CheckoutFrame
      title="How would you like to continue?"
      intro="Sign in or create an account to choose your delivery. Your basket is kept."
    >
      <SocialChoices returnTo={step.returnTo} loginPath={step.loginPath} signupPath={step.signupPath} />
    </CheckoutFrame>
  );
}

export function LoginStep() {
  usePageMeta('Checkout: log in');
  const step = useSignInStep();
  return (
    <LoginForm
      Frame={CheckoutFrame}
      returnTo={step.returnTo}
      paths={{ signup: step.signupPath, social: step.continuePath, forgot: step.forgotPath }}
    />
  );
}

export function SignupStep() {
  usePageMeta('Checkout: create an account');
  const step = useSignInStep();
  return (
    <SignupForm
      Frame={CheckoutFrame}
      returnTo={step.returnTo}
      loginPath={step.loginPath}
      forgotPath={step.forgotPath}
    />
  );
}
