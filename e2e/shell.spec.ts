import { expect, test } from '@playwright/test';
import { expectAccessible, openMenu, waitForHydration } from './helpers';

test('the shell: / goes to the takeaway search and /products to the menu, canonical link, not-found page, How it works, mobile menu', async ({
  page,
}) => {
  // No warning or error on the way: React Router used to warn of a leaf route without an element at /.
  const logged: string[] = [];
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type())) logged.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/pasta-now-search-address$/);
  await expect(page.getByRole('heading', { name: 'Fresh pasta from your nearest Sfoglia' })).toBeVisible();
  await waitForHydration(page);
  expect(logged).toEqual([]);
  await page.goto('/products');
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/menu$/);

  await openMenu(page);
  // How it works, from the recipe-kit bar, with the marketing claims and FAQs.
  await page.getByRole('button', { name: 'How it works' }).click();
  const how = page.getByRole('dialog', { name: 'How recipe kits work' });
  await expect(
    how.getByText('Next-day delivery if you order before 5pm Monday to Thursday, or before 8am on Sundays.'),
  ).toBeVisible();
  await expect(how.getByText('A weekly menu of 20+ dishes.')).toBeVisible();
  await expectAccessible(page, 'How it works');
  // On a phone the back button closes the modal and stays on the page.
  await page.goBack();
  await expect(how).toBeHidden();
  await expect(page).toHaveURL(/\/menu/);

  // The mobile menu: main level and the My account submenu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Recipe kit menu' })).toBeVisible();
  await menu.getByRole('button', { name: 'My account' }).click();
  const account = page.getByRole('dialog', { name: 'My account' });
  await expect(account.getByRole('link', { name: 'Past orders' })).toBeVisible();
  await account.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByText('Guides & inspiration')).toBeVisible();
  await expectAccessible(page, 'the mobile menu');
  await page.keyboard.press('Escape');

  // Page views reach the data layer.
  const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event));
  expect(events).toContain('page_view');
  expect(events).toContain('modal_shown');

  // An unknown address is a 404 (no soft 404), showing the not-found screen.
  const notFound = await page.goto('/no-such-page');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We can’t find that page' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/no-such-page$/);
  await expectAccessible(page, 'the not-found page');
});

test('marketing banners rotate every 5 seconds among those for new customers', async ({ page, request }) => {
  // The page's timers run on a clock the test drives, so a whole rotation is seen without waiting for it.
  await openMenu(page);
  const banner = page.locator('.banner');
  await expect(banner).toBeVisible();
  // Pausing and playing starts the rotation afresh, now on the test's clock (with focus off the carousel,
  // which holds it still).
  await page.clock.install();
  await page.getByRole('button', { name: 'Pause offers' }).click();
  await page.getByRole('button', { name: 'Play offers' }).click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen = [(await banner.getAttribute('data-banner-id'))!];
  for (;;) {
    await page.clock.runFor(5000);
    await expect(banner).not.toHaveAttribute('data-banner-id', seen.at(-1)!);
    const id = (await banner.getAttribute('data-banner-id'))!;
    if (id === seen[0]) break;
    seen.push(id);
    expect(seen.length).toBeLessThan(20);
  }
  // The whole rotation is the active banners for new visitors or everyone: never the existing customers' one.
  const body = (await (await request.get('/api/v2/marketing_banners')).json()) as {
    data: { id: string; attributes: { customer_type: string | null; active: boolean } }[];
  };
  const forNew = body.data.filter((b) => b.attributes.active && b.attributes.customer_type !== 'existing');
  expect([...seen].sort()).toEqual(forNew.map((b) => b.id).sort());
  expect(body.data.some((b) => b.attributes.customer_type === 'existing')).toBe(true);
});

test('the basket bar’s total says it includes delivery, as the basket reckons it', async ({ page }) => {
  await openMenu(page);
  const bar = page.getByRole('button', { name: /View basket/ });
  // Empty: no claim about delivery.
  await expect(bar).toHaveAccessibleName('View basket (0 items) £0.00');
  await page.getByRole('button', { name: /^Add / }).first().click();
  await expect(bar).toHaveAccessibleName(/^View basket \(1 item\) £\d+\.\d\d incl\. £1\.99 delivery$/);
  const shown = /£\d+\.\d\d/.exec((await bar.textContent()) ?? '')![0];
  await bar.click();
  const basket = page.getByRole('dialog', { name: 'Your basket' });
  await expect(basket.getByTestId('basket-total')).toHaveText(shown);
  await expect(basket.getByRole('definition').filter({ hasText: '£1.99' })).toBeVisible();
  await expectAccessible(page, 'the basket with one dish');
});
