import { useState } from 'react';
import { Link } from '../../shared/router';
import * as z from 'zod/mini';
import { emailSchema } from '../../../contracts/customers';
import { isApiError } from '../../shared/api/client';
import { EmailField, FormError, SubmitButton } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { usePageMeta } from '../../shared/use-page-meta';
import { authApi } from './auth.api';
import { AuthCard, CheckInbox } from './auth-card';

const forgotForm = z.object({ email: emailSchema });

export function ForgotPasswordPage() {
  usePageMeta('Forgot your password?');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '' },
    schema: forgotForm,
    names: { email: 'your email address' },
    onSubmit: async ({ email }) => {
      await authApi.requestPasswordReset(email);
      setSentTo(email);
    },
    failure: (error) => (isApiError(error, 'RATE_LIMITED') ? error.message : 'Something went wrong'),
  });

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
        <form {...form.props}>
          <FormError message={form.formError} />
          <EmailField {...form.field('email')} />
          <SubmitButton busy={form.busy} busyLabel="Sending…" block>
            Send me a link
          </SubmitButton>
        </form>
      )}
      <div className="auth__links">
        <Link to="/login">Back to log in</Link>
      </div>
    </AuthCard>
  );
}
