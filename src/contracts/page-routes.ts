// The pages of the web app (spec §2), as React Router path patterns. The server answers these with the app
// and 200, and any other page path with the same app and 404 (it shows "We can’t find that page"), so a
// mistyped link is not a soft 404. src/web/routes.test.ts keeps this list equal to the route table in
// src/web/routes.tsx: a route added there and not here (or the other way round) fails the unit tests.

/**
 * The public pages, rendered on the server with their first screen in the HTML (decision 17). A page is
 * added here unless it shows a customer's own data (then below): public by default.
 */
export const SERVER_RENDERED_ROUTES = [
  '/',
  '/products',
  '/menu',
  '/one-off',
  '/one-off/menu',
  '/gift-boxes',
  '/gift-boxes/:handle',
  '/pasta-now-search-address',
  '/catering-search-address',
] as const;

/**
 * Pages the server does not render (docs/decisions/0017): they show a customer's own data or a step of a
 * flow that starts from the customer's session, so the server sends the shell and the browser renders the
 * page.
 */
export const CLIENT_RENDERED_ROUTES = [
  '/one-off/continue',
  '/one-off/signup',
  '/one-off/login',
  '/checkout',
  '/checkout/continue',
  '/checkout/signup',
  '/checkout/login',
  '/checkout/delivery/address',
  '/checkout/billingaddresses',
  '/checkout/delivery/instructions',
  '/checkout/payment',
  '/checkout/confirmation',
  '/checkout/error',
  '/checkout/existing-plan',
  '/one-off/checkout',
  '/one-off/checkout/delivery/address',
  '/one-off/checkout/billingaddresses',
  '/one-off/checkout/delivery/instructions',
  '/one-off/checkout/payment',
  '/one-off/checkout/confirmation',
  '/one-off/checkout/error',
  '/gift-boxes/confirmation',
  '/gift-boxes/:handle/send',
  '/payment/success',
  '/payment/:orderId',
  '/order/:orderId',
  '/order/:orderId/edit',
  '/order/:orderId/edit/delivery-info',
  '/order/:orderId/edit/recipes',
  '/order/:orderId/edit/change-delivery-address',
  '/schedule/:weekId/edit',
  '/schedule/one-off/:orderId/view',
  '/schedule/:weekId/choose-recipes',
  '/schedule/:weekId/change-delivery-date',
  '/next-order-voucher',
  '/my-basket',
  '/my-rk-basket',
  '/login',
  '/signup',
  '/forgot-password',
  '/forgot-password/reset',
  '/social-login',
  '/auth-facebook-cb',
  '/signed-out',
  '/paypal-confirmation',
  '/paypal-setup-confirmation',
  // Pasta Now's menus: the visitor's basket's restaurant (issue 13).
  '/pasta-now',
  '/catering-menu',
  '/account',
  '/account/dashboard',
  '/account/order-history',
  '/account/upcoming-orders',
  '/account/pasta-plan',
  '/account/pasta-plan/cancel',
  '/account/paused',
  '/account/payment-methods',
  '/account/my-details',
  '/account/rewards',
  '/account/offers',
  // Pasta Now discovery: for the address the visitor searched from (local storage), and the Takeaway switch.
  '/pasta-now-find',
  '/pasta-type',
  '/pasta-now-switch',
  // Pasta Now and catering: the checkouts and tracking (issue 13).
  '/pasta-now-checkout',
  '/pasta-now-checkout/continue',
  '/pasta-now-checkout/signup',
  '/pasta-now-checkout/login',
  '/pasta-now-checkout/delivery/address',
  '/pasta-now-checkout/delivery/instructions',
  '/pasta-now-checkout/payment',
  '/catering-checkout',
  '/catering-checkout/continue',
  '/catering-checkout/signup',
  '/catering-checkout/login',
  '/catering-checkout/delivery/address',
  '/catering-checkout/delivery/instructions',
  '/catering-checkout/payment',
  '/takeaway/track/:orderId',
  '/takeaway/track/:orderId/elsewhere',
  // The kitchen screen for restaurant staff (issue 13 part 3); ?restaurant=… picks one of theirs.
  '/kitchen',
] as const;

/** Every page: the server answers these with 200, any other page path with 404. */
export const PAGE_ROUTES = [...SERVER_RENDERED_ROUTES, ...CLIENT_RENDERED_ROUTES] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

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

/** Whether the server renders a decoded path's first screen (a page not listed as client-rendered). */
export function isServerRenderedPath(path: string): boolean {
  return isPagePath(path) && !CLIENT_RENDERED_ROUTES.some((pattern) => matchesRoute(pattern, path));
}

/** Whether a decoded path is one of the web app's pages. */
export function isPagePath(path: string): boolean {
  return PAGE_ROUTES.some((pattern) => matchesRoute(pattern, path));
}
