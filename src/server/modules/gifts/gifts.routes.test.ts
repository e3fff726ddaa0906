import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { productVariants } from '../../db/schema/catalogue';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { API, expectError, variantGid, variantId } from '../../test/api-expect';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { addCredit } from '../credit';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { CARDS, saveCard, shopper, type Shopper } from '../../test/checkout';

// Gift boxes through the API: POST /orders/gift_boxes and its preview, then paying with POST /payments.
// Seeded gift boxes: 50 The Sfoglia Gift Box (£35 / £60), 51 Date Night (£42 / £74), 52 Nonna's Sunday.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const SFOGLIA_BOX = 50;
const DATE_NIGHT = 51;
const A_DISH = 1;
/** A Thursday: Brighton's courier comes Tuesday, Thursday, Friday and Saturday. */
const GIFT_DATE = '2026-11-26';

/** The recipient's address, saved in the buyer's address book (Brighton). */
async function recipientAddress(s: Shopper): Promise<string> {
  const saved = await s.visitor.post(`${API}/addresses`, {
    first_name: 'Nonna',
    last_name: 'Rossi',
    address1: '4 Marine Parade',
    city: 'Brighton',
    zip: 'BN2 1TL',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return saved.body.data.id as string;
}

function giftBody(addressId: string, extra: Record<string, unknown> = {}) {
  return {
    product_variant_id: variantGid(SFOGLIA_BOX),
    quantity: 1,
    shipping_address_id: addressId,
    delivery_date: GIFT_DATE,
    recipient: {
      name: 'Nonna Rossi',
      email: 'nonna.rossi@example.com',
      message: '  Happy birthday, Nonna!\n\n\n\nWith love from Ada  ',
    },
    ...extra,
  };
}

async function stockOf(n: number): Promise<number> {
  const [row] = await t.database.db
    .select({ quantity: productVariants.quantityAvailable })
    .from(productVariants)
    .where(eq(productVariants.id, Number(variantId(n))));
  return row!.quantity;
}

const ordersOf = (customerId: string) =>
  t.database.db.select().from(orders).where(eq(orders.customerId, customerId));

async function pay(visitor: Visitor, orderId: string, paymentMethodId: string) {
  return visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: paymentMethodId });
}

