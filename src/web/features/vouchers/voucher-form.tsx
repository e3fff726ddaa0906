import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPence } from '../../../domain/money';
import { showToast } from '../../shared/ui/toast';
import { SubmitButton, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked } from '../../shared/forms/validate';
import { voucherErrorMessage, voucherQueries, vouchersApi } from './vouchers.queries';

// The voucher box at checkout: apply a code, see what it takes off (or why it doesn't apply yet), remove it.

const checkCode = ({ code }: { code: string }) =>
  checked(code.trim() === '' ? { code: 'Enter a voucher code' } : {}, code);

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
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: voucherQueries.forBasket(basketId).queryKey }),
      onChanged(),
    ]);
  };
  const form = useForm({
    initial: { code: '' },
    check: checkCode,
    onSubmit: async (code) => {
      const voucher = await vouchersApi.apply(basketId, code);
      queryClient.setQueryData(voucherQueries.forBasket(basketId).queryKey, {
        voucher,
        state: voucher.state,
      });
      form.set({ code: '' });
      await refresh();
      showToast(`${voucher.code} applied`);
    },
    // Beside the code, until it changes.
    failure: (e) => {
      form.report('code', voucherErrorMessage(e));
      return null;
    },
  });
  const error = form.errors.code ?? form.formError;
  const applying = form.pending === 'submit';
  const removing = form.pending === 'remove';

  const remove = (voucherId: string) =>
    form.run(
      'remove',
      async () => {
        await vouchersApi.remove(basketId, voucherId);
        queryClient.setQueryData(voucherQueries.forBasket(basketId).queryKey, {
          voucher: null,
          state: { valid: false, message: '' },
        });
        await refresh();
        showToast('Voucher removed');
      },
      (e) => (e instanceof Error ? e.message : 'Something went wrong'),
    );

  const voucher = query.data?.voucher ?? null;
  return (
    <section className="checkout-card voucher" aria-labelledby="voucher-heading">
      <h2 id="voucher-heading">Voucher</h2>
      {query.isPending ? (
        <p className="field__hint">Checking for a voucher…</p>
      ) : voucher ? (
        <div className="voucher__applied" aria-busy={removing}>
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
            disabled={disabled || form.busy}
            onClick={() => void remove(voucher.id)}
          >
            {removing ? 'Removing…' : 'Remove voucher'}
            <span className="visually-hidden"> {voucher.code}</span>
          </button>
        </div>
      ) : (
        <form {...form.props} className="voucher__form">
          <TextField
            label="Voucher code"
            name="voucher"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            {...form.field('code')}
            error={error ?? undefined}
            disabled={disabled || form.busy}
          />
          <SubmitButton
            busy={applying}
            busyLabel="Applying…"
            variant="secondary"
            disabled={disabled || form.busy}
          >
            Apply
          </SubmitButton>
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
