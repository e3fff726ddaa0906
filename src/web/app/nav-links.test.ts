import { describe, expect, test } from 'vitest';
import { isPagePath } from '../../contracts/page-routes';
import { ACCOUNT_LINKS, NAV_DROPDOWNS, orderNowHref } from './nav-links';

// Every link the navigation shows leads to a page of the app (the server's list, which routes.test.ts holds
// equal to the route table), so no tab or menu item ever lands on "We can’t find that page".

describe('navigation links', () => {
  test('every account link is a page', () => {
    expect(ACCOUNT_LINKS.filter((link) => !isPagePath(link.href))).toEqual([]);
  });

  test('every internal dropdown link is a page', () => {
    const internal = NAV_DROPDOWNS.flatMap((dropdown) => dropdown.links).filter((link) => !link.external);
    expect(internal.filter((link) => !isPagePath(link.href))).toEqual([]);
  });
});

describe('Order now', () => {
  test('on the recipe-kit pages it leads to their menu, elsewhere to takeaway; always to a page', () => {
    const cases: [string, string][] = [
      ['/menu', '/menu'],
      ['/checkout/delivery/instructions', '/menu'],
      ['/schedule/42/choose-recipes', '/menu'],
      ['/one-off/menu', '/one-off/menu'],
      ['/one-off/checkout/payment', '/one-off/menu'],
      ['/pasta-now', '/pasta-now-search-address'],
      ['/account', '/pasta-now-search-address'],
      ['/menus-of-the-world', '/pasta-now-search-address'],
    ];
    for (const [from, to] of cases) {
      expect(orderNowHref(from), from).toBe(to);
      expect(isPagePath(to)).toBe(true);
    }
  });
});
