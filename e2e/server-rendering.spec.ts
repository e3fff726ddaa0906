import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers';

// Public pages arrive with their first screen in the HTML (issue 11 part 1, docs/decisions/0017): the menu
// shows its dishes with JavaScript off, and with it on the page hydrates without a mismatch and without
// fetching again what the server already read, then answers like any other page.

test('/menu shows its dishes with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
  });
  try {
    const page = await context.newPage();
    await page.goto('/menu');
    await expect(page.getByRole('heading', { name: 'Fresh pasta kits' })).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).toContainText('Next week');
    const titles = page.locator('.dish-card__title');
    expect(await titles.count()).toBeGreaterThanOrEqual(6);
    await expect(titles.first()).toBeVisible();
    await expect(page.locator('.dish-card__price').first()).toHaveText(/£\d+\.\d\d/);
    await page.goto('/gift-boxes');
    await expect(page.getByRole('list', { name: 'Gift boxes' }).getByRole('listitem')).toHaveCount(3);
  } finally {
    await context.close();
  }
});

test('the menu hydrates without a mismatch or a second read of its menu, then adds a dish', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const menuReads: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/storefront/graphql') && body.includes('2026-11-23')) menuReads.push(body);
    if (/\/api\/v2\/(settings|marketing_banners|bundles)/.test(request.url())) menuReads.push(request.url());
  });

  await page.goto('/menu');
  await waitForHydration(page);
  await page.locator('.dish-card').getByRole('button', { name: /^Add /, disabled: false }).first().click();
  await expect(page.getByRole('button', { name: /View basket \(1 item\)/ })).toBeVisible();

  // Next week's dishes, the settings, banners and bundles came with the page.
  expect(menuReads).toEqual([]);
  expect(problems.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
  expect(problems).toEqual([]);
});