describe('a gift paid partly with store credit (issue 19 item 4)', () => {
  test('its page and email say the credit used and the £37 charged, not only the £42 total', async () => {
    const s = await shopper(t, { firstName: 'Grace' });
    const addressId = await recipientAddress(s);
    // £5 of store credit, as the CREDIT-5 code gives.
    await t.database.db.transaction((tx) =>
      addCredit(tx, {
        customerId: s.customerId,
        amount: 500,
        reason: 'credit_voucher',
        description: 'Credit code CREDIT-5',
        reference: 'CREDIT-5',
        at: t.clock.now(),
      }),
    );
    const card = await saveCard(t, s, CARDS.visa);
    const placed = await s.visitor.post(
      `${API}/orders/gift_boxes`,
      giftBody(addressId, {
        product_variant_id: variantGid(DATE_NIGHT),
        recipient: { name: 'Nonna Rossi', email: null, message: null },
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data[0].id as string;
    expect(placed.body.data[0].attributes).toMatchObject({ subtotal: 4200, shipping_price: 0, total: 4200 });

    const paid = await pay(s.visitor, orderId, card);
    expect(paid.body.data.attributes).toMatchObject({
      status: 'succeeded',
      amount: 3700,
      credit_amount: 500,
    });

    // The order page's receipt (and the confirmation page's, from POST /orders/confirm): what paid for it.
    const view = await s.visitor.get(`${API}/orders/${orderId}`);
    expect(view.body.meta).toMatchObject({
      total: 4200,
      paid: { credit_used: 500, charged: 3700, paid_with: 'Visa ending 4242', method: 'card' },
    });
    const confirmed = await s.visitor.post(`${API}/orders/confirm`, { order_id: orderId });
    expect(confirmed.body.meta.checkout.paid).toEqual(view.body.meta.paid);

    const [confirmation] = await emailsTo(t, s.email, 'gift_confirmation');
    expect(confirmation!.text).toContain(
      [
        'Gift box: £42.00',
        'Delivery: Free',
        'Total: £42.00',
        'Store credit used: −£5.00',
        'Charged to Visa ending 4242: £37.00',
      ].join('\n'),
    );
    expect(confirmation!.html).toContain('Store credit used');

    // Another customer's order is still not theirs to read.
    const other = await shopper(t);
    expectError(await other.visitor.get(`${API}/orders/${orderId}`), 404, 'ORDER_NOT_FOUND');
  });
});

describe('POST /orders/gift_boxes/preview', () => {
  test('prices the gift like a box (a weekday fee under £40) and writes nothing', async () => {
    const s = await shopper(t);
    const addressId = await recipientAddress(s);
    const preview = await s.visitor.post(`${API}/orders/gift_boxes/preview`, giftBody(addressId));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toHaveLength(1);
    expect(preview.body.data[0].attributes).toMatchObject({
      source: 'gift_box',
      delivery_date: GIFT_DATE,
      subtotal: 3500,
      shipping_price: 199,
      total: 3699,
      gift: {
        recipient_name: 'Nonna Rossi',
        recipient_email: 'nonna.rossi@example.com',
        message: 'Happy birthday, Nonna!\n\nWith love from Ada',
      },
    });
    expect(preview.body.data[0].attributes.shipping_address).toMatchObject({
      first_name: 'Nonna',
      zip: 'BN2 1TL',
    });
    expect(preview.body.meta.checkout).toMatchObject({
      total: 3699,
      amount_to_charge: 3699,
      request_card: true,
    });
    expect(await ordersOf(s.customerId)).toEqual([]);

    // Two boxes are over the threshold: delivery is free.
    const two = await s.visitor.post(
      `${API}/orders/gift_boxes/preview`,
      giftBody(addressId, { quantity: 2 }),
    );
    expect(two.body.data[0].attributes).toMatchObject({ subtotal: 7000, shipping_price: 0, total: 7000 });
  });

  test('a gift can come the next day, as a one-off box can, not only from next week; the picker’s dates agree', async () => {
    // Wednesday 18 November, 10:00. A gift box is not a dish of a menu week: the plan's Friday cutoff (which
    // made Monday 23 November the earliest day) does not hold it back (decisions 8 and 11).
    const s = await shopper(t);
    const addressId = await recipientAddress(s);
    const tomorrow = await s.visitor.post(
      `${API}/orders/gift_boxes/preview`,
      giftBody(addressId, { delivery_date: '2026-11-19' }),
    );
    expect(tomorrow.status, JSON.stringify(tomorrow.body)).toBe(200);
    expect(tomorrow.body.data[0].attributes.delivery_date).toBe('2026-11-19');
    // Saturday keeps the weekly cutoff; Brighton's courier does not come on Wednesdays: each says why.
    const saturday = expectError(
      await s.visitor.post(
        `${API}/orders/gift_boxes/preview`,
        giftBody(addressId, { delivery_date: '2026-11-21' }),
      ),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
    expect(saturday[0]!.meta).toMatchObject({ reason: 'TOO_SOON' });
    const wednesday = expectError(
      await s.visitor.post(
        `${API}/orders/gift_boxes/preview`,
        giftBody(addressId, { delivery_date: '2026-11-25' }),
      ),
      400,
      'DELIVERY_DATE_UNAVAILABLE',
    );
    expect(wednesday[0]!.meta).toMatchObject({ reason: 'NOT_A_COURIER_DAY' });

    // The gift page asks for one-off dates: every one offered is one the gift takes.
    const offered = await s.visitor.post(`${API}/delivery_dates`, {
      postcode: 'BN2 1TL',
      begin_date: '2026-11-19',
      end_date: '2026-12-09',
      product_variant_ids: [variantId(SFOGLIA_BOX)],
      kind: 'one_off',
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const dates = (offered.body.data as { attributes: { date: string } }[]).map((d) => d.attributes.date);
    expect(dates[0]).toBe('2026-11-19');
    for (const date of dates) {
      const preview = await s.visitor.post(
        `${API}/orders/gift_boxes/preview`,
        giftBody(addressId, { delivery_date: date }),
      );
      expect(preview.status, `${date}: ${JSON.stringify(preview.body)}`).toBe(200);
    }
  });
});

describe('POST /orders/gift_boxes', () => {
  test('a gift is one order to the recipient, stock taken once; the same gift again is the same order', async () => {
    const s = await shopper(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const addressId = await recipientAddress(s);
    const before = await stockOf(SFOGLIA_BOX);

    const placed = await s.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data[0];
    expect(order.attributes).toMatchObject({
      state: 'created',
      source: 'gift_box',
      subscription_id: null,
      total: 3699,
      gift: { recipient_name: 'Nonna Rossi' },
    });
    const line = placed.body.included[0].attributes;
    expect(line).toMatchObject({
      title: 'The Sfoglia Gift Box',
      variant_title: 'Regular',
      sku: 'SFG-050-R',
      price: 3500,
      quantity: 1,
    });
    expect(await stockOf(SFOGLIA_BOX)).toBe(before - 1);

    // A double click, a retry, a second tab: the same order, no more stock.
    const again = await s.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId));
    expect(again.status).toBe(200);
    expect(again.body.data[0].id).toBe(order.id);
    expect(await stockOf(SFOGLIA_BOX)).toBe(before - 1);
    const [raced1, raced2] = await Promise.all([
      s.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId)),
      s.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId)),
    ]);
    expect([raced1.body.data[0].id, raced2.body.data[0].id]).toEqual([order.id, order.id]);

    // A changed message replaces the unpaid gift and gives its box back before taking one again.
    const changed = await s.visitor.post(
      `${API}/orders/gift_boxes`,
      giftBody(addressId, { recipient: { name: 'Nonna Rossi', message: 'Buon compleanno!' } }),
    );
    expect(changed.status).toBe(201);
    expect(changed.body.data[0].id).not.toBe(order.id);
    expect(await stockOf(SFOGLIA_BOX)).toBe(before - 1);
    expectError(await s.visitor.get(`${API}/orders/${order.id}`), 404, 'ORDER_NOT_FOUND');
    expect(await ordersOf(s.customerId)).toHaveLength(1);
  });

  test('paying it: the order is paid, the buyer is emailed, the recipient told (no price), the basket untouched', async () => {
    const s = await shopper(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const addressId = await recipientAddress(s);
    const basket = await s.visitor.get(`${API}/baskets`);
    const basketIds = basket.body.data.map((b: { id: string }) => b.id);
    const card = await saveCard(t, s, CARDS.visa);
    const placed = await s.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId));
    const orderId = placed.body.data[0].id as string;

    const paid = await pay(s.visitor, orderId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.attributes).toMatchObject({ status: 'succeeded', amount: 3699 });
    const view = await s.visitor.get(`${API}/orders/${orderId}`);
    expect(view.body.data.attributes).toMatchObject({ state: 'paid', state_label: 'Arrives Thu 26 Nov' });
    const [checkout] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.customerId, s.customerId));
    expect(checkout).toMatchObject({ kind: 'gift_box', state: 'paid', basketId: null });

    // The buyer's email is about the gift, not "Your Sfoglia box is booked" (issue 9).
    expect(await emailsTo(t, s.email, 'order_confirmation')).toEqual([]);
    const [confirmation] = await emailsTo(t, s.email, 'gift_confirmation');
    expect(confirmation!.subject).toBe('Your gift for Nonna Rossi arrives on Thu 26 Nov');
    expect(confirmation!.text).toContain('Your gift for Nonna Rossi arrives on Thursday 26 November');
    expect(confirmation!.text.split('\n')).toContain('1 × The Sfoglia Gift Box, Regular: £35.00');
    expect(confirmation!.text).toContain('The card says: “Happy birthday, Nonna!\n\nWith love from Ada”');
    expect(confirmation!.html).toContain('Happy birthday, Nonna!<br><br>With love from Ada');
    expect(confirmation!.text).toContain('We’ve emailed Nonna Rossi');
    expect(confirmation!.text).toContain('Total: £36.99\nCharged to Visa ending 4242: £36.99');
    const [notice] = await emailsTo(t, 'nonna.rossi@example.com', 'gift_on_its_way');
    expect(notice!.subject).toBe('Ada Lovelace has sent you a Sfoglia gift box');
    expect(notice!.text).toContain('Thursday 26 November');
    expect(notice!.text).toContain('Happy birthday, Nonna!');
    expect(notice!.text).not.toContain('£');
    expect(notice!.html).not.toContain('£');

    // The customer's own basket is still there; paying the gift again answers with the same payment.
    const after = await s.visitor.get(`${API}/baskets`);
    expect(after.body.data.map((b: { id: string }) => b.id)).toEqual(basketIds);
    const again = await pay(s.visitor, orderId, card);
    expect(again.body.data.id).toBe(paid.body.data.id);
  });

  test('without the recipient’s email nobody else is emailed; a declined card leaves the gift to pay again', async () => {
    const s = await shopper(t);
    const addressId = await recipientAddress(s);
    const declined = await saveCard(t, s, CARDS.insufficientFunds);
    const good = await saveCard(t, s, CARDS.visa);
    const placed = await s.visitor.post(
      `${API}/orders/gift_boxes`,
      giftBody(addressId, { recipient: { name: 'Sam' }, product_variant_id: variantId(DATE_NIGHT) }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data[0].attributes).toMatchObject({
      total: 4200,
      shipping_price: 0,
      gift: { recipient_name: 'Sam', recipient_email: null, message: null },
    });
    const orderId = placed.body.data[0].id as string;
    expectError(await pay(s.visitor, orderId, declined), 402, 'PAYMENT_DECLINED');
    expect((await s.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes.state).toBe(
      'payment_pending',
    );
    expect((await pay(s.visitor, orderId, good)).status).toBe(201);
    const all = await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId));
    expect(all.map((o) => o.state)).toEqual(['paid']);
    expect(await emailsTo(t, 'sam@example.com')).toEqual([]);
    const [confirmation] = await emailsTo(t, s.email, 'gift_confirmation');
    expect(confirmation!.text).toContain('We haven’t told Sam it’s coming, so it can be a surprise.');
  });
});

