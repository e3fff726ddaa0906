// The web app's pages (spec §2), each said once (issue 20): its React Router path pattern, whether the server
// renders its first screen, the route chunks its first screen needs, and whether it is a public page held
// to the JS budget and measured by Lighthouse. Everything that needs a page's facts reads them here:
// - the server answers these paths with the app and 200, and any other page path with the same app and 404
//   (it shows "We can’t find that page"), so a mistyped link is not a soft 404 (http/web-app.ts);
// - it renders the public ones (decision 17) and preloads their chunks' JS and CSS;
// - the route table (src/web/routes.tsx) has exactly these paths (src/web/routes.test.ts);
// - the rendering test (http/server-rendering.test.ts) checks each server-rendered page's first screen;
// - the JS budget (tools/js-budget.ts, after every build) and `npm run bench` take the measured pages.

// With its extension: vite.config.ts imports this module (decision 37).
import { PUBLIC_PATHS, matchesRoute, type PublicPath } from './public-pages.ts';

export { isServerRenderedPath, matchesRoute } from './public-pages.ts';

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

/** Each public page's facts (public-pages.ts says its path). */
const PUBLIC_FACTS: Record<PublicPath, Facts> = {
  '/': {},
  '/products': {},
  '/menu': { chunks: ['pages/menu-page.tsx'], measured: true },
  '/one-off': {},
  '/one-off/menu': { chunks: ['pages/menu-page.tsx'] },
  '/gift-boxes': { chunks: ['pages/gifts/gifts-public-chunk.ts'], measured: true },
  '/gift-boxes/:handle': { chunks: ['pages/gifts/gifts-public-chunk.ts'] },
  '/pasta-now-search-address': {
    chunks: [DISCOVERY, 'pages/takeaway/discovery/search-chunk.ts'],
    measured: true,
  },
  '/catering-search-address': {
    chunks: [DISCOVERY, 'pages/takeaway/discovery/search-chunk.ts'],
    measured: true,
  },
  // Pasta Now's menus (issue 13), public at their restaurant's address (issue 24 part 2):
  // /pasta-now?restaurant=soho is rendered on the server as anyone sees it, the visitor's basket joining in
  // the browser; the bare address is answered before rendering with a redirect to the basket's restaurant's
  // menu, or to the search (http/takeaway-menu-address.ts).
  '/pasta-now': {
    chunks: [DISCOVERY, 'pages/takeaway/menu/chunk.ts'],
    measured: true,
    measuredAt: '/pasta-now?restaurant=soho',
  },
  '/catering-menu': {
    chunks: [DISCOVERY, 'pages/takeaway/menu/chunk.ts'],
    measured: true,
    measuredAt: '/catering-menu?restaurant=soho',
  },
  // Dine-in (issue 21): a table's menu (?restaurant=…&table=…, public: rendered on the server as anyone sees
  // it, the basket set up in the browser, issue 24).
  '/dine-in': {
    chunks: ['pages/dine-in/load.ts', 'pages/dine-in/table-chunk.ts'],
    measured: true,
    measuredAt: '/dine-in?restaurant=soho&table=12',
  },
  // Events (issue 22): the themes and a theme (a theme loads the same JS as the themes, measured there, as
  // the bench visits a path without an id).
  '/events/themes': { chunks: EVENTS, measured: true },
  '/events/theme/:id': { chunks: EVENTS },
  // Rating a takeaway (issue 23 part 1): the after-order email's stars (with its key) or the tracking page's;
  // rendered with the order when the link has its key, never kept (decision 39). Measured as an email's link
  // opens it (an order the bench's shop does not have: the page then says so).
  '/rate-my-takeaway': {
    chunks: ['pages/ratings/ratings-chunk.ts'],
    measured: true,
    measuredAt: '/rate-my-takeaway?order=0b7c9a52-3f1e-4d8a-9c61-5e2f8a7d4b10&key=demo-key&rating=5',
  },
  // Support (issue 23 part 5): the question form and its thanks, one light chunk.
  '/support': { chunks: SUPPORT, measured: true },
  '/support-success': { chunks: SUPPORT },
};

/** The public pages, in PUBLIC_PATHS' order (the first-load chunks are named by it: decision 37). */
export const PUBLIC_PAGES: readonly Page[] = PUBLIC_PATHS.map((path) => server(path, PUBLIC_FACTS[path]));

const browser = (path: string): Page => ({ path, rendered: 'browser', chunks: [], measured: false });

