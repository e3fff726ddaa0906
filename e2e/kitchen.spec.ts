import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers';
import { ALLERGEN, placeTakeawayOrder, signInAsKitchenStaff, TAKEAWAY } from './takeaway-api';

// The kitchen screen on a phone (issue 13 part 3): the member of staff made by `npm run staff` before the
// server started (e2e/kitchen-staff.ts) signs in and picks Soho among their two kitchens. Customers order
// through the API in request contexts of their own; their tickets arrive on the open screen with no reload,
// with the allergies, modifiers and notes in sight. The first is acknowledged, accepted with a prep time,
// marked ready and sent out; the second is rejected with a reason and leaves the board, refunded. A dish is
// snoozed and put back, and busy mode turned on and off. SHOTS=dir saves the board at 390 × 844 and
// 1280 × 800 in that folder.

test.use({ viewport: { width: 390, height: 844 } });

/** The screen as it is at 390 × 844 and at 1280 × 800 (`wide`: what shows once it is laid out wide). */
async function shot(page: Page, name: string, wide = page.getByRole('heading', { name: /^New/, level: 2 })) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(wide).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

const ticket = (page: Page, number: number) =>
  page.getByRole('article', { name: new RegExp(`^#${number} `) });
const stageTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Stages' }).getByRole('tab', { name: new RegExp(`^${name} \\(`) });

