import { expect, test, type Page } from '@playwright/test';
import { addDishesAndCheckout, expectAccessible, firstDayToPayment, waitForHydration } from './helpers';

// Saved cards at the checkout on a phone (issue 19 item 2): the card marked Default is the one ticked, and
// the one charged, on every payment step, even when the customer's plan is charged to another card. The
// customer, their plan (paid with a Mastercard) and their default Visa are made through the API in this
// browser; the one-off box is bought through the screens. The shop's clock is Wednesday 18 November 2026.
// SHOTS=1 saves the payment step in test-results/cards-shots.

test.use({ viewport: { width: 390, height: 844 } });

const HEADERS = { 'x-branch': 'web' };
let calls = 0;

async function api(page: Page, method: 'POST' | 'GET', path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/v2${path}`, {
    method,
    headers: { ...HEADERS, 'idempotency-key': `cards-e2e-${Date.now()}-${calls++}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { data: any };
}

/** A card typed into the sandbox processor's form (as its frame posts it), saved: its id. */
async function saveCard(page: Page, number: string): Promise<string> {
  const setup = await api(page, 'POST', '/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'stripe',
  });
  const secret = encodeURIComponent(setup.data.attributes.client_secret as string);
  const form = await page.request.post(`/sandbox/stripe/card-form?client_secret=${secret}`, {
    form: { card_number: number, expiry: '12/30', cvc: '123', postcode: 'SW1A 2AA' },
  });
  expect(form.status()).toBe(200);
  const saved = await api(page, 'POST', '/payment_methods', {
    setup_intent_id: setup.data.id,
    payment_processor_name: 'stripe',
    type: 'CreditCard',
  });
  return saved.data.id as string;
}

/** A plan bought and paid with a Mastercard; then a Visa saved and made the default. */
async function customerWithPlanOnAnotherCard(page: Page) {
  await api(page, 'POST', '/customers', {
    first_name: 'Ines',
    last_name: 'Tester',
    email: `ines.cards.${Date.now()}@example.com`,
    password: 'analytical engine 1843',
  });
  const address = await api(page, 'POST', '/addresses', {
    first_name: 'Ines',
    last_name: 'Tester',
    address1: '10 Downing Street',
    city: 'London',
    zip: 'SW1A 2AA',
    phone: '07911 123456',
  });
  const basket = await api(page, 'POST', '/baskets', { type: 'RecipeKitBasket', start_subscription: true });
  await api(page, 'POST', `/baskets/${basket.data.id}/items`, {
    product_variant_id: '10011',
    quantity: 2,
    meal_week: '2026-11-23',
  });
  const placed = await api(page, 'POST', '/orders/recipe_kits', {
    basket_id: basket.data.id,
    shipping_address_id: address.data.id,
    delivery_date: '2026-11-25',
  });
  const mastercard = await saveCard(page, '5555 5555 5555 4444');
  await api(page, 'POST', '/payments', { order_id: placed.data[0].id, payment_method_id: mastercard });
  const visa = await saveCard(page, '4242 4242 4242 4242');
  await api(page, 'POST', `/payment_methods/${visa}/default`);
}

test('the card marked Default is the one ticked and charged at the one-off checkout, not the plan’s card', async ({
  page,
}) => {
  await customerWithPlanOnAnotherCard(page);

  await page.goto('/one-off/menu');
  await waitForHydration(page);
  await addDishesAndCheckout(page, 2);

  // The saved address, the first day, then payment.
  await expect(page).toHaveURL(/checkout\/delivery\/(address|instructions)$/);
  if (/address$/.test(page.url())) {
    await page
      .getByRole('button', { name: /continue/i })
      .first()
      .click();
  }
  await firstDayToPayment(page);

  // Ticked: the Visa, marked Default; not the Mastercard the plan is charged to.
  const visa = page.getByRole('radio', { name: /Visa ending 4242/ });
  await expect(visa).toBeChecked();
  await expect(page.locator('.pay-option').filter({ has: visa })).toContainText('Default');
  await expect(page.getByRole('radio', { name: /Mastercard ending 4444/ })).not.toBeChecked();
  if (process.env.SHOTS) {
    await page.screenshot({ path: 'test-results/cards-shots/default-ticked-phone.png', fullPage: true });
  }
  await expectAccessible(page, 'the one-off payment step with two saved cards');

  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/one-off\/checkout\/confirmation$/);
  // The card charged is the one that was ticked.
  const orders = await api(page, 'GET', '/orders?filter[delivery_date]=upcoming');
  const oneOff = (orders.data as { id: string; attributes: { source: string } }[]).find(
    (order) => order.attributes.source === 'one_off',
  );
  expect(oneOff).toBeDefined();
  const paid = await api(page, 'GET', `/orders/${oneOff!.id}/payment`);
  expect(paid.data.attributes).toMatchObject({
    status: 'succeeded',
    payment_method: { brand: 'visa', last4: '4242' },
  });
});
