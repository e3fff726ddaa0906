import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isoDate } from '../../../domain/calendar';
import { pence } from '../../../domain/money';
import type { OrderSource } from '../../../domain/orders';
import { API } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { CARDS, saveCard, shopper, type Shopper } from '../../test/checkout';
import { requestRefund } from '../payments';
import {
  checkoutOrderRow,
  checkoutStateOf,
  lockCheckout,
  orderIdsOf,
  placeOrders,
  type Mover,
  type OrderKind,
} from '.';
import type { OrderKindName } from './order-kinds';

// Issue 20 part 1: an order kind owns its whole life, and adding one touches nothing else. This test is a
// new kind's whole area in a few lines: it places its orders with orders' `placeOrders`, registers its
// hooks once, and is then paid through the public POST /payments, withdrawn by orders' checkout endings and
// refunded by payments, each calling the kind's own hook in the transaction that makes the change. No file
// of orders, payments or any other area names it.

const KIND = 'tryout' as OrderKindName;
const SOURCE = 'tryout' as OrderSource;

let t: TestApp;
let s: Shopper;
let card: string;
const calls: string[] = [];

const tryout: OrderKind = {
  async paying(_tx, { checkout }) {
    calls.push(`paying ${checkout.id}`);
  },
  async paid(_tx, { checkout, payment, orders }) {
    calls.push(`paid ${checkout.id} ${payment.amount} ${orders.map((order) => order.state).join()}`);
  },
  async reversed(_tx, { checkout, payment }) {
    calls.push(`reversed ${checkout.id} ${payment.amount}`);
  },
  async withdrawn(_tx, { checkout, by }) {
    calls.push(`withdrawn ${checkout.id} ${by.reason}`);
  },
  async cancelled(_tx, { checkout }) {
    calls.push(`cancelled ${checkout.id}`);
  },
};

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.orderKinds.register(KIND, tryout);
  s = await shopper(t);
  card = await saveCard(t, s, CARDS.visa);
});
afterAll(() => t.close());

const by = (actor: string): Mover => ({ actor, at: new Date() });

/** The throwaway kind's "area": one order of £12.00 for the customer, placed as every kind places. */
async function placeTryout(): Promise<{ checkoutId: string; orderId: string }> {
  return t.database.db.transaction(async (tx) => {
    const { checkout, orderIds } = await placeOrders(
      tx,
      {
        customerId: s.customerId,
        kind: KIND,
        basketId: null,
        basketVersion: null,
        voucherId: null,
        subscriptionId: null,
        total: 1200,
      },
      [
        {
          mealWeek: null,
          deliveryDate: isoDate('2026-11-25'),
          deliveryNote: null,
          shippingAddress: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            address1: '10 Downing Street',
            address2: null,
            city: 'London',
            zip: 'SW1A 2AA',
            company: null,
            region: null,
            country: 'United Kingdom',
            countryCode: 'GB',
            phone: null,
            lat: null,
            lon: null,
          },
          billingAddress: null,
          voucherId: null,
          voucherCode: null,
          subtotal: 1200,
          discount: 0,
          shippingPrice: 0,
          total: 1200,
          lines: [
            {
              productVariantId: null,
              productVariantExtId: 'tryout:1',
              title: 'A tasting',
              variantTitle: '',
              sku: 'TRY-1',
              imageUrl: null,
              tags: [],
              price: pence(1200),
              quantity: 1,
              discount: pence(0),
              total: pence(1200),
              isAddon: false,
            },
          ],
        },
      ],
      SOURCE,
      by('customer'),
    );
    return { checkoutId: checkout.id, orderId: orderIds[0]! };
  });
}

describe('a new order kind, registered once, through its whole life', () => {
  test('placed → withdrawn: its own hook runs, its orders go, the checkout is cancelled', async () => {
    const { checkoutId, orderId } = await placeTryout();
    await t.database.db.transaction(async (tx) => {
      const checkout = await lockCheckout(tx, checkoutId);
      await t.app.services.checkoutEndings.withdraw(tx, checkout!, {
        ...by('customer'),
        reason: 'Withdrawn: changed their mind',
      });
    });
    expect(calls).toEqual([`withdrawn ${checkoutId} Withdrawn: changed their mind`]);
    expect(await checkoutStateOf(t.database.db, checkoutId)).toBe('cancelled');
    expect(await orderIdsOf(t.database.db, checkoutId)).toEqual([]);
    expect((await s.visitor.get(`${API}/orders/${orderId}`)).status).toBe(404);
    calls.length = 0;
  });

  test('placed → paid with POST /payments → refunded: paying, paid and reversed, each once', async () => {
    const { checkoutId, orderId } = await placeTryout();
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await checkoutStateOf(t.database.db, checkoutId)).toBe('paid');
    expect((await checkoutOrderRow(t.database.db, checkoutId))?.state).toBe('paid');
    expect(calls).toEqual([`paying ${checkoutId}`, `paid ${checkoutId} 1200 paid`]);

    await t.database.db.transaction((tx) =>
      requestRefund(tx, checkoutId, 'The tasting was called off', by('staff')),
    );
    expect(await t.app.services.payments.refundOwed(checkoutId, 'test')).toBe(1);
    expect(calls).toEqual([
      `paying ${checkoutId}`,
      `paid ${checkoutId} 1200 paid`,
      `reversed ${checkoutId} 1200`,
    ]);
    // Refunded once: asking again finds nothing owed and calls no hook.
    expect(await t.app.services.payments.refundOwed(checkoutId, 'test')).toBe(0);
    expect(calls).toHaveLength(3);
  });
});
