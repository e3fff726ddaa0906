import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, waitForHydration } from './helpers';

// Pasta Now's menu on a phone (issue 13 part 4): a takeaway basket from Sfoglia Soho to Downing Street, a
// time chosen (the shop's clock is pinned to Wednesday 18 November 2026, 10:00, before Soho opens at 11:30,
// so ASAP can't be had), a gelato with its size and an extra chosen in the sheet and priced live, an add
// whose answer is lost and sent again with the same key (one line, not two), the basket's minimum-spend
// remainder gone once the quantity goes up, the checkout button; a dish the kitchen snoozes turns
// unavailable within 30 seconds, without a reload. Then a customer's allergen profile marks the dishes. And
// the menu's public address (issue 24 part 2): in the HTML as anyone sees it, the basket joining once live.

test.use({ viewport: { width: 390, height: 844 } });

const DOWNING_STREET = {
  address1: '10 Downing Street',
  city: 'London',
  zip: 'SW1A 2AA',
  country: 'United Kingdom',
  country_code: 'GB',
  lat: 51.503541,
  lon: -0.12767,
};

async function takeawayBasket(page: Page) {
  const made = await page.request.post('/api/v2/baskets', {
    headers: { 'x-branch': 'web' },
    data: {
      type: 'TakeawayBasket',
      restaurant_id: 'soho',
      fulfillment_type: 'delivery',
      time_slot: { asap: true },
      address: DOWNING_STREET,
    },
  });
  expect([200, 201], await made.text()).toContain(made.status());
}

async function serverBasket(page: Page) {
  const list = await (await page.request.get('/api/v2/baskets', { headers: { 'x-branch': 'web' } })).json();
  return list.data.find((b: { attributes: { type: string } }) => b.attributes.type === 'TakeawayBasket')
    .attributes as { item_count: number; subtotal_price: number };
}

