import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers } from '../db/schema/customers';
import { dineInTabs } from '../db/schema/dine-in';
import { payments } from '../db/schema/payments';
import { sandboxIdempotencyKeys, sandboxPaymentIntents } from '../db/schema/payments-sandbox';
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
  const opened = await diner.visitor.post(`${API}/orders/open_tab`, {
    basket_id: basketId,
    limit: 10_000,
    ...body,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { tabId: opened.body.data.id as string, payOrderId: opened.body.meta.pay_order_id as string };
}

/** Holds the tab's card (a new card of `number`): the payment as POST /payments answered it. */
export async function holdCard(t: TestApp, diner: Diner, payOrderId: string, number: string = CARDS.visa) {
  const card = await saveCard(t, diner, number, { untilPaid: true });
  const held = await diner.visitor.post(`${API}/payments`, { order_id: payOrderId, payment_method_id: card });
  return { response: held, card };
}

/** A tab open at Soho table 12 (unless `choices` say otherwise) with one round and its card held: its id. */
export async function heldTab(
  t: TestApp,
  holder: Diner,
  lines: Line[] = PASTA,
  limit = 10_000,
  choices: Record<string, unknown> = {},
) {
  const basketId = await tableBasket(holder, lines, choices);
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
  const joined = await joiner.visitor.post(`${API}/orders/open_tab/join`, {
    token,
    ...(name ? { name } : {}),
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return token;
}

/** Adds the diner's basket (new, of `lines`) as a round of the tab. */
export function addRound(diner: Diner, tabId: string, basketId: string) {
  return diner.visitor.post(`${API}/orders/open_tab`, { basket_id: basketId, tab_id: tabId });
}

// ---- What the tests read back: the tab's rows, its payments, the sandbox's books, the kitchen's board ----

/** A tab's row as the database keeps it. */
export async function tabRow(t: TestApp, tabId: string) {
  const [row] = await t.database.db.select().from(dineInTabs).where(eq(dineInTabs.id, tabId));
  return row!;
}

/** A checkout's payments, oldest first. */
export async function paymentsOf(t: TestApp, checkoutId: string) {
  return t.database.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.createdAt));
}

/** The sandbox processor's intent (what the processor itself holds, captured or let go). */
export async function sandboxIntent(t: TestApp, intentId: string) {
  const [row] = await t.database.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, intentId));
  return row!;
}

/** The capture requests the sandbox processor answered for an intent (each key once). */
export async function captureRequests(t: TestApp, intentId: string) {
  return t.database.db
    .select()
    .from(sandboxIdempotencyKeys)
    .where(eq(sandboxIdempotencyKeys.endpoint, `stripe:POST /v1/payment_intents/${intentId}/capture`));
}

/** The tickets on a restaurant's kitchen board (Soho unless given), by order id. */
export async function boardTickets(chef: Visitor, restaurantId = 'soho') {
  const board = await chef.get(`${API}/kitchen/restaurants/${restaurantId}/tickets`);
  expect(board.status, JSON.stringify(board.body)).toBe(200);
  return new Map<string, any>(board.body.data.map((ticket: any) => [ticket.id, ticket.attributes]));
}

/** A guest who joined the holder's tab from its link. */
export async function guestOnTab(t: TestApp, holder: Diner, tabId: string, firstName = 'Bo') {
  const guest = await guestDiner(t, firstName);
  await joinTab(holder, guest, tabId);
  return guest;
}

/** The holder splits the tab's bill: the tab as answered. */
export async function splitTab(holder: Diner, tabId: string, split: Record<string, unknown>) {
  const answer = await holder.visitor.post(`${API}/orders/open_tab/split`, { tab_id: tabId, split });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.attributes;
}

/** Someone pays a part of the split bill with their tip and a new card: the payment as POST /payments answered. */
export async function payPart(
  t: TestApp,
  payer: Diner,
  partId: string,
  tip = 0,
  number: string = CARDS.visa,
) {
  const share = await payer.visitor.post(`${API}/orders/open_tab/parts/${partId}`, { tip });
  expect(share.status, JSON.stringify(share.body)).toBe(200);
  const card = await saveCard(t, payer, number, { untilPaid: true });
  const paid = await payer.visitor.post(`${API}/payments`, {
    order_id: share.body.meta.pay_order_id,
    payment_method_id: card,
  });
  return { share, paid, orderId: share.body.meta.pay_order_id as string };
}

/** The holder closes the tab with a tip (and `cover_rest`): the answer. */
export function closeTab(holder: Diner, tabId: string, tip: number, coverRest?: boolean) {
  return holder.visitor.post(`${API}/orders/open_tab/checkout`, {
    tab_id: tabId,
    tip,
    ...(coverRest === undefined ? {} : { cover_rest: coverRest }),
  });
}
