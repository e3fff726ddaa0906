import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatPence } from '../../../domain/money';
import { isApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { FormError, SubmitButton, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked } from '../../shared/forms/validate';
import { showToast } from '../../shared/ui/toast';
import { creditApi, creditQueries } from './credit.queries';

// A credit code turned into store credit (spec §7 credit_voucher): the box, the server's reason when it is
// refused, and a way to get the confirmation link again when credit waits for a confirmed email.

const checkCode = ({ code }: { code: string }) =>
  checked(code.trim() === '' ? { code: 'Enter a credit code' } : {}, code);

/** Credit waits for a confirmed email (decision 18): the server's EMAIL_NOT_CONFIRMED. */
export const CONFIRM_EMAIL_FOR_CREDIT = 'Confirm your email to add credit.';

export function CreditCodeForm({
  resendConfirmation,
}: {
  /** The way to get the confirmation link again, offered when a code waits for it (the auth area's). */
  resendConfirmation?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const form = useForm({
    initial: { code: '' },
    check: checkCode,
    onSubmit: async (code) => {
      const added = await creditApi.redeem(code);
      form.set({ code: '' });
      showToast(`${formatPence(added.amount)} added to your store credit`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerQueries.me().queryKey }),
        queryClient.invalidateQueries({ queryKey: creditQueries.wallet().queryKey }),
      ]);
    },
    // Spec §8: the server's message when it refused the code, otherwise "Invalid code"; by its code, never
    // its status (a 403 is an email still to confirm, not a wrong code).
    failure: (e) =>
      isApiError(e, 'EMAIL_NOT_CONFIRMED')
        ? CONFIRM_EMAIL_FOR_CREDIT
        : isApiError(e, 'VOUCHER_INVALID', 'VALIDATION_FAILED')
          ? e.message
          : 'Invalid code',
  });

  return (
    <form {...form.props} className="credit-code">
      <FormError message={form.formError} />
      {form.formError === CONFIRM_EMAIL_FOR_CREDIT && resendConfirmation ? (
        <p className="credit-code__confirm">
          We’ve emailed you a link: open it where you’re logged in. {resendConfirmation}
        </p>
      ) : null}
      <TextField
        label="Credit code"
        autoComplete="off"
        autoCapitalize="characters"
        {...form.field('code')}
        disabled={form.busy}
      />
      <SubmitButton busy={form.busy} busyLabel="Adding…" variant="secondary">
        Add credit
      </SubmitButton>
    </form>
  );
}
