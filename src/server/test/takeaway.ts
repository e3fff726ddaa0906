import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startShopJobs, type RunningJobs } from '../jobs/start';
import { addStaff } from '../modules/kitchen';
import { API } from './api-expect';
import { clearRateLimits, PASSWORD, signedInCustomer, signIn, uniqueEmail } from './accounts';
import { CARDS, saveCard, type Shopper } from './checkout';
import { createTestApp, type TestApp, type Visitor } from './harness';
import { TEST_NOW } from './test-clock';

// Helpers for the takeaway and kitchen API tests: a signed-in customer with a takeaway basket at a
// restaurant, its dishes, a saved card, and an order placed (and paid) from it. LUNCH is Wednesday 18
// November 2026, 12:30 London (GMT), when Soho (11:30–22:00, 20 minutes' prep) is open.

export const LUNCH = new Date('2026-11-18T12:30:00Z');

export const DOWNING_STREET = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '10 Downing Street',
  city: 'London',
  zip: 'SW1A 2AA',
  country: 'United Kingdom',
  phone: '07911 123456',
  lat: 51.503541,
  lon: -0.12767,
};

/** Takeaway menu ids (src/server/db/seed/takeaway-menu.ts). */
export const MENU = {
  ragu: 2001,
  cacio: 2002,
  focaccia: 2020,
  burrata: 2021,
  tiramisu: 2030,
  lasagneTray: 2100,
  focacciaSlab: 2104,
  grande: 3002,
  burrataExtra: 3011,
  noCheese: 3030,
} as const;

export interface TakeawayShopper extends Shopper {
  basketId: string;
}

/** A signed-in customer with a takeaway basket (delivery to Downing Street from Soho, ASAP unless given). */
export async function takeawayShopper(
  t: TestApp,
  choices: Record<string, unknown> = {},
  lines: [productId: number, quantity: number, subItems?: number[]][] = [
    [MENU.ragu, 1, [MENU.grande]],
    [MENU.focaccia, 1],
  ],
): Promise<TakeawayShopper> {
  const { customer, visitor } = await signedInCustomer(t);
  const basketId = await takeawayBasketOf(visitor, choices, lines);
  return { customerId: customer.id, email: customer.email, visitor, addressId: '', basketId };
}

export async function takeawayBasketOf(
  visitor: Visitor,
  choices: Record<string, unknown>,
  lines: [productId: number, quantity: number, subItems?: number[]][],
): Promise<string> {
  const made = await visitor.post(`${API}/baskets`, {
    type: 'TakeawayBasket',
    restaurant_id: 'soho',
    fulfillment_type: 'delivery',
    time_slot: { asap: true },
    address: DOWNING_STREET,
    ...choices,
  });
  expect([200, 201], JSON.stringify(made.body)).toContain(made.status);
  const id = made.body.data.id as string;
  for (const [productId, quantity, subItems = []] of lines) {
    const added = await visitor.post(`${API}/baskets/${id}/takeaway_items`, {
      product_id: productId,
      quantity,
      sub_items: subItems.map((sub) => ({ product_id: sub })),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  return id;
}

export function placeTakeaway(
  s: { visitor: Visitor; basketId: string },
  extra: Record<string, unknown> = {},
) {
  return s.visitor.post(`${API}/orders/takeaway`, { basket_id: s.basketId, ...extra });
}

/** Places the basket and pays it with a new Visa; the order's id. */
export async function paidTakeaway(t: TestApp, s: TakeawayShopper, extra: Record<string, unknown> = {}) {
  const card = await saveCard(t, s, CARDS.visa);
  const placed = await placeTakeaway(s, { ...extra, payment: { payment_method_id: card } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.meta.payment.attributes.status).toBe('succeeded');
  return placed.body.data.id as string;
}

/**
 * A takeaway paid for and taken through `chef`'s kitchen: collected (pickup) or delivered, so its customer
 * may rate it.
 */
export async function receivedTakeaway(
  t: TestApp,
  chef: Visitor,
  fulfilment: 'pickup' | 'delivery' = 'pickup',
): Promise<{ s: TakeawayShopper; orderId: string }> {
  const s = await takeawayShopper(t, { fulfillment_type: fulfilment });
  const orderId = await paidTakeaway(t, s);
  const act = (action: string, body: unknown = {}) =>
    chef.post(`${API}/kitchen/tickets/${orderId}/${action}`, body);
  expect((await act('accept', { prep_minutes: 10 })).status).toBe(200);
  expect((await act('ready')).status).toBe(200);
  const last = fulfilment === 'pickup' ? ['collected'] : ['out_for_delivery', 'delivered'];
  for (const action of last) expect((await act(action)).status).toBe(200);
  return { s, orderId };
}

/** The shop's jobs on a test app, queued but not worked: a test runs each with `runDue` on the pinned clock. */
export function startTestJobs(t: TestApp): Promise<RunningJobs> {
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  return startShopJobs({
    config: t.config,
    database: t.database,
    clock: t.clock,
    services: t.app.services,
    log: silent,
    work: false,
  });
}

/** A member of kitchen staff at a restaurant, signed in in a browser of their own. */
export async function signedInChef(t: TestApp, restaurantId = 'soho'): Promise<Visitor> {
  const email = uniqueEmail('chef');
  await addStaff(t.database.db, { email, restaurantId, password: PASSWORD });
  const chef = t.visitor();
  await signIn(chef, email);
  return chef;
}

/**
 * A file's takeaway shop: a fresh app with its jobs running and a signed-in chef, each test starting at LUNCH
 * with no rate limit counted, the clock put back after it. Read the fields in a test (or a `beforeAll` after
 * this call): they are set when the file's tests start. `options` wraps the app's payment processors (a fault
 * switch: faulty-processors.ts).
 */
export function useTakeawayShop(options: Parameters<typeof createTestApp>[1] = {}): {
  t: TestApp;
  running: RunningJobs;
  chef: Visitor;
} {
  const shop = {} as { t: TestApp; running: RunningJobs; chef: Visitor };
  beforeAll(async () => {
    shop.t = await createTestApp({}, options);
    shop.running = await startTestJobs(shop.t);
    shop.chef = await signedInChef(shop.t);
  });
  beforeEach(() => {
    shop.t.clock.set(LUNCH);
    return clearRateLimits(shop.t);
  });
  afterEach(() => shop.t.clock.set(TEST_NOW));
  afterAll(async () => {
    await shop.running.stop();
    await shop.t.close();
  });
  return shop;
}
