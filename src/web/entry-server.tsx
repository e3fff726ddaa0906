import { PassThrough } from 'node:stream';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { CreateServerRenderer, RenderedPage, RenderInput } from '../contracts/server-render';
import { REACT_ROUTER } from './shared/react-router-screens';
import { Shell } from './app/shell';
import { createRoutes } from './routes';
import { setTransport } from './shared/api/transport';
import { configure } from './shared/config';
import { setScreenRouter } from './shared/router';
import type { ServerState } from './shared/server-state';

// The server's entry (docs/decisions/0017): built by Vite into dist/ssr and loaded by the Fastify server,
// it renders a public page's first screen with the same route table as the browser. The route's loaders
// wait for the first screen's queries (app/first-screen.ts), the page renders from them, and the query
// cache and the loaders' data go into the page to hydrate it without a second fetch.

setScreenRouter(REACT_ROUTER);

/** No retries while a page waits: a read that fails leaves its query to the browser. */
const serverQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

async function render({ url, signal }: RenderInput): Promise<RenderedPage> {
  const queryClient = serverQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(url, signal ? { signal } : {}));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    return location && context.status >= 300 && context.status < 400
      ? { kind: 'redirect', status: context.status, location }
      : { kind: 'failed', reason: `a loader answered ${context.status}` };
  }
  if (context.errors) {
    const reason = Object.values(context.errors).map(String).join('; ');
    return { kind: 'failed', reason };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
    signal,
  );
  const state: ServerState = {
    queries: dehydrate(queryClient),
    loaderData: context.loaderData,
  };
  const queries = queryClient.getQueryCache().getAll();
  const complete = queries.every((query) => query.state.status !== 'error');
  // A read for whoever holds the address (its `meta.personal`: the rating link's order) is never kept.
  const personal = queries.some((query) => query.meta?.personal === true);
  queryClient.clear();
  return { kind: 'page', html, state, complete, personal };
}

/** The whole first screen, streamed by React and collected (it is cached): every read was awaited before. */
function renderToString(element: ReactNode, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const { pipe, abort } = renderToPipeableStream(element, {
      // The page is sent whole once every read is in: each Suspense boundary stays in place in the HTML
      // (React would move a large one to the end, shown by an inline script), so the first screen reads
      // without JS; the browser hydrates the boundaries apart (decision 31).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError(error) {
        failed = error;
      },
      onAllReady() {
        if (failed) return reject(failed instanceof Error ? failed : new Error(String(failed)));
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        pipe(sink);
      },
    });
    signal?.addEventListener('abort', () => abort(signal.reason));
  });
}

/** The shell of a page the browser renders (nav, footer, an empty main): no loader runs, no data is read. */
async function shell({ url, signal }: RenderInput): Promise<string> {
  const handler = createStaticHandler([{ path: '*', Component: Shell }]);
  const context = await handler.query(new Request(url, signal ? { signal } : {}));
  if (context instanceof Response) throw new Error(`the shell answered ${context.status}`);
  const queryClient = serverQueryClient();
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </StrictMode>,
    signal,
  );
}

export const createServerRenderer: CreateServerRenderer = ({ config, fetch }) => {
  configure(config);
  setTransport(fetch);
  return { render, shell };
};
