import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client';

// Spec §8: failed queries are retried up to 3 times, never on 429. We also do not retry answers that a
// retry cannot change (400, 401, 403, 404, 409, 422): see docs/decisions/0004.
const FINAL_STATUSES = new Set([400, 401, 403, 404, 409, 422, 429]);

/**
 * A storefront answer's failure (shared/storefront.ts's StorefrontError), known by its name: importing the
 * class put the storefront's client on the first load of every page, most of which never query it.
 */
const isStorefrontError = (error: unknown): error is Error & { status: number } =>
  error instanceof Error &&
  error.name === 'StorefrontError' &&
  typeof (error as { status?: unknown }).status === 'number';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = error instanceof ApiError || isStorefrontError(error) ? error.status : null;
  if (status !== null && FINAL_STATUSES.has(status)) return false;
  return failureCount < 3;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      // A change made offline fails at once and rolls back with a message, rather than waiting unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
