import { expect, test } from '@playwright/test';
import { signInAsOwner } from './back-office-owner';
import { expectAccessible } from './helpers';
import { newCustomer } from './takeaway-api';

// Running the shop from the back office (issue 25 part 3), at desktop size: the first owner signs in, is
// refused a voucher with no end date, makes a £4 code, and a customer (signed up in a context of their own)
// takes £4 off a basket with it at once. The settings, banners and restaurants screens load and pass axe; the
// vouchers screen at a phone's width too. The shop's clock is Wednesday 18 November 2026, 10:00.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

test('the owner makes a voucher code and a customer uses it at once; the shop’s screens pass axe', async ({
  page,
  baseURL,
}) => {
  const code = `WINTER${Date.now().toString(36).toUpperCase()}`;
  await signInAsOwner(page, '/back-office/vouchers');
  await expect(page).toHaveURL(/\/back-office\/vouchers$/);
  await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible();
  await expectAccessible(page, '/back-office/vouchers');

  await page.getByRole('button', { name: 'New voucher' }).click();
  const form = page.getByRole('form', { name: 'New voucher' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Kind').selectOption({ label: 'Amount off' });
  await form.getByLabel('Amount (£)').fill('4.00');
  await form.getByLabel('Description (optional)').fill('£4 off each delivery');
  await expectAccessible(page, '/back-office/vouchers, the new voucher');
  // With no end date it is refused, and says why.
  await form.getByRole('button', { name: 'Make the voucher' }).click();
  await expect(form.getByRole('alert')).toContainText('Give the voucher an end date');
  await form.getByLabel('Ends').fill('2026-12-31');
  await form.getByRole('button', { name: 'Make the voucher' }).click();
  await expect(page.getByText(`${code} is made`)).toBeVisible();
  const table = page.getByRole('region', { name: 'Voucher codes' });
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Amount off');
  await expect(row).toContainText('£4.00');
  await expect(row).toContainText('31 Dec 2026');
  await expect(row).toContainText('Active');

  // A customer, in a context of their own, takes it off a basket at once.
  const { customer } = await newCustomer(baseURL!, 'Vera', 'Conti');
  const basket = await customer.post('/api/v2/baskets', {
    data: { type: 'RecipeKitBasket', start_subscription: true },
  });
  expect([200, 201]).toContain(basket.status());
  const basketId = (await basket.json()).data.id as string;
  const added = await customer.post(`/api/v2/baskets/${basketId}/items`, {
    data: { product_variant_id: 'gid://shopify/ProductVariant/10011', quantity: 2, meal_week: '2026-11-23' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const applied = await customer.post(`/api/v2/baskets/${basketId}/vouchers`, {
    data: { code: code.toLowerCase() },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  expect((await applied.json()).data.attributes).toMatchObject({ code, discount: 400 });

  // The other screens of running the shop.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Shop settings' }).click();
  await expect(page.getByRole('heading', { name: 'Shop settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('One-off order fee (£)')).toHaveValue(/^\d+\.\d\d$/);
  await expectAccessible(page, '/back-office/settings');

  await nav.getByRole('link', { name: 'Banners' }).click();
  await expect(page.getByRole('heading', { name: 'Banners', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New banner' }).click();
  const banner = page.getByRole('form', { name: 'New banner' });
  await banner.getByLabel('Words', { exact: true }).fill('Winter ravioli are here');
  await banner.getByLabel('Text colour', { exact: true }).fill('#eeeeee');
  await banner.getByLabel('Background colour', { exact: true }).fill('#ffffff');
  await expect(banner.getByText(/too low to read easily/)).toBeVisible();
  await banner.getByLabel('Background colour', { exact: true }).fill('#576458');
  await expect(banner.getByText(/easy to read/)).toBeVisible();
  await expectAccessible(page, '/back-office/banners, the new banner');
  await banner.getByRole('button', { name: 'Cancel' }).click();

  await nav.getByRole('link', { name: 'Restaurants' }).click();
  await expect(page.getByRole('heading', { name: 'Restaurants', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Orders a 15-minute slot takes')).toBeVisible();
  await expectAccessible(page, '/back-office/restaurants');

  // At a phone's width the vouchers still read, their table scrolling in its own region.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/back-office/vouchers');
  await expect(page.getByRole('region', { name: 'Voucher codes' })).toBeVisible();
  await expectAccessible(page, '/back-office/vouchers at 390px');
  for (const [path, heading] of [
    ['/back-office/settings', 'Shop settings'],
    ['/back-office/banners', 'Banners'],
    ['/back-office/restaurants', 'Restaurants'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save|^New banner$/ }).first()).toBeVisible();
    // Nothing wider than the phone: only a table scrolls sideways, inside its own region.
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(width[0], path).toBeLessThanOrEqual(width[1]!);
    await expectAccessible(page, `${path} at 390px`);
  }
});