export const PAGES: readonly Page[] = [
  // The public pages, then the pages the browser renders.
  ...PUBLIC_PAGES,
  browser('/one-off/continue'),
  browser('/one-off/signup'),
  browser('/one-off/login'),
  browser('/checkout'),
  browser('/checkout/continue'),
  browser('/checkout/signup'),
  browser('/checkout/login'),
  browser('/checkout/delivery/address'),
  browser('/checkout/billingaddresses'),
  browser('/checkout/delivery/instructions'),
  browser('/checkout/payment'),
  browser('/checkout/confirmation'),
  browser('/checkout/error'),
  browser('/checkout/existing-plan'),
  browser('/one-off/checkout'),
  browser('/one-off/checkout/delivery/address'),
  browser('/one-off/checkout/billingaddresses'),
  browser('/one-off/checkout/delivery/instructions'),
  browser('/one-off/checkout/payment'),
  browser('/one-off/checkout/confirmation'),
  browser('/one-off/checkout/error'),
  browser('/gift-boxes/confirmation'),
  browser('/gift-boxes/:handle/send'),
  browser('/payment/success'),
  browser('/payment/:orderId'),
  browser('/order/:orderId'),
  browser('/order/:orderId/edit'),
  browser('/order/:orderId/edit/delivery-info'),
  browser('/order/:orderId/edit/recipes'),
  browser('/order/:orderId/edit/change-delivery-address'),
  browser('/schedule/:weekId/edit'),
  browser('/schedule/one-off/:orderId/view'),
  browser('/schedule/:weekId/choose-recipes'),
  browser('/schedule/:weekId/change-delivery-date'),
  browser('/next-order-voucher'),
  browser('/my-basket'),
  browser('/my-rk-basket'),
  browser('/login'),
  browser('/signup'),
  browser('/forgot-password'),
  browser('/forgot-password/reset'),
  browser('/social-login'),
  browser('/auth-facebook-cb'),
  browser('/signed-out'),
  browser('/paypal-confirmation'),
  browser('/paypal-setup-confirmation'),
  browser('/account'),
  browser('/account/dashboard'),
  browser('/account/order-history'),
  browser('/account/upcoming-orders'),
  browser('/account/pasta-plan'),
  browser('/account/pasta-plan/cancel'),
  browser('/account/paused'),
  browser('/account/payment-methods'),
  browser('/account/my-details'),
  browser('/account/rewards'),
  browser('/account/offers'),
  // The customer's questions and answers (issue 23 part 5).
  browser('/account/support'),
  // Pasta Now discovery: for the address the visitor searched from (local storage), and the Takeaway switch.
  browser('/pasta-now-find'),
  browser('/pasta-type'),
  browser('/pasta-now-switch'),
  // Pasta Now and catering: the checkouts and tracking (issue 13).
  browser('/pasta-now-checkout'),
  browser('/pasta-now-checkout/continue'),
  browser('/pasta-now-checkout/signup'),
  browser('/pasta-now-checkout/login'),
  browser('/pasta-now-checkout/delivery/address'),
  browser('/pasta-now-checkout/delivery/instructions'),
  browser('/pasta-now-checkout/payment'),
  browser('/catering-checkout'),
  browser('/catering-checkout/continue'),
  browser('/catering-checkout/signup'),
  browser('/catering-checkout/login'),
  browser('/catering-checkout/delivery/address'),
  browser('/catering-checkout/delivery/instructions'),
  browser('/catering-checkout/payment'),
  browser('/takeaway/track/:orderId'),
  browser('/takeaway/track/:orderId/elsewhere'),
  // The kitchen screen for restaurant staff (issue 13 part 3); ?restaurant=… picks one of theirs.
  browser('/kitchen'),
  // Dine-in (issue 21): the table's checkout, the tab, the bill and PayPal's return for a tab's hold.
  browser('/dine-in-checkout'),
  browser('/dine-in-checkout/continue'),
  browser('/dine-in-checkout/signup'),
  browser('/dine-in-checkout/login'),
  browser('/dine-in-checkout/guest/email'),
  browser('/dine-in-checkout/payment'),
  browser('/dine-in-checkout/tipping'),
  browser('/dine-in-checkout/add-to-order'),
  browser('/dine-in-view-tab'),
  browser('/dine-in-close-tab'),
  browser('/paypal-dine-in-setup'),
  // An event booking's dietary form (issue 22 part 3): a guest's link with its key, or the booker signed in.
  browser('/events/dietary-form/:orderId'),
  browser('/events/dietary-form/success'),
  // A friend's referral link (issue 23 part 3): what it gives, then sign up from it (or why it does not apply).
  browser('/refer/:token'),
  // Rating a takeaway (issue 23 part 1): the thanks once a rating is sent.
  browser('/rate-my-takeaway/confirmation'),
  // Events (issue 22): the booking (a draft in the browser), the reservation and the events checkout.
  browser('/events/booking'),
  browser('/events/reservation'),
  browser('/events-checkout'),
  browser('/events-checkout/continue'),
  browser('/events-checkout/signup'),
  browser('/events-checkout/login'),
  browser('/events-checkout/addons'),
  browser('/events-checkout/payment'),
  // Support and the beta group (issue 23 part 5): the support team's inbox, and joining or leaving the group.
  browser('/support/inbox'),
  browser('/beta-opt-in'),
  // The back office (issue 25): its screens, one's item, and the invitation's link.
  browser('/back-office'),
  browser('/back-office/:screen'),
  browser('/back-office/:screen/:id'),
];

const paths = (rendered: Page['rendered']) =>
  PAGES.filter((page) => page.rendered === rendered).map((page) => page.path);

/** The public pages, rendered on the server with their first screen in the HTML (decision 17). */
export const SERVER_RENDERED_ROUTES: readonly string[] = paths('server');

/** Pages the server does not render: it sends the shell and the browser renders the page. */
export const CLIENT_RENDERED_ROUTES: readonly string[] = paths('browser');

/** Public pages held to the JS budget and measured by Lighthouse. */
export const MEASURED_PAGES: readonly Page[] = PAGES.filter((page) => page.measured);

/** Every page: the server answers these with 200, any other page path with 404. */
export const PAGE_ROUTES: readonly string[] = PAGES.map((page) => page.path);

const dynamicSegments = (pattern: string) => pattern.split('/').filter((part) => part.startsWith(':')).length;

/** The page a decoded path is, if any: as React Router ranks them, a static segment before a `:name`. */
export function pageOf(path: string): Page | undefined {
  return PAGES.filter((page) => matchesRoute(page.path, path)).sort(
    (a, b) => dynamicSegments(a.path) - dynamicSegments(b.path),
  )[0];
}

/** Whether a decoded path is one of the web app's pages. */
export function isPagePath(path: string): boolean {
  return PAGE_ROUTES.some((pattern) => matchesRoute(pattern, path));
}
