import { hydrate, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { seedFromBootstrap } from '../shared/bootstrap';
import { onUnauthorized } from '../shared/api/client';
import { forgetCustomer } from '../shared/customer.queries';
import type { ServerState } from '../shared/server-state';

// What both of the browser's entries do first (main.tsx, the app; first-load.tsx, a server-rendered page).

/**
 * The query cache: the page's own (a server-rendered page's cache and loader data are in the page, so it
 * hydrates without a second fetch), the bootstrap's settings and customer, the customer's experiments.
 */
export function startQueryClient(server: ServerState | null): QueryClient {
  const queryClient = createQueryClient();
  if (server) {
    hydrate(queryClient, server.queries);
    // The page's data is as old as the page: fresh from when it arrived (the server's clock is not ours).
    for (const query of queryClient.getQueryCache().getAll()) query.setState({ dataUpdatedAt: Date.now() });
  }
  const { unrecorded } = seedFromBootstrap(queryClient);
  // The customer's experiment variants recorded once they sign in, and analytics' flags kept current: loaded
  // after the first screen (the page's own flags are set above).
  void import('../features/experiments/follow-visitor').then(({ followVisitor }) =>
    followVisitor(queryClient, unrecorded),
  );
  // Spec §8: a 401 on any call resets the customer store (signed out).
  onUnauthorized(() => forgetCustomer(queryClient));
  return queryClient;
}

/** Marks the page live (`<html data-hydrated>`) once React has taken it over: browser tests wait for it. */
export function Live({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return children;
}
