import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Subscription } from '../../../contracts/subscriptions';
import { CardForm } from '../../features/payments/card-form';
import { CardBrandMark, PaypalMark } from '../../features/payments/payment-logos';
import { describeMethod, expiryOf, paymentQueries } from '../../features/payments/payments.queries';
import { subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { FormError } from '../../shared/forms/fields';
import { Dialog } from '../../shared/ui/dialog';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';

// The card a plan is charged to each week (spec §7 POST /subscriptions/change_payment_method): one of the
// saved cards or PayPal accounts, or a new card saved here and then chosen.

// A cancelled plan's card can change too: it is the card the plan restarts with.
export function PlanCardSection({
  plan,
  onChanged,
}: {
  plan: Subscription;
  onChanged: () => Promise<unknown>;
}) {
  const name = useId();
  const methods = useQuery(paymentQueries.methods());
  const [picked, setPicked] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const current = plan.paymentMethod?.id ?? null;
  // A plan without a card starts with the default card chosen, as every payment step does (issue 19).
  const chosen = picked ?? current ?? methods.data?.find((m) => m.default)?.id ?? null;

  const use = async (id: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await subscriptionsApi.changePaymentMethod(plan.id, id);
      await onChanged();
      setPicked(null);
      const method = methods.data?.find((m) => m.id === id);
      showToast(`Your plan is now charged to ${method ? describeMethod(method) : 'that card'}`);
    } catch (error) {
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t change the card just now. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="plan-card-heading" aria-busy={busy}>
      <h2 id="plan-card-heading" tabIndex={-1}>
        Card for your boxes
      </h2>
      <p className="field__hint">
        Each box is charged at 12 noon on the Friday before its week, when its changes close.
      </p>
      <FormError message={problem} />
      {methods.isPending ? (
        <Spinner label="Loading your cards" />
      ) : methods.isError ? (
        <LoadFailed message="We couldn’t load your saved cards just now." onRetry={methods.refetch} />
      ) : (
        <fieldset className="fieldset choice-list" disabled={busy}>
          <legend className="visually-hidden">Charge my plan to</legend>
          {methods.data.length === 0 ? <p>No saved cards yet. Add one below.</p> : null}
          {methods.data.map((method) => {
            const expiry = expiryOf(method);
            return (
              <label key={method.id} className="choice plan-card">
                <input
                  type="radio"
                  name={name}
                  checked={chosen === method.id}
                  onChange={() => setPicked(method.id)}
                />
                {method.type === 'PaypalAccount' ? <PaypalMark /> : <CardBrandMark brand={method.brand} />}
                <span>
                  <span className="choice__title">{describeMethod(method)}</span>
                  <span className="choice__meta">
                    {[
                      method.id === current ? 'Charged for this plan' : null,
                      expiry ? `Expires ${expiry}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="button-row">
        {chosen && chosen !== current ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void use(chosen)}
          >
            {busy ? 'Saving…' : 'Charge my plan to this card'}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => setAdding(true)}
        >
          Add a card
        </button>
      </div>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add a card" name="plan_add_card">
        {adding ? (
          <CardForm
            onCancel={() => setAdding(false)}
            onSaved={(method) => {
              setAdding(false);
              void use(method.id);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
