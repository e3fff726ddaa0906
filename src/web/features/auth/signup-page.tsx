import { useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
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
import { AuthCard, CheckInbox, type AuthFrameProps } from './auth-card';
import { returnToOf } from './use-finish-sign-in';

// Sign-up (spec §7 POST /customers; §8 messages). The account is confirmed by the emailed link, which
// signs the customer in and brings them back here (or to where they were going).

const SIGN_UP_NAMES = {
  firstName: 'your first name',
  lastName: 'your last name',
  email: 'your email address',
  password: 'a password',
};

export function SignupPage() {
  usePageMeta('Create an account');
  const [params] = useSearchParams();
  return (
    <SignupForm
      Frame={AuthCard}
      returnTo={returnToOf(params)}
      loginPath={`/login${params.toString() ? `?${params.toString()}` : ''}`}
    />
  );
}

/** The sign-up form; the checkout shows it in its own frame, with its own link to log in. */
export function SignupForm({
  Frame,
  returnTo,
  loginPath,
  onSent,
}: {
  Frame: ComponentType<AuthFrameProps>;
  returnTo: string | null;
  loginPath: string;
  onSent?: () => void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
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
      await authApi.signUp(body);
      analytics.ctaClick('sign_up', { step: 'submitted' });
      setSentTo(body.email);
      onSent?.();
    },
    // Spec §8: invalid_email says "Invalid email", beside the email; anything else the general message.
    failure: (error) => {
      if (isApiError(error, 'INVALID_EMAIL')) {
        form.report('email', 'Invalid email');
        return null;
      }
      return isApiError(error, 'RATE_LIMITED')
        ? error.message
        : 'An error occurred while creating your account';
    },
  });
  const { busy } = form;

  if (sentTo) {
    return (
      <Frame title="Check your inbox">
        <CheckInbox email={sentTo} what="a link to finish setting up your account" />
        <p>Open the email on this device and tap the link: you’ll be signed in and brought back here.</p>
        <p>
          Nothing after a few minutes? Check your spam folder, or <Link to={loginPath}>log in</Link> if you
          already have an account.
        </p>
      </Frame>
    );
  }

  return (
    <Frame
      title="Create an account"
      intro="Order fresh pasta kits, and keep your addresses and orders in one place."
    >
      <form {...form.props}>
        <FormError message={form.formError} />
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
