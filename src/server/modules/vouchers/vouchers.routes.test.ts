import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts } from '../../db/schema/checkout';
import { voucherRedemptions, vouchers } from '../../db/schema/vouchers';
import { productVariants } from '../../db/schema/catalogue';
import { seedVouchers } from '../../db/seed/demo-vouchers';
import { API, expectError, variantGid, variantId } from '../../test/api-expect';
import { clearRateLimits, setRateCount, signedInCustomer } from '../../test/accounts';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { WEEKS } from '../../test/test-clock';
import { VOUCHER_LIMITS } from './voucher-attempts';

// The voucher API (spec §3 Voucher, §4 Voucher state, §5 voucher rules, §7 Baskets vouchers and Vouchers,
// §8 messages) through app.inject on a fresh database with the demo codes (src/server/db/seed/demo-vouchers.ts).
// Tests pin the clock to Wednesday 18 November 2026; London's date is 2026-11-18.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Every injected request comes from 127.0.0.1, so the per-address voucher limit is shared by all tests.
beforeEach(() => clearRateLimits(t));

const BEEF_SHIN = 1; // £10.50; next week
const PUMPKIN = 6; // £9.50; next week and the week after
const KIDS_MEATBALLS = 9; // £6.50; next week and the week after
const FOCACCIA = 37; // £4.50, a side
const TIRAMISU = 42; // £5.50, FREE-TIRAMISU's free dessert

const GONE = 'Has error and basket is destroyed';

