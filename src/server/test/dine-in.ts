import { expect } from 'vitest';
import { API } from './api-expect';
import { signedInCustomer, uniqueEmail } from './accounts';
import { CARDS, saveCard } from './checkout';
import type { TestApp, Visitor } from './harness';
import { MENU, takeawayBasketOf } from './takeaway';

// Helpers for dine-in's API tests (issue 21): a diner at a table (signed in, or a guest), a basket to eat in,
// a tab opened and its card held, and joining it from its link.

export type Line = [productId: number, quantity: number, subItems?: number[]];
export const STARTER: Line[] = [[MENU.burrata, 1]];
export const PASTA: Line[] = [[MENU.cacio, 1]];

export interface Diner {
  customerId: string;
  email: string;
  visitor: Visitor;
  addressId: string;
}

/** A signed-in customer at a restaurant's table. */
export async function signedInDiner(t: TestApp): Promise<Diner> {
  const { customer, visitor } = await signedInCustomer(t);
  return { customerId: customer.id, email: customer.email, visitor, addressId: '' };
}

/** A guest at a table: a guest session with an email (and a first name). */
export async function guestDiner(t: TestApp, firstName = 'Gia'): Promise<Diner> {
  const visitor = t.visitor();
  const email = uniqueEmail('guest');
  const started = await visitor.post(`${API}/sessions/guest_token`, { email, first_name: firstName });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const customerId = await guestIdOf(t, email);
  return { customerId, email, visitor, addressId: '' };
}

async function guestIdOf(t: TestApp, email: string): Promise<string> {
  const { customers } = await import('../db/schema/customers');
  const { and, eq } = await import('drizzle-orm');
  const [row] = await t.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), eq(customers.guest, true)));
  return row!.id;
}

/** The diner's basket to eat in at a restaurant's table (Soho, table 12 unless given). */
export function tableBasket(
  diner: Diner,
  lines: Line[] = PASTA,
  choices: Record<string, unknown> = {},
): Promise<string> {
  return takeawayBasketOf(
    diner.visitor,
    { fulfillment_type: 'eat_in', table_number: '12', address: null, ...choices },
    lines,
  );
}

/** Opens a tab with the basket as its first round, for `limit`: the tab's id and the order that holds it. */
export async function openTab(
  diner: Diner,
  basketId: string,
  body: Record<string, unknown> = {},
): Promise<{ tabId: string; payOrderId: string }> {
  const opened = await diner.visitor.post(`${API}/orders/open_tab`, { basket_id: basketId, limit: 10_000, ...body });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { tabId: opened.body.data.id as string, payOrderId: opened.body.meta.pay_order_id as string };
}

/** Holds the tab's card (a new card of `number`): the payment as POST /payments answered it. */
export async function holdCard(t: TestApp, diner: Diner, payOrderId: string, number: string = CARDS.visa) {
  const card = await saveCard(t, diner, number, { untilPaid: true });
  const held = await diner.visitor.post(`${API}/payments`, { order_id: payOrderId, payment_method_id: card });
  return { response: held, card };
}

/** A tab open at Soho table 12 with one round and its card held: its id. */
export async function heldTab(t: TestApp, holder: Diner, lines: Line[] = PASTA, limit = 10_000) {
  const basketId = await tableBasket(holder, lines);
  const { tabId, payOrderId } = await openTab(holder, basketId, { limit });
  const { response, card } = await holdCard(t, holder, payOrderId);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body.data.attributes.status).toBe('held');
  return { tabId, payOrderId, card };
}

export async function tabOf(diner: Diner, tabId: string) {
  const tab = await diner.visitor.get(`${API}/orders/open_tab?tab_id=${tabId}`);
  expect(tab.status, JSON.stringify(tab.body)).toBe(200);
  return tab.body.data.attributes;
}

/** Joins a tab from its link (the token in its join URL). */
export async function joinTab(holder: Diner, joiner: Diner, tabId: string, name?: string) {
  const { join_url: joinUrl } = await tabOf(holder, tabId);
  const token = new URL(joinUrl as string).searchParams.get('join')!;
  const joined = await joiner.visitor.post(`${API}/orders/open_tab/join`, { token, ...(name ? { name } : {}) });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return token;
}

/** Adds the diner's basket (new, of `lines`) as a round of the tab. */
export function addRound(diner: Diner, tabId: string, basketId: string) {
  return diner.visitor.post(`${API}/orders/open_tab`, { basket_id: basketId, tab_id: tabId });
}
