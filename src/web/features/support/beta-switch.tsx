import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Customer } from '../../../contracts/customer-model';
import { setCustomer } from '../../shared/customer.queries';
import { failureMessage } from '../../shared/forms/use-form';
import { supportApi } from './support.queries';

// Joining or leaving the beta group (issue 23 part 5; spec §2 /beta-opt-in): a switch that says where the
// customer stands, saves at once, says it is saving, and goes back (with the reason) if it could not.

export function BetaSwitch({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'failed'; text: string }>({
    kind: 'idle',
    text: '',
  });
  const [on, setOn] = useState(customer.beta);
  const change = async (next: boolean) => {
    setOn(next);
    setStatus({ kind: 'saving', text: next ? 'Joining the beta group…' : 'Leaving the beta group…' });
    try {
      const latest = await supportApi.setBeta(next);
      setCustomer(queryClient, latest);
      setOn(latest.beta);
      setStatus({
        kind: 'saved',
        text: latest.beta
          ? 'You’re in the beta group. Thank you!'
          : 'You’ve left the beta group. You’ll see the shop as everyone does.',
      });
    } catch (error) {
      setOn(!next);
      setStatus({ kind: 'failed', text: `We couldn’t save that. ${failureMessage(error)}` });
    }
  };
  return (
    <div className="beta-switch">
      <div className="switch-row">
        <label htmlFor="beta-switch">Try new things first (the beta group)</label>
        <input
          id="beta-switch"
          type="checkbox"
          role="switch"
          className="switch"
          checked={on}
          disabled={status.kind === 'saving'}
          aria-describedby="beta-status"
          onChange={(event) => void change(event.target.checked)}
        />
      </div>
      <p
        id="beta-status"
        className={status.kind === 'failed' ? 'field__error' : 'field__hint'}
        role="status"
        aria-busy={status.kind === 'saving'}
      >
        {status.kind === 'idle'
          ? on
            ? 'You’re in the beta group.'
            : 'You’re not in the beta group.'
          : status.text}
      </p>
    </div>
  );
}
