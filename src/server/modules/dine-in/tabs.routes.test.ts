import { describe, expect, test } from 'vitest';
import { API, expectError } from '../../test/api-expect';
import { databaseState } from '../../test/database-state';
import {
  addRound,
  boardTickets,
  guestOnTab,
  heldTab,
  holdCard,
  openTab,
  signedInDiner,
  splitTab,
  tableBasket,
  tabOf,
  tabRow,
} from '../../test/dine-in';
import { LUNCH, MENU, useTakeawayShop } from '../../test/takeaway';

// A table's tab through its API (issue 21 parts 1, 2 and 3; decision 28): opened with its first round for a
// limit the holder chooses, every member's round to the kitchen at once under that limit, a higher limit
// asked for first, the join link's QR code and the honest tip choices. Bad input gets a clear message and
// changes nothing.

const shop = useTakeawayShop();
const open = (diner: { visitor: any }, body: Record<string, unknown>) =>
  diner.visitor.post(`${API}/orders/open_tab`, body);

describe('opening a tab', () => {
  test('the first round waits for the card; the same again is the same tab, a change replaces it', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const basketId = await tableBasket(ada);
    const opened = await open(ada, { basket_id: basketId, limit: 5000, auto_close: { after_hours: 2 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const tab = opened.body.data.attributes;
    expect(tab).toMatchObject({
      state: 'opening',
      state_label: 'Holding your card',
      table_number: '12',
      you_are_holder: true,
      holder_name: 'Ada',
      limit: 5000,
      pending_limit: null,
      food_total: 1100,
      headroom: 3900,
      hold: { status: 'none', paid_with: null },
      split: null,
      parts: [],
      receipt: [],
      opened_at: LUNCH.toISOString(),
      auto_close_at: '2026-11-18T14:30:00.000Z',
    });
    expect(tab.rounds).toMatchObject([
      { number: 1, added_by: 'Ada', is_yours: true, state: 'created', off_bill: false, total: 1100 },
    ]);
    expect(tab.rounds[0].lines).toMatchObject([{ title: 'Cacio e Pepe', quantity: 1, total: 1100 }]);
    expect(opened.body.meta.pay_order_id).toBe(tab.rounds[0].order_id);
    expect(tab.join_url).toMatch(/\/dine-in-view-tab\?join=[0-9a-f]{32}$/);

    // A double tap is the same tab and the same order to pay.
    const again = await open(ada, { basket_id: basketId, limit: 5000, auto_close: { after_hours: 2 } });
    expect([again.body.data.id, again.body.meta.pay_order_id]).toEqual([
      opened.body.data.id,
      opened.body.meta.pay_order_id,
    ]);
    // Another limit before the card is held: a new tab, the first given up.
    const changed = await open(ada, { basket_id: basketId, limit: 6000 });
    expect(changed.status).toBe(201);
    expect(changed.body.data.id).not.toBe(opened.body.data.id);
    expect((await tabRow(t, opened.body.data.id)).state).toBe('abandoned');
    expect(changed.body.data.attributes.auto_close_at).toBe('2026-11-18T15:30:00.000Z');
    expect((await ada.visitor.get(`${API}/orders/open_tab`)).body.data.id).toBe(changed.body.data.id);

    // Once it is open, a new tab is refused with the one to add to.
    const { response } = await holdCard(t, ada, changed.body.meta.pay_order_id);
    expect(response.body.data.attributes.status).toBe('held');
    const before = await databaseState(t);
    const [conflict] = expectError(
      await open(ada, { basket_id: await tableBasket(ada), limit: 5000 }),
      409,
      'CONFLICT',
      'You have a tab open at table 12: add this to it, or close it first',
    );
    expect(conflict!.meta).toEqual({ tab_id: changed.body.data.id });
    // (The basket made for it is the only change.)
    const after = await databaseState(t);
    expect(after['"public"."dine_in_tabs"']).toBe(before['"public"."dine_in_tabs"']);
    expect(after['"public"."orders"']).toBe(before['"public"."orders"']);
  });

  test('bad input gets a clear message and changes nothing', async () => {
    const { t } = shop;
    // A browser has one takeaway basket: one diner for each.
    const [ada, dee, eve] = [await signedInDiner(t), await signedInDiner(t), await signedInDiner(t)];
    const basketId = await tableBasket(ada);
    const islington = await tableBasket(dee, undefined, { restaurant_id: 'islington' });
    const delivery = await tableBasket(eve, undefined, {
      fulfillment_type: 'delivery',
      table_number: undefined,
      address: {
        first_name: 'Ada',
        address1: '10 Downing Street',
        city: 'London',
        zip: 'SW1A 2AA',
        country: 'United Kingdom',
        phone: '07911 123456',
        lat: 51.503541,
        lon: -0.12767,
      },
    });
    const before = await databaseState(t);
    // A table that does not exist.
    expectError(
      await ada.visitor.post(`${API}/baskets`, {
        type: 'TakeawayBasket',
        restaurant_id: 'soho',
        fulfillment_type: 'eat_in',
        table_number: '99',
        time_slot: { asap: true },
        address: null,
      }),
      400,
      'TABLE_NOT_FOUND',
      'Sfoglia Soho has no table 99. Your table number is on the card on your table.',
    );
    // The limit: chosen, covering the first round, under the most a tab holds.
    const limits: [number | undefined, string][] = [
      [undefined, 'Choose how much the tab may reach'],
      [1099, 'The limit must cover your first order'],
      [50_001, 'A tab can hold at most £500.00'],
    ];
    for (const [limit, detail] of limits) {
      expectError(await open(ada, { basket_id: basketId, limit }), 400, 'TAB_LIMIT_INVALID', detail);
    }
    expectError(
      await open(ada, { basket_id: basketId, limit: 5000, auto_close: { at: '2026-11-18T12:00:00Z' } }),
      400,
      'VALIDATION_FAILED',
      'Choose a time later tonight for the tab to close',
    );
    // A restaurant that does not run tabs, and a basket that is not to eat in.
    expectError(
      await open(dee, { basket_id: islington, limit: 5000 }),
      400,
      'BASKET_INVALID',
      'Sfoglia Islington doesn’t run tabs: pay when you order',
    );
    expectError(
      await open(eve, { basket_id: delivery, limit: 5000 }),
      400,
      'BASKET_INVALID',
      'Choose eating in to order to your table',
    );
    // The kitchen closed (tonight), or not open yet (this morning).
    t.clock.set(new Date('2026-11-18T22:30:00Z'));
    expectError(
      await open(ada, { basket_id: basketId, limit: 5000 }),
      400,
      'EAT_IN_CLOSED',
      'Sfoglia Soho has closed its kitchen for today: ask at the counter',
    );
    t.clock.set(new Date('2026-11-18T10:00:00Z'));
    expectError(
      await open(ada, { basket_id: basketId, limit: 5000 }),
      400,
      'EAT_IN_CLOSED',
      'Sfoglia Soho’s kitchen opens at 11:30am: order at your table then',
    );
    expect(await databaseState(t)).toEqual(before);
    t.clock.set(LUNCH);
    expect((await open(ada, { basket_id: basketId, limit: 1100 })).status).toBe(201);
  });
});

describe('rounds', () => {
  test('every member’s round goes to the kitchen at once, with the table, its number and who added it', async () => {
    const { t, chef } = shop;
    const ada = await signedInDiner(t);
    const { tabId, payOrderId } = await heldTab(t, ada, [[MENU.cacio, 1]], 5000);
    const bo = await guestOnTab(t, ada, tabId);
    const basketId = await tableBasket(bo, [
      [MENU.tiramisu, 1],
      [MENU.ragu, 1],
    ]);
    const added = await addRound(bo, tabId, basketId);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const tab = added.body.data.attributes;
    expect(tab.rounds.map((r: any) => [r.number, r.added_by, r.is_yours, r.state, r.total])).toEqual([
      [1, 'Ada', false, 'submitted', 1100],
      [2, 'Bo', true, 'submitted', 1900],
    ]);
    expect([tab.food_total, tab.headroom, tab.limit]).toEqual([3000, 2000, 5000]);
    const board = await boardTickets(chef);
    for (const [orderId, round] of [
      [payOrderId, 1],
      [tab.rounds[1].order_id, 2],
    ] as const) {
      expect(board.get(orderId)).toMatchObject({ fulfillment_type: 'eat_in', table_number: '12', round });
    }
    // The basket became the round.
    expectError(await bo.visitor.get(`${API}/baskets/${basketId}`), 404, 'BASKET_NOT_FOUND');
  });

  test('a round past the limit is refused with the limit it needs; nothing changes', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const { tabId } = await heldTab(t, ada, [[MENU.cacio, 1]], 3000);
    const bo = await guestOnTab(t, ada, tabId);
    const cy = await guestOnTab(t, ada, tabId, 'Cy');
    const adas = await tableBasket(ada, [[MENU.cacio, 2]]);
    const bos = await tableBasket(bo, [[MENU.ragu, 2]]);
    const borough = await tableBasket(cy, undefined, { restaurant_id: 'borough' });
    const before = await databaseState(t);
    const [refused] = expectError(
      await addRound(ada, tabId, adas),
      409,
      'TAB_LIMIT_REACHED',
      'This takes the tab to £33.00, over the £30.00 held on the card. Raise the limit to order it.',
    );
    expect(refused!.meta).toEqual({ needs: 3300, limit: 3000 });
    const [theirs] = expectError(
      await addRound(bo, tabId, bos),
      409,
      'TAB_LIMIT_REACHED',
      'This takes the tab to £36.00, over the £30.00 held on the card. Ask whoever opened the tab to raise its limit.',
    );
    expect(theirs!.meta).toEqual({ needs: 3600, limit: 3000 });
    expectError(
      await addRound(cy, tabId, borough),
      400,
      'BASKET_INVALID',
      'Your tab is at another restaurant: order from its menu to add to it',
    );
    expect(await databaseState(t)).toEqual(before);

    // Raised first (only higher, never above the most), the round fits.
    for (const [limit, detail] of [
      [3000, 'The tab already holds £30.00: choose a higher limit'],
      [50_001, 'A tab can hold at most £500.00'],
    ] as const) {
      expectError(
        await ada.visitor.post(`${API}/orders/open_tab/limit`, { tab_id: tabId, limit }),
        400,
        'TAB_LIMIT_INVALID',
        detail,
      );
    }
    expect(await databaseState(t)).toEqual(before);
    const raised = await ada.visitor.post(`${API}/orders/open_tab/limit`, { tab_id: tabId, limit: 4000 });
    expect(raised.body.data.attributes).toMatchObject({ limit: 3000, pending_limit: 4000 });
    const { response } = await holdCard(t, ada, raised.body.meta.pay_order_id);
    expect(response.body.data.attributes).toMatchObject({ status: 'held', amount: 4000 });
    const fits = await addRound(ada, tabId, adas);
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.data.attributes).toMatchObject({ limit: 4000, pending_limit: null, food_total: 3300 });
  });

  test('no round on a tab whose card is not held yet, nor once its bill is being paid', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const { tabId } = await openTab(ada, await tableBasket(ada));
    const more = await tableBasket(ada, [[MENU.tiramisu, 1]]);
    expectError(
      await addRound(ada, tabId, more),
      409,
      'TAB_CLOSED',
      'The tab opens once the card is held: finish that first',
    );
    const cy = await signedInDiner(t);
    const held = await heldTab(t, cy);
    await splitTab(cy, held.tabId, { kind: 'evenly', parts: 2 });
    expectError(
      await addRound(cy, held.tabId, await tableBasket(cy, [[MENU.tiramisu, 1]])),
      409,
      'TAB_CLOSED',
      'The bill is being paid: cancel the split to order more, or order on a new tab',
    );
  });
});

