import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Location, Params, RouteObject } from 'react-router';
import { isServerRenderedPath } from '../../contracts/public-pages';
import type { NavigateOptions, To } from '../shared/router';
import type { ScreenRouter } from '../shared/router';
import { hrefOf, matchPage } from './first-load-match';
import type { FirstScreenLoader } from './first-screen';

// The first-load router (decision 31): how a server-rendered public page runs until the customer goes to a
// page the server does not render. It renders the route table's own routes (matched by first-load-match.ts),
// gives the screens their location, query and params, and navigates as React Router would: to another public
// page here (its lazy chunks loaded and its loaders run first, a redirect followed, the shell and its state
// kept), within the page (its query or fragment: the menu's week and filter) by the history, and to any other
// page (the checkout, the account, sign-in) by loading it, where the app takes over. A loader that fails, or
// a screen whose chunk cannot load, sends the browser to the page itself: the server and the app show its
// error as they always do. About 2 KB, against React Router's 30 with its data router.

interface State {
  location: Location;
  /** The matched routes' components, outermost first, and their params: what Outlet renders next. */
  components: ComponentType[];
  params: Params;
  routes: RouteObject[];
  navigating: boolean;
}

let state: State;
let table: RouteObject[] = [];
const listeners = new Set<() => void>();
/** The navigation under way: a newer one wins. */
let latest = 0;

function read(): Location {
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state as { usr?: unknown; key?: string } | null) ?? null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const useRouterState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
const useFirstLoadLocation = () => useRouterState().location;

const resolved = new WeakMap<RouteObject, Promise<RouteObject>>();
/** A route with its lazy chunk's parts, loaded once. */
function resolve(route: RouteObject): Promise<RouteObject> {
  let done = resolved.get(route);
  if (!done) {
    done =
      typeof route.lazy === 'function'
        ? route.lazy().then((parts) => ({ ...route, ...parts, lazy: undefined }))
        : Promise.resolve(route);
    resolved.set(route, done);
  }
  return done;
}

const componentOf = (route: RouteObject): ComponentType | null => {
  if (route.Component) return route.Component;
  if (route.element === undefined) return null;
  const element = route.element;
  return () => element;
};

/** The route table and the page's match: said once by first-load.tsx before hydrating. */
export async function startFirstLoad(routes: RouteObject[], pathname: string): Promise<boolean> {
  table = routes;
  const match = matchPage(routes, pathname);
  if (!match) return false;
  const loaded = await Promise.all(match.routes.map(resolve));
  // The page's personal reads that may start now, before it hydrates (first-screen.ts).
  const url = new URL(window.location.href);
  for (const route of loaded) (route.loader as FirstScreenLoader | undefined)?.firstLoad?.(url);
  state = {
    location: read(),
    routes: match.routes,
    components: loaded.map(componentOf).filter((c): c is ComponentType => c !== null),
    params: match.params,
    navigating: false,
  };
  window.addEventListener('popstate', () => {
    const { pathname } = window.location;
    if (pathname === state.location.pathname) set({ location: read() });
    else void go(window.location.href, { pop: true });
  });
  return true;
}

const isRedirect = (value: unknown): value is Response =>
  value instanceof Response && value.status >= 300 && value.status < 400 && value.headers.has('Location');

/** To another page: here if the server renders it (loaders first), else by loading it. */
async function go(href: string, options: NavigateOptions & { pop?: boolean }, hops = 0): Promise<void> {
  const url = new URL(href, window.location.href);
  const load = () =>
    options.replace || options.pop ? window.location.replace(url.href) : window.location.assign(url.href);
  const match =
    url.origin === window.location.origin &&
    isServerRenderedPath(url.pathname) &&
    !url.searchParams.has('token') &&
    hops < 5
      ? matchPage(table, url.pathname)
      : null;
  if (!match) return load();
  const id = ++latest;
  set({ navigating: true });
  try {
    const routes = await Promise.all(match.routes.map(resolve));
    const request = new Request(url.href);
    const pattern = `/${match.routes
      .map((route) => route.path ?? '')
      .filter(Boolean)
      .join('/')}`;
    const args = { request, url, pattern, params: match.params, context: undefined };
    // The routes new to the screen (or with other params) read their first screen, as React Router's do.
    const fresh = routes.filter((route, i) => state.routes[i] !== match.routes[i] || i === routes.length - 1);
    const results = await Promise.all(
      fresh.map(async (route) => {
        try {
          return typeof route.loader === 'function' ? await route.loader(args) : null;
        } catch (thrown) {
          if (isRedirect(thrown)) return thrown;
          throw thrown;
        }
      }),
    );
    if (id !== latest) return;
    const redirect = results.find(isRedirect);
    if (redirect) {
      set({ navigating: false });
      return go(redirect.headers.get('Location')!, { replace: true }, hops + 1);
    }
    if (!options.pop) {
      const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
      if (options.replace) window.history.replaceState(entry, '', url.href);
      else window.history.pushState(entry, '', url.href);
    }
    set({
      location: read(),
      routes: match.routes,
      components: routes.map(componentOf).filter((c): c is ComponentType => c !== null),
      params: match.params,
      navigating: false,
    });
    if (!options.pop && !options.preventScrollReset) window.scrollTo(0, 0);
  } catch {
    if (id === latest) load();
  }
}

