import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, addDishesAndCheckout, firstDayToPayment, openMenu } from './helpers';

// The card step with PAYMENTS=live (decision 20): Stripe.js, its card fields, 3-D Secure and the Payment
// Request API, all from the local Stripe double (never the network), which the live server's Stripe
// adapter also talks to. The shop's clock is pinned as for the sandbox journeys.
// SHOTS=1 saves the live card step at phone and desktop sizes in test-results/live-payments-shots.

const doubleUrl = () => String(test.info().project.metadata.stripeDouble);

async function setWallets(page: Page, wallets: { googlePay?: boolean; applePay?: boolean }) {
  const response = await page.request.post(`${doubleUrl()}/_double/wallets`, { data: wallets });
  expect(response.ok()).toBe(true);
}

/** With SHOTS=1: the page at phone and desktop sizes, then back to the project's phone. */
async function shots(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/live-payments-shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 412, height: 839 });
}

test.afterEach(async ({ page }) => {
  await setWallets(page, {});
});

/** Two dishes of next week, through sign-in with the local Google page, an address and a delivery day. */
async function reachPaymentStep(page: Page, name: string) {
  await openMenu(page);
  await addDishesAndCheckout(page, 3);
  await expect(page).toHaveURL(/\/checkout\/continue$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page
    .getByRole('textbox', { name: 'Email' })
    .fill(`${name.toLowerCase()}.live.${Date.now()}@example.com`);
  await page.getByLabel(/First name|Given name/).fill(name);
  await page.getByLabel(/Last name|Family name/).fill('Tester');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/checkout\/delivery\/address$/);
  await page.getByRole('textbox', { name: 'Postcode' }).fill('sw1a 2aa');
  await page.getByRole('button', { name: 'Find address' }).click();
  const list = page.getByLabel(/Select your address/);
  const first = await list.locator('option:not([disabled])').first().getAttribute('value');
  await list.selectOption(first!);
  await page.getByLabel(/Phone/).fill('07911 123456');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await firstDayToPayment(page);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
}

/** Stripe's card fields: a frame from the double's origin, never the shop's own card form. */
function stripeFields(page: Page) {
  return page.frameLocator('iframe[title="Secure card payment input frame"]');
}

async function typeCard(page: Page, number: string) {
  const fields = stripeFields(page);
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiry date').fill('12/30');
  await fields.getByLabel('Security code').fill('123');
}

test('the live card step shows Stripe’s fields; a declined card says what to do; a 3-D Secure card pays', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (
      request.resourceType() === 'script' &&
      !request.url().startsWith(new URL(page.url() || 'http://x').origin)
    ) {
      scripts.push(request.url());
    }
  });
  await reachPaymentStep(page, 'Hedy');

  // Stripe.js came from the configured URL, and its fields are in their own frame from that origin.
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
  const frame = page.locator('iframe[title="Secure card payment input frame"]');
  await expect(frame).toHaveAttribute('src', new RegExp(`^${doubleUrl()}/elements/card`));
  await expect(stripeFields(page).getByLabel('Card number')).toBeVisible();
  expect(scripts).toContain(`${doubleUrl()}/v3/`);
  await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
  // No wallet in this browser: no wallet logo, no wallet choice.
  const accepted = page.getByRole('list', { name: 'We accept' });
  await expect(accepted.getByRole('img', { name: 'Visa' })).toBeVisible();
  await expect(accepted.getByRole('img', { name: /Google Pay|Apple Pay/ })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Google Pay|Apple Pay/ })).toHaveCount(0);
  await shots(page, 'live-card-step');
  await expectAccessible(page, 'the live card step');

  // A declined card: the reason and what to do, and the same fields to try another card.
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Your card was declined. Please try another card, or choose PayPal.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/payment$/);

  // A card whose bank wants 3-D Secure: once when it is saved (Stripe.js's frame over the page) ...
  await typeCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
  await expect(challenge.getByText('Your bank asks you to confirm this card.')).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  // ... and again for the payment (Stripe's page, and back to the shop).
  await expect(page.getByText(/Your bank asks you to confirm this payment of £\d+\.\d\d/)).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByRole('heading', { name: /Your order is confirmed/ })).toBeVisible();

  // The card Stripe saved is the customer's.
  await page.goto('/account/payment-methods');
  await expect(page.locator('.method-card').filter({ hasText: 'Visa ending 3184' })).toBeVisible();

  // Adding a card in the account uses Stripe's fields too, with a button of its own.
  await page.getByRole('button', { name: 'Add a card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await typeCard(page, '5555 5555 5555 4444');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(page.locator('.method-card').filter({ hasText: 'Mastercard ending 4444' })).toBeVisible();
});

test('Google Pay: its logo and choice appear only when the browser has it, and it pays', async ({ page }) => {
  await setWallets(page, { googlePay: true });
  await reachPaymentStep(page, 'Joan');
  const accepted = page.getByRole('list', { name: 'We accept' });
  await expect(accepted.getByRole('img', { name: 'Google Pay' })).toBeVisible();
  await expect(accepted.getByRole('img', { name: 'Apple Pay' })).toHaveCount(0);
  await page.getByRole('radio', { name: /Google Pay/ }).check();
  await page.getByRole('button', { name: /^Pay £/ }).click();
  const sheet = page.frameLocator('iframe[title="Google Pay"]');
  await expect(sheet.getByText(/Pay £\d+\.\d\d with Visa/)).toBeVisible();
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByRole('heading', { name: /Your order is confirmed/ })).toBeVisible();
});

test('Stripe unreachable as the card is charged: the order’s page says we are confirming it, then that it went through', async ({
  page,
}) => {
  const outage = async (unreachable: boolean) => {
    const response = await page.request.post(`${doubleUrl()}/_double/outage`, { data: { unreachable } });
    expect(response.ok()).toBe(true);
  };
  try {
    await reachPaymentStep(page, 'Rosa');
    await typeCard(page, '4242 4242 4242 4242');
    // Stripe stops answering the moment the charge is asked for (after the card was saved with it).
    await page.route('**/api/v2/payments', async (route) => {
      await outage(true);
      await route.continue();
    });
    await page.getByRole('button', { name: /^Pay £/ }).click();

    // Not a dead form: the order's page, saying what is true (issue 19).
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]+$/);
    const confirming = page
      .getByRole('status')
      .filter({ hasText: 'We’re confirming your payment with our payment provider.' });
    await expect(confirming).toBeVisible();
    await expect(confirming).toContainText('You won’t be charged twice.');
    await expect(page.getByText(/not been charged/)).toHaveCount(0);
    await expect(page.getByText('Confirming payment', { exact: true })).toBeVisible();
    await expect(page.getByText('Payment failed')).toHaveCount(0);
    await shots(page, 'confirming-payment');
    await expectAccessible(page, 'an order whose payment is being confirmed');

    // Stripe answers again: the page, asking by itself, shows how it ended.
    await outage(false);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your payment went through. Thank you!' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.order-state')).toHaveText(/^Arrives /);
  } finally {
    await outage(false);
  }
});
