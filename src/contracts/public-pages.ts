// The public pages (decision 17): rendered on the server with their first screen in the HTML, the same for
// every visitor. Said here, apart from the other pages (page-routes.ts), because a public page's first load
// needs this list and nothing else of the registry (decision 31: the first-load router decides with it which
// pages it shows in place). page-routes.ts adds the pages the browser renders; its test holds the two
// lists to one registry.

export interface Page {
  /** The React Router path pattern. */
  path: string;
  /**
   * `server`: public, its first screen rendered on the server (decision 17), added so unless it shows a
   * customer's own data; `browser`: a customer's own data, or a step of a flow that starts from the
   * customer's session: the server sends the shell and the browser renders the page.
   */
  rendered: 'server' | 'browser';
  /** The source modules of its route chunks (keys of dist/web/.vite/manifest.json): preloaded, budgeted. */
  chunks: readonly string[];
  /** A public page held to the JS budget (tools/js-budget.ts) and measured by Lighthouse (`npm run bench`). */
  measured: boolean;
  /** The address `npm run bench` measures it at, when not its path (a page whose address needs a query). */
  measuredAt?: string;
}

type Facts = Partial<Pick<Page, 'chunks' | 'measured' | 'measuredAt'>>;
const server = (path: string, facts: Facts = {}): Page => ({
  path,
  rendered: 'server',
  chunks: facts.chunks ?? [],
  measured: facts.measured ?? false,
  ...(facts.measuredAt ? { measuredAt: facts.measuredAt } : {}),
});

const DISCOVERY = 'pages/takeaway/discovery/layout.tsx';
const EVENTS = ['pages/events/load.ts', 'pages/events/public-chunk.ts'];
const SUPPORT = ['pages/support/load.ts', 'pages/support/public-chunk.ts'];

export const PUBLIC_PAGES: readonly Page[] = [
  server('/'),
  server('/products'),
  server('/menu', { chunks: ['pages/menu-page.tsx'], measured: true }),
  server('/one-off'),
  server('/one-off/menu', { chunks: ['pages/menu-page.tsx'] }),
  server('/gift-boxes', { chunks: ['pages/gifts/gifts-public-chunk.ts'], measured: true }),
  server('/gift-boxes/:handle', { chunks: ['pages/gifts/gifts-public-chunk.ts'] }),
  server('/pasta-now-search-address', {
    chunks: [DISCOVERY, 'pages/takeaway/discovery/search-chunk.ts'],
    measured: true,
  }),
  server('/catering-search-address', {
    chunks: [DISCOVERY, 'pages/takeaway/discovery/search-chunk.ts'],
    measured: true,
  }),
  // Pasta Now's menus (issue 13), public at their restaurant's address (issue 24 part 2):
  // /pasta-now?restaurant=soho is rendered on the server as anyone sees it, the visitor's basket joining in
  // the browser; the bare address is answered before rendering with a redirect to the basket's restaurant's
  // menu, or to the search (http/takeaway-menu-address.ts).
  server('/pasta-now', {
    chunks: [DISCOVERY, 'pages/takeaway/menu/chunk.ts'],
    measured: true,
    measuredAt: '/pasta-now?restaurant=soho',
  }),
  server('/catering-menu', {
    chunks: [DISCOVERY, 'pages/takeaway/menu/chunk.ts'],
    measured: true,
    measuredAt: '/catering-menu?restaurant=soho',
  }),
  // Dine-in (issue 21): a table's menu (?restaurant=…&table=…, public: rendered on the server as anyone sees
  // it, the basket set up in the browser, issue 24).
  server('/dine-in', {
    chunks: ['pages/dine-in/load.ts', 'pages/dine-in/table-chunk.ts'],
    measured: true,
    measuredAt: '/dine-in?restaurant=soho&table=12',
  }),
  // Events (issue 22): the themes and a theme (a theme loads the same JS as the themes, measured there, as
  // the bench visits a path without an id).
  server('/events/themes', { chunks: EVENTS, measured: true }),
  server('/events/theme/:id', { chunks: EVENTS }),
  // Rating a takeaway (issue 23 part 1): the after-order email's stars (with its key) or the tracking page's;
  // rendered without the order, which loads in the browser with the link's key. Measured as an email's link
  // opens it (an order the bench's shop does not have: the page then says so).
  server('/rate-my-takeaway', {
    chunks: ['pages/ratings/ratings-chunk.ts'],
    measured: true,
    measuredAt: '/rate-my-takeaway?order=0b7c9a52-3f1e-4d8a-9c61-5e2f8a7d4b10&key=demo-key&rating=5',
  }),
  // Support (issue 23 part 5): the question form and its thanks, one light chunk.
  server('/support', { chunks: SUPPORT, measured: true }),
  server('/support-success', { chunks: SUPPORT }),
];

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
    PUBLIC_PAGES.some((page) => matchesRoute(page.path, path)) &&
    !BROWSER_PAGES_AMONG_PUBLIC.some((pattern) => matchesRoute(pattern, path))
  );
}
