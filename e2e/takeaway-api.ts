import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { KITCHEN_STAFF } from './kitchen-staff';

// Takeaway orders placed through the API, as another customer's browser would (issue 13): a new customer
// signs up, sets an allergen profile if asked, fills a TakeawayBasket (restaurant, fulfilment, the first
// time slot open, an address for a delivery), adds dishes with their modifiers and notes, saves a card
// through the sandbox's card form and places the order, paid with it. The kitchen journeys watch these
// orders arrive; the customer's own screens are not what they test.

const HEADERS = { 'x-branch': 'web' };

/** Takeaway menu ids (src/server/db/seed/takeaway-menu.ts). */
export const TAKEAWAY = {
  ragu: 2001,
  cacio: 2002,
  focaccia: 2020,
  burrata: 2021,
  grande: 3002,
  burrataExtra: 3011,
  chilliOil: 3013,
  noCheese: 3030,
} as const;

/** UK allergen codes (src/domain/allergens.ts). */
export const ALLERGEN = { milk: 106, peanuts: 110 } as const;

export const DOWNING_STREET = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '10 Downing Street',
  city: 'London',
  zip: 'SW1A 2AA',
  country: 'United Kingdom',
  country_code: 'GB',
  phone: '07911 123456',
  lat: 51.503541,
  lon: -0.12767,
};

export interface TakeawayLine {
  productId: number;
  quantity: number;
  /** Modifier product ids: a size, extras, removals. */
  subItems?: number[];
  note?: string;
}

export interface TakeawayOrderOptions {
  restaurantId?: string;
  fulfillmentType?: 'delivery' | 'pickup' | 'eat_in';
  lines: TakeawayLine[];
  firstName?: string;
  lastName?: string;
  /** The customer's allergen profile (UK allergen codes); they confirm it when placing. */
  allergens?: number[];
  deliveryNote?: string;
  tableNumber?: string;
}

export interface PlacedTakeaway {
  orderId: string;
  number: number;
  email: string;
  /** The customer's signed-in API context (dispose it when done). */
  customer: APIRequestContext;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = [200, 201]) {
  const body = await response.text();
  expect(status, `${response.url()} answered ${response.status()}: ${body}`).toContain(response.status());
  return JSON.parse(body || 'null');
}

/** Signs a new customer up in a request context of their own (cookies apart from every page's). */
export async function newCustomer(baseURL: string, firstName = 'Ada', lastName = 'Lovelace') {
  const customer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: HEADERS });
  const email = `${firstName.toLowerCase()}.takeaway.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await ok(
    await customer.post('/api/v2/customers', {
      data: { first_name: firstName, last_name: lastName, email, password: 'analytical engine 1843' },
    }),
  );
  return { customer, email };
}

/** Saves a card through the sandbox processor's own form (as its iframe posts it); the payment method's id. */
export async function saveCard(customer: APIRequestContext, number = '4242 4242 4242 4242'): Promise<string> {
  const setup = await ok(
    await customer.post('/api/v2/payment_methods/setup', {
      data: { type: 'CreditCard', payment_processor_name: 'stripe' },
    }),
  );
  const secret = setup.data.attributes.client_secret as string;
  // The form answers with its page (which tells the card form's parent it is saved).
  const form = await customer.post(`/sandbox/stripe/card-form?client_secret=${encodeURIComponent(secret)}`, {
    form: { card_number: number, expiry: '12/30', cvc: '123', postcode: 'SW1A 2AA' },
  });
  expect(form.status(), await form.text()).toBe(200);
  const saved = await ok(
    await customer.post('/api/v2/payment_methods', {
      data: { setup_intent_id: setup.data.id, payment_processor_name: 'stripe', type: 'CreditCard' },
    }),
  );
  return saved.data.id as string;
}

/**
 * A new customer's takeaway order, placed and paid: ASAP when the kitchen takes one now, otherwise the first
 * time slot with room (the e2e shop's clock starts at 10:00, before the restaurants open).
 */
export async function placeTakeawayOrder(
  baseURL: string,
  options: TakeawayOrderOptions,
): Promise<PlacedTakeaway> {
  const restaurantId = options.restaurantId ?? 'soho';
  const fulfillmentType = options.fulfillmentType ?? 'delivery';
  const { customer, email } = await newCustomer(baseURL, options.firstName, options.lastName);
  if (options.allergens?.length) {
    await ok(await customer.put('/api/v2/customers/allergens', { data: { allergens: options.allergens } }));
  }
  const slots = await ok(
    await customer.get(`/api/v2/restaurants/${restaurantId}/time_slots?fulfillment_type=${fulfillmentType}`),
  );
  const slot = (
    slots.data as { attributes: { asap: boolean; available: boolean; start_time: string } }[]
  ).find((s) => s.attributes.available);
  expect(slot, `no time slot open at ${restaurantId} today`).toBeDefined();
  const basket = await ok(
    await customer.post('/api/v2/baskets', {
      data: {
        type: 'TakeawayBasket',
        restaurant_id: restaurantId,
        fulfillment_type: fulfillmentType,
        time_slot: slot!.attributes.asap
          ? { asap: true }
          : { asap: false, start_time: slot!.attributes.start_time },
        address:
          fulfillmentType === 'delivery'
            ? {
                ...DOWNING_STREET,
                first_name: options.firstName ?? 'Ada',
                last_name: options.lastName ?? 'Lovelace',
              }
            : null,
        ...(options.tableNumber ? { table_number: options.tableNumber } : {}),
      },
    }),
  );
  const basketId = basket.data.id as string;
  for (const line of options.lines) {
    await ok(
      await customer.post(`/api/v2/baskets/${basketId}/takeaway_items`, {
        data: {
          product_id: line.productId,
          quantity: line.quantity,
          sub_items: (line.subItems ?? []).map((id) => ({ product_id: id })),
          ...(line.note ? { note: line.note } : {}),
        },
      }),
    );
  }
  const paymentMethodId = await saveCard(customer);
  const placed = await ok(
    await customer.post('/api/v2/orders/takeaway', {
      data: {
        basket_id: basketId,
        ...(options.deliveryNote ? { delivery_note: options.deliveryNote } : {}),
        ...(options.allergens?.length ? { allergens_confirmed: true } : {}),
        payment: { payment_method_id: paymentMethodId },
      },
    }),
  );
  expect(placed.meta.payment.attributes.status).toBe('succeeded');
  return { orderId: placed.data.id, number: placed.data.attributes.number, email, customer };
}

/** Signs the e2e shop's member of kitchen staff in on `page` (e2e/kitchen-staff.ts), then opens `path`. */
export async function signInAsKitchenStaff(page: Page, path = '/kitchen') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/social-login\?returnTo=/);
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(KITCHEN_STAFF.email);
  await page.getByLabel('Password').fill(KITCHEN_STAFF.password);
  await page.getByRole('button', { name: /^Log in$/ }).click();
}
