import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openMenu, waitForHydration } from './helpers';

// Getting around on a phone (issue 9, item 1): every link of the mobile menu lands on its page, at both
// levels, signed out and signed in; How recipe kits work opens from it; the back button closes it without
// leaving the page, and back from a page reached through it returns to the page under it. The desktop
// nav's links too, and the account tabs on a phone (item 11).

const BRAND = 'https://www.sfoglia.example';
const BRAND_HEADING = 'The Sfoglia brand site';

/** The brand site the menu's external links lead to, answered here (the tests have no network). */
async function serveBrandSiteLocally(page: Page) {
  await page.context().route(`${BRAND}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en-GB"><title>Sfoglia</title><h1>${BRAND_HEADING}</h1></html>`,
    }),
  );
}

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const accountSheet = (page: Page) => page.getByRole('dialog', { name: 'My account' });

async function openSheet(page: Page, level: 'main' | 'account' = 'main') {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sheet(page)).toBeVisible();
  if (level === 'account') {
    await sheet(page).getByRole('button', { name: 'My account' }).click();
    await expect(accountSheet(page)).toBeVisible();
  }
}

interface Destination {
  name: string;
  url: RegExp;
  heading: string | RegExp;
}

/** Opens the menu, taps `to.name` and expects its page, with the menu closed. */
async function tapThrough(page: Page, to: Destination, level: 'main' | 'account' = 'main') {
  await openSheet(page, level);
  const dialog = level === 'main' ? sheet(page) : accountSheet(page);
  await dialog.getByRole('link', { name: to.name, exact: true }).click();
  await expect(page, to.name).toHaveURL(to.url);
  await expect(page.getByRole('heading', { name: to.heading }).first(), to.name).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every link of the mobile menu lands on its page, signed out and signed in', async ({ page }) => {
    test.slow();
    await serveBrandSiteLocally(page);
    await openMenu(page);

    // The back button closes the menu and stays on the page.
    await openSheet(page);
    await expectAccessible(page, 'the mobile menu');
    await page.goBack();
    await expect(sheet(page)).toBeHidden();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('heading', { name: 'Fresh pasta kits' })).toBeVisible();

    // In-shop links: each lands on its page, and back returns to the page under the menu.
    await tapThrough(page, { name: 'Gifts', url: /\/gift-boxes$/, heading: 'Send a gift box' });
    await page.goBack();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goForward();
    await expect(page).toHaveURL(/\/gift-boxes$/);
    await tapThrough(page, {
      name: 'Catering menu',
      url: /\/catering-search-address$/,
      heading: 'Catering for your office or event',
    });
    await tapThrough(page, { name: 'Recipe kit menu', url: /\/menu$/, heading: 'Fresh pasta kits' });
    await tapThrough(page, {
      name: 'Experiences',
      url: /\/events\/themes$/,
      heading: 'Pasta classes and supper clubs',
    });
    await tapThrough(page, { name: 'Log in', url: /\/login$/, heading: 'Log in' });
    await tapThrough(page, { name: 'Sign up', url: /\/signup$/, heading: 'Create an account' });
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);

    // The brand site's pages, and back from there to the shop page the menu was opened on.
    for (const [name, path] of [
      ['Guides & inspiration', '/guides'],
      ['FAQs', '/recipe-kits/faqs'],
    ] as const) {
      await tapThrough(page, { name, url: new RegExp(`^${BRAND}${path}$`), heading: BRAND_HEADING });
      await page.goBack();
      await expect(page, `back from ${name}`).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    }

    // A link to the page already shown closes the menu.
    await tapThrough(page, { name: 'Log in', url: /\/login$/, heading: 'Log in' });

    // How recipe kits work opens over the page; back closes it, and the page stays.
    await openMenu(page);
    await openSheet(page);
    await sheet(page).getByRole('button', { name: 'How recipe kits work' }).click();
    const how = page.getByRole('dialog', { name: 'How recipe kits work' });
    await expect(how).toBeVisible();
    await expect(sheet(page)).toBeHidden();
    await page.goBack();
    await expect(how).toBeHidden();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('heading', { name: 'Fresh pasta kits' })).toBeVisible();
    // It opens again, and its own close button closes it.
    await openSheet(page);
    await sheet(page).getByRole('button', { name: 'How recipe kits work' }).click();
    await expect(how).toBeVisible();
    await how.getByRole('button', { name: 'Close' }).click();
    await expect(how).toBeHidden();
    await expect(page).toHaveURL(/\/menu$/);

    // My account, signed out: each page asks the customer to sign in first.
    const accountPages = [
      { name: 'Dashboard', path: '/account', heading: 'Ciao, Grace!' },
      {
        name: 'Your pasta plan',
        path: '/account/upcoming-orders',
        heading: 'You don’t have a pasta plan yet',
      },
      { name: 'Past orders', path: '/account/order-history', heading: 'Past orders' },
      { name: 'Plan settings', path: '/account/pasta-plan', heading: 'You don’t have a pasta plan yet' },
      { name: 'Offers', path: '/account/rewards', heading: 'Offers for you' },
      { name: 'Payment methods', path: '/account/payment-methods', heading: 'Payment methods' },
      { name: 'Profile', path: '/account/my-details', heading: 'Your details' },
      { name: 'Help', path: '/account/support', heading: 'Your questions' },
    ];
    await openSheet(page, 'account');
    await expect(accountSheet(page).getByRole('link')).toHaveText(accountPages.map((p) => p.name));
    await expectAccessible(page, 'the mobile menu’s My account');
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    for (const { name, path } of accountPages) {
      await tapThrough(
        page,
        {
          name,
          url: new RegExp(`/social-login\\?returnTo=${encodeURIComponent(path)}$`),
          heading: 'Sign in or create an account',
        },
        'account',
      );
    }

    // Signed in (Google's local page), each account page.
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(`grace.menu.${Date.now()}@example.com`);
    await page.getByLabel(/First name|Given name/).fill('Grace');
    await page.getByLabel(/Last name|Family name/).fill('Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account\/support$/);
    for (const { name, path, heading } of accountPages) {
      await tapThrough(page, { name, url: new RegExp(`${path}$`), heading }, 'account');
    }
    await tapThrough(page, { name: 'Gifts', url: /\/gift-boxes$/, heading: 'Send a gift box' });

    // Log out from the menu ends on the signed-out page.
    await openSheet(page);
    await expect(sheet(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await sheet(page).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/signed-out$/);
    await expect(page.getByRole('heading', { name: 'You’re signed out' })).toBeVisible();
  });

  test('the account tabs scroll sideways on their own, the current one in view', async ({ page }) => {
    await page.goto('/social-login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(`ada.tabs.${Date.now()}@example.com`);
    await page.getByLabel(/First name|Given name/).fill('Ada');
    await page.getByLabel(/Last name|Family name/).fill('Lovelace');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/account/my-details');
    const tabs = page.getByRole('navigation', { name: 'Account' });
    const current = tabs.getByRole('link', { name: 'Profile' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toBeInViewport({ ratio: 1 });
    const sizes = await tabs.evaluate((nav) => ({
      tabs: nav.scrollWidth,
      shown: nav.clientWidth,
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    // More tabs than fit: they scroll, the page does not.
    expect(sizes.tabs).toBeGreaterThan(sizes.shown);
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
    await tabs.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(tabs.getByRole('link', { name: 'Dashboard' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'the account tabs');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

  test('the general nav’s links and the account icon', async ({ page }) => {
    await serveBrandSiteLocally(page);
    await openMenu(page);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    // On a recipe-kit page, Order now leads to the recipe-kit menu (issue 19); elsewhere to takeaway (below).
    await expect(page.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/menu');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('button', { name: 'Gifts' }).click();
    await nav.getByRole('link', { name: 'Gift boxes' }).click();
    await expect(page).toHaveURL(/\/gift-boxes$/);
    await expect(page.getByRole('heading', { name: 'Send a gift box' })).toBeVisible();

    await nav.getByRole('button', { name: 'Recipe Kits' }).click();
    await nav.getByRole('link', { name: 'This week’s menu' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(page.getByRole('heading', { name: 'Fresh pasta kits' })).toBeVisible();

    await nav.getByRole('button', { name: 'Catering' }).click();
    await nav.getByRole('link', { name: 'Catering menu' }).click();
    await expect(page).toHaveURL(/\/catering-search-address$/);
    await expect(page.getByRole('heading', { name: 'Catering for your office or event' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/menu$/);

    await nav.getByRole('button', { name: 'Catering' }).click();
    await nav.getByRole('link', { name: 'Office lunches' }).click();
    await expect(page).toHaveURL(`${BRAND}/catering/office`);
    await page.goBack();
    await expect(page).toHaveURL(/\/menu$/);
    // Back from another site loads the page afresh: its buttons work once it is hydrated.
    await waitForHydration(page);

    // On a desktop a modal has no history entry: back leaves the page, as it always did.
    await page.getByRole('button', { name: 'How it works' }).click();
    await expect(page.getByRole('dialog', { name: 'How recipe kits work' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'How recipe kits work' })
      .getByRole('link', { name: 'See the menu' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('link', { name: 'Log in or sign up' }).click();
    await expect(page).toHaveURL(/\/social-login$/);
    await expect(page.getByRole('heading', { name: 'Sign in or create an account' })).toBeVisible();
    await page.getByRole('link', { name: 'Order now' }).click();
    await expect(page).toHaveURL(/\/pasta-now-search-address$/);
    await expect(page.getByRole('heading', { name: 'Fresh pasta from your nearest Sfoglia' })).toBeVisible();
  });
});
