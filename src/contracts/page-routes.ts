// The web app's pages (spec §2), each said once (issue 20): its React Router path pattern, whether the server
// renders its first screen, the route chunks its first screen needs, and whether it is a public page held
// to the JS budget and measured by Lighthouse. Everything that needs a page's facts reads them here:
// - the server answers these paths with the app and 200, and any other page path with the same app and 404
//   (it shows "We can’t find that page"), so a mistyped link is not a soft 404 (http/web-app.ts);
// - it renders the public ones (decision 17) and preloads their chunks' JS and CSS;
// - the route table (src/web/routes.tsx) has exactly these paths (src/web/routes.test.ts);
// - the rendering test (http/server-rendering.test.ts) checks each server-rendered page's first screen;
// - the JS budget (tools/js-budget.ts, after every build) and `npm run bench` take the measured pages.

import { PUBLIC_PAGES, matchesRoute, type Page } from './public-pages';

export type { Page } from './public-pages';
export { isServerRenderedPath, matchesRoute } from './public-pages';

const browser = (path: string): Page => ({ path, rendered: 'browser', chunks: [], measured: false });

export const PAGES: readonly Page[] = [
  // The public pages (public-pages.ts), then the pages the browser renders.
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
  // Pasta Now's menus (issue 13), public at their restaurant's address (issue 24 part 2):
  // /pasta-now?restaurant=soho is rendered on the server as anyone sees it, the visitor's basket joining in
  // the browser; the bare address is answered before rendering with a redirect to the basket's restaurant's
  // menu, or to the search (http/takeaway-menu-address.ts).
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
