import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { FIRST_LOAD_ROUTER, FirstLoadRoutes, startFirstLoad } from './app/first-load-router';
import { Live, startQueryClient } from './app/start';
import { createFirstLoadRoutes } from './public-routes';
import { setScreenRouter } from './shared/router';
import { startErrorReporting } from './shared/error-reporting';
import { readServerState } from './shared/server-state';

// A server-rendered public page's first load (decision 31): React, the page's own screens and the data
// layer, hydrated from the page on the first-load router. React Router and the rest of the app load with
// the next page. The page's styles are in its HTML (no CSS is imported here).

// With SENTRY_BROWSER_DSN, the page's errors go to Sentry, loaded once the page is idle (issue 25 part 6).
/**
 * The first load's steps each in a task of its own (issue 24): the modules' evaluation, the query cache
 * filled from the page, the page's routes matched and loaded. Together they were one task of 50–80 ms on
 * this machine (200–300 ms on a phone), in which nothing could paint or answer a tap.
 */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

// In a function, not at the module's top level: the bundler turns its chunk optimisations off for a build
// with a top-level await anywhere in it (decision 37).
async function start() {
  const errorOptions = startErrorReporting();
  const server = readServerState();
  await nextTask();
  const queryClient = server ? startQueryClient(server) : null;
  await nextTask();
  const started =
    queryClient && (await startFirstLoad(createFirstLoadRoutes(queryClient), window.location.pathname));
  if (!queryClient || !started) {
    // The page came without its state (the server sends the app's entry then; this is for a page kept from
    // before): the app renders it. Its address is on this script (web-app.ts).
    const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
    if (app) await import(/* @vite-ignore */ app);
  } else {
    setScreenRouter(FIRST_LOAD_ROUTER);
    // Hydrated as a transition (issue 24): React then works in slices of about 5 ms with the main thread free
    // between them, where a root hydrated at its default priority is one task (15–40 ms here, four times that
    // on a phone). A tap meanwhile is not lost: React hydrates what it lands on first, and replays it.
    startTransition(() => {
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
    });
  }
}

void start();
