import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import { checkouts } from '../../db/schema/checkout';
import { voucherRedemptions, vouchers } from '../../db/schema/vouchers';
import { API, variantGid } from '../../test/api-expect';
import { clearRateLimits, insertCustomer } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';
import { redeemVoucher, releaseVoucher, voucherForBasket, voucherOnBasket } from './vouchers.service';

// Redemption at checkout (issue 4 parts 4 and 8): the checkout calls redeemVoucher inside its transaction.
// A single-use code applied from 50 baskets at once is redeemed exactly once; once-per-customer and
// new-customer codes are checked again here; a cancelled checkout gives its use back.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearRateLimits(t));

const TODAY = '2026-11-18';
const BEEF_SHIN = 1;

async function insertVoucher(values: Partial<typeof vouchers.$inferInsert> & { code: string }) {
  const [row] = await t.database.db
    .insert(vouchers)
    .values({ type: 'DiscountVoucher', valueType: 'fixed_amount', value: 500, ...values })
    .returning();
  return row!;
}

async function voucherRow(id: string) {
  const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
  return row!;
}

async function redemptionsOf(voucherId: string) {
  return t.database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucherId));
}

/** redeemVoucher in a transaction of its own, as the checkout runs it. */
function redeem(args: {
  voucherId: string;
  customerId: string;
  checkoutId?: string;
  amount?: number;
  today?: string;
}) {
  return t.database.db.transaction((tx) =>
    redeemVoucher(tx, {
      checkoutId: randomUUID(),
      amount: 500,
      today: TODAY,
      ...args,
    }),
  );
}

async function expectVoucherInvalid(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('VOUCHER_INVALID');
  expect((error as DomainError).message).toBe(message);
}

async function basketWithBeef() {
  const visitor = t.visitor();
  const created = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true });
  const id = created.body.data.id as string;
  const added = await visitor.post(`${API}/baskets/${id}/items`, {
    product_variant_id: variantGid(BEEF_SHIN),
    quantity: 2,
    meal_week: WEEKS.next,
  });
  expect(added.status).toBe(201);
  return { visitor, id };
}

