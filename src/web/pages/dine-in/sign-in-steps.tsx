import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from '../../shared/router';
import * as z from 'zod/mini';
import { emailSchema } from '../../../contracts/customers';
import { SocialChoices } from '../../features/auth/social-login-page';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { dineInApi, dineInQueries } from '../../features/dine-in/dine-in.queries';
import { isApiError } from '../../shared/api/client';
import { safeTarget } from '../../shared/customer.queries';
import { EmailField, FormError, SubmitButton, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { usePageMeta } from '../../shared/use-page-meta';
import { forTab } from './checkout-layout';
import { CHECKOUT } from './guards';

// The dine-in checkout's continue step (spec §2: "login with guest option") and its guest/email step (spec
// §6 Guest: an email and a first name start a guest session, POST /sessions/guest_token). signup and login
// are the app's own steps (app/checkout-sign-in-steps.tsx) in this checkout's frame.

function useReturnTo() {
  const [params] = useSearchParams();
  const returnTo = safeTarget(params.get('returnTo')) ?? CHECKOUT;
  const query = returnTo === CHECKOUT ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  return { returnTo, query };
}

export function DineInContinueStep() {
  usePageMeta('Checkout: who’s ordering?');
  useCheckoutStep(2, 'dine-in');
  const { returnTo, query } = useReturnTo();
  const tab = forTab(query);
  const joining = tab && /[?&]join=/.test(returnTo);
  return (
    <CheckoutFrame
      title={joining ? 'Join the tab' : tab ? 'See your tab' : 'Who’s ordering?'}
      intro={
        joining
          ? 'Tell the table who you are: carry on as a guest with your email, or sign in to your account.'
          : tab
            ? 'Sign in to see your tab. On it as a guest on another phone? Ask your table for the tab’s link to join again here.'
            : 'Carry on as a guest with your email for the receipt, or sign in to your account. Your basket is kept.'
      }
    >
      <section className="checkout-card di-guest-choice" aria-labelledby="di-guest-heading">
        <h2 id="di-guest-heading">No account needed</h2>
        <p>We only need your email for the receipt and your first name for the table.</p>
        <Link to={`${CHECKOUT}/guest/email${query}`} className="button button--primary button--block">
          Continue as a guest
        </Link>
      </section>
      <h2 className="di-or">Or use your account</h2>
      <SocialChoices
        returnTo={returnTo}
        loginPath={`${CHECKOUT}/login${query}`}
        signupPath={`${CHECKOUT}/signup${query}`}
      />
    </CheckoutFrame>
  );
}

const guestForm = z.object({
  email: emailSchema,
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
});

export function GuestEmailStep() {
  usePageMeta('Checkout: continue as a guest');
  useCheckoutStep(2, 'dine-in');
  const { returnTo, query } = useReturnTo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    initial: { email: '', firstName: '' },
    schema: guestForm,
    names: { email: 'your email address', firstName: 'your first name' },
    onSubmit: async (body) => {
      const guest = await dineInApi.startGuest(body);
      queryClient.setQueryData(dineInQueries.guest().queryKey, guest);
      await navigate(returnTo, { replace: true });
    },
    failure: (error) =>
      isApiError(error, 'CONFLICT')
        ? 'You’re signed in already: go back to your order to carry on.'
        : isApiError(error, 'RATE_LIMITED', 'VALIDATION_FAILED')
          ? error.message
          : 'We couldn’t start your order just now. Please try again.',
  });
  return (
    <CheckoutFrame
      title="Continue as a guest"
      intro="Your receipt goes to this email. The others at your table and the kitchen see your first name."
    >
      <form {...form.props} className="checkout-card">
        <FormError message={form.formError} />
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          {...form.field('firstName')}
        />
        <EmailField {...form.field('email')} />
        <SubmitButton busy={form.busy} busyLabel="One moment…" block>
          Continue
        </SubmitButton>
      </form>
      <p className="auth__links">
        Have an account? <Link to={`${CHECKOUT}/login${query}`}>Log in</Link>
      </p>
    </CheckoutFrame>
  );
}
