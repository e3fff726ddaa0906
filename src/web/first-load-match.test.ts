import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { PAGES, PUBLIC_PAGES } from '../contracts/page-routes';
import { isServerRenderedPath } from '../contracts/public-pages';
import { createRoutes } from './routes';
import { createFirstLoadRoutes } from './public-routes';
import { hrefOf, matchPage, type RouteMatch } from './app/first-load-match';

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

// A public page's first load routes with the public pages' routes alone (decision 38): each public page must
// match there the routes it matches in the app's table, or it would hydrate other screens than the server
// rendered. The pages it leaves out are loaded as the browser loads any other page.
describe('the first load’s route table', () => {
  const firstLoad = createFirstLoadRoutes(new QueryClient());
  /** A match as its routes' paths (or index), static components and params: a table's own objects differ. */
  const shape = (match: RouteMatch | null) =>
    match && {
      routes: match.routes.map((route) => [route.path ?? (route.index ? '(index)' : ''), route.Component]),
      params: match.params,
    };
  const LOADED_BY_THE_APP = ['/one-off'];

  test.each(PUBLIC_PAGES.filter((page) => !LOADED_BY_THE_APP.includes(page.path)).map((page) => [page.path]))(
    '%s matches what it matches in the app’s table',
    (pattern) => {
      const path = example(pattern);
      expect(isServerRenderedPath(path)).toBe(true);
      const ours = shape(matchPage(firstLoad, path));
      expect(ours).not.toBeNull();
      expect(ours).toEqual(shape(matchPage(table, path)));
    },
  );

  test('the pages it leaves to the app are not in it, nor are the checkouts, the account or the plan', () => {
    for (const path of [
      ...LOADED_BY_THE_APP,
      '/checkout',
      '/one-off/checkout/payment',
      '/account',
      '/login',
    ]) {
      expect(matchPage(firstLoad, path)).toBeNull();
      expect(matchPage(table, path)).not.toBeNull();
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
