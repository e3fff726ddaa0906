import { expect, test } from '@playwright/test';
import { signInAsKitchenStaff } from './takeaway-api';
import { chooseFirstTime, MENU, signUp, takeawayBasket, typeCard } from './takeaway-customer';

// Both sides of one takeaway (issue 13 part 6), in two browser contexts at phone size: a customer pays for a
// delivery with modifiers through the checkout and watches its tracking page; the kitchen, on its own screen,
// sees the ticket arrive, accepts it, sends it out and marks it delivered; the customer's page follows each
// step without a reload ("Is being prepared", "Is out for delivery" with the rider, "Delivered").

test.use({ viewport: { width: 390, height: 844 } });

test('a customer pays for a delivery; the kitchen accepts and sends it out; tracking follows to delivered', async ({
  page,
  browser,
}) => {
  // The customer: a basket with a Grande ragù with burrata, signed up, through the checkout, paid by card.
  await takeawayBasket(page, {}, [[MENU.ragu, 1, [MENU.grande, MENU.burrata]]]);
  await signUp(page, 'Katherine');
  await page.goto('/pasta-now-checkout');
  await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/address$/);
  await page.getByLabel(/^Phone/).fill('07911 123456');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pasta-now-checkout\/delivery\/instructions$/);
  await chooseFirstTime(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pasta-now-checkout\/payment$/);
  await typeCard(page, '4242 4242 4242 4242');
  // £12.50 + £4.00 + £3.50, and £2.99 for delivery.
  await page.getByRole('button', { name: 'Pay £22.99' }).click();
  await expect(page).toHaveURL(/\/takeaway\/track\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Is being prepared' })).toBeVisible();
  const orderId = page.url().split('/').pop()!;
  const placed = await page.request.get(`/api/v2/orders/${orderId}/tracking`, {
    headers: { 'x-branch': 'web' },
  });
  const number = (await placed.json()).data.attributes.number as number;

  // The kitchen, in a browser of its own: the ticket is on the board with its modifiers.
  const kitchenContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const kitchen = await kitchenContext.newPage();
  await signInAsKitchenStaff(kitchen, '/kitchen?restaurant=soho');
  await expect(kitchen.getByRole('heading', { name: 'Sfoglia Soho kitchen', level: 1 })).toBeVisible();
  const ticket = kitchen.getByRole('article', { name: new RegExp(`^#${number} `) });
  await expect(ticket).toBeVisible({ timeout: 30_000 });
  await expect(ticket.getByText('Tagliatelle al Ragù (Grande)')).toBeVisible();
  await expect(ticket.getByText('+ Burrata')).toBeVisible();
  const stage = (name: string) =>
    kitchen.getByRole('tablist', { name: 'Stages' }).getByRole('tab', { name: new RegExp(`^${name} \\(`) });

  // Accepted with 20 minutes, made, sent out: the customer's page says it is on its way, with the rider.
  await ticket.getByRole('radio', { name: '20 min' }).check();
  await ticket.getByRole('button', { name: 'Accept · 20 min' }).click();
  await expect(ticket).toHaveCount(0);
  await stage('In the kitchen').click();
  await ticket.getByRole('button', { name: 'Ready for the rider' }).click();
  await expect(ticket).toHaveCount(0);
  await stage('Ready').click();
  await ticket.getByRole('button', { name: 'Out for delivery' }).click();
  await expect(ticket).toHaveCount(0);

  // The tracking page reads the order again every 10 seconds.
  await expect(page.getByRole('heading', { name: 'Is out for delivery' })).toBeVisible({ timeout: 25_000 });
  const progress = page.getByRole('list', { name: 'Your order’s progress' });
  await expect(progress.getByRole('listitem').filter({ hasText: 'Accepted by the kitchen' })).toContainText(
    '(done)',
  );

  // Handed over: the kitchen marks it delivered, and the customer's page says so.
  await stage('Out').click();
  await ticket.getByRole('button', { name: 'Delivered' }).click();
  await expect(ticket).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible({ timeout: 25_000 });

  await kitchenContext.close();
});
