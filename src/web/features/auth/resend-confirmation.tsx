import { useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { authApi } from './auth.api';

// "Send the confirmation link again" (decision 18), wherever a confirmed email is needed: the reminder
// at the top of the account and a credit code refused until then. A link-styled button; once sent, it says
// so in its place.

type Sending = 'idle' | 'sending' | 'sent' | { problem: string };

export function ResendConfirmation({ label = 'Resend link' }: { label?: string }) {
  const [state, setState] = useState<Sending>('idle');
  const send = async () => {
    setState('sending');
    try {
      await authApi.resendConfirmation();
      setState('sent');
    } catch (error) {
      setState({
        problem: isApiError(error, 'RATE_LIMITED')
          ? 'We’ve sent a few already: please wait a little before asking again.'
          : 'We couldn’t send it just now: please try again.',
      });
    }
  };
  if (state === 'sent') {
    return <span className="resend-confirmation">Sent: check your inbox (and spam folder).</span>;
  }
  return (
    <span className="resend-confirmation">
      {typeof state === 'object' ? <span>{state.problem} </span> : null}
      <button
        type="button"
        className="link-button"
        onClick={() => void send()}
        disabled={state === 'sending'}
      >
        {state === 'sending' ? 'Sending…' : label}
      </button>
    </span>
  );
}
