import { Link, useSearchParams } from '../../shared/router';
import * as z from 'zod/mini';
import { newPasswordSchema } from '../../../contracts/customers';
import { isApiError } from '../../shared/api/client';
import { FormError, NewPasswordFields, SubmitButton } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
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
  const form = useForm({
    initial: { password: '', confirm: '' },
    schema: resetForm,
    names: RESET_NAMES,
    onSubmit: async ({ password }) =>
      finish(await authApi.resetPassword(token, password), '/account/my-details', 'reset'),
    failure: (error) => (isApiError(error, 'TOKEN_INVALID') ? error.message : 'Something went wrong'),
  });

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
      <form {...form.props}>
        <FormError message={form.formError} />
        <NewPasswordFields
          password={form.field('password')}
          confirm={form.field('confirm')}
          hint="At least 8 characters."
        />
        <SubmitButton busy={form.busy} busyLabel="Saving…" block>
          Save and sign in
        </SubmitButton>
      </form>
      {form.formError ? (
        <div className="auth__links">
          <Link to="/forgot-password">Ask for a new link</Link>
        </div>
      ) : null}
    </AuthCard>
  );
}
