import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatPence } from '../../../domain/money';
import { showToast } from '../../shared/ui/toast';
import { TextField, useFormErrors, type Checked } from '../../shared/forms';
import { voucherErrorMessage, voucherQueries, vouchersApi } from './vouchers.queries';

// The voucher box at checkout: apply a code, see what it takes off (or why it doesn't apply yet), remove it.

const checkCode = ({ code }: { code: string }): Checked<string> =>
  code.trim() === '' ? { ok: false, errors: { code: 'Enter a voucher code' } } : { ok: true, data: code };

export function VoucherForm({
  basketId,
  onChanged,
  disabled = false,
}: {
  basketId: string;
  /** After a code is applied or removed: the basket and the order preview are out of date. */
  onChanged: () => Promise<unknown>;
  disabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(voucherQueries.forBasket(basketId));
  const [code, setCode] = useState('');
  const [form, attachForm] = useFormErrors({ code }, checkCode);
  const error = form.errors.code ?? form.formError;
  const [busy, setBusy] = useState<'applying' | 'removing' | null>(null);
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: voucherQueries.forBasket(basketId).queryKey }),
      onChanged(),
    ]);
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    setBusy('applying');
    try {
      const voucher = await vouchersApi.apply(basketId, code);
      queryClient.setQueryData(voucherQueries.forBasket(basketId).queryKey, {
        voucher,
        state: voucher.state,
      });
      setCode('');
      await refresh();
      showToast(`${voucher.code} applied`);
    } catch (e) {
      form.report('code', voucherErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (voucherId: string) => {
    setBusy('removing');
    form.fail(null);
    try {
      await vouchersApi.remove(basketId, voucherId);
      queryClient.setQueryData(voucherQueries.forBasket(basketId).queryKey, {
        voucher: null,
        state: { valid: false, message: '' },
      });
      await refresh();
      showToast('Voucher removed');
    } catch (e) {
      form.fail(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(null);
    }
  };

  const voucher = query.data?.voucher ?? null;
  return (
    <section className="checkout-card voucher" aria-labelledby="voucher-heading">
      <h2 id="voucher-heading">Voucher</h2>
      {query.isPending ? (
        <p className="field__hint">Checking for a voucher…</p>
      ) : voucher ? (
        <div className="voucher__applied" aria-busy={busy === 'removing'}>
          <p>
            <strong>{voucher.code}</strong>
            {voucher.description ? ` · ${voucher.description}` : ''}
          </p>
          {voucher.state.valid ? (
            <p className="voucher__ok" role="status">
              {voucher.discount > 0
                ? `${formatPence(voucher.discount)} off`
                : voucher.state.message || 'Applied'}
            </p>
          ) : (
            <p className="notice notice--warning" role="status">
              {voucher.state.message || 'Voucher invalid'}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={disabled || busy !== null}
            onClick={() => void remove(voucher.id)}
          >
            {busy === 'removing' ? 'Removing…' : 'Remove voucher'}
            <span className="visually-hidden"> {voucher.code}</span>
          </button>
        </div>
      ) : (
        <form ref={attachForm} className="voucher__form" onSubmit={apply} noValidate>
          <TextField
            label="Voucher code"
            name="voucher"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={code}
            error={error ?? undefined}
            onChange={(e) => setCode(e.target.value)}
            disabled={disabled || busy !== null}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={disabled || busy !== null}
            aria-busy={busy === 'applying'}
          >
            {busy === 'applying' ? 'Applying…' : 'Apply'}
          </button>
        </form>
      )}
      {voucher && error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
