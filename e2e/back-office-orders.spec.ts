import { expect, test } from '@playwright/test';
import { OWNER } from './back-office-staff';
import { signInAsOwner } from './back-office-owner';
import { expectAccessible } from './helpers';
import { paidBox } from './box-api';

// The back office's orders (issue 25 parts 4 and 7), at desktop size: a customer buys a box and pays by card
// (through the API, in a request context of their own, as the checkout's calls would); the owner finds it at
// /back-office/orders by its number, refunds part of it to the card with a reason after confirming, and the
// customer sees that refund on their order's page. The owner also opens the customer's page. axe on each
// new screen.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

test('the owner finds a paid order by its number, refunds part of it to the card, and the customer sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  const box = await paidBox(baseURL!);

  await signInAsOwner(page, '/back-office/orders');
  await expect(page).toHaveURL(/\/back-office\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expectAccessible(page, '/back-office/orders');

  const search = page.getByRole('search');
  await search.getByLabel('Order number').fill(`#${box.number}`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: '1 order' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: box.email });
  await expect(row).toContainText(pounds(box.total));
  await expectAccessible(page, '/back-office/orders with results');
  await row.getByRole('link', { name: `#${box.number}` }).click();

  await expect(page).toHaveURL(new RegExp(`/back-office/orders/${box.orderId}$`));
  await expect(page.getByRole('heading', { name: `Order #${box.number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Visa ending 4242' })).toBeVisible();
  await expect(page.getByText(`Left to refund: ${pounds(box.total)}`)).toBeVisible();
  await expectAccessible(page, '/back-office/orders/<id>');

  // The amount starts at what is left; part of it goes back to the card, after a confirmation.
  const refund = page.getByRole('form', { name: 'Refund' });
  await expect(refund.getByLabel('Amount (£)')).toHaveValue((box.total / 100).toFixed(2));
  await expect(refund.getByRole('radio', { name: 'The card' })).toBeChecked();
  await refund.getByLabel('Amount (£)').fill('5.50');
  await refund.getByLabel('Reason').fill('One dish arrived broken');
  await refund.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('group', { name: 'Refund £5.50?' });
  await expect(confirm).toContainText('£5.50 back to the card the customer paid with');
  await expectAccessible(page, '/back-office/orders/<id> confirming a refund');
  await confirm.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText(`Refunded £5.50 on order #${box.number}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Left to refund: ${pounds(box.total - 550)}`)).toBeVisible();
  const given = page.getByRole('region', { name: 'Refunds given' });
  await expect(given).toContainText('£5.50 to the card');
  await expect(given).toContainText(OWNER.email);
  // The customer was emailed about it, from the refund's own transaction: the order's emails list it.
  await expect(page.getByRole('region', { name: 'Emails' })).toContainText(
    `We’ve refunded £5.50 on order #${box.number}`,
  );

  // The customer's page, from the order.
  await page.getByRole('link', { name: box.email }).click();
  await expect(page.getByRole('heading', { name: 'Rosa Ferri', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: `#${box.number}` })).toBeVisible();
  await expectAccessible(page, '/back-office/customers/<id>');

  // On a phone the order's page still fits: its tables scroll inside their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/back-office/orders/${box.orderId}`);
  await expect(page.getByRole('heading', { name: `Order #${box.number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Refund' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, '/back-office/orders/<id> at 390px');

  // The customer sees the refund on their order's page.
  const theirs = await browser.newContext({ storageState: await box.customer.storageState() });
  const them = await theirs.newPage();
  await them.goto(`/order/${box.orderId}`);
  await expect(them.getByRole('heading', { name: `Order #${box.number}`, level: 1 })).toBeVisible();
  const refunds = them.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText('£5.50 refunded on');
  await expect(refunds).toContainText('£5.50 to your card');
  await theirs.close();
  await box.customer.dispose();
});
