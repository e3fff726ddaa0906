import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from '../../shared/router';
import { ApiError } from '../../shared/api/client';
import { Dialog } from '../../shared/ui/dialog';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { CardForm } from './card-form';
import { CardBrandMark, PaypalMark } from './payment-logos';
import { describeMethod, expiryOf, paymentQueries, paymentsApi } from './payments.queries';
import { startPaypalSetup } from './paypal';
import './payments.css';
import { LoadFailed } from '../../shared/ui/load-failed';

// "Payment methods" in the account: saved cards and PayPal accounts; add, make default, remove (spec §4
// Payment cards: the last card of an active plan, or the default card while others exist, cannot go). Each
// card says which rule keeps it, so "Remove" says why and what to do at once, before any "Yes, remove"
// (issue 19); the server refuses the same way if asked.

export function PaymentMethodsSection() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const methods = useQuery(paymentQueries.methods());
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  /** The card whose "Remove" was refused, with why. */
  const [kept, setKept] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [leavingForPaypal, setLeavingForPaypal] = useState(false);

  const act = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusyId(id);
    setProblem(null);
    setKept(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: paymentQueries.all });
      showToast(done);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Something went wrong');
    } finally {
      setBusyId(null);
    }
  };

  const addPaypal = async () => {
    setLeavingForPaypal(true);
    setProblem(null);
    try {
      await startPaypalSetup(location.pathname);
    } catch (error) {
      setLeavingForPaypal(false);
      setProblem(error instanceof ApiError ? error.message : 'Request failed');
    }
  };

  return (
    <section className="account-section" aria-labelledby="payment-methods-heading">
      <div className="account-section__header">
        <h2 id="payment-methods-heading">Payment methods</h2>
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {methods.isPending ? (
        <Spinner label="Loading your payment methods" />
      ) : methods.isError ? (
        <LoadFailed message="Couldn’t load your payment methods." onRetry={methods.refetch} />
      ) : methods.data.length === 0 ? (
        <p>No saved cards or PayPal yet. Add one to pay quickly at checkout.</p>
      ) : (
        <ul className="method-list">
          {methods.data.map((method) => {
            const name = describeMethod(method);
            const expiry = expiryOf(method);
            return (
              <li key={method.id} className="method-card" aria-busy={busyId === method.id}>
                <div className="method-card__what">
                  {method.type === 'PaypalAccount' ? <PaypalMark /> : <CardBrandMark brand={method.brand} />}
                  <span>
                    <span className="method-card__name">{name}</span>
                    <span className="method-card__meta">
                      {[
                        expiry ? `Expires ${expiry}` : null,
                        method.subscriptionIds.length > 0 ? 'Pays for your pasta plan' : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                  {method.default ? <span className="badge-tag">Default</span> : null}
                </div>
                <div className="button-row">
                  {method.default ? null : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busyId !== null}
                      onClick={() =>
                        act(
                          method.id,
                          () => paymentsApi.makeDefault(method.id),
                          `${name} is now your default`,
                        )
                      }
                    >
                      Make default<span className="visually-hidden"> {name}</span>
                    </button>
                  )}
                  {confirming === method.id ? (
                    <>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        disabled={busyId !== null}
                        onClick={() => {
                          setConfirming(null);
                          void act(method.id, () => paymentsApi.remove(method.id), `${name} removed`);
                        }}
                      >
                        Yes, remove<span className="visually-hidden"> {name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setConfirming(null)}
                      >
                        Keep it
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busyId !== null}
                      aria-describedby={kept === method.id ? `kept-${method.id}` : undefined}
                      onClick={() => {
                        setProblem(null);
                        if (method.removal) setKept(method.id);
                        else {
                          setKept(null);
                          setConfirming(method.id);
                        }
                      }}
                    >
                      Remove<span className="visually-hidden"> {name}</span>
                    </button>
                  )}
                </div>
                {kept === method.id && method.removal ? (
                  <p
                    id={`kept-${method.id}`}
                    className="notice notice--warning method-card__kept"
                    role="alert"
                  >
                    {method.removal.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
          Add a card
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void addPaypal()}
          disabled={leavingForPaypal}
          aria-busy={leavingForPaypal}
        >
          {leavingForPaypal ? 'Opening PayPal…' : 'Add PayPal'}
        </button>
      </div>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add a card" name="add_card">
        {adding ? (
          <CardForm
            onCancel={() => setAdding(false)}
            onSaved={(method) => {
              setAdding(false);
              showToast(`${describeMethod(method)} saved`);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
