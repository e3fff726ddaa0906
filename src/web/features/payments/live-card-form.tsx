import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../shared/api/client';
import { Spinner } from '../../shared/ui/spinner';
import { CardFormEnding, CardFormError, failureMessage, type CardFormProps } from './card-form';
import { describeMethod, paymentQueries, paymentsApi } from './payments.queries';
import { cardErrorMessage, loadStripe, type StripeCardElement, type StripeJs } from './stripe-js';

// The live card form (PAYMENTS=live, decision 20): Stripe's own card fields (Stripe.js Elements) mounted
// here, confirming a setup intent from our server. Stripe runs a 3-D Secure check itself when the bank asks
// for one; a declined card stays in the form so another can be typed. Nothing typed passes through our
// page: only the setup intent's id comes back, and is saved as the customer's card.

type Step =
  | { name: 'starting' }
  | { name: 'form'; stripe: StripeJs; clientSecret: string }
  | { name: 'saving' }
  /** At checkout: the card went with the payment ("Paying with Visa ending 4242"). */
  | { name: 'sent'; card: string }
  | { name: 'failed'; message: string };

export function LiveCardForm({
  onSaved,
  onCancel,
  onTyped,
  makeDefault = false,
  mode = 'save',
  ref,
}: CardFormProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCardElement | null>(null);
  const empty = useRef(true);
  const callbacks = useRef({ onSaved, onTyped });
  useEffect(() => {
    callbacks.current = { onSaved, onTyped };
  });

  // Stripe.js and a fresh setup intent for each attempt.
  useEffect(() => {
    let cancelled = false;
    Promise.all([loadStripe(), paymentsApi.setup('CreditCard')]).then(
      ([stripe, intent]) => {
        if (!cancelled) setStep({ name: 'form', stripe, clientSecret: intent.clientSecret });
      },
      (error: unknown) => {
        // Spec §8: a payment setup failure says "Request failed" unless the server says more.
        if (cancelled) return;
        setStep({
          name: 'failed',
          message:
            error instanceof ApiError || error instanceof NetworkError
              ? failureMessage(error)
              : 'The secure card form didn’t load. Check your connection and try again.',
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const stripe = step.name === 'form' ? step.stripe : null;
  useEffect(() => {
    if (!stripe || !host.current) return;
    const element = stripe.elements().create('card', { hidePostalCode: true });
    element.on('ready', () => setReady(true));
    element.on('change', (event) => {
      empty.current = event.empty;
      setProblem(null);
      callbacks.current.onTyped?.();
    });
    element.mount(host.current);
    card.current = element;
    return () => {
      card.current = null;
      setReady(false);
      element.destroy();
    };
  }, [stripe]);

  const submit = useCallback(async () => {
    if (step.name === 'failed') throw new CardFormError('failed', step.message);
    const element = card.current;
    if (step.name !== 'form' || !ready || !element || confirming) {
      throw new CardFormError('not-ready', 'The card form is still opening. Try again in a moment.');
    }
    if (empty.current) {
      const message = 'Enter your card details above, or choose another way to pay.';
      setProblem(message);
      throw new CardFormError('empty', message);
    }
    setProblem(null);
    setConfirming(true);
    let result;
    try {
      result = await step.stripe.confirmCardSetup(step.clientSecret, { payment_method: { card: element } });
    } finally {
      setConfirming(false);
    }
    if (result.error) {
      // The same form stays, so another card can be typed (the setup intent can be confirmed again).
      const message = cardErrorMessage(result.error);
      setProblem(message);
      throw new CardFormError('invalid', message);
    }
    setStep({ name: 'saving' });
    try {
      // At checkout the card is kept only once the payment with it goes through.
      const method = await paymentsApi.save(result.setupIntent.id, 'CreditCard', {
        untilPaid: mode === 'pay',
      });
      const saved = makeDefault && !method.default ? await paymentsApi.makeDefault(method.id) : method;
      await queryClient.invalidateQueries({ queryKey: paymentQueries.all });
      if (mode === 'pay') setStep({ name: 'sent', card: describeMethod(saved) });
      callbacks.current.onSaved(saved);
      return saved;
    } catch (error) {
      const message = failureMessage(error);
      setStep({ name: 'failed', message });
      throw new CardFormError('failed', message);
    }
  }, [step, ready, confirming, makeDefault, queryClient, mode]);

  useImperativeHandle(ref, () => ({ submit }), [submit]);

  return (
    <div className="card-form" aria-live="polite">
      {step.name === 'starting' || (step.name === 'form' && !ready) ? (
        <p className="card-form__wait">
          <Spinner label="Opening the secure card form" /> Opening the secure card form…
        </p>
      ) : null}
      {step.name === 'form' ? (
        <>
          <div ref={host} className="card-form__stripe" data-testid="stripe-card-fields" />
          <p className="field__hint">Your card details go straight to our payment processor, never to us.</p>
          {/* At checkout the page's "Pay" says what went wrong, beside itself. */}
          {problem && mode === 'save' ? (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          ) : null}
          {mode === 'save' ? (
            <button
              type="button"
              className="button button--primary"
              disabled={!ready || confirming}
              aria-busy={confirming}
              onClick={() => void submit().catch(() => undefined)}
            >
              {confirming ? 'Checking your card…' : 'Save card'}
            </button>
          ) : null}
        </>
      ) : null}
      <CardFormEnding
        step={step}
        mode={mode}
        onRetry={() => {
          setStep({ name: 'starting' });
          setAttempt((n) => n + 1);
        }}
        onCancel={onCancel}
      />
    </div>
  );
}
