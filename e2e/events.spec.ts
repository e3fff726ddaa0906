import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, waitForHydration } from './helpers';
import { typeCard } from './takeaway-customer';

// Events (issue 22) on a phone, against the sandbox processor, the shop's clock pinned to Wednesday
// 18 November 2026, 10:00 (playwright.config.ts). The demo events are seeded like the menu
// (src/server/db/seed/demo-events.ts): the fresh-pasta class (adults £65, children £45, up to 8 guests a
// booking) with its wine pairing (£25 a guest).
// SHOTS=1 saves each step at 390 × 844 and 1280 × 800 in test-results/events-shots.

const password = 'analytical engine 1843';

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `test-results/events-shots/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/events-shots/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
}

/** The themes page, then one theme, chosen from its card. */
async function openTheme(page: Page, title: string) {
  await page.goto('/events/themes');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pasta classes and supper clubs' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('heading', { level: 2 })).toHaveCount(3);
  await expectAccessible(page, '/events/themes');
  await shot(page, '01-themes');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a visitor books the fresh-pasta class for three with a wine pairing each, signs up and pays', async ({
  page,
}) => {
  await openTheme(page, 'Fresh pasta class');
  // The refund rule is said before anything is chosen, and each date says its seats.
  await expect(page.getByRole('region', { name: 'If your plans change' })).toContainText(
    'Change or cancel up to 14 days before for a full refund to your card',
  );
  await expect(page.getByRole('region', { name: 'Prices' })).toContainText('£45.00 each');
  const dates = page.getByRole('list', { name: 'Dates for Fresh pasta class' });
  await expect(dates.getByText(/12 seats left/).first()).toBeVisible();
  await expectAccessible(page, '/events/theme/fresh-pasta-class');
  await shot(page, '02-theme');

  // Narrowed to Islington: every date shown is there.
  await page.getByLabel('Where').selectOption({ label: 'Sfoglia Islington' });
  await expect(page).toHaveURL(/location=islington/);
  await expect(dates.locator('.ev-slot').first()).toContainText('Sfoglia Islington');
  await expect(dates.getByText('Sfoglia Soho')).toHaveCount(0);
  await page.getByLabel('Where').selectOption({ label: 'Any restaurant' });
  await expect(page).not.toHaveURL(/location=/);
  await expect(dates.getByText('Sfoglia Soho').first()).toBeVisible();

  // The first date at Soho in December: more than 14 days ahead, while a change is still refunded in full.
  await page.getByLabel('When').selectOption({ label: 'December 2026' });
  await expect(page).toHaveURL(/month=2026-12/);
  await expect(dates.locator('.ev-slot').first()).toContainText('Thu 3 Dec');
  await dates.getByRole('link', { name: /^Choose Thu 3 Dec, .* at Sfoglia Soho$/ }).click();
  await expect(page.locator('.ev-when')).toContainText('Thu 3 Dec');
  await expect(page).toHaveURL(/\/events\/booking\?slot=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your guests' })).toBeVisible();
  await page.getByRole('button', { name: 'One more: adults' }).click();
  await expect(page.getByRole('group', { name: 'Adults' }).locator('output')).toHaveText('3');
  await expect(page.getByText('Total')).toBeVisible();
  await expect(page.locator('.summary-totals__total')).toContainText('£195.00');
  await expectAccessible(page, '/events/booking');
  await shot(page, '03-booking');
  // A reload keeps the choice.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Adults' }).locator('output')).toHaveText('3');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/events\/reservation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
  await expect(page.getByText('3 adults', { exact: true })).toBeVisible();
  await expect(page.locator('address')).toContainText('Sfoglia Soho');
  await expect(page.getByRole('region', { name: 'If your plans change' })).toBeVisible();
  await expectAccessible(page, '/events/reservation');
  await shot(page, '04-reservation');
  await page.getByRole('link', { name: 'Continue to book' }).click();

  await expect(page).toHaveURL(/\/events-checkout\/continue$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'How would you like to continue?' }),
  ).toBeVisible();
  await expectAccessible(page, '/events-checkout/continue');
  await shot(page, '05-continue');
  // The email sign-in step, checked on the way: this visitor is new, so back to create an account.
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await expect(page).toHaveURL(/\/events-checkout\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/events-checkout/login');
  await page.goBack();
  await expect(page).toHaveURL(/\/events-checkout\/continue$/);
  await page.getByRole('link', { name: 'Create an account with your email' }).click();
  await expect(page).toHaveURL(/\/events-checkout\/signup$/);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email' }).fill(`ada.events.${Date.now()}@example.com`);
  await page.getByLabel('Password').fill(password);
  await expectAccessible(page, '/events-checkout/signup');
  await page.getByRole('button', { name: /Create (my )?account|Sign up/ }).click();

  await expect(page).toHaveURL(/\/events-checkout\/addons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add extras' })).toBeVisible();
  const wine = page.getByRole('group', { name: 'Wine pairing' });
  for (let i = 0; i < 3; i++) await wine.getByRole('button', { name: /One more/ }).click();
  await expect(wine.locator('output')).toHaveText('3');
  // One a guest at most.
  await expect(wine.getByRole('button', { name: /One more/ })).toBeDisabled();
  await expect(page.locator('.summary-totals__total')).toContainText('£270.00');
  await expectAccessible(page, '/events-checkout/addons');
  await shot(page, '06-addons');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/events-checkout\/payment$/);
  await expect(page.getByText(/We’re holding your 3 seats for 15 minutes, until 10:\d\dam/)).toBeVisible();
  await expect(page.getByText('Wine pairing × 3')).toBeVisible();
  await expect(page.getByRole('region', { name: 'If your plans change' })).toBeVisible();
  await typeCard(page, '4242 4242 4242 4242');
  await expectAccessible(page, '/events-checkout/payment');
  await shot(page, '07-payment');
  await page.getByRole('button', { name: 'Pay £270.00' }).click();

  // The order's page: the booking's number.
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Booking #\d+$/ })).toBeVisible();
  await expect(page.getByText('Thu 3 Dec').first()).toBeVisible();
  await expect(page.getByText('Wine pairing × 3').first()).toBeVisible();
  await shot(page, '08-order');
});

test('the themes narrow to those with dates that match', async ({ page }) => {
  await page.goto('/events/themes?location=borough');
  await waitForHydration(page);
  await expect(page.locator('.ev-count')).toContainText(/events? ha(s|ve) dates that match/);
  await page.getByLabel('Seats needed').selectOption({ label: '8 seats' });
  await expect(page).toHaveURL(/seats=8/);
  await expect(page.getByRole('list', { name: 'Events' }).or(page.getByText('No dates match'))).toBeVisible();
});

test('without a booking, the booking steps go back to the themes', async ({ page }) => {
  for (const path of ['/events/booking', '/events/reservation', '/events-checkout/addons']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/events\/themes$/);
  }
});
