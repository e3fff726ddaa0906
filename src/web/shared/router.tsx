import type * as RR from 'react-router';

// The router the screens use (decision 31). A running app is React Router's data router (main.tsx, the
// server's entry); a server-rendered public page's first load is the first-load router
// (app/first-load-router.tsx): the page's own location, links as links, no loaders, and about 1 KB instead of
// React Router's 30. Screens import links and hooks from here, never from 'react-router', so the same
// components serve both; the entry that starts the page says which router it is, once, before rendering.
// Loaders take `redirect` from here too: the route table is part of the first load (it is matched there).

export type { LinkProps, NavLinkProps, NavigateFunction, NavigateOptions, To } from 'react-router';

/** What the screens need of a router: React Router's own signatures. */
export interface ScreenRouter {
  Link: typeof RR.Link;
  NavLink: typeof RR.NavLink;
  Navigate: typeof RR.Navigate;
  Outlet: typeof RR.Outlet;
  ScrollRestoration: (props: RR.ScrollRestorationProps) => React.ReactNode;
  useNavigate: typeof RR.useNavigate;
  useSearchParams: typeof RR.useSearchParams;
  useParams: typeof RR.useParams;
  useLocation: typeof RR.useLocation;
  /** Whether a navigation is under way (the first-load router's are document loads: always idle). */
  useNavigation: () => { state: 'idle' | 'loading' | 'submitting' };
  /** The error a route's error boundary shows (the first-load router has no boundaries: undefined). */
  useRouteError: typeof RR.useRouteError;
}

let current: ScreenRouter | null = null;

/** Said once by the entry (main.tsx, first-load.tsx, entry-server.tsx, a test's setup) before rendering. */
export function setScreenRouter(router: ScreenRouter): void {
  current = router;
}

function router(): ScreenRouter {
  if (!current) throw new Error('No router: the entry must call setScreenRouter before rendering.');
  return current;
}

export function Link(props: RR.LinkProps & React.RefAttributes<HTMLAnchorElement>) {
  const { Link: Impl } = router();
  return <Impl {...props} />;
}

export function NavLink(props: RR.NavLinkProps & React.RefAttributes<HTMLAnchorElement>) {
  const { NavLink: Impl } = router();
  return <Impl {...props} />;
}

export function Navigate(props: RR.NavigateProps) {
  const { Navigate: Impl } = router();
  return <Impl {...props} />;
}

export function Outlet(props: RR.OutletProps) {
  const { Outlet: Impl } = router();
  return <Impl {...props} />;
}

export function ScrollRestoration(props: RR.ScrollRestorationProps) {
  const { ScrollRestoration: Impl } = router();
  return <Impl {...props} />;
}

export const useNavigate: typeof RR.useNavigate = () => router().useNavigate();
export const useSearchParams: typeof RR.useSearchParams = (init) => router().useSearchParams(init);
export const useParams: typeof RR.useParams = () => router().useParams();
export const useLocation: typeof RR.useLocation = () => router().useLocation();
export const useNavigation = () => router().useNavigation();
export const useRouteError: typeof RR.useRouteError = () => router().useRouteError();

/** A loader's redirect, as React Router's `redirect` makes it (a Response with Location and a 3xx status). */
export function redirect(url: string, init: number | ResponseInit = 302): Response {
  const options = typeof init === 'number' ? { status: init } : { status: 302, ...init };
  const headers = new Headers(options.headers);
  headers.set('Location', url);
  return new Response(null, { ...options, headers });
}

/** Whether a route's error is an error response (a loader's 404), as React Router's own test says. */
export function isRouteErrorResponse(error: unknown): error is RR.ErrorResponse {
  const e = error as (Partial<RR.ErrorResponse> & { internal?: unknown }) | null;
  return (
    e != null &&
    typeof e.status === 'number' &&
    typeof e.statusText === 'string' &&
    typeof e.internal === 'boolean' &&
    'data' in e
  );
}