describe('what cannot be sent as a gift', () => {
  test('bad input is a 400 naming the field, and nothing is written', async () => {
    const s = await shopper(t);
    const addressId = await recipientAddress(s);
    const cases: [Record<string, unknown>, string][] = [
      [giftBody(addressId, { recipient: { name: '   ' } }), 'recipient.name'],
      [giftBody(addressId, { recipient: { name: 'Sam', email: 'not-an-email' } }), 'recipient.email'],
      [giftBody(addressId, { recipient: { name: 'Sam', message: 'x'.repeat(301) } }), 'recipient.message'],
      [giftBody(addressId, { quantity: 0 }), 'quantity'],
      [giftBody(addressId, { quantity: 6 }), 'quantity'],
      [giftBody(addressId, { delivery_date: '25/11/2026' }), 'delivery_date'],
      [giftBody(addressId, { shipping_address_id: 'nope' }), 'shipping_address_id'],
      [giftBody(addressId, { price: 1 }), 'price'],
    ];
    for (const [body, field] of cases) {
      const refused = expectError(
        await s.visitor.post(`${API}/orders/gift_boxes`, body),
        400,
        'VALIDATION_FAILED',
      );
      expect(JSON.stringify(refused), field).toContain(field.split('.').at(-1)!);
    }
    const raw = await s.visitor.request('POST', `${API}/orders/gift_boxes`, {
      raw: '{"product_variant_id":',
    });
    expect(raw.status).toBe(400);
    expect(await ordersOf(s.customerId)).toEqual([]);
  });

  test('a dish from the weekly menu, an unknown box, a Sunday, a far date, outside the area, sold out', async () => {
    const s = await shopper(t);
    const addressId = await recipientAddress(s);
    const outside = await s.visitor.post(`${API}/addresses`, {
      first_name: 'Fergus',
      address1: '1 Princes Street',
      city: 'Edinburgh',
      zip: 'EH1 1AA',
    });
    const place = (extra: Record<string, unknown>) =>
      s.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId, extra));
    expectError(await place({ product_variant_id: variantGid(A_DISH) }), 404, 'PRODUCT_VARIANT_NOT_FOUND');
    expectError(await place({ product_variant_id: '999999' }), 404, 'PRODUCT_VARIANT_NOT_FOUND');
    // A gift box already feeds two or more: there is no "Double Portion" of one, even one left in the catalogue.
    expectError(
      await place({ product_variant_id: variantId(DATE_NIGHT, true) }),
      404,
      'PRODUCT_VARIANT_NOT_FOUND',
    );
    await t.database.db.insert(productVariants).values({
      id: Number(variantId(DATE_NIGHT, true)),
      extId: variantGid(DATE_NIGHT, true),
      productId: 1000 + DATE_NIGHT,
      title: 'Double Portion (Serves 2)',
      sku: 'SFG-051-D',
      pricePence: 7400,
      isDouble: true,
      quantityAvailable: 40,
      position: 2,
    });
    expectError(
      await place({ product_variant_id: variantId(DATE_NIGHT, true) }),
      404,
      'PRODUCT_VARIANT_NOT_FOUND',
      'Date Night Gift Box comes in one size',
    );
    await t.database.db
      .delete(productVariants)
      .where(eq(productVariants.id, Number(variantId(DATE_NIGHT, true))));
    expectError(
      await place({ product_variant_id: 'gid://shopify/Product/1050' }),
      404,
      'PRODUCT_VARIANT_NOT_FOUND',
    );
    expectError(await place({ delivery_date: '2026-11-29' }), 400, 'DELIVERY_DATE_UNAVAILABLE');
    expectError(await place({ delivery_date: '2027-01-20' }), 400, 'DELIVERY_DATE_UNAVAILABLE');
    expectError(await place({ delivery_date: '2026-11-17' }), 400, 'DELIVERY_DATE_UNAVAILABLE');
    expectError(await place({ shipping_address_id: outside.body.data.id }), 400, 'OUTSIDE_DELIVERY_AREA');
    await t.database.db
      .update(productVariants)
      .set({ quantityAvailable: 1 })
      .where(eq(productVariants.id, Number(variantId(DATE_NIGHT))));
    expectError(await place({ product_variant_id: variantId(DATE_NIGHT), quantity: 2 }), 409, 'OUT_OF_STOCK');
    expect(await ordersOf(s.customerId)).toEqual([]);
  });

  test('a visitor must sign in; another customer’s address and order are not found', async () => {
    const owner = await shopper(t);
    const addressId = await recipientAddress(owner);
    const visitor = t.visitor();
    expectError(await visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId)), 401, 'UNAUTHENTICATED');
    expectError(
      await visitor.post(`${API}/orders/gift_boxes/preview`, giftBody(addressId)),
      401,
      'UNAUTHENTICATED',
    );

    const other = await shopper(t);
    expectError(
      await other.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId)),
      404,
      'ADDRESS_NOT_FOUND',
    );
    const placed = await owner.visitor.post(`${API}/orders/gift_boxes`, giftBody(addressId));
    const orderId = placed.body.data[0].id as string;
    const card = await saveCard(t, other, CARDS.visa);
    expectError(await other.visitor.get(`${API}/orders/${orderId}`), 404, 'ORDER_NOT_FOUND');
    expectError(await pay(other.visitor, orderId, card), 404, 'ORDER_NOT_FOUND');
    expect((await owner.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes.state).toBe('created');
  });

  test('the branch header is required: without it nothing is placed', async () => {
    const s = await shopper(t);
    const addressId = await recipientAddress(s);
    const response = await s.visitor.request('POST', `${API}/orders/gift_boxes`, {
      body: giftBody(addressId),
      branch: false,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await ordersOf(s.customerId)).toEqual([]);
  });
});

describe('the last gift boxes', () => {
  test('20 customers racing for the last 3 boxes: 3 gifts, stock 0, never below', async () => {
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper(t)));
    const addresses = await Promise.all(shoppers.map(recipientAddress));
    await t.database.db
      .update(productVariants)
      .set({ quantityAvailable: 3 })
      .where(eq(productVariants.id, Number(variantId(SFOGLIA_BOX))));
    const results = await Promise.all(
      shoppers.map((s, i) => s.visitor.post(`${API}/orders/gift_boxes`, giftBody(addresses[i]!))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of results.filter((r) => r.status !== 201)) expectError(refused, 409, 'OUT_OF_STOCK');
    expect(await stockOf(SFOGLIA_BOX)).toBe(0);
  });
});
