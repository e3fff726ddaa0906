import { expect } from 'vitest';
import { API } from './api-expect';
import { PASSWORD, signedInCustomer, uniqueEmail } from './accounts';
import { CARDS, FIRST_DELIVERY, saveCard, type Shopper } from './checkout';
import type { Response, TestApp, Visitor } from './harness';
import { WEEKS } from './test-clock';

// Helpers for the referral and loyalty API tests (issue 23 part 3): a referrer with a link, a friend who
// opens it and signs up from it, and the friend's first order (a one-off box, over the welcome code's
// minimum), placed and paid with a card of their own.

export const REFERRAL_COOKIE = 'sfoglia_ref';

/** A signed-in customer whose link is shared (Sam, unless told). */
export async function referrer(t: TestApp, values: Parameters<typeof signedInCustomer>[1] = {}) {
  const { customer, visitor } = await signedInCustomer(t, { firstName: 'Sam', ...values });
  return { ...customer, visitor, token: customer.referralToken };
}

/** A browser's Set-Cookie for the referral cookie (its raw header), if the answer set one. */
export function referralCookieHeader(response: Response<unknown>): string | undefined {
  const headers = response.headers['set-cookie'];
  const list = Array.isArray(headers) ? headers : headers ? [String(headers)] : [];
  return list.find((header) => header.startsWith(`${REFERRAL_COOKIE}=`));
}

export interface Friend extends Shopper {
  firstName: string;
}

/** A new browser that opens the link, then signs up by email from it. */
export async function friendFromLink(
  t: TestApp,
  token: string,
  { email = uniqueEmail('friend'), firstName = 'Ana' }: { email?: string; firstName?: string } = {},
): Promise<Friend & { signUp: Response<any> }> {
  const visitor = t.visitor();
  const opened = await visitor.get(`${API}/referrals/${token}`);
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const signUp = await visitor.post(`${API}/customers`, {
    first_name: firstName,
    last_name: 'Rossi',
    email,
    password: PASSWORD,
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  return {
    customerId: signUp.body.data.id as string,
    email,
    firstName,
    visitor,
    addressId: '',
    signUp,
  };
}

/** Adds an address to the friend's book (their own street unless told). */
export async function addressOf(
  visitor: Visitor,
  { address1 = '7 Rosary Gardens', zip = 'SW7 4NW' }: { address1?: string; zip?: string } = {},
): Promise<string> {
  const made = await visitor.post(`${API}/addresses`, {
    first_name: 'Ana',
    last_name: 'Rossi',
    address1,
    city: 'London',
    zip,
    phone: '07911 123456',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data.id as string;
}

/** A one-off box of three beef shins (£31.50) for next week, with `code` on the basket if given; placed. */
export async function oneOffOrder(
  s: Pick<Shopper, 'visitor'>,
  addressId: string,
  code?: string,
): Promise<{ orderId: string; basketId: string }> {
  const created = await s.visitor.post(`${API}/baskets`, {
    type: 'RecipeKitBasket',
    start_subscription: false,
  });
  expect([200, 201]).toContain(created.status);
  const basketId = created.body.data.id as string;
  const added = await s.visitor.post(`${API}/baskets/${basketId}/items`, {
    product_variant_id: 'gid://shopify/ProductVariant/10011',
    quantity: 3,
    meal_week: WEEKS.next,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  if (code) {
    const applied = await s.visitor.post(`${API}/baskets/${basketId}/vouchers`, { code });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  }
  const placed = await s.visitor.post(`${API}/orders/recipe_kits`, {
    basket_id: basketId,
    shipping_address_id: addressId,
    delivery_date: FIRST_DELIVERY,
  });
  expect([200, 201], JSON.stringify(placed.body)).toContain(placed.status);
  return { orderId: placed.body.data[0].id as string, basketId };
}

/** Pays an order with a new card (`number`, a Visa unless told); the card's id. */
export async function payWithNewCard(
  t: TestApp,
  s: Shopper,
  orderId: string,
  number: string = CARDS.visa,
): Promise<string> {
  const card = await saveCard(t, s, number);
  const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  expect(paid.body.data.attributes.status).toBe('succeeded');
  return card;
}

/** A Mastercard the sandbox takes, for a household other than the Visa's. */
export const MASTERCARD = '5555555555554444';

let households = 0;

/** A Mastercard number the sandbox takes (it passes the Luhn check), ending in `n`'s last three digits. */
function mastercardNumber(n: number): string {
  const body = `555555555555${String(n % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Every second digit from the right of the body doubles (the check digit comes after it).
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A household no earlier friend in this test file had: a street and a card of its own. A friend to be
 * rewarded needs one, since a referral is refused when its order shares a card or an address with a
 * referral rewarded before (one reward per household).
 */
export function newHousehold(): { address1: string; zip: string; card: string } {
  households += 1;
  return { address1: `${households} Cranley Gardens`, zip: 'SW7 3BB', card: mastercardNumber(households) };
}
