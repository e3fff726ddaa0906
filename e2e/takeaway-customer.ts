import { expect, type Page } from '@playwright/test';

// A Pasta Now customer's steps shared by the checkout and kitchen journeys: the API calls that set up what the
// address search and the menu would leave (a signed-up customer, a takeaway basket at Sfoglia Soho), and the
// checkout's time and card steps.

export const HEADERS = { 'x-branch': 'web' };
export const DOWNING_STREET = {
  address1: '10 Downing Street',
  city: 'London',
  zip: 'SW1A 2AA',
  country: 'United Kingdom',
  country_code: 'GB',
  lat: 51.503541,
  lon: -0.12767,
};
/** Takeaway menu ids (src/server/db/seed/takeaway-menu.ts). */
export const MENU = {
  ragu: 2001,
  cacio: 2002,
  focaccia: 2020,
  lasagneTray: 2100,
  grande: 3002,
  burrata: 3011,
};

let calls = 0;
export async function call(page: Page, method: 'POST' | 'PUT', path: string, data: unknown) {
  const response = await page.request.fetch(`/api/v2${path}`, {
    method,
    headers: { ...HEADERS, 'idempotency-key': `takeaway-e2e-${Date.now()}-${calls++}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { data: { id: string; attributes: Record<string, unknown> } };
}

/** A customer signed up through the API, signed in in this browser. */
export async function signUp(page: Page, name: string) {
  await call(page, 'POST', '/customers', {
    first_name: name,
    last_name: 'Tester',
    email: `${name.toLowerCase()}.takeaway.${Date.now()}@example.com`,
    password: 'analytical engine 1843',
  });
}

/** The visitor's takeaway basket at Sfoglia Soho with these lines, as the address search and menu leave it. */
export async function takeawayBasket(
  page: Page,
  choices: Record<string, unknown>,
  lines: [productId: number, quantity: number, subItems?: number[]][],
) {
  const basket = await call(page, 'POST', '/baskets', {
    type: 'TakeawayBasket',
    restaurant_id: 'soho',
    fulfillment_type: 'delivery',
    time_slot: { asap: true },
    address: DOWNING_STREET,
    ...choices,
  });
  for (const [productId, quantity, subItems = []] of lines) {
    await call(page, 'POST', `/baskets/${basket.data.id}/takeaway_items`, {
      product_id: productId,
      quantity,
      sub_items: subItems.map((id) => ({ product_id: id })),
    });
  }
  return basket.data.id;
}

/** The first time on offer that can still be booked (the list's first entry is "Choose a time"). */
export async function chooseFirstTime(page: Page) {
  const time = page.getByRole('combobox', { name: 'Time' });
  await expect(time.locator('option:not([disabled])').first()).toBeAttached();
  const value = await time.locator('option:not([disabled])').first().getAttribute('value');
  await time.selectOption(value!);
  await expect(page.getByRole('status').filter({ hasText: 'Saving your time…' })).toHaveCount(0);
  await expect(time).toHaveValue(value!);
}

export async function typeCard(page: Page, number: string) {
  await page.getByRole('radio', { name: /Credit or debit card|A new card/ }).check();
  const form = page.frameLocator('iframe[title="Card details"]');
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel(/Expiry date/).fill('12/30');
  await form.getByLabel(/Security code/).fill('123');
}