async function basketWith(items: [dish: number, quantity: number, week?: string][], visitor = t.visitor()) {
  const created = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket', start_subscription: true });
  expect([200, 201], JSON.stringify(created.body)).toContain(created.status);
  const id = created.body.data.id as string;
  for (const [dish, quantity, week = WEEKS.next] of items) {
    const added = await visitor.post(`${API}/baskets/${id}/items`, {
      product_variant_id: variantGid(dish),
      quantity,
      meal_week: week,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  return { visitor, id };
}

const apply = (visitor: Visitor, basketId: string, code: string) =>
  visitor.post(`${API}/baskets/${basketId}/vouchers`, { code });

async function basket(visitor: Visitor, id: string) {
  const response = await visitor.get(`${API}/baskets/${id}`);
  expect(response.status).toBe(200);
  return {
    ...response.body.data.attributes,
    items: (response.body.included as any[]).map((item) => ({ id: item.id, ...item.attributes })),
  };
}

async function insertVoucher(values: Partial<typeof vouchers.$inferInsert> & { code: string }) {
  const [row] = await t.database.db
    .insert(vouchers)
    .values({ type: 'DiscountVoucher', valueType: 'fixed_amount', value: 500, ...values })
    .returning();
  return row!;
}

describe('POST /baskets/{id}/vouchers', () => {
  test('10EXTRA, typed in lower case with spaces: £10 off the first delivery, shown on the basket', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 3]]); // £31.50
    const applied = await apply(visitor, id, '  10extra ');
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'vouchers',
        attributes: {
          code: '10EXTRA',
          type: 'DiscountVoucher',
          value_type: 'fixed_amount',
          value: 1000,
          description: '£10 off the earliest delivery in your basket, when its dishes come to £30 or more',
          start_date: null,
          end_date: null,
          single_order: true,
          minimum_spend_per_order: 3000,
          product_variant_ids: [],
          addon_variant_id: null,
          state: { valid: true, message: '10EXTRA applied: £10 off the earliest delivery in your basket' },
          discount: 1000,
        },
      },
    });
    const shown = await basket(visitor, id);
    expect(shown).toMatchObject({
      voucher_code: '10EXTRA',
      voucher: {
        id: applied.body.data.id,
        code: '10EXTRA',
        state: { valid: true, message: '10EXTRA applied: £10 off the earliest delivery in your basket' },
        discount: 1000,
      },
      total_line_items_price: 3150,
      total_discount: 1000,
      subtotal_price: 2150,
      shipping_price: 199,
      total_price: 2349,
      weeks: [{ meal_week: WEEKS.next, line_items_price: 3150, discount: 1000, subtotal: 2150 }],
    });
    expect(shown.items).toMatchObject([{ quantity: 3, price: 1050, discount: 1000, total: 2150 }]);
  });

  test('10EXTRA applies to the first week only, and its £30 minimum to that week only', async () => {
    const { visitor, id } = await basketWith([
      [PUMPKIN, 1, WEEKS.later], // £9.50 in the later week: below £30, but not the first delivery
      [BEEF_SHIN, 2], // £21.00
      [KIDS_MEATBALLS, 2], // £13.00
    ]);
    expect((await apply(visitor, id, '10EXTRA')).status).toBe(201);
    const shown = await basket(visitor, id);
    expect(shown.weeks.map((w: any) => [w.meal_week, w.discount])).toEqual([
      [WEEKS.next, 1000],
      [WEEKS.later, 0],
    ]);
    // £10 split by amount: 1000 × 2100/3400 = 617.6 → 618, 1000 × 1300/3400 = 382.4 → 382.
    expect(shown.items.map((i: any) => [i.product_variant_id, i.meal_week, i.discount, i.total])).toEqual([
      [variantId(BEEF_SHIN), WEEKS.next, 618, 1482],
      [variantId(KIDS_MEATBALLS), WEEKS.next, 382, 918],
      [variantId(PUMPKIN), WEEKS.later, 0, 950],
    ]);
    expect(shown.total_discount).toBe(1000);
  });

  test('below its minimum: 400 with the reason, and the basket keeps no voucher', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 2]]); // £21.00
    expectError(
      await apply(visitor, id, '10EXTRA'),
      400,
      'VOUCHER_INVALID',
      'Add £9.00 more to your delivery for 23 – 28 Nov (the earliest in your basket) to use this code: it needs a spend of £30',
    );
    expect(await basket(visitor, id)).toMatchObject({ voucher_code: null, voucher: null, total_discount: 0 });
  });

  test('an unknown code is 400 "Invalid code"', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    expectError(await apply(visitor, id, 'NOPE-123'), 400, 'VOUCHER_INVALID', 'Invalid code');
  });

  test('an expired code and a code not started yet say so, with the date', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 2]]);
    expectError(
      await apply(visitor, id, 'summer-10'),
      400,
      'VOUCHER_INVALID',
      'This code expired on 17 Nov 2026',
    );
    await insertVoucher({ code: 'ADVENT-5', startDate: '2026-12-01', endDate: '2026-12-24' });
    expectError(
      await apply(visitor, id, 'advent-5'),
      400,
      'VOUCHER_INVALID',
      'This code can be used from 1 Dec 2026',
    );
    // The first and last days count.
    await insertVoucher({ code: 'TODAY-ONLY', startDate: '2026-11-18', endDate: '2026-11-18' });
    expect((await apply(visitor, id, 'today-only')).status).toBe(201);
  });

  test('OOS-20: 20% off every delivery, every line', async () => {
    const { visitor, id } = await basketWith([
      [BEEF_SHIN, 1],
      [KIDS_MEATBALLS, 1],
      [PUMPKIN, 1, WEEKS.later],
    ]);
    const applied = await apply(visitor, id, 'oos-20');
    expect(applied.body.data.attributes).toMatchObject({
      state: { valid: true, message: 'OOS-20 applied: 20% off each delivery' },
      discount: 340 + 190,
    });
    const shown = await basket(visitor, id);
    // 20% of £17.00 = £3.40 (210 + 130); 20% of £9.50 = £1.90.
    expect(shown.items.map((i: any) => i.discount)).toEqual([210, 130, 190]);
    expect(shown.weeks.map((w: any) => w.discount)).toEqual([340, 190]);
    expect(shown).toMatchObject({ total_line_items_price: 2650, total_discount: 530, subtotal_price: 2120 });
  });

  test('SIDES-25 takes 25% off sides only, and says so when there are none', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    expectError(
      await apply(visitor, id, 'SIDES-25'),
      400,
      'VOUCHER_INVALID',
      "This code doesn't apply to anything in your basket",
    );
    await basketWith([[FOCACCIA, 2]], visitor);
    expect((await apply(visitor, id, 'SIDES-25')).status).toBe(201);
    const shown = await basket(visitor, id);
    expect(shown.items.map((i: any) => [i.product_variant_id, i.discount])).toEqual([
      [variantId(BEEF_SHIN), 0],
      [variantId(FOCACCIA), 225],
    ]);
  });

  test('a product-specific code compares its minimum with the discounted subtotal', async () => {
    await insertVoucher({
      code: 'BREAD-3',
      value: 300,
      minimumSpendPerOrder: 1500,
      productVariantIds: [Number(variantId(FOCACCIA))],
    });
    // £15.50 before the discount, £12.50 after: short of £15.
    const short = await basketWith([
      [KIDS_MEATBALLS, 1],
      [FOCACCIA, 2],
    ]);
    expectError(
      await apply(short.visitor, short.id, 'bread-3'),
      400,
      'VOUCHER_INVALID',
      'Add £2.50 more to your delivery for 23 – 28 Nov to use this code: each delivery needs a spend of £15, after its discount',
    );
    // £19.50 before, £16.50 after.
    const enough = await basketWith([
      [BEEF_SHIN, 1],
      [FOCACCIA, 2],
    ]);
    expect((await apply(enough.visitor, enough.id, 'bread-3')).status).toBe(201);
    expect((await basket(enough.visitor, enough.id)).total_discount).toBe(300);
  });

  test('FREE-TIRAMISU adds a free Tiramisù line to the first delivery', async () => {
    const { visitor, id } = await basketWith([
      [BEEF_SHIN, 1],
      [PUMPKIN, 1, WEEKS.later],
    ]);
    const applied = await apply(visitor, id, 'free-tiramisu');
    expect(applied.body.data.attributes).toMatchObject({
      type: 'AddonVoucher',
      addon_variant_id: variantId(TIRAMISU),
      state: {
        valid: true,
        message: 'FREE-TIRAMISU applied: A free Tiramisù with the earliest delivery in your basket',
      },
      discount: 550,
    });
    const shown = await basket(visitor, id);
    expect(shown.items).toHaveLength(3);
    expect(shown.items[1]).toMatchObject({
      id: `addon:${WEEKS.next}`,
      title: 'Tiramisù',
      sku: 'SFG-042-R',
      product_variant_id: variantId(TIRAMISU),
      meal_week: WEEKS.next,
      quantity: 1,
      price: 550,
      discount: 550,
      total: 0,
      is_addon: true,
    });
    expect(shown).toMatchObject({ total_line_items_price: 2550, total_discount: 550, subtotal_price: 2000 });
    // The free dessert does not count towards the week's minimum: £10.50 still meets £10.
    expect(shown.weeks[0]).toMatchObject({ subtotal: 1050, meets_minimum: true });
  });

  test('an add-on code whose dessert has sold out does not apply', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    await t.database.db
      .update(productVariants)
      .set({ quantityAvailable: 0 })
      .where(eq(productVariants.id, Number(variantId(TIRAMISU))));
    try {
      expectError(
        await apply(visitor, id, 'FREE-TIRAMISU'),
        400,
        'VOUCHER_INVALID',
        "This code's free item isn't available at the moment",
      );
    } finally {
      await t.database.db
        .update(productVariants)
        .set({ quantityAvailable: 120 })
        .where(eq(productVariants.id, Number(variantId(TIRAMISU))));
    }
  });

  test('a code used up is refused: "This code has already been used"', async () => {
    await insertVoucher({ code: 'USED-UP', usageLimit: 3, timesRedeemed: 3 });
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    expectError(
      await apply(visitor, id, 'used-up'),
      400,
      'VOUCHER_INVALID',
      'This code has already been used',
    );
  });

  test('a credit code is not a basket code', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    expectError(
      await apply(visitor, id, 'credit-5'),
      400,
      'VOUCHER_INVALID',
      'This code adds store credit: add it to your account under Store credit',
    );
  });

  test('an empty basket has nothing to take a code off', async () => {
    const { visitor, id } = await basketWith([]);
    expectError(
      await apply(visitor, id, 'OOS-20'),
      400,
      'VOUCHER_INVALID',
      'Add something to your basket to use this code',
    );
  });

  test('a new code replaces the old one; a code that does not apply leaves the old one in place', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 3]]);
    expect((await apply(visitor, id, 'OOS-20')).status).toBe(201);
    expectError(await apply(visitor, id, 'SUMMER-10'), 400, 'VOUCHER_INVALID');
    expect((await basket(visitor, id)).voucher_code).toBe('OOS-20');
    expect((await apply(visitor, id, '10EXTRA')).status).toBe(201);
    const listed = await visitor.get(`${API}/baskets/${id}/vouchers`);
    expect(listed.body.data.map((v: any) => v.attributes.code)).toEqual(['10EXTRA']);
    // Applying the same code again is harmless.
    expect((await apply(visitor, id, '10EXTRA')).status).toBe(201);
    expect((await basket(visitor, id)).total_discount).toBe(1000);
  });

  test('once per customer: a customer who used it is refused; a visitor is checked at checkout', async () => {
    const voucher = await insertVoucher({ code: 'ONCE-EACH', oncePerCustomer: true });
    const { customer, visitor } = await signedInCustomer(t);
    const { id } = await basketWith([[BEEF_SHIN, 1]], visitor);
    expect((await apply(visitor, id, 'once-each')).status).toBe(201);
    await t.database.db.insert(voucherRedemptions).values({ voucherId: voucher.id, customerId: customer.id });
    expectError(
      await apply(visitor, id, 'once-each'),
      400,
      'VOUCHER_INVALID',
      'You have already used this code',
    );
    // The voucher already on the basket now shows why it no longer applies.
    const shown = await basket(visitor, id);
    expect(shown).toMatchObject({
      voucher_code: 'ONCE-EACH',
      voucher: { state: { valid: false, message: 'You have already used this code' }, discount: 0 },
      total_discount: 0,
    });
    const stranger = await basketWith([[BEEF_SHIN, 1]]);
    expect((await apply(stranger.visitor, stranger.id, 'once-each')).status).toBe(201);
  });

  test('WELCOME-15 is for new customers: one with a paid order is refused', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const { id } = await basketWith([[BEEF_SHIN, 4]], visitor); // £42.00
    expect((await apply(visitor, id, 'welcome-15')).status).toBe(201);
    await t.database.db
      .insert(checkouts)
      .values({ customerId: customer.id, kind: 'recipe_kit', state: 'paid', total: 4200 });
    expectError(
      await apply(visitor, id, 'welcome-15'),
      400,
      'VOUCHER_INVALID',
      'This code is for new customers only',
    );
  });

  test("another visitor's basket, or no cookie at all: 404, and nothing is applied", async () => {
    const alice = await basketWith([[BEEF_SHIN, 3]]);
    const mallory = await basketWith([[BEEF_SHIN, 1]]);
    expectError(await apply(mallory.visitor, alice.id, 'OOS-20'), 404, 'BASKET_NOT_FOUND', GONE);
    expectError(await apply(t.visitor(), alice.id, 'OOS-20'), 404, 'BASKET_NOT_FOUND', GONE);
    expectError(
      await apply(mallory.visitor, '00000000-0000-4000-8000-000000000000', 'OOS-20'),
      404,
      'BASKET_NOT_FOUND',
      GONE,
    );
    expect((await basket(alice.visitor, alice.id)).voucher).toBeNull();
  });

  test('the body is checked: a code is required, blank is refused, nothing else is accepted', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    expectError(
      await visitor.post(`${API}/baskets/${id}/vouchers`, {}),
      400,
      'VALIDATION_FAILED',
      'code is required',
    );
    expectError(await apply(visitor, id, '   '), 400, 'VALIDATION_FAILED');
    expectError(await apply(visitor, id, 'X'.repeat(65)), 400, 'VALIDATION_FAILED');
    const extra = await visitor.post(`${API}/baskets/${id}/vouchers`, { code: 'OOS-20', discount: 5000 });
    expectError(extra, 400, 'VALIDATION_FAILED', 'discount is not a field this request accepts');
    expectError(await apply(visitor, 'not-an-id', 'OOS-20'), 400, 'VALIDATION_FAILED');
    // Without the branch header a state-changing call is refused.
    const noBranch = await visitor.request('POST', `${API}/baskets/${id}/vouchers`, {
      body: { code: 'OOS-20' },
      branch: false,
    });
    expectError(noBranch, 400, 'BRANCH_HEADER_MISSING');
  });

  test('attempts are limited per browser, so codes cannot be guessed', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    for (let i = 0; i < VOUCHER_LIMITS.perVisitor.max; i++) {
      expectError(await apply(visitor, id, `GUESS-${i}`), 400, 'VOUCHER_INVALID', 'Invalid code');
    }
    const limited = await apply(visitor, id, 'OOS-20');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another browser still can.
    const other = await basketWith([[BEEF_SHIN, 1]]);
    expect((await apply(other.visitor, other.id, 'OOS-20')).status).toBe(201);
  });

  test('attempts are limited per address too, whatever cookies are sent', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    await setRateCount(
      t,
      'voucher:ip:127.0.0.1',
      VOUCHER_LIMITS.perAddress.windowMs,
      VOUCHER_LIMITS.perAddress.max,
    );
    expectError(await apply(visitor, id, 'OOS-20'), 429, 'RATE_LIMITED');
    expectError(await t.visitor().get(`${API}/vouchers/OOS-20`), 429, 'RATE_LIMITED');
  });
});

