import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isServerRenderedPath, MEASURED_PAGES, pageOf, PAGES } from './page-routes';

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
      '/pasta-now',
      '/catering-menu',
      '/dine-in',
      '/events/themes',
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
});
