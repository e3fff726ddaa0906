import { describe, expect, test } from 'vitest';
import { emailsTo } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { databaseState } from '../../test/database-state';
import {
  addRound,
  boardTickets,
  closeTab,
  guestOnTab,
  heldTab,
  openTab,
  paymentsOf,
  sandboxIntent,
  signedInDiner,
  splitTab,
  tableBasket,
  tabOf,
  tabRow,
} from '../../test/dine-in';
import type { Visitor } from '../../test/harness';
import { MENU, signedInChef, useTakeawayShop } from '../../test/takeaway';

// The floor and the kitchen (issue 21 part 6; decision 28): a restaurant's staff see its open tabs by table
// with their totals, close one the guests left (what was ordered, no tip, the hold captured) or move it to
// another table (its rounds' tickets follow), and print the tables' QR codes; anyone else is refused (403 for
// a customer, 404 for another restaurant's staff or tab). The kitchen's tickets show the table and the round;
// a round turned down comes off an open tab's bill, and cannot be turned down once the tab is being paid.

const shop = useTakeawayShop();
const floorOf = (staff: Visitor, restaurantId = 'soho') =>
  staff.get(`${API}/kitchen/restaurants/${restaurantId}/floor`);
const closeOnFloor = (staff: Visitor, tabId: string, restaurantId = 'soho') =>
  staff.post(`${API}/kitchen/restaurants/${restaurantId}/tabs/${tabId}/close`, {});
const moveOnFloor = (staff: Visitor, tabId: string, tableNumber: string, restaurantId = 'soho') =>
  staff.post(`${API}/kitchen/restaurants/${restaurantId}/tabs/${tabId}/move`, { table_number: tableNumber });

/** A held tab at Soho table 12 with Ada's round (£11) and Bo's (£19). */
async function tabOfThirty() {
  const { t } = shop;
  const ada = await signedInDiner(t);
  const { tabId, payOrderId } = await heldTab(t, ada);
  const bo = await guestOnTab(t, ada, tabId);
  const round = await addRound(
    bo,
    tabId,
    await tableBasket(bo, [
      [MENU.tiramisu, 1],
      [MENU.ragu, 1],
    ]),
  );
  return { ada, bo, tabId, rounds: [payOrderId, round.body.data.attributes.rounds[1].order_id as string] };
}

