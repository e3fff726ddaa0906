import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import type { PaymentMethod } from '../../../contracts/payments';
import { ApiError, NetworkError } from '../../shared/api/client';
import { config } from '../../shared/config';
import { Spinner } from '../../shared/ui/spinner';
import { describeMethod, paymentQueries, paymentsApi } from './payments.queries';
import './payments.css';

// Adding a card: a setup intent from our server, then the processor's card form. With PAYMENTS=live that
// is Stripe's own fields (live-card-form.tsx, its own chunk with Stripe.js loaded from Stripe, decision 20).
// In the sandbox it is the shop's own stand-in for hosted card fields, in an iframe, which tells this window how it went by
// postMessage. Card numbers never pass through our page: only the setup intent id comes back, and, while
// the customer types, whether anything is typed at all (as Stripe's card element tells its page).
//
// The frame says how tall its content is, and is sized to it, so nothing in it is cut off or scrolls at
// any width. At checkout ("pay" mode) the form has no button of its own: the page's "Pay" asks it to send
// itself (`submit()` on the handle), waits for the card to be saved, and pays with it.

export const CARD_FORM_MESSAGE_SOURCE = 'sfoglia-sandbox-card';
const PARENT_SOURCE = 'sfoglia-card-parent';

type FrameMessage =
  | { status: 'succeeded' | 'failed'; setupIntentId?: string | null; message?: string }
  | { type: 'resize'; height: number }
  | { type: 'ready'; invalid: boolean; empty: boolean }
  | { type: 'change'; empty: boolean }
  | { type: 'invalid'; reason: 'empty' };

function frameMessageOf(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== CARD_FORM_MESSAGE_SOURCE) return null;
  if (message.status === 'succeeded' || message.status === 'failed') return message as FrameMessage;
  if (message.type === 'resize') {
    return typeof message.height === 'number' && Number.isFinite(message.height) && message.height > 0
      ? { type: 'resize', height: Math.min(message.height, 4000) }
      : null;
  }
  if (message.type === 'ready' || message.type === 'change' || message.type === 'invalid') {
    return message as FrameMessage;
  }
  return null;
}

/** Why the card form could not give a saved card. */
export class CardFormError extends Error {
  override name = 'CardFormError';
  constructor(
    readonly reason: 'empty' | 'invalid' | 'failed' | 'not-ready',
    message: string,
  ) {
    super(message);
  }
}

export interface CardFormHandle {
  /** Sends the typed card to the processor and saves it; the saved card, or a CardFormError. */
  submit(): Promise<PaymentMethod>;
}

type Step =
  | { name: 'starting' }
  | { name: 'form'; url: string; setupIntentId: string; loaded: boolean }
  | { name: 'saving' }
  /** At checkout: the card went with the payment ("Paying with Visa ending 4242"). */
  | { name: 'sent'; card: string }
  | { name: 'failed'; message: string };

export const failureMessage = (error: unknown) =>
  error instanceof ApiError || error instanceof NetworkError ? error.message : 'Request failed';

/** A frame that never answers (its page failed to load) must not leave "Pay" spinning for ever. */
const FRAME_ANSWER_MS = 45_000;

export interface CardFormProps {
  onSaved: (method: PaymentMethod) => void;
  onCancel?: () => void;
  /** Something was typed in the card form (only that: never what). */
  onTyped?: () => void;
  makeDefault?: boolean;
  /** `pay`: no button in the form; the page sends it through the handle. */
  mode?: 'save' | 'pay';
  ref?: Ref<CardFormHandle>;
}

const LiveCardForm = lazy(async () => ({ default: (await import('./live-card-form')).LiveCardForm }));

/** The processor's card form: Stripe's fields when live, the sandbox's own otherwise. */
export function CardForm(props: CardFormProps) {
  if (config.payments.mode !== 'live') return <SandboxCardForm {...props} />;
  return (
    <Suspense fallback={<Spinner label="Opening the secure card form" />}>
      <LiveCardForm {...props} />
    </Suspense>
  );
}