describe('GET /baskets/{id}/vouchers', () => {
  test('none: an empty list and the reset state', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]);
    const listed = await visitor.get(`${API}/baskets/${id}/vouchers`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ data: [], meta: { state: { valid: false, message: '' } } });
  });

  test('the applied voucher and its state, which follows the basket', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 3]]);
    const applied = await apply(visitor, id, '10EXTRA');
    const listed = await visitor.get(`${API}/baskets/${id}/vouchers`);
    expect(listed.body).toEqual({
      data: [applied.body.data],
      meta: {
        state: { valid: true, message: '10EXTRA applied: £10 off the earliest delivery in your basket' },
      },
    });
    // Dropping below its minimum: the code stays on the basket but no longer applies, and says why.
    const [item] = (await basket(visitor, id)).items;
    expect((await visitor.put(`${API}/baskets/${id}/items/${item.id}`, { quantity: 2 })).status).toBe(200);
    const after = await visitor.get(`${API}/baskets/${id}/vouchers`);
    const state = {
      valid: false,
      message:
        'Add £9.00 more to your delivery for 23 – 28 Nov (the earliest in your basket) to use this code: it needs a spend of £30',
    };
    expect(after.body.meta.state).toEqual(state);
    expect(after.body.data[0].attributes).toMatchObject({ code: '10EXTRA', state, discount: 0 });
    expect(await basket(visitor, id)).toMatchObject({ voucher_code: '10EXTRA', total_discount: 0 });
  });

  test("another visitor's basket: 404", async () => {
    const alice = await basketWith([[BEEF_SHIN, 3]]);
    await apply(alice.visitor, alice.id, 'OOS-20');
    const mallory = await basketWith([]);
    expectError(
      await mallory.visitor.get(`${API}/baskets/${alice.id}/vouchers`),
      404,
      'BASKET_NOT_FOUND',
      GONE,
    );
    expectError(await t.visitor().get(`${API}/baskets/${alice.id}/vouchers`), 404, 'BASKET_NOT_FOUND', GONE);
  });
});

