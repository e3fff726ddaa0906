import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { PAGES } from '../contracts/page-routes';
import { createRoutes } from './routes';
import { hrefOf, matchPage } from './app/first-load-match';

// The first-load router matches a page in the route table without React Router (decision 31): it must find
// the routes React Router finds, with the same params, for every page, or the page would hydrate other
// screens than the server rendered.

const table = createRoutes(new QueryClient());
const example = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => `${name}-7`).replace(/\/\*$/, '/some/thing');

describe('the first-load match', () => {
  test.each(PAGES.map((page) => [page.path]))('%s matches the routes React Router matches', (pattern) => {
    for (const path of [example(pattern), example(pattern).toUpperCase(), `${example(pattern)}/`]) {
      const ours = matchPage(table, path);
      const theirs = matchRoutes(table, path);
      expect(ours?.routes).toEqual(theirs?.map((m) => m.route));
      expect(ours?.params).toEqual(theirs?.at(-1)?.params);
    }
  });

  test('an unknown path matches the not-found routes, as React Router does', () => {
    for (const path of ['/menu/nothing', '/nowhere', '/one-off/elsewhere']) {
      expect(matchPage(table, path)?.routes).toEqual(matchRoutes(table, path)?.map((m) => m.route));
    }
  });
});

describe('a link’s address on the first-load router', () => {
  const here = { pathname: '/gift-boxes/pasta-night', search: '?size=2' };
  test.each([
    ['/menu?week=2026-12-07', '/menu?week=2026-12-07'],
    ['?week=2026-12-07', '/gift-boxes/pasta-night?week=2026-12-07'],
    ['#dishes', '/gift-boxes/pasta-night?size=2#dishes'],
    ['send', '/gift-boxes/pasta-night/send'],
    ['..', '/gift-boxes'],
    ['', '/gift-boxes/pasta-night?size=2'],
  ])('%s from a gift box is %s', (to, href) => {
    expect(hrefOf(to, here)).toBe(href);
  });

  test('an object `to` keeps its parts, and an empty one is the page', () => {
    expect(hrefOf({ pathname: '/menu', search: '?filter=veggie' }, here)).toBe('/menu?filter=veggie');
    expect(hrefOf({ search: '?filter=veggie' }, here)).toBe('/gift-boxes/pasta-night?filter=veggie');
    expect(hrefOf({}, here)).toBe('/gift-boxes/pasta-night');
  });
});
