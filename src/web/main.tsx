import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { trackNavigation } from './app/navigation-history';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './routes';
import { seedFromBootstrap } from './shared/bootstrap';
import { onUnauthorized } from './shared/api/client';
import { forgetCustomer } from './shared/customer.queries';
import { readServerState } from './shared/server-state';
import './typeface.css';
import './styles.css';

// A public page arrives rendered by the server (docs/decisions/0017): its query cache and loader data are
// in the page, so it hydrates without a second fetch. Any other page arrives as the shell and renders here.

const queryClient = createQueryClient();
const server = readServerState();
if (server) {
  hydrate(queryClient, server.queries);
  // The page's data is as old as the page: fresh from when it arrived (the server's clock is not ours).
  for (const query of queryClient.getQueryCache().getAll()) query.setState({ dataUpdatedAt: Date.now() });
}
const { unrecorded } = seedFromBootstrap(queryClient);
// The customer's experiment variants recorded once they sign in, and analytics' flags kept current: loaded
// after the first screen (the page's own flags are set above).
void import('./features/experiments/follow-visitor').then(({ followVisitor }) =>
  followVisitor(queryClient, unrecorded),
);
// Spec §8: a 401 on any call resets the customer store (signed out).
onUnauthorized(() => forgetCustomer(queryClient));
const routes = createRoutes(queryClient);
const container = document.getElementById('root')!;

/** The matched routes' lazy chunks, loaded before hydrating: their screens are in the HTML already. */
async function loadMatchedRoutes(table: RouteObject[]) {
  for (const { route } of matchRoutes(table, window.location) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }
}

/** Marks the page live (`<html data-hydrated>`) once React has taken it over: browser tests wait for it. */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return children;
}

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Live>
        <RouterProvider router={router} />
      </Live>
    </QueryClientProvider>
  </StrictMode>
);

if (server) {
  await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: server.loaderData } });
  trackNavigation(router);
  hydrateRoot(container, app(router));
} else {
  const router = createBrowserRouter(routes);
  trackNavigation(router);
  // The server sent the shell (nav and footer): it stays until the page's first loaders are done.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  createRoot(container).render(app(router));
}
