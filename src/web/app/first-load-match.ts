import type { Location, Params, RouteObject, To } from 'react-router';

// The routes a server-rendered page is made of (decision 31), matched in the route table as React Router
// matches them (case-insensitive segments, `:name` one segment, `*` the rest, a static segment before a
// `:name`), without React Router: src/web/app/first-load-match.test.ts compares the two on every page.

export interface RouteMatch {
  routes: RouteObject[];
  params: Params;
}

type Found = Record<string, string | undefined>;

export function matchPage(table: RouteObject[], pathname: string): RouteMatch | null {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let best: (RouteMatch & { rank: number }) | null = null;
  const walk = (
    routes: RouteObject[],
    rest: string[],
    chain: RouteObject[],
    params: Params,
    rank: number,
  ) => {
    for (const route of routes) {
      let left = rest;
      let found: Found = params;
      let score = rank;
      if (route.index) {
        if (rest.length === 0 && (!best || score < best.rank))
          best = { routes: [...chain, route], params, rank };
        continue;
      }
      if (route.path !== undefined) {
        const pattern = route.path.split('/').filter(Boolean);
        const splat = pattern.at(-1) === '*';
        const fixed = splat ? pattern.slice(0, -1) : pattern;
        if (fixed.length > rest.length) continue;
        found = { ...params };
        let fits = true;
        fixed.forEach((part, i) => {
          if (part.startsWith(':')) {
            found[part.slice(1)] = rest[i];
            score += 1;
          } else if (part.toLowerCase() !== rest[i]!.toLowerCase()) fits = false;
        });
        if (!fits) continue;
        left = rest.slice(fixed.length);
        if (splat) {
          found['*'] = left.join('/');
          left = [];
          score += 100;
        }
      }
      const here = [...chain, route];
      if (route.children) walk(route.children, left, here, found, score);
      if (left.length === 0 && route.path !== undefined && (!best || score < best.rank)) {
        best = { routes: here, params: found, rank: score };
      }
    }
  };
  walk(table, segments, [], {}, 0);
  return best ? { routes: (best as RouteMatch).routes, params: (best as RouteMatch).params } : null;
}

/** A `to` as an address on this site: absolute, or relative to the page (`?week=…`, `#…`, `..`). */
export function hrefOf(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  const text =
    typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}` || from.pathname;
  if (text === '') return `${from.pathname}${from.search}`;
  if (text.startsWith('?') || text.startsWith('#')) {
    return `${from.pathname}${text.startsWith('#') ? from.search : ''}${text}`;
  }
  const base = new URL(`${from.pathname.replace(/\/?$/, '/')}`, 'http://page');
  const url = new URL(text, base);
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${pathname}${url.search}${url.hash}`;
}
