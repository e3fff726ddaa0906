import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CheckoutMeta } from '../../../contracts/orders';
import { formatPence } from '../../../domain/money';
import { planCharge } from '../../../domain/orders';
import {
  defaultSelection,
  PaymentMethodPicker,
  type PaySelection,
} from '../../features/payments/payment-method-picker';
import { paymentQueries, type Decline, type PayWith } from '../../features/payments/payments.queries';
import { CheckboxField } from '../../shared/forms';
import { Spinner } from '../../shared/ui/spinner';

// Store credit, how to pay, and "Pay £x" (spec §5: credit first; a card is charged when the amount to
// charge is 30p or more; a card is requested when the basket says so or something is left to pay).

export type PayStatus = 'idle' | 'placing' | 'paying' | 'redirecting' | 'processing';

const WAITING: Record<Exclude<PayStatus, 'idle'>, string> = {
  placing: 'Placing your order…',
  paying: 'Taking payment…',
  redirecting: 'Taking you to confirm the payment…',
  processing: 'Your payment is processing…',
};

export function PaySection({
  checkout,
  status,
  decline,
  problem,
  unusable,
  onPay,
}: {
  checkout: CheckoutMeta;
  status: PayStatus;
  decline: Decline | null;
  problem: string | null;
  unusable: ReadonlySet<string>;
  onPay: (how: PayWith, needsMethod: boolean) => void;
}) {
  const methods = useQuery(paymentQueries.methods());
  const [useCredit, setUseCredit] = useState(true);
  const [chosen, setChosen] = useState<PaySelection | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = status !== 'idle';

  // The preferred usable method until the customer picks one (and again when theirs is declined for good).
  const selection: PaySelection | null =
    chosen && !(chosen.kind === 'saved' && unusable.has(chosen.id))
      ? chosen
      : methods.data
        ? defaultSelection(methods.data, unusable)
        : null;

  const plan = planCharge({
    total: checkout.total,
    creditBalance: checkout.creditBalance,
    useCredit,
    minimumCardCharge: checkout.minimumCardCharge,
    // With credit used, the server's answer says whether a card is wanted beyond the amount to charge.
    basketRequestsCard: checkout.requestCard && checkout.amountToCharge === 0,
  });
  const needsMethod = plan.requestCard;
  const label = plan.charge > 0 ? `Pay ${formatPence(plan.charge)}` : 'Place order';

  useEffect(() => {
    if (decline || problem) alertRef.current?.focus();
  }, [decline, problem]);

  const pay = () => {
    const how: PayWith =
      selection?.kind === 'paypal'
        ? { paypal: true, useCredit }
        : selection?.kind === 'saved'
          ? { paymentMethodId: selection.id, useCredit }
          : { useCredit };
    onPay(how, needsMethod && selection?.kind !== 'paypal' && selection?.kind !== 'saved');
  };

  return (
    <section className="checkout-card" aria-labelledby="pay-heading">
      <h2 id="pay-heading">How would you like to pay?</h2>
      {checkout.creditBalance > 0 ? (
        <div className="pay-credit">
          <CheckboxField
            label={`Use my store credit (${formatPence(checkout.creditBalance)} available)`}
            checked={useCredit}
            disabled={busy}
            onChange={(e) => setUseCredit(e.target.checked)}
          />
          {useCredit && plan.creditApplied > 0 ? (
            <p className="field__hint">
              {formatPence(plan.creditApplied)} of your credit goes towards this order.
            </p>
          ) : null}
        </div>
      ) : null}
      <dl className="summary-totals summary-totals--pay">
        <div>
          <dt>Order total</dt>
          <dd>{formatPence(checkout.total)}</dd>
        </div>
        {plan.creditApplied > 0 ? (
          <div className="summary-totals__discount">
            <dt>Store credit</dt>
            <dd>−{formatPence(plan.creditApplied)}</dd>
          </div>
        ) : null}
        <div className="summary-totals__total">
          <dt>To pay now</dt>
          <dd data-testid="amount-to-pay">{formatPence(plan.charge)}</dd>
        </div>
      </dl>
      {needsMethod ? (
        <PaymentMethodPicker selection={selection} onSelect={setChosen} unusable={unusable} disabled={busy} />
      ) : (
        <p className="notice">Your store credit covers this order: nothing to pay by card.</p>
      )}
      <div ref={alertRef} tabIndex={-1} className="pay-alert">
        {decline ? (
          <div className="notice notice--error" role="alert">
            <p>
              <strong>{decline.message}</strong>
            </p>
            {decline.hardDecline ? (
              <p>This card can’t be used again. Please choose another card or PayPal.</p>
            ) : null}
          </div>
        ) : null}
        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="button button--primary button--block pay-button"
        disabled={busy || (needsMethod && methods.isPending)}
        aria-busy={busy}
        onClick={pay}
      >
        {busy ? WAITING[status as Exclude<PayStatus, 'idle'>] : label}
      </button>
      {busy ? (
        <p className="pay-wait" role="status">
          <Spinner label={WAITING[status as Exclude<PayStatus, 'idle'>]} /> Please don’t close this page.
        </p>
      ) : null}
      <p className="field__hint pay-terms">
        Payments are taken securely by our payment processor. Minimum card payment{' '}
        {formatPence(checkout.minimumCardCharge)}.
      </p>
    </section>
  );
}