function navigate(to: To | number, options: NavigateOptions = {}) {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const href = hrefOf(to, state.location);
  const url = new URL(href, window.location.href);
  if (url.origin === window.location.origin && url.pathname === state.location.pathname) {
    const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
    if (options.replace) window.history.replaceState(entry, '', url.href);
    else window.history.pushState(entry, '', url.href);
    set({ location: read() });
    return;
  }
  return go(href, options);
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  event.button === 0 &&
  !event.defaultPrevented &&
  !event.metaKey &&
  !event.altKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  (!target || target === '_self');

const isExternal = (to: To) => typeof to === 'string' && /^[a-z][a-z\d+\-.]*:|^\/\//i.test(to);

const Link: ScreenRouter['Link'] = function Link({
  to,
  replace,
  state,
  reloadDocument,
  preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  discover,
  prefetch: _prefetch,
  onClick,
  target,
  ...rest
}) {
  const here = useFirstLoadLocation();
  const external = isExternal(to);
  const href = external ? (to as string) : hrefOf(to, here);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      data-discover={!external && discover !== 'none' ? 'true' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (external || reloadDocument || !isPlainClick(event, target)) return;
        event.preventDefault();
        void navigate(href, { replace, state, preventScrollReset });
      }}
    />
  );
} as ScreenRouter['Link'];

const NavLink: ScreenRouter['NavLink'] = function NavLink({
  className,
  style,
  children,
  end,
  caseSensitive,
  'aria-current': ariaCurrent = 'page',
  ...rest
}) {
  const here = useFirstLoadLocation();
  const target = hrefOf(rest.to, here).split(/[?#]/)[0]!;
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase());
  const [path, goal] = [fold(here.pathname), fold(target)];
  const isActive =
    path === goal || (!end && goal !== '/' && path.startsWith(goal) && path.charAt(goal.length) === '/');
  const flags = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={
        typeof className === 'function'
          ? className(flags)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined
      }
      style={typeof style === 'function' ? style(flags) : style}
    >
      {typeof children === 'function' ? children(flags) : children}
    </Link>
  );
} as ScreenRouter['NavLink'];

const Navigate: ScreenRouter['Navigate'] = ({ to, replace, state }) => {
  useEffect(() => void navigate(to, { replace, state }), [to, replace, state]);
  return null;
};

const DepthContext = createContext(0);

const Outlet: ScreenRouter['Outlet'] = () => {
  const { components } = useRouterState();
  const depth = useContext(DepthContext);
  const next = components[depth];
  return next ? <DepthContext.Provider value={depth + 1}>{createElement(next)}</DepthContext.Provider> : null;
};

export const FIRST_LOAD_ROUTER: ScreenRouter = {
  Link,
  NavLink,
  Navigate,
  Outlet,
  ScrollRestoration: () => null,
  useNavigate: () => navigate as ReturnType<ScreenRouter['useNavigate']>,
  useSearchParams: (defaults) => {
    const here = useFirstLoadLocation();
    const params = new URLSearchParams(here.search);
    if (defaults) {
      for (const [key, value] of new URLSearchParams(
        defaults as ConstructorParameters<typeof URLSearchParams>[0],
      )) {
        if (!params.has(key)) params.append(key, value);
      }
    }
    const set: ReturnType<ScreenRouter['useSearchParams']>[1] = (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(state.location.search)) : next;
      const search = new URLSearchParams(
        value as ConstructorParameters<typeof URLSearchParams>[0],
      ).toString();
      void navigate(`?${search}`, options);
    };
    return [params, set];
  },
  useParams: (() => useRouterState().params) as ScreenRouter['useParams'],
  useLocation: useFirstLoadLocation,
  useNavigation: () => ({ state: useRouterState().navigating ? 'loading' : 'idle' }),
  useRouteError: () => undefined,
};

/**
 * Renders the page's matched routes, outermost first (startFirstLoad said which). The second child stands
 * where React Router's StaticRouterProvider, which rendered the page on the server, puts its hydration script:
 * React's `useId` counts siblings, so the ids (labels, dialogs) match the server's only in the same shape.
 */
export function FirstLoadRoutes(): ReactNode {
  return (
    <>
      <Outlet />
      {null}
    </>
  );
}
