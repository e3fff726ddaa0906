import { useState, type ComponentType } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import { passwordSchema, emailSchema } from '../../../contracts/customers';
import * as z from 'zod/mini';
import { ApiError, isApiError } from '../../shared/api/client';
import { EmailField, FormError, SubmitButton, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { validate } from '../../shared/forms/validate';
import { usePageMeta } from '../../shared/use-page-meta';
import { authApi } from './auth.api';
import { AuthCard, CheckInbox, type AuthFrameProps } from './auth-card';
import { returnToOf, useFinishSignIn } from './use-finish-sign-in';

const loginForm = z.object({ email: emailSchema, password: passwordSchema });
const linkForm = z.object({ email: emailSchema });
const LOGIN_NAMES = { email: 'your email address', password: 'your password' };

export interface LoginPaths {
  signup: string;
  social: string;
  forgot: string;
}

export function LoginPage() {
  usePageMeta('Log in');
  const [params] = useSearchParams();
  const query = params.toString() ? `?${params.toString()}` : '';
  return (
    <LoginForm
      Frame={AuthCard}
      returnTo={returnToOf(params)}
      paths={{
        signup: `/signup${query}`,
        social: `/social-login${query}`,
        forgot: `/forgot-password${query}`,
      }}
    />
  );
}

/** The log-in form; the checkout shows it in its own frame, with its own links. */
export function LoginForm({
  Frame,
  returnTo,
  paths,
}: {
  Frame: ComponentType<AuthFrameProps>;
  returnTo: string | null;
  paths: LoginPaths;
}) {
  const finish = useFinishSignIn();
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '', password: '' },
    schema: loginForm,
    names: LOGIN_NAMES,
    onSubmit: async ({ email, password }) =>
      finish(await authApi.signIn(email, password, returnTo), returnTo, 'password'),
    failure: (error) =>
      isApiError(error, 'INVALID_CREDENTIALS')
        ? "Email and Password don't match"
        : error instanceof Error
          ? error.message
          : 'Something went wrong',
  });
  const busy = form.busy;

  /** The email alone is enough for a link: only it is checked. */
  const sendLink = async () => {
    const checked = validate(linkForm, { email: form.values.email }, LOGIN_NAMES);
    if (!checked.ok) {
      form.report('email', checked.errors.email ?? 'Enter your email address');
      return;
    }
    await form.run(
      'link',
      async () => {
        await authApi.requestSignInLink(checked.data.email, returnTo);
        setLinkSent(checked.data.email);
      },
      (error) => (error instanceof ApiError ? error.message : 'Something went wrong'),
    );
  };

  return (
    <Frame title="Log in" intro="Welcome back. Log in to order, or to manage your pasta plan.">
      {linkSent ? <CheckInbox email={linkSent} what="a sign-in link" /> : null}
      <form {...form.props}>
        <FormError message={form.formError} />
        <EmailField {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <SubmitButton busy={busy} busyLabel="Logging in…" block>
          Log in
        </SubmitButton>
      </form>
      <div className="auth__links">
        <Link to={paths.forgot}>Forgot your password?</Link>
        <button type="button" className="link-button auth__link" onClick={sendLink} disabled={busy}>
          Email me a sign-in link instead
        </button>
        <p>
          New to Sfoglia? <Link to={paths.signup}>Create an account</Link>
        </p>
        <p>
          <Link to={paths.social}>Other ways to sign in</Link>
        </p>
      </div>
    </Frame>
  );
}
