import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { fullDateLabel, londonDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { isApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { FormError, SubmitButton, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked } from '../../shared/forms/validate';
import { showToast } from '../../shared/ui/toast';
import { creditApi, creditQueries } from './credit.queries';

// Store credit in the account (spec §3 Customer storeCredits; §7 credit_voucher, store_credit_transactions):
// the balance, a box for a credit code, and every movement (codes, payments, credit given back).

/** "2 December 2026", the London date of a movement. */
const when = (instant: string) => fullDateLabel(londonDate(new Date(instant)));

const checkCode = ({ code }: { code: string }) =>
  checked(code.trim() === '' ? { code: 'Enter a credit code' } : {}, code);

/** Credit waits for a confirmed email (decision 18): the server's EMAIL_NOT_CONFIRMED. */
export const CONFIRM_EMAIL_FOR_CREDIT = 'Confirm your email to add credit.';

export function StoreCreditSection({
  balance,
  resendConfirmation,
}: {
  balance: number;
  /** The way to get the confirmation link again, offered when a code waits for it (the auth area's). */
  resendConfirmation?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...creditQueries.wallet(), enabled: open });
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
    <section className="account-section" aria-labelledby="credit-heading">
      <h2 id="credit-heading">Store credit</h2>
      <p className="account__figure">{formatPence(balance)}</p>
      <p className="field__hint">Credit is used at checkout before your card.</p>
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
      <details className="credit-history" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Credit history</summary>
        {history.isPending ? (
          <p className="field__hint">Loading…</p>
        ) : history.isError ? (
          <p role="alert">Couldn&apos;t get store credit transaction history</p>
        ) : history.data.history.length === 0 ? (
          <p>No store credit yet.</p>
        ) : (
          <ul className="credit-history__list">
            {history.data.history.map((entry) => (
              <li key={entry.id}>
                <span className="credit-history__what">
                  {entry.description}
                  <span className="field__hint"> · {when(entry.createdAt)}</span>
                </span>
                <span className={entry.amount < 0 ? 'credit-history__out' : 'credit-history__in'}>
                  {entry.amount > 0 ? '+' : ''}
                  {formatPence(entry.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