describe('the floor', () => {
  test('staff see each table with its open tabs and their totals; not a tab still being opened', async () => {
    const { t, chef } = shop;
    const { tabId } = await tabOfThirty();
    const cy = await signedInDiner(t);
    const other = await heldTab(t, cy, [[MENU.cacio, 1]], 5000);
    await moveOnFloor(chef, other.tabId, '7');
    const dee = await signedInDiner(t);
    const opening = await openTab(dee, await tableBasket(dee));
    const floor = await floorOf(chef);
    expect(floor.status).toBe(200);
    expect(floor.body.data).toHaveLength(18);
    const tables = new Map<string, any>(floor.body.data.map((table: any) => [table.id, table.attributes]));
    expect(tables.get('12').tabs.find((tab: any) => tab.id === tabId)).toMatchObject({
      table_number: '12',
      holder_name: 'Ada',
      state: 'open',
      state_label: 'Open',
      food_total: 3000,
      limit: 10_000,
      rounds: 2,
      members: 2,
      outstanding: 0,
      charge_on_close: 3000,
    });
    expect(tables.get('7').tabs.map((tab: any) => [tab.id, tab.food_total])).toEqual([[other.tabId, 1100]]);
    const listed = floor.body.data.flatMap((table: any) => table.attributes.tabs);
    expect(listed.map((tab: any) => tab.id)).not.toContain(opening.tabId);
    expect(floor.body.meta).toMatchObject({
      restaurant_id: 'soho',
      has_table_numbers: true,
      open_tabs: listed.length,
      tabs_total: listed.reduce((sum: number, tab: any) => sum + tab.food_total, 0),
    });
  });

  test('a customer is refused (403), anyone signed out 401, another restaurant’s staff or tab 404', async () => {
    const { t, chef } = shop;
    const { ada, tabId } = await tabOfThirty();
    const borough = await signedInChef(t, 'borough');
    const before = await databaseState(t);
    for (const call of [
      () => floorOf(ada.visitor),
      () => closeOnFloor(ada.visitor, tabId),
      () => moveOnFloor(ada.visitor, tabId, '14'),
      () => ada.visitor.get(`${API}/kitchen/restaurants/soho/tables/qr`),
    ]) {
      expectError(await call(), 403, 'FORBIDDEN');
    }
    expectError(await floorOf(t.visitor()), 401, 'UNAUTHENTICATED');
    // Borough's staff: Soho's floor and tabs are not found; Soho's tab under Borough is not found either.
    expectError(await floorOf(borough), 404, 'RESTAURANT_NOT_FOUND');
    expectError(await closeOnFloor(borough, tabId), 404, 'RESTAURANT_NOT_FOUND');
    for (const call of [
      () => closeOnFloor(borough, tabId, 'borough'),
      () => moveOnFloor(borough, tabId, '3', 'borough'),
    ]) {
      expectError(await call(), 404, 'TAB_NOT_FOUND', 'We couldn’t find that tab at this restaurant');
    }
    expect(await databaseState(t)).toEqual(before);
    // And Soho's staff have no tab of Borough's under Soho.
    const eve = await signedInDiner(t);
    const theirs = await heldTab(t, eve, undefined, undefined, { restaurant_id: 'borough' });
    expect((await tabOf(eve, theirs.tabId)).restaurant.id).toBe('borough');
    const again = await databaseState(t);
    expectError(await closeOnFloor(chef, theirs.tabId), 404, 'TAB_NOT_FOUND');
    expectError(await moveOnFloor(chef, theirs.tabId, '3'), 404, 'TAB_NOT_FOUND');
    expect(await databaseState(t)).toEqual(again);
  });

  test('closing a tab the guests left: what was ordered, no tip, the hold captured; once', async () => {
    const { t, chef } = shop;
    const staffTab = await tabOfThirty();
    const closed = await closeOnFloor(chef, staffTab.tabId);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.attributes).toMatchObject({ state: 'closed', food_total: 3000 });
    const seen = await tabOf(staffTab.ada, staffTab.tabId);
    expect(seen).toMatchObject({
      state: 'closed',
      closed_by: 'staff',
      holder_tip: 0,
      state_label: 'Closed by the restaurant: no tip added',
    });
    const { checkoutId } = await tabRow(t, staffTab.tabId);
    const [hold] = await paymentsOf(t, checkoutId);
    expect(await sandboxIntent(t, hold!.intentId!)).toMatchObject({ amount: 10_000, amountCaptured: 3000 });
    const [email] = await emailsTo(t, staffTab.ada.email, 'tab_receipt');
    expect(email!.text).toContain(
      'The team at Sfoglia Soho closed your tab at 12:30pm after you left. We charged what was ordered and added no tip.',
    );
    const before = await databaseState(t);
    expectError(await closeOnFloor(chef, staffTab.tabId), 409, 'TAB_CLOSED', 'This tab is closed already');
    expect(await databaseState(t)).toEqual(before);
  });

  test('moving a tab: it and its rounds’ tickets go to the new table; a table that does not exist is refused', async () => {
    const { t, chef } = shop;
    const { ada, tabId, rounds } = await tabOfThirty();
    const before = await databaseState(t);
    expectError(await moveOnFloor(chef, tabId, '99'), 400, 'TABLE_NOT_FOUND', 'Sfoglia Soho has no table 99');
    expect(await databaseState(t)).toEqual(before);
    const moved = await moveOnFloor(chef, tabId, '14');
    expect(moved.body.data.attributes).toMatchObject({ id: tabId, table_number: '14' });
    expect((await tabOf(ada, tabId)).table_number).toBe('14');
    const board = await boardTickets(chef);
    expect(rounds.map((orderId) => [board.get(orderId)?.table_number, board.get(orderId)?.round])).toEqual([
      ['14', 1],
      ['14', 2],
    ]);
  });

  test('the tables’ cards: each table’s link as a QR code; one link where a restaurant serves by name', async () => {
    const { t, chef } = shop;
    const cards = await chef.get(`${API}/kitchen/restaurants/soho/tables/qr`);
    expect(cards.status).toBe(200);
    expect(cards.body.meta).toEqual({ restaurant_name: 'Sfoglia Soho' });
    expect(cards.body.data).toHaveLength(18);
    expect(cards.body.data[11]).toMatchObject({
      id: '12',
      type: 'qr_codes',
      attributes: { table_number: '12', url: 'http://localhost:3000/dine-in?restaurant=soho&table=12' },
    });
    for (const card of cards.body.data) expect(card.attributes.svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    const cambridge = await signedInChef(t, 'cambridge');
    const byName = await cambridge.get(`${API}/kitchen/restaurants/cambridge/tables/qr`);
    expect(
      byName.body.data.map((card: any) => [card.id, card.attributes.table_number, card.attributes.url]),
    ).toEqual([['restaurant', null, 'http://localhost:3000/dine-in?restaurant=cambridge']]);
  });
});

