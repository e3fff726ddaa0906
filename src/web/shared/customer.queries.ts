import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { customerModel, type Customer } from '../../contracts/customer-model';
import { api, isApiError } from './api/client';
import { readOne } from './api/documents';

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const customerCheck = import.meta.env.PROD ? null : customerModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [customerCheck];

// The customer store: who is signed in (null for a visitor). The server inlines it into the page, so a
// visitor never asks for customer data; sign-in answers set it; a 401 anywhere clears it (spec §6, §8).

export const customerQueries = {
  all: ['customers'] as const,
  me: () =>
    queryOptions({
      queryKey: [...customerQueries.all, 'me'] as const,
      queryFn: async ({ signal }): Promise<Customer | null> => {
        try {
          return readOne(await api('GET', '/me', { signal }), customerCheck);
        } catch (error) {
          if (isApiError(error, 'UNAUTHENTICATED')) return null;
          throw error;
        }
      },
      // Spec §8: customer detail queries retry 0 times.
      retry: 0,
      staleTime: 5 * 60_000,
    }),
};

export function setCustomer(queryClient: QueryClient, customer: Customer | null): void {
  queryClient.setQueryData(customerQueries.me().queryKey, customer);
}

/**
 * Signed in: remember the customer, and refetch what depends on who they are (their basket joined the
 * visitor's; the banners say the customer's recorded experiment variant, decision 30).
 */
export async function rememberSignIn(queryClient: QueryClient, customer: Customer): Promise<void> {
  setCustomer(queryClient, customer);
  await queryClient.invalidateQueries({
    predicate: (query) => !['shop', 'menu'].includes(String(query.queryKey[0])) && query.queryKey[1] !== 'me',
  });
}

/** Signed out (a 401, or sign-out): forget the customer and everything that was theirs. */
export function forgetCustomer(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] === 'customers' && query.queryKey[1] !== 'me',
  });
  setCustomer(queryClient, null);
}

export function readCustomer(doc: unknown): {
  customer: Customer;
  targetUrl: string | null;
  /** The sign-in made the account (a provider's first time). */
  signedUp: boolean;
} {
  const meta = (doc as { meta?: { targetUrl?: string | null; signedUp?: boolean } }).meta;
  return {
    customer: readOne(doc, customerCheck),
    targetUrl: safeTarget(meta?.targetUrl ?? null),
    signedUp: meta?.signedUp === true,
  };
}

/** Only paths inside the shop are followed after sign-in (never another site). */
export function safeTarget(target: string | null | undefined): string | null {
  return target && /^\/(?![/\\])/.test(target) ? target : null;
}
