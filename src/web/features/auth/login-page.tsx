import { useState, type ComponentType, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordSchema, emailSchema } from '../../../contracts/customers';
import * as z from 'zod/mini';
import { ApiError } from '../../shared/api/client';
import { FormError, TextField, useFormErrors, validate } from '../../shared/forms';
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
  const [values, setValues] = useState({ email: '', password: '' });
  const [form, attachForm] = useFormErrors(values, (v) => validate(loginForm, v, LOGIN_NAMES));
  const { errors } = form;
  const [busy, setBusy] = useState(false);
  const [linkSent, setLinkSent] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    setBusy(true);
    try {
      await finish(await authApi.signIn(checked.email, checked.password, returnTo), returnTo, 'password');
    } catch (error) {
      form.fail(
        error instanceof ApiError && error.code === 'INVALID_CREDENTIALS'
          ? "Email and Password don't match"
          : error instanceof Error
            ? error.message
            : 'Something went wrong',
      );
    } finally {
      setBusy(false);
    }
  };

  const sendLink = async () => {
    const checked = validate(linkForm, { email: values.email }, LOGIN_NAMES);
    if (!checked.ok) {
      form.report('email', checked.errors.email ?? 'Enter your email address');
      return;
    }
    setBusy(true);
    try {
      await authApi.requestSignInLink(checked.data.email, returnTo);
      setLinkSent(checked.data.email);
    } catch (error) {
      form.fail(error instanceof ApiError ? error.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Frame title="Log in" intro="Welcome back. Log in to order, or to manage your pasta plan.">
      {linkSent ? <CheckInbox email={linkSent} what="a sign-in link" /> : null}
      <form ref={attachForm} onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          error={errors.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Logging in…' : 'Log in'}
        </button>
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
