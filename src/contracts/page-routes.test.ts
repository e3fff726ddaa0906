import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isServerRenderedPath, matchesRoute, MEASURED_PAGES, pageOf, PAGES } from './page-routes';
import { BROWSER_PAGES_AMONG_PUBLIC } from './public-pages';

// The page registry (issue 20): each page said once, with facts the server, the budget and the bench use.

const WEB = path.resolve(import.meta.dirname, '../web');

describe('the page registry', () => {
  test('says each page once, and names route chunks that exist', () => {
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    const missing = PAGES.flatMap((page) => page.chunks).filter(
      (chunk) => !existsSync(path.join(WEB, chunk)),
    );
    expect(missing).toEqual([]);
  });

  test('measures public pages only, each with its route chunks', () => {
    expect(MEASURED_PAGES.map((page) => page.path)).toEqual([
      '/menu',
      '/gift-boxes',
      '/pasta-now-search-address',
      '/catering-search-address',
      '/pasta-now',
      '/catering-menu',
      '/dine-in',
      '/events/themes',
      '/rate-my-takeaway',
      '/support',
    ]);
    for (const page of MEASURED_PAGES) {
      expect(page.rendered).toBe('server');
      expect(page.chunks.length).toBeGreaterThan(0);
    }
  });

  test('finds a path’s page as the router does: a static segment before a :name', () => {
    expect(pageOf('/gift-boxes/confirmation')?.path).toBe('/gift-boxes/confirmation');
    expect(pageOf('/gift-boxes/winter-warmers')?.path).toBe('/gift-boxes/:handle');
    expect(pageOf('/gift-boxes/winter-warmers')?.chunks).toEqual(['pages/gifts/gifts-public-chunk.ts']);
    expect(pageOf('/no-such-page')).toBeUndefined();
    expect(isServerRenderedPath('/gift-boxes/confirmation')).toBe(false);
    expect(isServerRenderedPath('/menu/')).toBe(true);
  });

  test('a public page’s first load decides from the public pages alone as the whole registry does', () => {
    // The browser's pages a public pattern also matches, from the whole registry: public-pages.ts lists them.
    const publicPatterns = PAGES.filter((page) => page.rendered === 'server').map((page) => page.path);
    const among = PAGES.filter(
      (page) =>
        page.rendered === 'browser' &&
        publicPatterns.some((pattern) => matchesRoute(pattern, page.path.replace(/:\w+/g, 'x'))),
    ).map((page) => page.path);
    expect([...BROWSER_PAGES_AMONG_PUBLIC].sort()).toEqual(among.sort());
    // Every page's address (a :name as any segment, in upper case, with a trailing slash) decides the same.
    for (const page of PAGES) {
      for (const address of [page.path.replace(/:\w+/g, 'a-1'), `${page.path.toUpperCase()}/`]) {
        const path = address.replace(/:\w+/gi, 'A-1');
        expect(isServerRenderedPath(path), path).toBe(pageOf(path)?.rendered === 'server');
      }
    }
    expect(isServerRenderedPath('/no-such-page')).toBe(false);
  });
});
