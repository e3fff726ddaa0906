import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fullDateLabel, londonDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { isApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { FormError, TextField, useFormErrors, type Checked } from '../../shared/forms';
import { showToast } from '../../shared/ui/toast';
import { accountApi, accountQueries } from './customers.queries';

// Store credit in the account (spec §3 Customer storeCredits; §7 credit_voucher, store_credit_transactions):
// the balance, a box for a credit code, and every movement (codes, payments, credit given back).

/** "2 December 2026", the London date of a movement. */
const when = (instant: string) => fullDateLabel(londonDate(new Date(instant)));

const checkCode = ({ code }: { code: string }): Checked<string> =>
  code.trim() === '' ? { ok: false, errors: { code: 'Enter a credit code' } } : { ok: true, data: code };

export function StoreCreditSection({ balance }: { balance: number }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...accountQueries.credit(), enabled: open });
  const [code, setCode] = useState('');
  const [form, attachForm] = useFormErrors({ code }, checkCode);
  const [busy, setBusy] = useState(false);

  const redeem = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    setBusy(true);
    try {
      const added = await accountApi.redeemCreditCode(code);
      setCode('');
      showToast(`${formatPence(added.amount)} added to your store credit`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerQueries.me().queryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueries.credit().queryKey }),
      ]);
    } catch (e) {
      // Spec §8: the server's message when it refused the code, otherwise "Invalid code".
      form.fail(isApiError(e, 'VOUCHER_INVALID', 'VALIDATION_FAILED') ? e.message : 'Invalid code');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="account-section" aria-labelledby="credit-heading">
      <h2 id="credit-heading">Store credit</h2>
      <p className="account__figure">{formatPence(balance)}</p>
      <p className="field__hint">Credit is used at checkout before your card.</p>
      <form ref={attachForm} onSubmit={redeem} noValidate className="credit-code">
        <FormError message={form.formError} />
        <TextField
          label="Credit code"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          error={form.errors.code}
          disabled={busy}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
          {busy ? 'Adding…' : 'Add credit'}
        </button>
      </form>
      <details className="credit-history" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Credit history</summary>
        {history.isPending ? (
          <p className="field__hint">Loading…</p>
        ) : history.isError ? (
          <p role="alert">Couldn&apos;t get store credit transaction history</p>
        ) : history.data.length === 0 ? (
          <p>No store credit yet.</p>
        ) : (
          <ul className="credit-history__list">
            {history.data.map((entry) => (
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