describe('joining, the QR code and the tip choices', () => {
  test('the join link joins once; a closed tab’s link says so', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const { tabId } = await heldTab(t, ada);
    const { join_url: joinUrl } = await tabOf(ada, tabId);
    const token = new URL(joinUrl).searchParams.get('join')!;
    const bo = await guestOnTab(t, ada, tabId, 'Roberta');
    const named = await bo.visitor.post(`${API}/orders/open_tab/join`, { token, name: 'Bo' });
    // Already a member: the name stays as it was.
    expect(named.body.data.attributes.members.map((m: any) => m.name)).toEqual(['Ada', 'Roberta']);
    expect((await bo.visitor.get(`${API}/orders/open_tab`)).body.data.id).toBe(tabId);
    const cy = await signedInDiner(t);
    const joined = await cy.visitor.post(`${API}/orders/open_tab/join`, { token, name: '  Cy  ' });
    expect(joined.body.data.attributes.members.map((m: any) => m.name)).toEqual(['Ada', 'Roberta', 'Cy']);

    expect(
      (await ada.visitor.post(`${API}/orders/open_tab/checkout`, { tab_id: tabId, tip: 0 })).status,
    ).toBe(200);
    const late = await signedInDiner(t);
    const before = await databaseState(t);
    expectError(
      await late.visitor.post(`${API}/orders/open_tab/join`, { token }),
      409,
      'TAB_CLOSED',
      'This tab is paid and closed',
    );
    // Nor can its holder split it, raise its limit or add to it once it is closed.
    for (const answer of [
      await ada.visitor.post(`${API}/orders/open_tab/split`, {
        tab_id: tabId,
        split: { kind: 'evenly', parts: 2 },
      }),
      await ada.visitor.post(`${API}/orders/open_tab/limit`, { tab_id: tabId, limit: 20_000 }),
    ]) {
      expectError(answer, 409, 'TAB_CLOSED', /closed/);
    }
    expect(await databaseState(t)).toEqual(before);
  });

  test('the join link as a QR code, and honest tips: "No tip" first, percentages of the food only', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const basketId = await tableBasket(ada, [[MENU.cacio, 2]]);
    const preview = await ada.visitor.post(`${API}/baskets/${basketId}/tip_preview`, {});
    expect(preview.status).toBe(200);
    expect(preview.body.data.attributes).toEqual({
      food_and_drink: 2200,
      choices: [
        { percent: 0, amount: 0, label: 'No tip' },
        { percent: 10, amount: 220, label: '10% · £2.20' },
        { percent: 12.5, amount: 275, label: '12.5% · £2.75' },
        { percent: 15, amount: 330, label: '15% · £3.30' },
      ],
      max_tip: 2200,
      surcharges: [],
      note: 'No service charge and no table fee. A tip is up to you, and all of it goes to the team.',
    });
    // Someone else's basket is not found; a tip is for eating in.
    const cy = await signedInDiner(t);
    expectError(await cy.visitor.post(`${API}/baskets/${basketId}/tip_preview`, {}), 404, 'BASKET_NOT_FOUND');
    const pickup = await tableBasket(cy, undefined, { fulfillment_type: 'pickup', table_number: undefined });
    expectError(
      await cy.visitor.post(`${API}/baskets/${pickup}/tip_preview`, {}),
      400,
      'TIP_INVALID',
      'A tip is for eating in: choose eating in at a restaurant first',
    );

    const { tabId, payOrderId } = await openTab(ada, basketId);
    await holdCard(t, ada, payOrderId);
    const qr = await ada.visitor.get(`${API}/orders/open_tab/qr?tab_id=${tabId}`);
    expect(qr.status).toBe(200);
    expect(qr.body.data.attributes.url).toBe((await tabOf(ada, tabId)).join_url);
    expect(qr.body.data.attributes.svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);

    const onBill = await ada.visitor.post(`${API}/orders/${payOrderId}/tip_preview`, {});
    expect(onBill.body.data.attributes).toMatchObject({ food_and_drink: 2200, max_tip: 2200 });
    const { parts } = await splitTab(ada, tabId, { kind: 'evenly', parts: 3 });
    const onPart = await ada.visitor.post(`${API}/orders/${payOrderId}/tip_preview`, {
      part_id: parts[2].id,
    });
    expect(onPart.body.data.attributes.food_and_drink).toBe(733);
    // Once split, the holder's own choices are on their part.
    const own = await ada.visitor.post(`${API}/orders/${payOrderId}/tip_preview`, {});
    expect(own.body.data.attributes.food_and_drink).toBe(734);
    const other = await heldTab(t, cy);
    const { parts: theirs } = await splitTab(cy, other.tabId, { kind: 'evenly', parts: 2 });
    expectError(
      await ada.visitor.post(`${API}/orders/${payOrderId}/tip_preview`, { part_id: theirs[1].id }),
      404,
      'PART_NOT_FOUND',
      'That part is not on this bill',
    );
  });
});