test('choose a time, add a gelato with its size and an extra, reach the checkout; a snoozed dish turns unavailable', async ({
  page,
}) => {
  // The browser's timers run on a clock the test can move: the kitchen's snoozes are read every 30 s.
  await page.clock.install();
  await takeawayBasket(page);
  await page.goto('/pasta-now');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sfoglia Soho' })).toBeVisible();
  await expect(page.getByText('10 Downing Street, SW1A 2AA')).toBeVisible();
  const closed = page.getByText(/isn’t taking orders for as soon as possible right now/);
  await expect(closed).toBeVisible();
  await expect(page.getByRole('article', { name: 'Tagliatelle al Ragù' })).toContainText('£12.50');
  await expectAccessible(page, '/pasta-now');

  // A slot today instead of ASAP.
  await page.getByRole('button', { name: 'Choose a time' }).click();
  const when = page.getByRole('dialog', { name: 'When would you like it?' });
  await expect(when.getByRole('radio', { name: 'Today' })).toBeChecked();
  const slot = when.getByRole('radio', { name: /^\d\d:\d\d – \d\d:\d\d$/ }).first();
  const slotLabel = (await slot.evaluate((input) => input.closest('label')!.textContent ?? '')).trim();
  await slot.check();
  await when.getByRole('button', { name: 'Save time' }).click();
  await expect(when).toBeHidden();
  await expect(page.getByText(`Today, ${slotLabel}`)).toBeVisible();
  await expect(closed).toBeHidden();

  // The category bar takes the customer to the gelato; the sheet prices the choice as it is made.
  await page
    .getByRole('navigation', { name: 'Menu categories' })
    .getByRole('link', { name: 'Gelato' })
    .click();
  const gelato = page.getByRole('article', { name: 'Pistachio Gelato' });
  await gelato.getByRole('button', { name: 'Add Pistachio Gelato' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pistachio Gelato' });
  const add = sheet.getByRole('button', { name: /^Add 1 to basket/ });
  await expect(add).toContainText('£4.50');
  await sheet.getByRole('radio', { name: /Double scoop/ }).check();
  await expect(add).toContainText('£7.00');
  await sheet.getByRole('checkbox', { name: /Pistachio crumb/ }).check();
  await expect(add).toContainText('£8.00');
  await expectAccessible(page, 'the dish sheet');

  // The add's answer is lost on the way back: it is sent again with the same key, and added once.
  const keys: string[] = [];
  await page.route('**/api/v2/baskets/*/takeaway_items', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await add.click();
  await expect(sheet).toBeHidden();
  const bar = page.getByRole('button', { name: /^View basket/ });
  await expect(bar).toContainText('1 item · £8.00');
  await expect.poll(() => keys.length).toBe(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.unrouteAll();

  await bar.click();
  const basket = page.getByRole('dialog', { name: 'Your basket' });
  const line = basket.getByRole('listitem').filter({ hasText: 'Pistachio Gelato' });
  await expect(line).toContainText('Grande · Double scoop · Pistachio crumb');
  await expect(line).not.toContainText('Adding…');
  await expect(line.getByRole('group')).toContainText('1');
  expect(await serverBasket(page)).toMatchObject({ item_count: 1, subtotal_price: 800 });
  await expect(basket.getByText('Add £7.00 more to order')).toBeVisible();
  await expect(basket.getByRole('button', { name: 'Go to checkout' })).toBeDisabled();
  await expectAccessible(page, 'the basket');

  // One more: the minimum spend (£15) is met.
  await line.getByRole('button', { name: /^One more Pistachio Gelato/ }).click();
  await expect(line.getByRole('group')).toContainText('2');
  await expect(basket.getByText(/more to order/)).toBeHidden();
  await expect(basket).toContainText('£16.00');
  const checkout = basket.getByRole('link', { name: 'Go to checkout' });
  await expect(checkout).toHaveAttribute('href', '/pasta-now-checkout');
  await basket.getByRole('button', { name: 'Close' }).click();
  await expect(basket).toBeHidden();

  // The kitchen snoozes the Tiramisù (a kitchen's snooze needs a member of staff, made only by the
  // operator's command: the restaurant's snooze list says so here). Within 30 s, no reload, it can't be added.
  await page.route('**/api/v2/restaurants/soho/snoozed_products*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.push({
      id: '2030',
      type: 'snoozed_products',
      attributes: { product_id: '2030', title: 'Tiramisù', until: '2026-11-18T11:00:00.000Z' },
    });
    await route.fulfill({ response, json: body });
  });
  const tiramisu = page.getByRole('article', { name: 'Tiramisù' });
  await expect(tiramisu.getByRole('button', { name: 'Add Tiramisù' })).toBeVisible();
  await page.clock.fastForward('00:31');
  await expect(tiramisu).toContainText('Sold out for now · back at 11am today');
  await expect(tiramisu.getByRole('button', { name: 'Add Tiramisù' })).toHaveCount(0);

  await bar.click();
  await basket.getByRole('link', { name: 'Go to checkout' }).click();
  // Signed out, the checkout starts by asking how to continue (e2e/takeaway-checkout.spec.ts goes on from there).
  await expect(page).toHaveURL(/\/pasta-now-checkout\/continue$/);
  await expect(page.getByRole('heading', { name: 'How would you like to continue?' })).toBeVisible();
});

test('a customer’s allergen profile, set in their profile, marks the dishes that contain it', async ({
  page,
}) => {
  const email = `allergens-${Date.now()}@example.com`;
  const signedUp = await page.request.post('/api/v2/customers', {
    headers: { 'x-branch': 'web' },
    data: { first_name: 'Ada', last_name: 'Lovelace', email, password: 'pasta-and-peas-42' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  // No takeaway basket yet: the menu sends the customer to find a restaurant first.
  await page.goto('/pasta-now');
  await expect(page).toHaveURL(/\/pasta-now-search-address$/);

  await page.goto('/account/my-details#allergens');
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Allergens' });
  await section.getByRole('checkbox', { name: 'Milk' }).check();
  await section.getByRole('button', { name: 'Save allergens' }).click();
  await expect(page.getByText('Your allergens are saved')).toBeVisible();
  await expectAccessible(page, '/account/my-details');

  await takeawayBasket(page);
  // The header's height from its first paint on (issue 24: the page is rendered as anyone sees it, and the
  // customer's note joins once it is live): the same header element, never taller or shorter.
  await page.addInitScript(() => {
    // Parsed, before any script of the page has run.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const header = document.querySelector('.twm-header');
      const seen: number[] = [];
      Object.assign(window, { headerSeen: { header, seen } });
      if (header) new ResizeObserver(() => seen.push(header.getBoundingClientRect().height)).observe(header);
    });
  });
  await page.goto('/pasta-now');
  await waitForHydration(page);
  const note = page.locator('.twm-allergen-note');
  await expect(note).toContainText('Your allergens: Milk');
  await expect(note).toContainText('Dishes with them are marked.');
  const header = await page.evaluate(() => {
    const { header, seen } = (window as unknown as { headerSeen: { header: Element; seen: number[] } })
      .headerSeen;
    return { kept: document.contains(header), heights: [...new Set(seen)] };
  });
  expect(header.kept, 'the server’s header is the one hydrated, not rendered again').toBe(true);
  expect(header.heights).toHaveLength(1);
  await expect(page.getByRole('article', { name: 'Tagliatelle al Ragù' })).toContainText(
    'Contains milk, which is in your allergen profile',
  );
  await expect(page.getByRole('article', { name: 'Rosemary Focaccia' })).not.toContainText(
    'allergen profile',
  );
});

test('a restaurant’s menu at its public address: in the page before any JS, a visitor starts an order from it, and a basket joins once live', async ({
  page,
  browser,
}) => {
  // The server's HTML holds the first screen: the restaurant, its dishes and prices.
  const served = await page.request.get('/pasta-now?restaurant=soho');
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('<h1 class="twm-header__title">Sfoglia Soho</h1>');
  expect(html).toContain('Tagliatelle al Ragù');
  expect(html).toContain('£12.50');

  // Without JavaScript at all, the menu reads the same.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const still = await noScript.newPage();
  await still.goto(served.url());
  await expect(still.getByRole('heading', { level: 1, name: 'Sfoglia Soho' })).toBeVisible();
  await expect(still.getByRole('article', { name: 'Tagliatelle al Ragù' })).toContainText('£12.50');
  await expect(still.getByRole('link', { name: 'Start an order' }).first()).toBeVisible();
  await noScript.close();

  // A visitor with no basket: where the restaurant is and whether it is open, and Add starts an order.
  await page.goto('/pasta-now?restaurant=soho');
  await waitForHydration(page);
  await expect(page.getByText('52 Dean Street, W1D 3GN')).toBeVisible();
  await expect(page.getByText('Opens at 11:30am')).toBeVisible();
  await expectAccessible(page, 'the public takeaway menu');
  await page
    .getByRole('article', { name: 'Tagliatelle al Ragù' })
    .getByRole('button', { name: 'Add Tagliatelle al Ragù' })
    .click();
  await page
    .getByRole('dialog', { name: 'Tagliatelle al Ragù' })
    .getByRole('button', { name: /^Add 1 to basket/ })
    .click();
  // No address searched from yet: the search first.
  await expect(page).toHaveURL(/\/pasta-now-search-address$/);

  // With a basket for Soho, the bare address is that menu's, and the basket joins: where and when.
  await takeawayBasket(page);
  await page.goto('/pasta-now');
  await expect(page).toHaveURL(/\/pasta-now\?restaurant=soho$/);
  await waitForHydration(page);
  await expect(page.getByText('10 Downing Street, SW1A 2AA')).toBeVisible();
  await expect(page.getByText(/isn’t taking orders for as soon as possible right now/)).toBeVisible();
  // The page the server sent this visitor holds none of it.
  const theirs = await (await page.request.get('/pasta-now?restaurant=soho')).text();
  expect(theirs).toContain('Tagliatelle al Ragù');
  expect(theirs).not.toContain('Downing');
});
