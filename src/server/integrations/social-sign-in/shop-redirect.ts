// Where a sign-in page may send the browser back to: only the shop itself (the origin of PUBLIC_URL, or a
// path on the shop). Anything else would make the page an open redirect that hands out tokens.

export interface ShopRedirect {
  /** What to redirect to: a path stays a path (so it works on whatever host the browser is on). */
  location: string;
  /** The same address resolved against the shop's public URL (what an authorisation code is bound to). */
  absolute: string;
}

export function shopRedirect(value: string, publicUrl: string): ShopRedirect | null {
  if (value.length === 0 || value.length > 2_048) return null;
  // No control characters, spaces or backslashes (browsers read "/\evil.example" as another host), and no
  // fragment (OAuth 2.0 forbids one in a redirect URI; the answer may go in it).
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || char === '\\' || char === '#') return null;
  }
  const origin = new URL(publicUrl).origin;
  let url: URL;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return null;
    url = new URL(value, origin);
  } else {
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.username !== '' || url.password !== '') return null;
  }
  if (url.origin !== origin) return null;
  return { location: value.startsWith('/') ? `${url.pathname}${url.search}` : url.href, absolute: url.href };
}

/** The redirect with `params` added to its query or put in its fragment. */
export function withParams(
  location: string,
  params: Record<string, string>,
  where: 'query' | 'fragment',
): string {
  const encoded = new URLSearchParams(params).toString();
  if (where === 'fragment') return `${location}#${encoded}`;
  const joiner = location.includes('?') ? (location.endsWith('?') || location.endsWith('&') ? '' : '&') : '?';
  return `${location}${joiner}${encoded}`;
}
