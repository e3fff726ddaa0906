import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { newPasswordSchema } from '../../../contracts/customers';
import { ApiError } from '../../shared/api/client';
import { FormError, TextField, useFormErrors, validate } from '../../shared/forms';
import { usePageMeta } from '../../shared/use-page-meta';
import { authApi } from './auth.api';
import { AuthCard } from './auth-card';
import { useFinishSignIn } from './use-finish-sign-in';

const resetForm = z.object({ password: newPasswordSchema, confirm: z.string() }).check(
  z.refine((v) => v.password === v.confirm, {
    message: 'The passwords don’t match. Type the new password again',
    path: ['confirm'],
  }),
);
const RESET_NAMES = { password: 'a new password', confirm: 'the new password again' };

/** The page the emailed reset link opens (/forgot-password/reset?token=…). */
export function ResetPasswordPage() {
  usePageMeta('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const finish = useFinishSignIn();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [form, attachForm] = useFormErrors(values, (v) => validate(resetForm, v, RESET_NAMES));
  const { errors } = form;
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    setBusy(true);
    try {
      await finish(await authApi.resetPassword(token, checked.password), '/account/my-details', 'reset');
    } catch (error) {
      form.fail(
        error instanceof ApiError && error.code === 'TOKEN_INVALID' ? error.message : 'Something went wrong',
      );
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <p>
          This page needs the link from your email. <Link to="/forgot-password">Ask for a new link</Link>.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      intro="After this, you’ll be signed in here and signed out everywhere else."
    >
      <form ref={attachForm} onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <TextField
          label="New password again"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          onChange={(e) => setValues({ ...values, confirm: e.target.value })}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Saving…' : 'Save and sign in'}
        </button>
      </form>
      {form.formError ? (
        <div className="auth__links">
          <Link to="/forgot-password">Ask for a new link</Link>
        </div>
      ) : null}
    </AuthCard>
  );
}
