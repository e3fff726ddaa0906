import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { FIRST_LOAD_ROUTER, FirstLoadRoutes, startFirstLoad } from './app/first-load-router';
import { Live, startQueryClient } from './app/start';
import { createRoutes } from './routes';
import { setScreenRouter } from './shared/router';
import { startErrorReporting } from './shared/error-reporting';
import { readServerState } from './shared/server-state';

// A server-rendered public page's first load (decision 31): React, the page's own screens and the data
// layer, hydrated from the page on the first-load router. React Router and the rest of the app load with
// the next page. The page's styles are in its HTML (no CSS is imported here).

// With SENTRY_BROWSER_DSN, the page's errors go to Sentry, loaded once the page is idle (issue 25 part 6).
const errorOptions = startErrorReporting();
const server = readServerState();
const queryClient = server ? startQueryClient(server) : null;
const started = queryClient && (await startFirstLoad(createRoutes(queryClient), window.location.pathname));
if (!queryClient || !started) {
  // The page came without its state (the server sends the app's entry then; this is for a page kept from
  // before): the app renders it. Its address is on this script (web-app.ts).
  const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (app) await import(/* @vite-ignore */ app);
} else {
  setScreenRouter(FIRST_LOAD_ROUTER);
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Live>
          <FirstLoadRoutes />
        </Live>
      </QueryClientProvider>
    </StrictMode>,
    errorOptions,
  );
}
