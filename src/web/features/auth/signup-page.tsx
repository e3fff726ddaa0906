import { useState, type ComponentType } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import { signUpBody } from '../../../contracts/customers';
import { analytics } from '../../shared/analytics';
import { isApiError } from '../../shared/api/client';
import {
  CheckboxField,
  EmailField,
  FormError,
  NameFields,
  SubmitButton,
  TextField,
} from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { usePageMeta } from '../../shared/use-page-meta';
import { authApi } from './auth.api';
import { AuthCard, type AuthFrameProps } from './auth-card';
import { returnToOf, useFinishSignIn } from './use-finish-sign-in';

// Sign-up (spec §7 POST /customers; §8 messages; decision 18): the account is made and the customer signed
// in at once, and carries on where they were going (inside the checkout, its next step). An email asks them
// to confirm the address; the account page reminds them until they do.

const SIGN_UP_NAMES = {
  firstName: 'your first name',
  lastName: 'your last name',
  email: 'your email address',
  password: 'a password',
};

export function SignupPage() {
  usePageMeta('Create an account');
  const [params] = useSearchParams();
  const returnTo = returnToOf(params);
  return (
    <SignupForm
      Frame={AuthCard}
      returnTo={returnTo}
      loginPath={`/login${params.toString() ? `?${params.toString()}` : ''}`}
      forgotPath={`/forgot-password${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`}
    />
  );
}

/** The sign-up form; the checkout shows it in its own frame, with its own links to log in and reset. */
export function SignupForm({
  Frame,
  returnTo,
  loginPath,
  forgotPath,
}: {
  Frame: ComponentType<AuthFrameProps>;
  returnTo: string | null;
  loginPath: string;
  forgotPath: string;
}) {
  const finish = useFinishSignIn();
  const [taken, setTaken] = useState(false);
  const form = useForm({
    initial: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      acceptsEmails: false,
      acceptsSms: false,
      acceptsMail: false,
    },
    schema: signUpBody,
    names: SIGN_UP_NAMES,
    prepare: (values) => ({ ...values, ...(returnTo ? { targetUrl: returnTo } : {}) }),
    onSubmit: async (body) => {
      setTaken(false);
      const signedIn = await authApi.signUp(body);
      analytics.ctaClick('sign_up', { step: 'submitted' });
      analytics.signUp('email');
      await finish(signedIn, returnTo, 'sign_up');
    },
    // Spec §8: invalid_email says "Invalid email", beside the email; an email with an account is told so
    // with the ways in (below the form); anything else the general message.
    failure: (error) => {
      if (isApiError(error, 'INVALID_EMAIL')) {
        form.report('email', 'Invalid email');
        return null;
      }
      if (isApiError(error, 'EMAIL_TAKEN')) {
        setTaken(true);
        return null;
      }
      return isApiError(error, 'RATE_LIMITED')
        ? error.message
        : 'An error occurred while creating your account';
    },
  });
  const { busy } = form;

  return (
    <Frame
      title="Create an account"
      intro="Order fresh pasta kits, and keep your addresses and orders in one place."
    >
      <form {...form.props}>
        <FormError message={form.formError} />
        {taken ? (
          <div className="notice notice--warning" role="alert">
            <p>
              <strong>You already have an account with this email.</strong> Log in to carry on, or reset your
              password if you have forgotten it.
            </p>
            <p className="notice__actions">
              <Link to={loginPath}>Log in</Link>
              <Link to={forgotPath}>Reset your password</Link>
            </p>
          </div>
        ) : null}
        <NameFields first={form.field('firstName')} last={form.field('lastName')} />
        <EmailField {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters. A few words together are easy to remember and hard to guess."
          {...form.field('password')}
        />
        <fieldset className="fieldset">
          <legend>Keep me posted about new menus and offers by</legend>
          <CheckboxField label="Email" {...form.checkbox('acceptsEmails')} />
          <CheckboxField label="Text message" {...form.checkbox('acceptsSms')} />
          <CheckboxField label="Post" {...form.checkbox('acceptsMail')} />
        </fieldset>
        <SubmitButton busy={busy} busyLabel="Creating your account…" block>
          Create account
        </SubmitButton>
      </form>
      <div className="auth__links">
        <p>
          Already have an account? <Link to={loginPath}>Log in</Link>
        </p>
      </div>
    </Frame>
  );
}