describe('DELETE /baskets/{id}/vouchers/{voucherId}', () => {
  test('removes the code: the discount goes, the free line goes, the state resets', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 3]]);
    const applied = await apply(visitor, id, 'FREE-TIRAMISU');
    const voucherId = applied.body.data.id;
    expect((await basket(visitor, id)).items).toHaveLength(2);
    const removed = await visitor.delete(`${API}/baskets/${id}/vouchers/${voucherId}`);
    expect(removed.status).toBe(204);
    const listed = await visitor.get(`${API}/baskets/${id}/vouchers`);
    expect(listed.body).toEqual({ data: [], meta: { state: { valid: false, message: '' } } });
    const shown = await basket(visitor, id);
    expect(shown).toMatchObject({
      voucher_code: null,
      voucher: null,
      total_discount: 0,
      total_line_items_price: 3150,
    });
    expect(shown.items).toHaveLength(1);
    expect(shown.items[0]).toMatchObject({ discount: 0, total: 3150, is_addon: false });
    // Gone already: 404.
    expectError(
      await visitor.delete(`${API}/baskets/${id}/vouchers/${voucherId}`),
      404,
      'VOUCHER_NOT_FOUND',
      'That code is not on your basket',
    );
  });

  test('another visitor cannot remove it; ids are checked', async () => {
    const alice = await basketWith([[BEEF_SHIN, 3]]);
    const voucherId = (await apply(alice.visitor, alice.id, 'OOS-20')).body.data.id;
    const mallory = await basketWith([]);
    expectError(
      await mallory.visitor.delete(`${API}/baskets/${alice.id}/vouchers/${voucherId}`),
      404,
      'BASKET_NOT_FOUND',
      GONE,
    );
    // The code is not on Mallory's basket either.
    expectError(
      await mallory.visitor.delete(`${API}/baskets/${mallory.id}/vouchers/${voucherId}`),
      404,
      'VOUCHER_NOT_FOUND',
    );
    expect((await basket(alice.visitor, alice.id)).voucher_code).toBe('OOS-20');
    expectError(
      await alice.visitor.delete(`${API}/baskets/${alice.id}/vouchers/OOS-20`),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('GET /vouchers/{id}', () => {
  test('by code (any case) or by id: the public terms, never the usage counts', async () => {
    const byCode = await t.visitor().get(`${API}/vouchers/oos-20`);
    expect(byCode.status).toBe(200);
    expect(byCode.body).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'vouchers',
        attributes: {
          code: 'OOS-20',
          type: 'DiscountVoucher',
          value_type: 'percentage',
          value: 20,
          description: '20% off every box',
          start_date: null,
          end_date: null,
          single_order: false,
          minimum_spend_per_order: null,
          product_variant_ids: [],
          addon_variant_id: null,
        },
      },
    });
    const byId = await t.visitor().get(`${API}/vouchers/${byCode.body.data.id}`);
    expect(byId.body).toEqual(byCode.body);
    const sides = await t.visitor().get(`${API}/vouchers/SIDES-25`);
    expect(sides.body.data.attributes.product_variant_ids).toContain(variantId(FOCACCIA));
    const credit = await t.visitor().get(`${API}/vouchers/credit-5`);
    expect(credit.body.data.attributes).toMatchObject({ type: 'CreditVoucher', value: 500 });
  });

  test('an unknown code or id is 404 "Invalid code"', async () => {
    expectError(await t.visitor().get(`${API}/vouchers/NOPE`), 404, 'VOUCHER_NOT_FOUND', 'Invalid code');
    expectError(
      await t.visitor().get(`${API}/vouchers/00000000-0000-4000-8000-000000000000`),
      404,
      'VOUCHER_NOT_FOUND',
      'Invalid code',
    );
  });
});