describe('a single-use code raced from 50 baskets', () => {
  test('all 50 can apply it; of 50 concurrent redemptions exactly one succeeds', async () => {
    const voucher = await insertVoucher({ code: 'RACE-ONCE', usageLimit: 1 });
    const baskets = await Promise.all(Array.from({ length: 50 }, basketWithBeef));
    const applied = await Promise.all(
      baskets.map(({ visitor, id }) => visitor.post(`${API}/baskets/${id}/vouchers`, { code: 'race-once' })),
    );
    expect(applied.map((r) => r.status)).toEqual(Array(50).fill(201));
    for (const { id } of baskets) {
      expect(await voucherForBasket(t.database.db, id)).toMatchObject({ id: voucher.id, code: 'RACE-ONCE' });
    }

    const customers = await Promise.all(Array.from({ length: 50 }, () => insertCustomer(t)));
    const results = await Promise.allSettled(
      customers.map((customer) => redeem({ voucherId: voucher.id, customerId: customer.id })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const { reason } of lost) {
      expect(reason).toBeInstanceOf(DomainError);
      expect(reason).toMatchObject({ code: 'VOUCHER_INVALID', message: 'This code has already been used' });
    }
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(1);
    expect(await redemptionsOf(voucher.id)).toHaveLength(1);

    // Every other basket now shows why the code no longer applies.
    const listed = await baskets[7]!.visitor.get(`${API}/baskets/${baskets[7]!.id}/vouchers`);
    expect(listed.body.meta.state).toEqual({ valid: false, message: 'This code has already been used' });
    expectError400(
      await baskets[8]!.visitor.post(`${API}/baskets/${baskets[8]!.id}/vouchers`, { code: 'RACE-ONCE' }),
    );
  });

  test('ONCE-ONLY from the demo is a single-use code', async () => {
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.code, 'ONCE-ONLY'));
    expect(row).toMatchObject({ usageLimit: 1, timesRedeemed: 0 });
    const [a, b] = await Promise.all([insertCustomer(t), insertCustomer(t)]);
    const results = await Promise.allSettled([
      redeem({ voucherId: row!.id, customerId: a!.id }),
      redeem({ voucherId: row!.id, customerId: b!.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

function expectError400(response: { status: number; body: any }) {
  expect(response.status).toBe(400);
  expect(response.body.errors[0]).toMatchObject({
    code: 'VOUCHER_INVALID',
    detail: 'This code has already been used',
  });
}

describe('redeemVoucher', () => {
  test('records the redemption with its checkout and amount; again for the same checkout does nothing', async () => {
    const voucher = await insertVoucher({ code: 'RECORDED', usageLimit: 5 });
    const customer = await insertCustomer(t);
    const checkoutId = randomUUID();
    await redeem({ voucherId: voucher.id, customerId: customer.id, checkoutId, amount: 1000 });
    await redeem({ voucherId: voucher.id, customerId: customer.id, checkoutId, amount: 1000 });
    expect(await redemptionsOf(voucher.id)).toEqual([
      expect.objectContaining({ customerId: customer.id, checkoutId, amount: 1000 }),
    ]);
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(1);
    // Another code for the same checkout is a conflict.
    const other = await insertVoucher({ code: 'RECORDED-TWO' });
    const error = await redeem({ voucherId: other.id, customerId: customer.id, checkoutId }).catch((e) => e);
    expect(error).toMatchObject({ code: 'CONFLICT' });
  });

  test('once per customer is checked again, even for racing checkouts of one customer', async () => {
    const voucher = await insertVoucher({ code: 'ONE-EACH', oncePerCustomer: true });
    const customer = await insertCustomer(t);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => redeem({ voucherId: voucher.id, customerId: customer.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ message: 'You have already used this code' });
    }
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(1);
    // Someone else may still use it.
    const other = await insertCustomer(t);
    await redeem({ voucherId: voucher.id, customerId: other.id });
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(2);
  });

  test('new customers only: a customer with a paid checkout is refused, and nothing is counted', async () => {
    const voucher = await insertVoucher({ code: 'NEW-ONLY', newCustomersOnly: true });
    const regular = await insertCustomer(t);
    await t.database.db
      .insert(checkouts)
      .values({ customerId: regular.id, kind: 'recipe_kit', state: 'paid', total: 3000 });
    await expectVoucherInvalid(
      redeem({ voucherId: voucher.id, customerId: regular.id }),
      'This code is for new customers only',
    );
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(0);
    // An open (unpaid) checkout does not count; the checkout being paid is not "before".
    const newcomer = await insertCustomer(t);
    const [open] = await t.database.db
      .insert(checkouts)
      .values({ customerId: newcomer.id, kind: 'recipe_kit', state: 'open', total: 3000 })
      .returning();
    await redeem({ voucherId: voucher.id, customerId: newcomer.id, checkoutId: open!.id });
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(1);
  });

  test('a personal code is redeemed by its owner only, whatever put it on a basket (decision 30)', async () => {
    const [owner, other] = await Promise.all([insertCustomer(t), insertCustomer(t)]);
    const voucher = await insertVoucher({ code: 'WELCOME-TEST01', usageLimit: 1, customerId: owner.id });
    await expectVoucherInvalid(
      redeem({ voucherId: voucher.id, customerId: other.id }),
      'This code belongs to another account',
    );
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(0);
    await redeem({ voucherId: voucher.id, customerId: owner.id });
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(1);
  });

  test('dates are checked against the day of the checkout', async () => {
    const voucher = await insertVoucher({ code: 'LAST-DAY', endDate: '2026-11-18' });
    const customer = await insertCustomer(t);
    await expectVoucherInvalid(
      redeem({ voucherId: voucher.id, customerId: customer.id, today: '2026-11-19' }),
      'This code expired on 18 Nov 2026',
    );
    await redeem({ voucherId: voucher.id, customerId: customer.id, today: '2026-11-18' });
  });

  test('an unknown voucher or a credit code cannot be redeemed by a checkout', async () => {
    const customer = await insertCustomer(t);
    await expectVoucherInvalid(redeem({ voucherId: randomUUID(), customerId: customer.id }), 'Invalid code');
    const [credit] = await t.database.db.select().from(vouchers).where(eq(vouchers.code, 'CREDIT-5'));
    await expectVoucherInvalid(redeem({ voucherId: credit!.id, customerId: customer.id }), 'Invalid code');
  });

  test("a failure later in the checkout's transaction rolls the redemption back", async () => {
    const voucher = await insertVoucher({ code: 'ROLLED-BACK', usageLimit: 1 });
    const customer = await insertCustomer(t);
    await t.database.db
      .transaction(async (tx) => {
        await redeemVoucher(tx, {
          voucherId: voucher.id,
          customerId: customer.id,
          checkoutId: randomUUID(),
          amount: 500,
          today: TODAY,
        });
        throw new Error('payment step failed');
      })
      .catch(() => undefined);
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(0);
    expect(await redemptionsOf(voucher.id)).toHaveLength(0);
  });
});

describe('releaseVoucher', () => {
  test('a cancelled checkout gives its use back; releasing twice does nothing more', async () => {
    const voucher = await insertVoucher({ code: 'GIVE-BACK', usageLimit: 1 });
    const [a, b] = await Promise.all([insertCustomer(t), insertCustomer(t)]);
    const checkoutId = randomUUID();
    await redeem({ voucherId: voucher.id, customerId: a!.id, checkoutId });
    await expectVoucherInvalid(
      redeem({ voucherId: voucher.id, customerId: b!.id }),
      'This code has already been used',
    );

    expect(await t.database.db.transaction((tx) => releaseVoucher(tx, checkoutId))).toBe(true);
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(0);
    expect(await redemptionsOf(voucher.id)).toHaveLength(0);
    expect(await t.database.db.transaction((tx) => releaseVoucher(tx, checkoutId))).toBe(false);
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(0);

    await redeem({ voucherId: voucher.id, customerId: b!.id });
    expect((await voucherRow(voucher.id)).timesRedeemed).toBe(1);
  });

  test('a checkout without a voucher has nothing to release', async () => {
    expect(await releaseVoucher(t.database.db, randomUUID())).toBe(false);
  });
});

describe('voucherForBasket', () => {
  test('the terms and id of the code on a basket, or null', async () => {
    const { visitor, id } = await basketWithBeef();
    expect(await voucherForBasket(t.database.db, id)).toBeNull();
    await visitor.post(`${API}/baskets/${id}/vouchers`, { code: 'oos-20' });
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.code, 'OOS-20'));
    expect(await voucherForBasket(t.database.db, id)).toEqual({
      id: row!.id,
      code: 'OOS-20',
      type: 'DiscountVoucher',
      valueType: 'percentage',
      value: 20,
      startDate: null,
      endDate: null,
      singleOrder: false,
      minimumSpendPerOrder: null,
      productVariantIds: [],
      addonVariantId: null,
    });
    expect(await voucherForBasket(t.database.db, randomUUID())).toBeNull();
  });

  test('voucherOnBasket: an add-on code with its free product, for the checkout to price', async () => {
    const { visitor, id } = await basketWithBeef();
    expect(await voucherOnBasket(t.database.db, id)).toBeNull();
    expect((await visitor.post(`${API}/baskets/${id}/vouchers`, { code: 'free-tiramisu' })).status).toBe(201);
    expect(await voucherOnBasket(t.database.db, id)).toMatchObject({
      terms: { code: 'FREE-TIRAMISU', type: 'AddonVoucher', addonVariantId: 10421, singleOrder: true },
      usageProblem: null,
      addon: { title: 'Tiramisù', sku: 'SFG-042-R', price: 550, productVariantId: '10421' },
    });
  });

  test('counts never go below zero or above the limit (the database checks it too)', async () => {
    const voucher = await insertVoucher({ code: 'CHECKED', usageLimit: 1, timesRedeemed: 1 });
    const error = await t.database.db
      .update(vouchers)
      .set({ timesRedeemed: sql`${vouchers.timesRedeemed} + 1` })
      .where(eq(vouchers.id, voucher.id))
      .catch((e) => e);
    expect(error).toBeInstanceOf(Error);
  });
});