test('tickets arrive live; one is accepted, made and sent out, one rejected; a snooze; busy mode', async ({
  page,
  baseURL,
}) => {
  await signInAsKitchenStaff(page);
  await expect(page.getByRole('heading', { name: 'Choose your kitchen' })).toBeVisible();
  await page.getByRole('button', { name: /Sfoglia Soho/ }).click();
  await expect(page).toHaveURL(/\/kitchen\?restaurant=soho$/);
  await expect(page.getByRole('heading', { name: 'Sfoglia Soho kitchen', level: 1 })).toBeVisible();
  // A stream that sends nothing within 10 s is given up and opened again (use-ticket-stream.ts): allow for it.
  await expect(page.locator('.connection')).toHaveText('Live', { timeout: 30_000 });
  await expect(page.getByRole('tablist', { name: 'Stages' })).toBeVisible();

  // Two customers order while the screen is open.
  const ada = await placeTakeawayOrder(baseURL!, {
    lines: [
      {
        productId: TAKEAWAY.ragu,
        quantity: 1,
        subItems: [TAKEAWAY.grande, TAKEAWAY.burrataExtra, TAKEAWAY.noCheese],
        note: 'Sauce on the side',
      },
      { productId: TAKEAWAY.focaccia, quantity: 2 },
    ],
    allergens: [ALLERGEN.milk],
    deliveryNote: 'Blue door, ring twice',
  });
  const first = ticket(page, ada.number);
  await expect(first).toBeVisible();
  await expect(first).toHaveClass(/ticket--fresh/);
  await expect(first.getByText('Just in')).toBeVisible();
  await expect(page.getByText(`New order #${ada.number} from Ada Lovelace`)).toBeVisible();
  const allergies = first.getByRole('region', { name: 'Allergies: Milk' });
  await expect(allergies.getByText('Tagliatelle al Ragù: contains Milk')).toBeVisible();
  await expect(first.getByText('1×', { exact: true })).toBeVisible();
  await expect(first.getByText('Tagliatelle al Ragù (Grande)')).toBeVisible();
  await expect(first.getByText('+ Burrata')).toBeVisible();
  await expect(first.getByText('No cheese')).toBeVisible();
  await expect(first.getByText('Note: Sauce on the side')).toBeVisible();
  await expect(first.getByText('2×', { exact: true })).toBeVisible();
  await expect(first.getByText('Order note: Blue door, ring twice')).toBeVisible();
  await expect(first.getByText('Delivery', { exact: true })).toBeVisible();
  await expect(first.getByText(/^To: 10 Downing Street, SW1A 2AA$/)).toBeVisible();
  // Not before the allergies are read.
  await expect(first.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

  const grace = await placeTakeawayOrder(baseURL!, {
    fulfillmentType: 'pickup',
    firstName: 'Grace',
    lastName: 'Hopper',
    lines: [
      { productId: TAKEAWAY.cacio, quantity: 1 },
      { productId: TAKEAWAY.focaccia, quantity: 1 },
    ],
  });
  const second = ticket(page, grace.number);
  await expect(second).toBeVisible();
  await expect(second.getByText('Pickup', { exact: true })).toBeVisible();
  await expect(first).toBeVisible();
  await expect(page.getByText(/^\d+ new orders: .*#\d+/)).toBeVisible();
  await expectAccessible(page, 'the kitchen board with two new tickets');
  await shot(page, 'board-new');

  // Read the allergies, accept with 25 minutes, ready (a double tap sends it once), out for delivery.
  await allergies.getByRole('button', { name: 'I’ve read the allergies' }).click();
  await expect(allergies.getByText(/^Read by the kitchen at /)).toBeVisible();
  await first.getByRole('radio', { name: '25 min' }).check();
  await first.getByRole('button', { name: 'Accept · 25 min' }).click();
  await expect(first).toHaveCount(0);
  await stageTab(page, 'In the kitchen').click();
  await expect(first.getByText(/Accepted .* · 25 min prep/)).toBeVisible();
  const readyCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/kitchen/tickets/${ada.orderId}/ready`))
      readyCalls.push(r.url());
  });
  await first.getByRole('button', { name: 'Ready for the rider' }).dblclick();
  await expect(first).toHaveCount(0);
  await stageTab(page, 'Ready').click();
  await first.getByRole('button', { name: 'Out for delivery' }).click();
  await expect(first).toHaveCount(0);
  await stageTab(page, 'Out').click();
  await expect(first.getByRole('button', { name: 'Delivered' })).toBeVisible();
  expect(readyCalls).toHaveLength(1);

  // Reject the other with a reason: refunded, it leaves the board for the done list.
  await stageTab(page, 'New').click();
  await second.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject order #${grace.number}?` });
  await expect(dialog.getByText(/Grace Hopper is refunded in full automatically/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject and refund' }).click();
  await expect(dialog.getByText('Say why in a few words: the customer reads it.')).toBeVisible();
  await dialog.getByLabel('Reason (the customer reads it)').fill('We have run out of pecorino');
  await expectAccessible(page, 'rejecting an order');
  await dialog.getByRole('button', { name: 'Reject and refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(second).toHaveCount(0);
  await page.getByText(/^Done in the last two hours \(\d+\)$/).click();
  await expect(second.getByText(/Rejected .*: “We have run out of pecorino”\. Refunded\./)).toBeVisible();
  await stageTab(page, 'Out').click();
  await shot(page, 'board-moving');

  // Snooze the focaccia for an hour: marked, and off the customers' menu; then back on.
  await page.getByRole('tab', { name: 'Menu and snoozes' }).click();
  await expect(page.getByText('Nothing is snoozed: everything is on the menu.')).toBeVisible();
  await page.getByRole('button', { name: 'Snooze Rosemary Focaccia for 1 hour' }).click();
  const snoozedNow = page.getByRole('region', { name: 'Snoozed now' });
  await expect(snoozedNow.getByText('Rosemary Focaccia')).toBeVisible();
  await expect(snoozedNow.getByText(/^Snoozed until \d{1,2}(:\d\d)?(am|pm)$/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Menu and snoozes (1 snoozed)' })).toBeVisible();
  const menu = await ada.customer.get('/api/v2/restaurants/soho/snoozed_products');
  expect((await menu.json()).data.map((s: any) => s.attributes.product_id)).toContain(
    String(TAKEAWAY.focaccia),
  );
  await expectAccessible(page, 'the kitchen’s snoozes');
  await shot(page, 'snoozes', snoozedNow);
  await snoozedNow.getByRole('button', { name: 'Put Rosemary Focaccia back on the menu' }).click();
  await expect(page.getByText('Nothing is snoozed: everything is on the menu.')).toBeVisible();

  // Busy mode: 20 minutes more on every estimate, then off again.
  await page.getByRole('button', { name: 'Busy mode: off' }).click();
  await page.getByRole('button', { name: '+20 min' }).click();
  await expect(page.getByRole('button', { name: 'Busy mode: on, +20 min' })).toBeVisible();
  const mine = await page.request.get('/api/v2/kitchen/restaurants');
  const soho = (await mine.json()).data.find((r: any) => r.id === 'soho');
  expect(soho.attributes.busy_minutes).toBe(20);
  await page.getByRole('button', { name: 'Busy mode: on, +20 min' }).click();
  await page.getByRole('button', { name: 'Off', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Busy mode: off' })).toBeVisible();

  await ada.customer.dispose();
  await grace.customer.dispose();
});

test('a signed-in customer who is not staff is told the screen is for restaurant staff', async ({ page }) => {
  const made = await page.request.post('/api/v2/customers', {
    headers: { 'x-branch': 'web' },
    data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada.kitchen.${Date.now()}@example.com`,
      password: 'analytical engine 1843',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/kitchen');
  await expect(page.getByRole('heading', { name: 'This screen is for restaurant staff' })).toBeVisible();
  await expect(page.getByText(/Ask your manager to add your account to the kitchen/)).toBeVisible();
  await expectAccessible(page, 'the kitchen screen for someone not on its staff');
});
