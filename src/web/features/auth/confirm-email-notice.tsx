import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Customer } from '../../../contracts/customers';
import { isApiError } from '../../shared/api/client';
import { customerQueries, setCustomer } from '../../shared/customer.queries';
import { showToast } from '../../shared/ui/toast';
import { authApi } from './auth.api';

// Confirming the email after an instant sign-up (decision 18). The emailed link opens /account?confirm=…
// (never `?token=`, which signs in); the account page, which needs a sign-in, uses it, so the one who
// confirms holds the password as well as the inbox. Until then, a gentle reminder with "send it again".

/** One confirmation per token, however often the page renders (React runs effects twice in development). */
const confirming = new Map<string, Promise<Customer>>();

function confirmOnce(token: string): Promise<Customer> {
  let pending = confirming.get(token);
  if (!pending) {
    pending = authApi.confirmEmail(token);
    confirming.set(token, pending);
  }
  return pending;
}

export function ConfirmEmailNotice() {
  const queryClient = useQueryClient();
  const { data: customer } = useQuery(customerQueries.me());
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm');
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | string>('idle');

  useEffect(() => {
    if (!token) return;
    let current = true;
    void confirmOnce(token)
      .then(
        (confirmed) => {
          setCustomer(queryClient, confirmed);
          showToast('Thank you: your email address is confirmed');
        },
        (error: unknown) =>
          showToast(
            isApiError(error, 'TOKEN_INVALID')
              ? 'That confirmation link has run out or was used already. You can send yourself a new one.'
              : 'Something went wrong',
            'error',
          ),
      )
      .finally(() => {
        if (!current) return;
        setParams(
          (now) => {
            const next = new URLSearchParams(now);
            next.delete('confirm');
            return next;
          },
          { replace: true },
        );
      });
    return () => {
      current = false;
    };
  }, [token, queryClient, setParams]);

  if (!customer || customer.emailConfirmed || token) return null;

  const sendAgain = async () => {
    setResend('sending');
    try {
      await authApi.resendConfirmation();
      setResend('sent');
    } catch (error) {
      setResend(
        isApiError(error, 'RATE_LIMITED')
          ? 'We’ve sent a few already. Please wait a little before asking again.'
          : 'We couldn’t send it just now. Please try again.',
      );
    }
  };

  return (
    <div className="notice" role="status">
      <p>
        <strong>Please confirm your email address.</strong> We’ve emailed you a link: open it on a device
        where you’re logged in. Until then, credit codes can’t be added to your account.
      </p>
      {resend === 'sent' ? (
        <p>Sent. It can take a minute or two; have a look in your spam folder too.</p>
      ) : (
        <p className="notice__actions">
          <button type="button" onClick={() => void sendAgain()} disabled={resend === 'sending'}>
            {resend === 'sending' ? 'Sending…' : 'Send the link again'}
          </button>
        </p>
      )}
      {resend !== 'idle' && resend !== 'sending' && resend !== 'sent' ? <p>{resend}</p> : null}
    </div>
  );
}
