import { STRIPE_JS_URL, type Config } from '../config';

// The shop's Content-Security-Policy: where anything may come from (issue 19, item 23: complete, with a
// default). Our pages use only our own origin; with PAYMENTS=live the card step adds exactly what Stripe.js
// needs (Stripe's CSP guide: its script, its field and 3-D Secure frames, its API). In the sandbox nothing of
// Stripe's is allowed. Styles may be inline (server rendering writes React's style attributes) but never
// from elsewhere; images may be data: URLs (the stylesheet's icons). Forms post only to our own origin.
// Pages that set their own policy (the sandbox card form, the mailbox) keep it.

/** Stripe's documented sources for Stripe.js, Elements and 3-D Secure (no Address Element, so no maps). */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

function stripeSources(config: Config): typeof STRIPE_SOURCES | null {
  if (config.payments.mode !== 'live') return null;
  const { jsUrl } = config.payments.stripe;
  if (jsUrl === STRIPE_JS_URL) return STRIPE_SOURCES;
  // A stand-in for Stripe (decision 20's double) serves its script, frames and browser API from one origin.
  const origin = new URL(jsUrl).origin;
  return { script: [origin], frame: [origin], connect: [origin] };
}

function originOf(url: string): string | null {
  return /^https?:\/\//.test(url) ? new URL(url).origin : null;
}

/** The policy every response carries unless it set its own. */
export function contentSecurityPolicy(config: Config): string {
  const stripe = stripeSources(config);
  const storefront = config.storefront.url ? originOf(config.storefront.url) : null;
  // The browser's error reports go to SENTRY_BROWSER_DSN's host (issue 25 part 6), only when it is set.
  const errorReports = config.observability.sentryBrowserDsn
    ? originOf(config.observability.sentryBrowserDsn)
    : null;
  const list = (...sources: (string | null | undefined)[]) =>
    [...new Set(sources.filter((s): s is string => Boolean(s)))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...(stripe?.script ?? []))}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', storefront)}`,
    "font-src 'self'",
    `frame-src ${list("'self'", ...(stripe?.frame ?? []))}`,
    `connect-src ${list("'self'", storefront, errorReports, ...(stripe?.connect ?? []))}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
