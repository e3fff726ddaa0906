import { describe, expect, test } from 'vitest';
import { API } from '../../test/api-expect';
import { CARDS, saveCard } from '../../test/checkout';
import { useTakeawayShop, MENU } from '../../test/takeaway';
import {
  addRound,
  guestDiner,
  heldTab,
  joinTab,
  signedInDiner,
  tableBasket,
  tabOf,
} from '../../test/dine-in';

const shop = useTakeawayShop();

describe('smoke', () => {
  test('guest pays now with a tip', async () => {
    const { t } = shop;
    const guest = await guestDiner(t);
    const basketId = await tableBasket(guest, [[MENU.cacio, 2]]);
    const tips = await guest.visitor.post(`${API}/baskets/${basketId}/tip_preview`, {});
    console.log(tips.status, JSON.stringify(tips.body));
    const tip = tips.body.data.attributes.choices[1].amount;
    const placed = await guest.visitor.post(`${API}/orders/guest`, { basket_id: basketId, tip });
    console.log(placed.status, JSON.stringify(placed.body).slice(0, 500));
    const card = await saveCard(t, guest, CARDS.visa, { untilPaid: true });
    const paid = await guest.visitor.post(`${API}/payments`, {
      order_id: placed.body.data.id,
      payment_method_id: card,
    });
    console.log(paid.status, JSON.stringify(paid.body).slice(0, 400));
  });

  test('a tab: open, hold, join, rounds, split, pay, close', async () => {
    const { t } = shop;
    const alice = await signedInDiner(t);
    const { tabId } = await heldTab(t, alice);
    let tab = await tabOf(alice, tabId);
    console.log(JSON.stringify(tab).slice(0, 1500));
    const bob = await guestDiner(t, 'Bob');
    await joinTab(alice, bob, tabId);
    const b2 = await tableBasket(bob, [
      [MENU.tiramisu, 1],
      [MENU.ragu, 1],
    ]);
    const r2 = await addRound(bob, tabId, b2);
    console.log('round2', r2.status, JSON.stringify(r2.body).slice(0, 300));
    tab = await tabOf(alice, tabId);
    const lines = tab.rounds.flatMap((r: any) => r.lines);
    const tiramisu = lines.find((l: any) => /Tiramis/.test(l.title));
    const split = await alice.visitor.post(`${API}/orders/open_tab/split`, {
      tab_id: tabId,
      split: {
        kind: 'by_items',
        parts: [{ label: 'Alice' }, { label: 'Bob', member_id: bob.customerId }, { label: 'Carla' }],
        shared: [{ line_id: tiramisu.id, parts: [0, 1, 2] }],
      },
    });
    console.log('split', split.status, JSON.stringify(split.body.data?.attributes?.parts ?? split.body));
    const parts = split.body.data.attributes.parts;
    const bobPart = parts[1];
    const pay = await bob.visitor.post(`${API}/orders/open_tab/parts/${bobPart.id}`, { tip: 100 });
    console.log('pay part', pay.status, JSON.stringify(pay.body.meta));
    const bobCard = await saveCard(t, bob, CARDS.visa, { untilPaid: true });
    const paid = await bob.visitor.post(`${API}/payments`, {
      order_id: pay.body.meta.pay_order_id,
      payment_method_id: bobCard,
    });
    console.log('bob paid', paid.status, paid.body.data?.attributes?.status);
    const close = await alice.visitor.post(`${API}/orders/open_tab/checkout`, {
      tab_id: tabId,
      tip: 200,
      cover_rest: true,
    });
    console.log(
      'close',
      close.status,
      JSON.stringify(close.body.data?.attributes ?? close.body).slice(0, 2500),
    );
    expect(close.status).toBe(200);
  });
});
