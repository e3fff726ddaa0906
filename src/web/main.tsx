import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { trackNavigation } from './app/navigation-history';
import { Live, startQueryClient } from './app/start';
import { createRoutes } from './routes';
import { REACT_ROUTER } from './shared/react-router-screens';
import { setScreenRouter } from './shared/router';
import { startErrorReporting } from './shared/error-reporting';
import { readServerState } from './shared/server-state';
import './typeface.css';
import './styles.css';

// The app: every page the browser renders (it arrives as the shell), and a server-rendered page whose first
// load handed over (decision 31: first-load.tsx runs those until the customer leaves them). A page rendered
// on the server arrives with its query cache and loader data (docs/decisions/0017) and hydrates from them.

setScreenRouter(REACT_ROUTER);
// With SENTRY_BROWSER_DSN, the page's errors go to Sentry, loaded once the page is idle (issue 25 part 6).
const errorOptions = startErrorReporting();
const server = readServerState();
const queryClient = startQueryClient(server);
const routes = createRoutes(queryClient);
const container = document.getElementById('root')!;

/** The matched routes' lazy chunks, loaded before hydrating: their screens are in the HTML already. */
async function loadMatchedRoutes(table: RouteObject[]) {
  for (const { route } of matchRoutes(table, window.location) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }
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

/** Hydrates the page the server rendered, or renders the page once its first loaders are done. */
async function start() {
  if (server) {
    await loadMatchedRoutes(routes);
    const router = createBrowserRouter(routes, { hydrationData: { loaderData: server.loaderData } });
    trackNavigation(router);
    hydrateRoot(container, app(router), errorOptions);
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
    createRoot(container, errorOptions).render(app(router));
  }
}

// Not awaited at the top level: the bundler turns its chunk optimisations off for a build with a top-level
// await anywhere in it (decision 37).
void start();
