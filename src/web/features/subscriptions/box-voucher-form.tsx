import { formatPence } from '../../../domain/money';
import { isRefusal } from '../../shared/api/client';
import { SubmitButton, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked } from '../../shared/forms/validate';
import { showToast } from '../../shared/ui/toast';
import { subscriptionsApi } from './subscriptions.queries';

// A code on a plan's coming box (spec §7 POST /orders/{id}/voucher, /remove_voucher): checked now, taken
// off when the box is charged at the cutoff. Spec §8: a refusal shows the server's words, else "Invalid code".

export const voucherProblem = (error: unknown) => (isRefusal(error) ? error.message : 'Invalid code');

export function BoxVoucherForm({
  orderId,
  voucherCode,
  discount,
  onChanged,
  disabled = false,
}: {
  orderId: string;
  voucherCode: string | null;
  discount: number;
  onChanged: () => Promise<unknown>;
  disabled?: boolean;
}) {
  const form = useForm({
    initial: { code: '' },
    check: ({ code }) => checked(code.trim() === '' ? { code: 'Enter a voucher code' } : {}, code),
    onSubmit: async (code) => {
      const order = await subscriptionsApi.orderVoucher(orderId, code);
      form.set({ code: '' });
      await onChanged();
      showToast(`${order.voucherCode ?? code.toUpperCase()} applied: ${formatPence(order.discount)} off`);
    },
    failure: (error) => {
      form.report('code', voucherProblem(error));
      return null;
    },
  });
  const remove = () =>
    form.run(
      'remove',
      async () => {
        await subscriptionsApi.removeOrderVoucher(orderId);
        await onChanged();
        showToast('Voucher removed');
      },
      (error) =>
        isRefusal(error) ? error.message : 'We couldn’t remove the code just now. Please try again.',
    );
  return (
    <section className="box-voucher" aria-labelledby={`voucher-${orderId}`}>
      <h3 id={`voucher-${orderId}`}>Voucher for this box</h3>
      {voucherCode ? (
        <div className="box-voucher__applied" aria-busy={form.pending === 'remove'}>
          <p>
            <strong>{voucherCode}</strong>
            {discount > 0
              ? `: ${formatPence(discount)} off this box`
              : ': it applies when the box meets its terms'}
          </p>
          {form.formError ? (
            <p className="form-error" role="alert">
              {form.formError}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={disabled || form.busy}
            onClick={() => void remove()}
          >
            {form.pending === 'remove' ? 'Removing…' : `Remove ${voucherCode}`}
          </button>
        </div>
      ) : (
        <form {...form.props} className="voucher__form">
          <TextField
            label="Voucher code"
            autoCapitalize="characters"
            autoComplete="off"
            disabled={disabled || form.busy}
            {...form.field('code')}
          />
          <SubmitButton
            busy={form.pending === 'submit'}
            busyLabel="Applying…"
            variant="secondary"
            disabled={disabled}
          >
            Apply
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
