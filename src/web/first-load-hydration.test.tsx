import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useId } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FIRST_LOAD_ROUTER, FirstLoadRoutes, startFirstLoad } from './app/first-load-router';
import { Live } from './app/start';
import { REACT_ROUTER } from './shared/react-router-screens';
import { Link, NavLink, Outlet, setScreenRouter, useParams } from './shared/router';

// A server-rendered page is rendered by React Router and hydrated by the first-load router (decision 31):
// the two must write the same markup, or React keeps the server's attributes where they differ (an id a
// label points at, a link's address) without a word. Rendered both ways on the server, compared whole.

function Labelled({ text }: { text: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{text}</label>
      <input id={id} />
    </p>
  );
}

function Layout() {
  return (
    <>
      <Labelled text="Search" />
      <nav>
        <Link to="/menu">Menu</Link> <NavLink to="/gift-boxes">Gifts</NavLink>{' '}
        <Link to="?week=2026-12-07">Next week</Link> <a href="https://example.com/">Out</a>
      </nav>
      <main>
        <Outlet />
      </main>
      <Labelled text="Newsletter" />
    </>
  );
}

function Box() {
  const { handle } = useParams();
  return (
    <section>
      <h1>{handle}</h1>
      {['a', 'b'].map((key) => (
        <Labelled key={key} text={key} />
      ))}
      <Link to="send">Send</Link>
    </section>
  );
}

const table = (): RouteObject[] => [
  {
    path: '/',
    Component: Layout,
    children: [
      {
        ErrorBoundary: () => null,
        children: [
          { path: 'gift-boxes', Component: () => <p>All boxes</p> },
          { path: 'gift-boxes/:handle', lazy: async () => ({ Component: Box }) },
        ],
      },
    ],
  },
];

async function reactRouter(url: string) {
  setScreenRouter(REACT_ROUTER);
  const handler = createStaticHandler(table());
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

async function firstLoad(url: string) {
  const { pathname, search, hash } = new URL(url);
  vi.stubGlobal('window', {
    location: { pathname, search, hash, origin: 'http://shop.test', href: url },
    history: { state: null },
    addEventListener: () => {},
  });
  setScreenRouter(FIRST_LOAD_ROUTER);
  expect(await startFirstLoad(table(), pathname)).toBe(true);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <Live>
          <FirstLoadRoutes />
        </Live>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('the first-load router hydrates what React Router rendered', () => {
  afterEach(() => setScreenRouter(REACT_ROUTER));

  test.each(['http://shop.test/gift-boxes', 'http://shop.test/gift-boxes/pasta-night?size=2'])(
    '%s: the same markup, ids included',
    async (url) => {
      const server = await reactRouter(url);
      expect(server).toContain('<label for=');
      expect(await firstLoad(url)).toBe(server);
    },
  );
});
