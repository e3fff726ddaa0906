import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client';
import { StorefrontError } from '../shared/storefront';

// Spec §8: failed queries are retried up to 3 times, never on 429. We also do not retry answers that a
// retry cannot change (400, 401, 403, 404, 409, 422): see docs/decisions/0004.
const FINAL_STATUSES = new Set([400, 401, 403, 404, 409, 422, 429]);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = error instanceof ApiError || error instanceof StorefrontError ? error.status : null;
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
