import { expect, test } from 'vitest';
import { isPagePath } from '../../contracts/page-routes';
import { ACCOUNT_LINKS, ACCOUNT_SECTIONS } from './nav-links';

// The account tabs and the mobile menu link only to pages that exist (a link never leads to "We can’t find
// that page"), and to every account section that is one: the flags follow the route list.

test('each account section is linked exactly when it is a page of the app', () => {
  for (const section of ACCOUNT_SECTIONS) {
    expect({ href: section.href, page: section.page }).toEqual({
      href: section.href,
      page: isPagePath(section.href),
    });
  }
  expect(ACCOUNT_LINKS.map((link) => link.href)).toEqual(
    ACCOUNT_SECTIONS.filter((section) => isPagePath(section.href)).map((section) => section.href),
  );
});
