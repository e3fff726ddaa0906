import { expect, request, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers';
import { KITCHEN_STAFF } from './kitchen-staff';
import { placeTakeawayOrder, signInAsKitchenStaff, TAKEAWAY } from './takeaway-api';
import { chooseFirstTime, HEADERS, MENU, signUp, takeawayBasket, typeCard } from './takeaway-customer';

// Both sides of one takeaway (issue 13 part 6), in two browser contexts at phone size: a customer pays for a
// delivery with modifiers through the checkout and watches its tracking page; the kitchen, on its own screen,
// sees the ticket arrive, accepts it, sends it out and marks it delivered; the customer's page follows each
// step without a reload ("Waiting for the restaurant", "Is out for delivery" with the rider, "Delivered").
// Then one the kitchen turns down (issue 19): its public link, signed out, says why and that it is refunded,
// and offers the nearest other open restaurant, where its customer orders the same dishes in one tap.

test.use({ viewport: { width: 390, height: 844 } });

/** With SHOTS set: the page at phone size, then at desktop size. */
async function shots(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  const dir = 'test-results/takeaway-kitchen-shots';
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

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
  // The tracking page moves to the order's public link; until the kitchen accepts, it waits for it.
  await expect(page).toHaveURL(/\/takeaway\/track\/[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Waiting for the restaurant' })).toBeVisible();
  const token = page.url().split('/').pop()!;
  const placed = await page.request.get(`/api/v2/tracking/${token}`, { headers: { 'x-branch': 'web' } });
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

test('turned down: the public link says why and that it is refunded; the customer orders it elsewhere', async ({
  page,
  baseURL,
}) => {
  const placed = await placeTakeawayOrder(baseURL!, {
    firstName: 'Ana',
    lines: [{ productId: TAKEAWAY.ragu, quantity: 2 }],
  });
  const own = await (await placed.customer.get(`/api/v2/orders/${placed.orderId}/tracking`)).json();
  const token = own.data.attributes.tracking_token as string;

  // Anyone with the link, signed out: the order's progress, and nothing personal beyond a first name.
  await page.goto(`/takeaway/track/${token}`);
  await expect(page.getByRole('heading', { name: 'Waiting for the restaurant', level: 1 })).toBeVisible();
  await expect(page.getByText(`Ana’s order #${placed.number} · Sfoglia Soho`)).toBeVisible();
  await expect(page.getByText(/^Sfoglia Soho has your order and should accept it by 11:35\.$/)).toBeVisible();
  const progress = page.getByRole('list', { name: 'Your order’s progress' });
  await expect(progress.locator('[aria-current="step"]')).toContainText(
    'Waiting for the restaurant to accept',
  );
  await expect(page.locator('.tw-track').getByText(/Downing Street|Lovelace|£/)).toHaveCount(0);
  await expectAccessible(page, 'a takeaway’s public tracking page');
  await shots(page, '01-public-waiting');

  // The kitchen turns it down; the page, asking again, says what happened and where else to order.
  const kitchen = await request.newContext({ baseURL, extraHTTPHeaders: HEADERS });
  const staff = { email: KITCHEN_STAFF.email, password: KITCHEN_STAFF.password };
  expect((await kitchen.post('/api/v2/sessions', { data: staff })).ok()).toBe(true);
  const rejected = await kitchen.post(`/api/v2/kitchen/tickets/${placed.orderId}/reject`, {
    data: { reason: 'Our pasta machine has broken down' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  await kitchen.dispose();
  await expect(page.getByRole('heading', { name: 'Cancelled and refunded', level: 1 })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page.getByText(`Ana’s order #${placed.number} · Sfoglia Soho`)).toBeVisible();
  await expect(
    page.getByText('Sfoglia Soho couldn’t take your order: Our pasta machine has broken down'),
  ).toBeVisible();
  await expect(page.getByText(/^We’ve refunded your payment in full\./)).toBeVisible();
  const elsewhere = page.getByRole('link', { name: /^Order from Sfoglia / });
  const other = ((await elsewhere.textContent()) ?? '').replace('Order from ', '');
  await expect(page.getByText(new RegExp(`^${other} is open today, [0-9.]+ miles? away\\.`))).toBeVisible();
  await expectAccessible(page, 'a rejected takeaway');
  await shots(page, '02-public-rejected');

  // Its customer, signed in on this phone: one tap, and the same dishes are in a basket there.
  const signIn = await page.request.post('/api/v2/sessions', {
    headers: HEADERS,
    data: { email: placed.email, password: 'analytical engine 1843' },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await page.reload();
  await expect(page.getByText(`We’ve refunded £`, { exact: false })).toBeVisible();
  // Its own customer's view of it: what happened, never "Thanks".
  await expect(page.getByRole('heading', { name: 'Cancelled and refunded', level: 1 })).toBeVisible();
  await expect(page.getByText(`Order #${placed.number} · Sfoglia Soho`, { exact: true })).toBeVisible();
  await expect(page.getByText(/Thanks/)).toHaveCount(0);
  await shots(page, '03-own-rejected');
  await elsewhere.click();
  await expect(page).toHaveURL(/\/pasta-now\?restaurant=[a-z]+$/);
  await expect(page.getByRole('heading', { name: other, level: 1 })).toBeVisible();
  const baskets = await (await page.request.get('/api/v2/baskets', { headers: HEADERS })).json();
  const basket = baskets.data.find((b: any) => b.attributes.type === 'TakeawayBasket');
  expect(basket.attributes).toMatchObject({ restaurant: { name: other }, item_count: 2 });
  await placed.customer.dispose();
});