function SandboxCardForm({
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
  const [height, setHeight] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<{
    resolve: (method: PaymentMethod) => void;
    reject: (error: CardFormError) => void;
    timer: ReturnType<typeof setTimeout>;
  } | null>(null);
  const callbacks = useRef({ onSaved, onTyped });
  useEffect(() => {
    callbacks.current = { onSaved, onTyped };
  });

  const settle = useCallback((outcome: { method: PaymentMethod } | { error: CardFormError }) => {
    const waiting = pending.current;
    if (!waiting) return;
    pending.current = null;
    clearTimeout(waiting.timer);
    if ('method' in outcome) waiting.resolve(outcome.method);
    else waiting.reject(outcome.error);
  }, []);

  // A fresh setup intent for each attempt.
  useEffect(() => {
    let cancelled = false;
    paymentsApi.setup('CreditCard').then(
      (intent) => {
        if (cancelled) return;
        setReady(false);
        setHeight(null);
        if (!intent.cardFormUrl) setStep({ name: 'failed', message: 'Request failed' });
        else {
          const url = new URL(intent.cardFormUrl, window.location.href);
          if (mode === 'pay') url.searchParams.set('mode', 'pay');
          setStep({ name: 'form', url: url.toString(), setupIntentId: intent.id, loaded: false });
        }
      },
      (error: unknown) => {
        // Spec §8: a payment setup failure says "Request failed" unless the server says more.
        if (!cancelled) setStep({ name: 'failed', message: failureMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt, mode]);

  // Leaving the page (or the card form) while a payment waits on it: the wait ends.
  useEffect(
    () => () => settle({ error: new CardFormError('failed', 'The card form was closed.') }),
    [settle],
  );

  const save = useCallback(
    async (setupIntentId: string) => {
      setStep({ name: 'saving' });
      try {
        // At checkout the card is kept only once the payment with it goes through.
        const method = await paymentsApi.save(setupIntentId, 'CreditCard', { untilPaid: mode === 'pay' });
        const saved = makeDefault && !method.default ? await paymentsApi.makeDefault(method.id) : method;
        await queryClient.invalidateQueries({ queryKey: paymentQueries.all });
        if (mode === 'pay') setStep({ name: 'sent', card: describeMethod(saved) });
        settle({ method: saved });
        callbacks.current.onSaved(saved);
      } catch (error) {
        const message = failureMessage(error);
        setStep({ name: 'failed', message });
        settle({ error: new CardFormError('failed', message) });
      }
    },
    [queryClient, makeDefault, settle, mode],
  );

  const frameUrl = step.name === 'form' ? step.url : null;
  const setupIntentId = step.name === 'form' ? step.setupIntentId : null;
  useEffect(() => {
    if (!frameUrl || !setupIntentId) return;
    const frameOrigin = new URL(frameUrl).origin;
    const onMessage = (event: MessageEvent) => {
      // Only the card form's origin, in this iframe, is listened to.
      if (event.origin !== frameOrigin) return;
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = frameMessageOf(event.data);
      if (!message) return;
      if ('status' in message) {
        if (message.status === 'succeeded') void save(message.setupIntentId ?? setupIntentId);
        else {
          const text = message.message || 'Your card could not be saved.';
          setStep({ name: 'failed', message: text });
          settle({ error: new CardFormError('failed', text) });
        }
        return;
      }
      switch (message.type) {
        case 'resize':
          setHeight(message.height);
          break;
        case 'ready':
          setReady(true);
          if (message.invalid) {
            settle({ error: new CardFormError('invalid', 'Check your card details above.') });
          }
          break;
        case 'change':
          callbacks.current.onTyped?.();
          break;
        case 'invalid':
          // Nothing was sent: the same form is still there, ready.
          setReady(true);
          settle({
            error: new CardFormError('empty', 'Enter your card details above, or choose another way to pay.'),
          });
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameUrl, setupIntentId, save, settle]);

  useImperativeHandle(
    ref,
    () => ({
      submit: () =>
        new Promise<PaymentMethod>((resolve, reject) => {
          if (step.name === 'failed') {
            reject(new CardFormError('failed', step.message));
            return;
          }
          const target = frame.current?.contentWindow;
          if (step.name !== 'form' || !ready || !target) {
            reject(new CardFormError('not-ready', 'The card form is still opening. Try again in a moment.'));
            return;
          }
          settle({ error: new CardFormError('failed', 'Replaced by a newer request.') });
          const timer = setTimeout(
            () =>
              settle({
                error: new CardFormError(
                  'failed',
                  'The card form didn’t answer. Check your connection and try again.',
                ),
              }),
            FRAME_ANSWER_MS,
          );
          pending.current = { resolve, reject, timer };
          // The frame sends the form to the processor itself: nothing typed there passes through here.
          setReady(false);
          target.postMessage({ source: PARENT_SOURCE, type: 'submit' }, new URL(step.url).origin);
        }),
    }),
    [step, ready, settle],
  );

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
            style={height ? { height: `${height}px` } : undefined}
            onLoad={() => setStep((s) => (s.name === 'form' ? { ...s, loaded: true } : s))}
          />
          <p className="field__hint">Your card details go straight to our payment processor, never to us.</p>
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

/**
 * The end of either card form (the sandbox's and Stripe's): saving, a failure with Try again, and Cancel.
 */
export function CardFormEnding({
  step,
  mode,
  onRetry,
  onCancel,
}: {
  step: { name: string; message?: string; card?: string };
  /** At checkout ('pay') the card is checked for the payment, not yet kept. */
  mode: 'save' | 'pay';
  onRetry: () => void;
  onCancel: (() => void) | undefined;
}) {
  const waiting = mode === 'pay' ? 'Checking your card' : 'Saving your card';
  return (
    <>
      {step.name === 'saving' ? (
        <p className="card-form__wait">
          <Spinner label={waiting} /> {waiting}…
        </p>
      ) : null}
      {step.name === 'sent' ? <p className="card-form__wait">Paying with {step.card}…</p> : null}
      {step.name === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{step.message}</p>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {onCancel && step.name !== 'saving' ? (
        <button type="button" className="link-button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </>
  );
}
