import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isPagePath, matchesRoute, PAGE_ROUTES } from '../contracts/page-routes';
import { createRoutes } from './routes';

// The server tells real pages (200) from unknown paths (404) with src/contracts/page-routes.ts (issue 9,
// item 4). This keeps that list and the web app's route table the same.

/** Every path the route table renders a page at: index routes at their parent's path, leaves at theirs. */
function pagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.path?.includes('*')) return [];
    if (route.index) return [parent || '/'];
    if (route.children) return pagePaths(route.children, path);
    return route.path === undefined ? [] : [path];
  });
}

describe('the page route list', () => {
  const table = pagePaths(createRoutes(new QueryClient()));

  test('is the route table of src/web/routes.tsx, neither more nor less', () => {
    expect([...table].sort()).toEqual([...PAGE_ROUTES].sort());
  });

  test('only not-found screens catch what is left', () => {
    // Each splat route is a catch-all, so what it matches is unknown (and answered with 404).
    const splats = (routes: RouteObject[]): RouteObject[] =>
      routes.flatMap((r) => [...(r.path?.includes('*') ? [r] : []), ...splats(r.children ?? [])]);
    for (const route of splats(createRoutes(new QueryClient()))) {
      expect(route.Component?.name).toBe('NotFoundPage');
    }
  });
});

describe('every page renders something', () => {
  // React Router warns "Matched leaf route … does not have an element or Component" (and renders an empty
  // outlet) for a leaf route with only a loader, as redirecting routes had at / (issue 9, item 4).
  beforeAll(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  const leaves = (routes: RouteObject[], parent = ''): [string, RouteObject][] =>
    routes.flatMap((route): [string, RouteObject][] => {
      const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
      if (route.children) return leaves(route.children, path);
      return route.index || route.path !== undefined ? [[route.index ? parent || '/' : path, route]] : [];
    });

  test('each leaf route, its lazy chunk loaded, has an element or a Component', async () => {
    for (const [path, route] of leaves(createRoutes(new QueryClient()))) {
      const loaded = typeof route.lazy === 'function' ? { ...route, ...(await route.lazy()) } : route;
      expect(loaded.Component !== undefined || loaded.element !== undefined, path).toBe(true);
    }
  });
});

describe('matching a path as React Router does', () => {
  test.each([
    ['/menu', '/menu'],
    ['/menu', '/MENU'],
    ['/menu', '/menu/'],
    ['/', '/'],
    ['/order/:orderId', '/order/ord_123'],
    ['/gift-boxes/:handle/send', '/gift-boxes/the-big-box/send'],
    ['/checkout/delivery/address', '/checkout/delivery/address'],
  ])('%s matches %s', (pattern, path) => expect(matchesRoute(pattern, path)).toBe(true));

  test.each([
    ['/menu', '/menus'],
    ['/menu', '/menu/extra'],
    ['/', '/menu'],
    ['/order/:orderId', '/order'],
    ['/order/:orderId', '/order/1/2'],
    ['/checkout/payment', '/checkout/paymentx'],
    ['/one-off/menu', '/one-off.menu'],
  ])('%s does not match %s', (pattern, path) => expect(matchesRoute(pattern, path)).toBe(false));

  test('unknown paths are not pages', () => {
    for (const path of ['/no-such-page', '/menu/nope', '/account/upcoming-orders/x', '/checkout/nope']) {
      expect(isPagePath(path)).toBe(false);
    }
    for (const path of ['/menu', '/gift-boxes/pasta-lovers', '/order/abc', '/account', '/checkout']) {
      expect(isPagePath(path)).toBe(true);
    }
  });
});
