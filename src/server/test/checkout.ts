import { expect } from 'vitest';
import { API, variantGid } from './api-expect';
import type { Response, TestApp, Visitor } from './harness';
import { signedInCustomer } from './accounts';
import { WEEKS } from './test-clock';
import { CARD_FIELD_NAMES } from '../integrations/payments/sandbox-pages';

// Helpers for the checkout API tests: a signed-in customer with an address in a delivery area, a basket of
// one or two weeks, a saved card (typed into the sandbox's card form, as a browser does), and the order
// body that places it.

/** Wednesday of the first orderable week (delivery days run Monday to Saturday). */
export const FIRST_DELIVERY = '2026-11-25';

/**
 * Dishes on the demo menu: in WEEKS.next dish 1 £10.50, dish 2 £8.50, dish 4 £9.50; in both WEEKS.next and
 * WEEKS.later dish 6 £9.50 and dish 10 £9.00.
 */
export const DISH = { beefShin: 1, cacioEPepe: 2, mushroom: 4, pumpkin: 6, carbonara: 10 } as const;

export interface Shopper {
  customerId: string;
  email: string;
  visitor: Visitor;
  addressId: string;
}

export async function shopper(
  t: TestApp,
  values: Parameters<typeof signedInCustomer>[1] = {},
): Promise<Shopper> {
  const { customer, visitor } = await signedInCustomer(t, values);
  const address = await visitor.post(`${API}/addresses`, {
    first_name: customer.firstName,
    last_name: customer.lastName,
    address1: '10 Downing Street',
    city: 'London',
    zip: 'SW1A 2AA',
    phone: '07911 123456',
  });
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  return { customerId: customer.id, email: customer.email, visitor, addressId: address.body.data.id };
}

/** A basket with `lines` ([dish, quantity, week]) for the shopper; its id. */
export async function basketOf(
  visitor: Visitor,
  lines: [dish: number, quantity: number, week?: string][],
  startSubscription = true,
): Promise<string> {
  const created = await visitor.post(`${API}/baskets`, {
    type: 'RecipeKitBasket',
    start_subscription: startSubscription,
  });
  expect([200, 201]).toContain(created.status);
  const id = created.body.data.id as string;
  for (const [dish, quantity, week = WEEKS.next] of lines) {
    const added = await visitor.post(`${API}/baskets/${id}/items`, {
      product_variant_id: variantGid(dish),
      quantity,
      meal_week: week,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  if (!startSubscription) await visitor.put(`${API}/baskets/${id}`, { start_subscription: false });
  return id;
}

export function orderBody(s: Shopper, basketId: string, extra: Record<string, unknown> = {}) {
  return {
    basket_id: basketId,
    shipping_address_id: s.addressId,
    delivery_date: FIRST_DELIVERY,
    delivery_note: 'Leave with the neighbour at number 11',
    ...extra,
  };
}

/** POST /payment_methods/setup for a card: the setup intent's id, client secret and card form. */
export async function cardSetup(s: Shopper) {
  const setup = await s.visitor.post(`${API}/payment_methods/setup`, {
    type: 'CreditCard',
    payment_processor_name: 'stripe',
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(201);
  return {
    id: setup.body.data.id as string,
    clientSecret: setup.body.data.attributes.client_secret as string,
    cardFormUrl: setup.body.data.attributes.card_form_url as string | null,
  };
}

/**
 * POST /payment_methods with a confirmed setup intent: the payment method's id. `untilPaid`: typed at a
 * checkout, kept only once a payment with it goes through (issue 19).
 */
export async function saveSetUpCard(
  s: Shopper,
  setupIntentId: string,
  options: { untilPaid?: boolean } = {},
): Promise<string> {
  const saved = await s.visitor.post(`${API}/payment_methods`, {
    setup_intent_id: setupIntentId,
    payment_processor_name: 'stripe',
    type: 'CreditCard',
    ...(options.untilPaid ? { until_paid: true } : {}),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.data.id as string;
}

/** Saves a card through the setup intent and the sandbox's card form; the payment method's id. */
export async function saveCard(
  t: TestApp,
  s: Shopper,
  number: string,
  options: { untilPaid?: boolean } = {},
): Promise<string> {
  const setup = await cardSetup(s);
  expect(setup.cardFormUrl).toContain('/sandbox/stripe/card-form');
  const confirmed = await confirmCardForm(t, setup.clientSecret, number);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return saveSetUpCard(s, setup.id, options);
}

/** What the card form page posts when the customer presses Save (the sandbox's own form, as a browser sends it). */
export async function confirmCardForm(
  t: TestApp,
  clientSecret: string,
  number: string,
): Promise<Response<string>> {
  const form = new URLSearchParams({
    [CARD_FIELD_NAMES.number]: number,
    [CARD_FIELD_NAMES.expiry]: '12/30',
    [CARD_FIELD_NAMES.cvc]: '123',
    [CARD_FIELD_NAMES.postcode]: 'SW1A 2AA',
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/sandbox/stripe/card-form?client_secret=${encodeURIComponent(clientSecret)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: form.toString(),
  });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

/** Answers the sandbox's 3-D Secure challenge page; where the browser is sent back to. */
export async function answerChallenge(
  t: TestApp,
  challengeUrl: string,
  action: 'complete' | 'fail',
): Promise<URL> {
  const url = new URL(challengeUrl);
  const response = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ action }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(String(response.headers.location));
}

/** Places the basket (POST /orders/recipe_kits): the first order's id and the checkout meta. */
export async function place(s: Shopper, basketId: string, extra: Record<string, unknown> = {}) {
  const placed = await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketId, extra));
  expect([200, 201], JSON.stringify(placed.body)).toContain(placed.status);
  return { orderId: placed.body.data[0].id as string, response: placed };
}

export const CARDS = {
  visa: '4242424242424242',
  insufficientFunds: '4000000000009995',
  lostCard: '4000000000009987',
  stolenCard: '4000000000009979',
  fraudulent: '4100000000000019',
  threeDSecure: '4000002760003184',
  threeDSecureOnce: '4000002500003155',
} as const;
