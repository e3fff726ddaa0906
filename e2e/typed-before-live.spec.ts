import { expect, test, type Page, type Route } from '@playwright/test';
import { waitForHydration } from './helpers';

// Typing before a page is live is never lost (issue 24): on a phone, a page the server rendered is on screen
// a second or two before React hydrates it, and what a visitor types meanwhile stays, is what the form holds
// and is what it sends. The page's own JS chunk is held until the typing is done, so the page goes live
// after it every time (no race, no sleep): the address search, then a gift box's form.

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Holds the browser's request for a route chunk (`search-chunk`, `gifts-public-chunk`) until `release`:
 * the server's HTML is on screen and its entry has run, but the page cannot go live.
 */
async function holdChunk(page: Page, chunk: string) {
  const pattern = new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`);
  const held: Route[] = [];
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(pattern, async (route) => {
    held.push(route);
    asked();
  });
  return {
    /** Resolves once the page has asked for the chunk (and is waiting for it). */
    requested,
    async release() {
      for (const route of held) await route.continue();
      await page.unroute(pattern);
    },
  };
}

async function expectNotLive(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
}

test('an address and a gift’s recipient typed before the page is live stay, and are what the form sends', async ({
  page,
}) => {
  // The address search: the postcode typed while the page's script is held.
  const search = await holdChunk(page, 'search-chunk');
  await page.goto('/pasta-now-search-address', { waitUntil: 'commit' });
  await search.requested;
  const address = page.getByRole('searchbox', { name: 'Address or postcode' });
  await address.pressSequentially('SW1A 2AA');
  await expectNotLive(page);
  await search.release();
  await waitForHydration(page);
  await expect(address).toHaveValue('SW1A 2AA');
  // The search is the typed postcode: its addresses are listed, and choosing one finds the restaurants.
  await page.getByRole('button', { name: 'Search' }).click();
  const choices = page.getByRole('region', { name: 'Choose your address' });
  await choices
    .getByRole('button', { name: /10 Downing Street/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/pasta-now-find$/);
  await expect(page.locator('.discovery-address')).toContainText('Near 10 Downing Street');

  // A gift box, signed in: the recipient's name and the card's message typed before the page is live.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(`giulia.${Date.now()}@example.com`);
  await page.getByLabel(/First name|Given name/).fill('Giulia');
  await page.getByLabel(/Last name|Family name/).fill('Tester');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('region', { name: 'Store credit' })).toBeVisible();

  const gift = await holdChunk(page, 'gifts-public-chunk');
  await page.goto('/gift-boxes/date-night-gift-box', { waitUntil: 'commit' });
  await gift.requested;
  await page.getByLabel('Their name').pressSequentially('Nonna Rossi');
  await page.getByLabel('Message for the card (optional)').pressSequentially('Buon compleanno!');
  await expectNotLive(page);
  await gift.release();
  await waitForHydration(page);
  await expect(page.getByLabel('Their name')).toHaveValue('Nonna Rossi');
  // The count under the message is the form's own: it has the typed message (300 less its 16 characters).
  await expect(page.getByText('284 characters left')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to delivery' }).click();
  await expect(page).toHaveURL(/\/gift-boxes\/date-night-gift-box\/send$/);
  await expect(page.getByText('For Nonna Rossi')).toBeVisible();
  await expect(page.getByText('“Buon compleanno!”')).toBeVisible();
});
