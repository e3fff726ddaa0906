import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { emailSchema } from '../../../contracts/customers';
import { isApiError } from '../../shared/api/client';
import { FormError, TextField, useFormErrors, validate } from '../../shared/forms';
import { usePageMeta } from '../../shared/use-page-meta';
import { authApi } from './auth.api';
import { AuthCard, CheckInbox } from './auth-card';

export function ForgotPasswordPage() {
  usePageMeta('Forgot your password?');
  const [email, setEmail] = useState('');
  const [form, attachForm] = useFormErrors({ email }, (v) =>
    validate(z.object({ email: emailSchema }), v, { email: 'your email address' }),
  );
  const { errors } = form;
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    setBusy(true);
    try {
      await authApi.requestPasswordReset(checked.email);
      setSentTo(checked.email);
    } catch (error) {
      form.fail(isApiError(error, 'RATE_LIMITED') ? error.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Tell us your email and we’ll send you a link to choose a new one."
    >
      {sentTo ? (
        <>
          <CheckInbox email={sentTo} what="a link to reset your password" />
          <p>The link works for an hour.</p>
        </>
      ) : (
        <form ref={attachForm} onSubmit={onSubmit} noValidate>
          <FormError message={form.formError} />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Sending…' : 'Send me a link'}
          </button>
        </form>
      )}
      <div className="auth__links">
        <Link to="/login">Back to log in</Link>
      </div>
    </AuthCard>
  );
}
