import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { paymentMethods } from '../../db/schema/payments';
import { emailsTo } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { checkoutPaid } from '../orders';
import { CARDS, saveCard } from '../../test/checkout';
import { databaseState } from '../../test/database-state';
import { boardTickets, guestDiner, tableBasket, type Diner } from '../../test/dine-in';
import {
  MENU,
  paidTakeaway,
  placeTakeaway,
  takeawayBasketOf,
  takeawayShopper,
  useTakeawayShop,
} from '../../test/takeaway';

// Paying now at a table (issue 21 parts 2 and 3; decision 28): a guest (an email, no account) or a customer
// orders to their table with the tip they chose, its own row on the receipt and in the order's total, and
// pays like any order; the ticket goes to the kitchen with the table. A tip is for eating in, a guest orders
// only at a table, and a guest session never reaches the account that has the same email.

const shop = useTakeawayShop();

/** A guest's table order at Soho table 12 (two cacio e pepe, £22) with a tip: the answer. */
async function guestOrder(guest: Diner, tip: number) {
  const basketId = await tableBasket(guest, [[MENU.cacio, 2]]);
  return { basketId, placed: await guest.visitor.post(`${API}/orders/guest`, { basket_id: basketId, tip }) };
}

async function pay(diner: Diner, orderId: string) {
  const card = await saveCard(shop.t, diner, CARDS.visa, { untilPaid: true });
  return diner.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
}

describe('a guest at table 12 pays now with a tip', () => {
  test('the tip is in the order’s total and its own row on the receipt; the kitchen sees the table', async () => {
    const { t, chef } = shop;
    const guest = await guestDiner(t, 'Gia');
    const { basketId, placed } = await guestOrder(guest, 275);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data.attributes;
    expect(order).toMatchObject({
      fulfillment_type: 'eat_in',
      state: 'created',
      subtotal: 2200,
      shipping_price: 0,
      tip: 275,
      total: 2475,
    });
    // The same basket and tip again (a double tap) is the same order; another tip replaces it.
    const again = await guest.visitor.post(`${API}/orders/guest`, { basket_id: basketId, tip: 275 });
    expect([again.status, again.body.data.id]).toEqual([200, placed.body.data.id]);
    const changed = await guest.visitor.post(`${API}/orders/guest`, { basket_id: basketId, tip: 330 });
    expect(changed.status).toBe(201);
    expect(changed.body.data.attributes).toMatchObject({ tip: 330, total: 2530 });
    const orderId = changed.body.data.id as string;

    const paid = await pay(guest, orderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.attributes).toMatchObject({ status: 'succeeded', amount: 2530 });
    const tracking = await guest.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(tracking.body.data.attributes).toMatchObject({ tip: 330, total: 2530, state: 'submitted' });
    expect((await boardTickets(chef)).get(orderId)).toMatchObject({
      fulfillment_type: 'eat_in',
      table_number: '12',
      round: null,
    });
    const [receipt, ...more] = await emailsTo(t, guest.email, 'takeaway_confirmation');
    expect(more).toEqual([]);
    expect(receipt!.text).toContain('Tip: £3.30');
    expect(receipt!.text).toContain('Total: £25.30');
    // A guest's card is for the visit: once paid it is not kept (the customer's tidy right after the
    // payment detached and deleted it).
    const cards = await t.database.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, guest.customerId));
    expect(cards).toEqual([]);
    expect((await guest.visitor.get(`${API}/payment_methods`)).body.data).toEqual([]);
    // Its receipt still names the card it charged (a tab's screen is read again after the card went).
    const [paidOrder] = await t.database.db
      .select({ checkoutId: orders.checkoutId })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(await checkoutPaid(t.database.db, paidOrder!.checkoutId)).toMatchObject({
      charged: 2530,
      paidWith: 'Visa ending 4242',
    });
  });

  test('a tip below zero, in fractions of a penny or above the most is refused; nothing changes', async () => {
    const { t } = shop;
    const guest = await guestDiner(t);
    const basketId = await tableBasket(guest, [[MENU.cacio, 2]]);
    const before = await databaseState(t);
    const refused: [number, number, string, string][] = [
      [-1, 400, 'VALIDATION_FAILED', 'tip must be at least 0'],
      [1.5, 400, 'VALIDATION_FAILED', 'tip must be a whole number'],
      [2201, 400, 'TIP_INVALID', 'A tip can be at most £22.00: check the amount'],
    ];
    for (const [tip, status, code, detail] of refused) {
      const [error] = expectError(
        await guest.visitor.post(`${API}/orders/guest`, { basket_id: basketId, tip }),
        status,
        code,
        detail,
      );
      // Each says which field: the schema by its pointer, the tip's rule by its meta.
      expect(error!.source?.pointer ?? `/${error!.meta?.field}`).toBe('/tip');
    }
    expect(await databaseState(t)).toEqual(before);
    // On a bill under £20, a tip up to £20 is fine.
    const small = await guestDiner(t);
    const one = await tableBasket(small, [[MENU.focaccia, 1]]);
    const generous = await small.visitor.post(`${API}/orders/guest`, { basket_id: one, tip: 2000 });
    expect(generous.body.data.attributes).toMatchObject({ subtotal: 450, tip: 2000, total: 2450 });
  });

  test('without a guest session or an account it is 401; a signed-in customer pays now with a tip too', async () => {
    const { t } = shop;
    const nobody = t.visitor();
    const basketId = await tableBasket({ visitor: nobody } as Diner, [[MENU.cacio, 1]]);
    expectError(
      await nobody.post(`${API}/orders/guest`, { basket_id: basketId, tip: 0 }),
      401,
      'UNAUTHENTICATED',
      'Please sign in or continue as a guest',
    );
    const customer = await takeawayShopper(t, {
      fulfillment_type: 'eat_in',
      table_number: '7',
      address: null,
    });
    const placed = await placeTakeaway(customer, { tip: 200 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.attributes).toMatchObject({ tip: 200, fulfillment_type: 'eat_in' });
    expect(placed.body.data.attributes.total).toBe(placed.body.data.attributes.subtotal + 200);
  });
});

