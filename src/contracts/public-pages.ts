// The public pages' paths (decision 17): rendered on the server with their first screen in the HTML, the same
// for every visitor. Said here, apart from the page registry (page-routes.ts, where each page's facts are),
// because a public page's first load needs these paths and nothing else of it (decision 31: the first-load
// router decides with them which pages it shows in place; decision 38: not the facts the server, the budget
// and the bench read). page-routes.ts has a public page's facts for each path, and adds the pages the
// browser renders; its test holds them to one registry.

export const PUBLIC_PATHS = [
  '/',
  '/products',
  '/menu',
  '/one-off',
  '/one-off/menu',
  '/gift-boxes',
  '/gift-boxes/:handle',
  '/pasta-now-search-address',
  '/catering-search-address',
  '/pasta-now',
  '/catering-menu',
  '/dine-in',
  '/events/themes',
  '/events/theme/:id',
  '/rate-my-takeaway',
  '/support',
  '/support-success',
] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

/**
 * Pages the browser renders at an address a public page's pattern also matches (a static segment outranks a
 * `:name`, as in React Router): page-routes.test.ts computes them from the whole registry.
 */
export const BROWSER_PAGES_AMONG_PUBLIC: readonly string[] = ['/gift-boxes/confirmation'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches as React Router does by default: case-insensitive, a `:name` segment is any one non-empty segment,
 * trailing slashes are ignored. `path` is decoded (no query or fragment).
 */
export function matchesRoute(pattern: string, path: string): boolean {
  const source = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
    .join('/');
  return new RegExp(`^${source}/*$`, 'i').test(path);
}

/** Whether the server renders a decoded path's first screen: a public page's path. */
export function isServerRenderedPath(path: string): boolean {
  return (
    PUBLIC_PATHS.some((pattern) => matchesRoute(pattern, path)) &&
    !BROWSER_PAGES_AMONG_PUBLIC.some((pattern) => matchesRoute(pattern, path))
  );
}
