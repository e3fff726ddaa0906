import { expect, type APIRequestContext, type APIResponse, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers';
import { newCustomer, saveCard, signInAsKitchenStaff, TAKEAWAY } from './takeaway-api';

// The kitchen and the floor at dinner (issue 21 part 6), at phone size: a customer opens a tab at Soho's
// table 12 through the API (the card held for a limit) and adds a second round; the kitchen screen shows
// both tickets with their table and round. The floor lists the tab at table 12 with its total; the staff
// move it to table 14 (its tickets follow) and close it for guests who left (what was ordered, no tip), and
// it leaves the floor. The table cards print from the floor. Then /pasta-type asks a guest for their table.
// Other dine-in journeys share this server (and Soho's table 12): everything here is found by its holder's
// own name. SHOTS=dir saves each screen at 390 × 844 and 1280 × 800 in that folder.

test.use({ viewport: { width: 390, height: 844 } });

async function ok(response: APIResponse) {
  const body = await response.text();
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${body}`).toBe(true);
  return JSON.parse(body || 'null');
}

/** A basket to eat in at a table of Soho, with `lines`: its id. */
async function tableBasket(customer: APIRequestContext, table: string, lines: [number, number][]) {
  const basket = await ok(
    await customer.post('/api/v2/baskets', {
      data: {
        type: 'TakeawayBasket',
        restaurant_id: 'soho',
        fulfillment_type: 'eat_in',
        time_slot: { asap: true },
        address: null,
        table_number: table,
      },
    }),
  );
  for (const [productId, quantity] of lines) {
    await ok(
      await customer.post(`/api/v2/baskets/${basket.data.id}/takeaway_items`, {
        data: { product_id: productId, quantity },
      }),
    );
  }
  return basket.data.id as string;
}

/** A name nobody else on this server has (letters only, as names are). */
const uniqueName = (stem: string) =>
  stem + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a tab’s rounds on the kitchen screen; the floor moves it to another table, closes it, prints the cards', async ({
  page,
  baseURL,
}) => {
  // The customer: a tab at table 12 (its card held for £100), then a second round.
  const first = uniqueName('Tabitha');
  const { customer } = await newCustomer(baseURL!, first, 'Kay');
  const firstRound = await tableBasket(customer, '12', [[TAKEAWAY.cacio, 1]]);
  const opened = await ok(
    await customer.post('/api/v2/orders/open_tab', { data: { basket_id: firstRound, limit: 10_000 } }),
  );
  const tabId = opened.data.id as string;
  const held = await ok(
    await customer.post('/api/v2/payments', {
      data: { order_id: opened.meta.pay_order_id, payment_method_id: await saveCard(customer) },
    }),
  );
  expect(held.data.attributes.status).toBe('held');
  const secondRound = await tableBasket(customer, '12', [[TAKEAWAY.ragu, 1]]);
  await ok(
    await customer.post('/api/v2/orders/open_tab', { data: { basket_id: secondRound, tab_id: tabId } }),
  );
  const tab = (await ok(await customer.get(`/api/v2/orders/open_tab?tab_id=${tabId}`))).data.attributes;
  expect(tab.rounds).toHaveLength(2);
  const total = pounds(tab.food_total);

  // The kitchen: both rounds, each with its table and round in sight.
  await signInAsKitchenStaff(page, '/kitchen?restaurant=soho');
  await expect(page.getByRole('heading', { name: 'Sfoglia Soho kitchen', level: 1 })).toBeVisible();
  const tickets = page.getByRole('article', { name: new RegExp(` ${first} Kay$`) });
  const round = (table: string, n: number) => tickets.filter({ hasText: `Table ${table} · Round ${n}` });
  await expect(round('12', 1)).toBeVisible();
  await expect(round('12', 1).getByText('Cacio e Pepe')).toBeVisible();
  await expect(round('12', 2)).toBeVisible();
  await expect(round('12', 2).getByText('Tagliatelle al Ragù')).toBeVisible();
  await shots(page, '01-tickets');

  // The floor: the tab at table 12, with what is on it and what the card holds.
  await page.getByRole('tab', { name: /^Floor/ }).click();
  await expect(page).toHaveURL(/\/kitchen\?restaurant=soho&view=floor$/);
  const table = (n: string) => page.getByRole('listitem', { name: `Table ${n}`, exact: true });
  const tabCard = page.getByRole('article', { name: `${first}’s tab` });
  await expect(table('12').getByRole('article', { name: `${first}’s tab` })).toBeVisible();
  await expect(tabCard).toContainText(`${total} ordered · card held for £100.00`);
  await expect(tabCard).toContainText('2 rounds · 1 person');
  await expectAccessible(page, 'the floor view');
  await shots(page, '02-floor');

  // Moved to table 14: the floor and both tickets say so.
  await tabCard.getByRole('button', { name: 'Move to table…' }).click();
  const move = page.getByRole('dialog', { name: `Move ${first}’s tab from table 12` });
  await move.getByLabel('Move to').selectOption('14');
  await move.getByRole('button', { name: 'Move to table 14' }).click();
  await expect(page.getByText(`${first}’s tab is now at table 14.`)).toBeVisible();
  await expect(table('14').getByRole('article', { name: `${first}’s tab` })).toBeVisible();
  await page.getByRole('tab', { name: /^Orders/ }).click();
  await expect(round('14', 1)).toBeVisible();
  await expect(round('14', 2)).toBeVisible();
  await expect(tickets.filter({ hasText: 'Table 12' })).toHaveCount(0);

  // Closed for guests who left: the confirm says what the card is charged, and that no tip is added.
  await page.getByRole('tab', { name: /^Floor/ }).click();
  await tabCard.getByRole('button', { name: 'Close tab (guests left)' }).click();
  const close = page.getByRole('dialog', { name: `Close ${first}’s tab at table 14?` });
  await expect(close).toContainText(`${total} for what was ordered is taken from the card held`);
  await expect(close).toContainText('No tip is added.');
  await expectAccessible(page, 'closing a tab');
  await close.getByRole('button', { name: `Close and charge ${total}` }).click();
  await expect(page.getByText(`${first}’s tab at table 14 is closed, with no tip.`)).toBeVisible();
  await expect(tabCard).toHaveCount(0);
  const closed = (await ok(await customer.get(`/api/v2/orders/open_tab?tab_id=${tabId}`))).data.attributes;
  expect(closed).toMatchObject({ state: 'closed', closed_by: 'staff', food_total: tab.food_total });
  expect(closed.holder_tip ?? 0).toBe(0);
  await customer.dispose();

  // The table cards: every table's QR code with its number and the restaurant's name, to print.
  await page.getByRole('link', { name: 'Print table cards' }).click();
  await expect(page).toHaveURL(/\/kitchen\?restaurant=soho&view=cards$/);
  await expect(page.getByRole('heading', { name: 'Table cards for Sfoglia Soho' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Cards to print' }).getByRole('listitem');
  await expect(cards).toHaveCount(18);
  const twelve = cards.filter({ hasText: 'Table 12' });
  await expect(twelve.getByText('Sfoglia Soho', { exact: true })).toBeVisible();
  const code = twelve.getByRole('img', { name: 'QR code to order at table 12' });
  await expect(code).toBeVisible();
  expect(await code.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(twelve).toContainText('/dine-in?restaurant=soho&table=12');
  await expectAccessible(page, 'the table cards');
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.locator('html[data-printed="yes"]')).toHaveCount(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Sfoglia Soho kitchen' })).toBeHidden();
  await expect(code).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'Back to the floor' }).click();
  await expect(page).toHaveURL(/view=floor$/);
});

test('eat-in from /pasta-type asks for the table first, and checks it is one of the restaurant’s', async ({
  page,
}) => {
  await page.goto('/signed-out');
  // The address the visitor searched from, as the address search leaves it.
  await page.evaluate(() => {
    localStorage.setItem(
      'sfoglia:pasta-now-previous-suggestions',
      JSON.stringify([
        {
          label: '10 Downing Street, London SW1A 2AA',
          address1: '10 Downing Street',
          address2: null,
          city: 'London',
          zip: 'SW1A 2AA',
          lat: 51.503541,
          lon: -0.12767,
        },
      ]),
    );
  });
  await page.goto('/pasta-type?restaurant=soho');
  const eatIn = page.getByRole('button', { name: /^Eat in/ });
  await eatIn.click();
  await expect(eatIn).toHaveAttribute('aria-expanded', 'true');
  const field = page.getByRole('textbox', { name: 'Your table number' });
  await expect(field).toBeFocused();
  await expect(page.getByText('Your table number is on the card on your table')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Order at this table' });
  await submit.click();
  await expect(page.getByText('Enter your table number: it’s on the card on your table.')).toBeVisible();
  await field.fill('99');
  await submit.click();
  await expect(
    page.getByText(
      'Sfoglia Soho has no table 99. Its tables are numbered 1 to 18: check the card on your table, or ask a member of staff.',
    ),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the table number on /pasta-type');
  await shots(page, '03-pasta-type-table');
  await field.fill('Table 12');
  await submit.click();
  await expect(page).toHaveURL(/\/dine-in\?restaurant=soho&table=12$/);
});
