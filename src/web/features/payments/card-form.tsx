import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentMethod } from '../../../contracts/payments';
import { ApiError, NetworkError } from '../../shared/api/client';
import { Spinner } from '../../shared/ui/spinner';
import { paymentQueries, paymentsApi } from './payments.queries';
import './payments.css';

// Adding a card: a setup intent from our server, then the processor's card form in an iframe (in the
// sandbox, the shop's own stand-in for hosted card fields), which tells this window how it went by
// postMessage. Card numbers never pass through our page: only the setup intent id comes back.

export const CARD_FORM_MESSAGE_SOURCE = 'sfoglia-sandbox-card';

interface CardFormMessage {
  source: typeof CARD_FORM_MESSAGE_SOURCE;
  status: 'succeeded' | 'failed';
  setupIntentId?: string;
  message?: string;
}

function isCardFormMessage(data: unknown): data is CardFormMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === CARD_FORM_MESSAGE_SOURCE &&
    ['succeeded', 'failed'].includes((data as { status?: string }).status ?? '')
  );
}

type Step =
  | { name: 'starting' }
  | { name: 'form'; url: string; setupIntentId: string; loaded: boolean }
  | { name: 'saving' }
  | { name: 'failed'; message: string };

const failureMessage = (error: unknown) =>
  error instanceof ApiError || error instanceof NetworkError ? error.message : 'Request failed';

export function CardForm({
  onSaved,
  onCancel,
  makeDefault = false,
}: {
  onSaved: (method: PaymentMethod) => void;
  onCancel?: () => void;
  makeDefault?: boolean;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });

  // A fresh setup intent for each attempt.
  useEffect(() => {
    let cancelled = false;
    paymentsApi.setup('CreditCard').then(
      (intent) => {
        if (cancelled) return;
        if (!intent.cardFormUrl) setStep({ name: 'failed', message: 'Request failed' });
        else setStep({ name: 'form', url: intent.cardFormUrl, setupIntentId: intent.id, loaded: false });
      },
      (error: unknown) => {
        // Spec §8: a payment setup failure says "Request failed" unless the server says more.
        if (!cancelled) setStep({ name: 'failed', message: failureMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const save = useCallback(
    async (setupIntentId: string) => {
      setStep({ name: 'saving' });
      try {
        const method = await paymentsApi.save(setupIntentId, 'CreditCard');
        const saved = makeDefault && !method.default ? await paymentsApi.makeDefault(method.id) : method;
        await queryClient.invalidateQueries({ queryKey: paymentQueries.all });
        onSavedRef.current(saved);
      } catch (error) {
        setStep({ name: 'failed', message: failureMessage(error) });
      }
    },
    [queryClient, makeDefault],
  );

  useEffect(() => {
    if (step.name !== 'form') return;
    const onMessage = (event: MessageEvent) => {
      // Only our own origin's card form, in this iframe, is listened to.
      if (event.origin !== window.location.origin) return;
      if (frame.current && event.source !== frame.current.contentWindow) return;
      if (!isCardFormMessage(event.data)) return;
      if (event.data.status === 'succeeded') void save(event.data.setupIntentId ?? step.setupIntentId);
      else setStep({ name: 'failed', message: event.data.message || 'Your card could not be saved.' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [step, save]);

  return (
    <div className="card-form" aria-live="polite">
      {step.name === 'starting' ? <Spinner label="Opening the secure card form" /> : null}
      {step.name === 'starting' ? <p className="card-form__wait">Opening the secure card form…</p> : null}
      {step.name === 'form' ? (
        <>
          {!step.loaded ? <Spinner label="Loading the card form" /> : null}
          <iframe
            ref={frame}
            src={step.url}
            title="Card details"
            className="card-form__frame"
            onLoad={() => setStep((s) => (s.name === 'form' ? { ...s, loaded: true } : s))}
          />
          <p className="field__hint">Your card details go straight to our payment processor, never to us.</p>
        </>
      ) : null}
      {step.name === 'saving' ? (
        <p className="card-form__wait">
          <Spinner label="Saving your card" /> Saving your card…
        </p>
      ) : null}
      {step.name === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{step.message}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setStep({ name: 'starting' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : null}
      {onCancel && step.name !== 'saving' ? (
        <button type="button" className="link-button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