describe('the basket with a voucher', () => {
  test('the per-delivery minimum compares the spend before a basket-wide discount', async () => {
    await insertVoucher({ code: 'FIVER-EACH', value: 500 });
    const { visitor, id } = await basketWith([[BEEF_SHIN, 1]]); // £10.50, £5.50 after the discount
    expect((await apply(visitor, id, 'FIVER-EACH')).status).toBe(201);
    const shown = await basket(visitor, id);
    expect(shown.weeks[0]).toMatchObject({
      subtotal: 550,
      discount: 500,
      meets_minimum: true,
      minimum_remainder: 0,
    });
    const validated = await visitor.get(`${API}/baskets/${id}/validate`);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  });

  test('the list of baskets shows each one with its voucher', async () => {
    const { visitor, id } = await basketWith([[BEEF_SHIN, 3]]);
    await apply(visitor, id, '10EXTRA');
    const listed = await visitor.get(`${API}/baskets`);
    expect(listed.body.data[0].attributes).toMatchObject({ voucher_code: '10EXTRA', total_discount: 1000 });
    expect(listed.body.included[0].attributes.discount).toBe(1000);
  });
});

describe('the demo codes’ words', () => {
  test('seeding again brings a code’s description up to date and keeps its redemptions', async () => {
    await t.database.db
      .update(vouchers)
      .set({ description: '£10 off your first box when you spend £30 or more', timesRedeemed: 3 })
      .where(eq(vouchers.code, '10EXTRA'));
    await seedVouchers(t.database.db, t.clock.now());
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.code, '10EXTRA'));
    expect(row).toMatchObject({
      description: '£10 off the earliest delivery in your basket, when its dishes come to £30 or more',
      timesRedeemed: 3,
    });
    await t.database.db.update(vouchers).set({ timesRedeemed: 0 }).where(eq(vouchers.code, '10EXTRA'));
  });
});