describe('what a tip and a guest are not for', () => {
  test('a tip on a delivery is refused, and changes nothing', async () => {
    const { t } = shop;
    const delivery = await takeawayShopper(t);
    const before = await databaseState(t);
    const [error] = expectError(
      await placeTakeaway(delivery, { tip: 100 }),
      400,
      'TIP_INVALID',
      'A tip is for eating in',
    );
    expect(error!.meta).toEqual({ field: 'tip' });
    expect(await databaseState(t)).toEqual(before);
    expect((await placeTakeaway(delivery, { tip: 0 })).status).toBe(201);
  });

  test('a guest cannot order a delivery or a collection, nor place a takeaway at all', async () => {
    const { t } = shop;
    for (const choices of [{}, { fulfillment_type: 'pickup', address: null }]) {
      const guest = await guestDiner(t);
      const basketId = await takeawayBasketOf(guest.visitor, choices, [[MENU.cacio, 1]]);
      const before = await databaseState(t);
      expectError(
        await guest.visitor.post(`${API}/orders/guest`, { basket_id: basketId, tip: 0 }),
        403,
        'FORBIDDEN',
        'Guests order at a table. Sign in to order a delivery or a collection.',
      );
      expectError(
        await guest.visitor.post(`${API}/orders/takeaway`, { basket_id: basketId }),
        401,
        'UNAUTHENTICATED',
      );
      expect(await databaseState(t)).toEqual(before);
    }
  });

  test('a guest session with an account’s email never reaches the account', async () => {
    const { t } = shop;
    const account = await takeawayShopper(t);
    const accountOrder = await paidTakeaway(t, account);
    const guest = t.visitor();
    const started = await guest.post(`${API}/sessions/guest_token`, {
      email: account.email,
      first_name: 'Ada',
    });
    expect(started.status).toBe(201);
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, account.email));
    expect(rows.map((row) => row.guest).sort()).toEqual([false, true]);
    const diner: Diner = {
      customerId: rows.find((row) => row.guest)!.id,
      email: account.email,
      visitor: guest,
      addressId: '',
    };
    const { placed } = await guestOrder(diner, 0);
    const guestOrderId = placed.body.data.id as string;
    expect((await pay(diner, guestOrderId)).body.data.attributes.status).toBe('succeeded');

    // The guest sees its own order, never the account, its orders or its details.
    expect((await guest.get(`${API}/orders/${guestOrderId}/tracking`)).status).toBe(200);
    for (const url of ['/me', '/orders', '/orders/live', '/addresses', '/store_credit_transactions']) {
      expectError(await guest.get(`${API}${url}`), 401, 'UNAUTHENTICATED');
    }
    // The cards a guest pays with are its own: never the account's.
    const idsOf = async (visitor: typeof guest) =>
      (await visitor.get(`${API}/payment_methods`)).body.data.map((method: { id: string }) => method.id);
    const [guestCards, accountCards] = [await idsOf(guest), await idsOf(account.visitor)];
    // (A guest keeps no card once paid; the account keeps its own.)
    expect(guestCards).toEqual([]);
    expect(accountCards).toHaveLength(1);
    expectError(await guest.get(`${API}/orders/${accountOrder}/tracking`), 404, 'ORDER_NOT_FOUND');
    // The account does not see the guest's order either.
    const live = await account.visitor.get(`${API}/orders/live`);
    expect(live.body.data.map((order: { id: string }) => order.id)).toEqual([accountOrder]);
    expectError(await account.visitor.get(`${API}/orders/${guestOrderId}/tracking`), 404, 'ORDER_NOT_FOUND');
  });
});
