import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { productVariants } from '../../db/schema/catalogue';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { vouchers } from '../../db/schema/vouchers';
import { API, expectError, variantId } from '../../test/api-expect';
import { clearRateLimits } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { basketOf, CARDS, DISH, place, saveCard, shopper } from '../../test/checkout';
import { ABANDONED_FAILED_MS, ABANDONED_UNPAID_MS } from './checkout-endings';

// Unpaid orders hold stock and vouchers; left too long, they give them back (decision 7, consequences).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

async function stockOf(dish: number): Promise<number> {
  const [row] = await t.database.db
    .select({ quantity: productVariants.quantityAvailable })
    .from(productVariants)
    .where(eq(productVariants.id, Number(variantId(dish))));
  return row!.quantity;
}

/** Makes the checkout (and its payments) look last touched `ms` ago on the shop's clock. */
async function age(checkoutId: string, ms: number) {
  const then = new Date(t.clock.now().getTime() - ms);
  await t.database.db.update(checkouts).set({ updatedAt: then }).where(eq(checkouts.id, checkoutId));
  await t.database.db.update(payments).set({ updatedAt: then }).where(eq(payments.checkoutId, checkoutId));
}

const checkoutOf = async (orderId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.checkoutId;

describe('releaseAbandonedCheckouts', () => {
  test('a checkout nobody tried to pay is withdrawn after 2 hours: stock back, orders and plan gone', async () => {
    const s = await shopper(t);
    const before = await stockOf(DISH.beefShin);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const checkoutId = await checkoutOf(orderId);
    expect(await stockOf(DISH.beefShin)).toBe(before - 2);

    await age(checkoutId, ABANDONED_UNPAID_MS - HOUR / 2);
    await t.app.services.checkoutEndings.releaseAbandoned(t.clock.now());
    expect(await stockOf(DISH.beefShin)).toBe(before - 2);

    await age(checkoutId, ABANDONED_UNPAID_MS + 60_000);
    expect(await t.app.services.checkoutEndings.releaseAbandoned(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await stockOf(DISH.beefShin)).toBe(before);
    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(checkout!.state).toBe('cancelled');
    expectError(await s.visitor.get(`${API}/orders/${orderId}`), 404, 'ORDER_NOT_FOUND');
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, s.customerId)),
    ).toEqual([]);

    // The basket is still there: placing it again makes new orders.
    const again = await s.visitor.get(`${API}/baskets`);
    expect(again.body.data[0].attributes.total_line_items_price).toBeGreaterThan(0);
  });

  test('after a decline the customer has 48 hours to pay again; then the orders are cancelled, the voucher freed', async () => {
    const [voucher] = await t.database.db
      .insert(vouchers)
      .values({
        code: 'HOLD-ONCE',
        type: 'DiscountVoucher',
        valueType: 'fixed_amount',
        value: 200,
        usageLimit: 1,
      })
      .returning();
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [[DISH.carbonara, 2]]);
    expect(
      (await s.visitor.post(`${API}/baskets/${basketId}/vouchers`, { code: 'hold-once' })).status,
    ).toBeLessThan(300);
    const before = await stockOf(DISH.carbonara);
    const { orderId } = await place(s, basketId);
    const checkoutId = await checkoutOf(orderId);
    const card = await saveCard(t, s, CARDS.insufficientFunds);
    expectError(
      await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card }),
      402,
      'PAYMENT_DECLINED',
    );
    const redeemed = async () =>
      (await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher!.id)))[0]!.timesRedeemed;
    expect(await redeemed()).toBe(1);

    await age(checkoutId, ABANDONED_FAILED_MS - HOUR);
    await t.app.services.checkoutEndings.releaseAbandoned(t.clock.now());
    expect((await s.visitor.get(`${API}/orders/${orderId}`)).body.data.attributes.state).toBe(
      'payment_pending',
    );
    expect(await stockOf(DISH.carbonara)).toBe(before - 2);

    await age(checkoutId, ABANDONED_FAILED_MS + 60_000);
    await t.app.services.checkoutEndings.releaseAbandoned(t.clock.now());
    const view = await s.visitor.get(`${API}/orders/${orderId}`);
    expect(view.body.data.attributes).toMatchObject({ state: 'cancelled', payable: false });
    expect(await stockOf(DISH.carbonara)).toBe(before);
    expect(await redeemed()).toBe(0);
    const [plan] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, s.customerId));
    expect(plan!.state).toBe('cancelled');

    // Paying it now is refused with a reason, and charges nothing.
    const good = await saveCard(t, s, CARDS.visa);
    const late = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: good });
    expectError(
      late,
      400,
      'ORDER_INVALID',
      'This order was cancelled because it wasn’t paid in time. Please order again.',
    );
  });

  test('a charge under way is never touched (payment recovery finishes it)', async () => {
    const s = await shopper(t);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.mushroom, 2]]));
    const checkoutId = await checkoutOf(orderId);
    await t.database.db.insert(payments).values({
      checkoutId,
      customerId: s.customerId,
      processor: 'stripe',
      idempotencyKey: `test:${checkoutId}`,
      amount: 1000,
      status: 'processing',
    });
    await age(checkoutId, ABANDONED_FAILED_MS * 2);
    await t.app.services.checkoutEndings.releaseAbandoned(t.clock.now());
    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(checkout!.state).toBe('open');
    // Clean up so the processing row does not wait for recovery in later tests.
    await t.database.db.execute(sql`delete from payments where checkout_id = ${checkoutId}`);
  });
});
