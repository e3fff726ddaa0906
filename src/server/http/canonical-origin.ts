// One origin for the shop (issue 9, item 5): PUBLIC_URL's. The session cookie belongs to the host it was set
// on, and every way back into the shop (links in emails, the 3-D Secure and PayPal returns, the sign-in
// providers' redirects) leads to PUBLIC_URL; a customer browsing on another name for the same server
// (127.0.0.1 while PUBLIC_URL says localhost, or a load balancer's own name) would come back signed out
// with an empty basket. So a page load arriving on another host is sent to the same path on PUBLIC_URL
// before anything is set on the wrong host.
//
// Only page loads (GET, no body) are redirected, never the API. The scheme is not compared: behind a proxy
// that ends TLS the shop sees plain HTTP. 302, not a permanent redirect: browsers would keep a permanent one
// after PUBLIC_URL changes.

/** Where a page load on `requestHost` should go instead, or null when it is on PUBLIC_URL's host already. */
export function canonicalPageUrl(
  requestHost: string | undefined,
  url: string,
  publicUrl: string,
): string | null {
  if (!requestHost) return null;
  const canonical = new URL(publicUrl);
  let host: string;
  try {
    // The same scheme, so that a default port written out ("localhost:80") compares equal.
    host = new URL(`${canonical.protocol}//${requestHost}`).host;
  } catch {
    return null;
  }
  if (host === canonical.host) return null;
  return `${publicUrl.replace(/\/$/, '')}${url.startsWith('/') ? url : `/${url}`}`;
}