describe('the kitchen', () => {
  test('a round turned down comes off an open tab’s bill: nothing is captured for it at close', async () => {
    const { t, chef } = shop;
    const { ada, tabId, rounds } = await tabOfThirty();
    const ticket = await chef.get(`${API}/kitchen/tickets/${rounds[1]}`);
    expect(ticket.body.data.attributes).toMatchObject({
      fulfillment_type: 'eat_in',
      table_number: '12',
      round: 2,
    });
    const rejected = await chef.post(`${API}/kitchen/tickets/${rounds[1]}/reject`, { reason: 'Out of ragù' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const tab = await tabOf(ada, tabId);
    expect(tab.rounds[1]).toMatchObject({
      state: 'dropped',
      off_bill: true,
      state_label: 'The kitchen couldn’t make it: not on your bill',
    });
    expect([tab.food_total, tab.headroom]).toEqual([1100, 8900]);
    const closed = await closeTab(ada, tabId, 0);
    expect(closed.body.data.attributes.receipt[0]).toEqual({
      label: 'Food and drink (2 rounds)',
      value: '£11.00',
      kind: 'item',
    });
    const [hold] = await paymentsOf(t, (await tabRow(t, tabId)).checkoutId);
    expect(hold).toMatchObject({ status: 'succeeded', captureAmount: 1100, refundRequestedAt: null });
    expect((await sandboxIntent(t, hold!.intentId!)).amountCaptured).toBe(1100);
  });

  test('a round of a tab being paid, or paid, cannot be turned down; nothing changes', async () => {
    const { t, chef } = shop;
    const settling = await tabOfThirty();
    await splitTab(settling.ada, settling.tabId, { kind: 'evenly', parts: 2 });
    const paid = await tabOfThirty();
    await closeTab(paid.ada, paid.tabId, 0);
    const before = await databaseState(t);
    expectError(
      await chef.post(`${API}/kitchen/tickets/${settling.rounds[0]!}/reject`, { reason: 'Out of ragù' }),
      409,
      'CONFLICT',
      'Table 12 is paying its bill: speak to them before turning this round down',
    );
    expectError(
      await chef.post(`${API}/kitchen/tickets/${paid.rounds[1]!}/reject`, { reason: 'Out of ragù' }),
      409,
      'CONFLICT',
      'Table 12’s tab is paid and closed, this round with it: mark it served, or ask a manager about a refund',
    );
    expect(await databaseState(t)).toEqual(before);
  });
});
