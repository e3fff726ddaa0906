import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from '../../shared/router';
import type { Customer } from '../../../contracts/customers';
import { isApiError } from '../../shared/api/client';
import { customerQueries, setCustomer } from '../../shared/customer.queries';
import { showToast } from '../../shared/ui/toast';
import { authApi } from './auth.api';
import { ResendConfirmation } from './resend-confirmation';

// Confirming the email after an instant sign-up (decision 18). The emailed link opens /account?confirm=…
// (never `?token=`, which signs in); the account page, which needs a sign-in, uses it, so the one who
// confirms holds the password as well as the inbox. Until then, a one-line reminder with "Resend link".

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

  // One line on a phone (issue 19): what is asked, and the way to get the link again.
  return (
    <p className="notice notice--slim" role="status">
      Please confirm your email. <ResendConfirmation />
    </p>
  );
}
