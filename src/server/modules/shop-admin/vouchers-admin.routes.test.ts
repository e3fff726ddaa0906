import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { staffAudit } from '../../db/schema/staff';
import { vouchers } from '../../db/schema/vouchers';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError, variantGid, variantId } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';
import { WEEKS } from '../../test/test-clock';

// The back office's voucher codes (issue 25 part 3): who may call what, every kind of code made and changed,
// bad input refused naming its field and changing nothing, a code already taken (409), each change audited
// with before and after, and a new code taken by a customer's basket at once. The shop's clock is
// Wednesday 18 November 2026 (London).

let t: TestApp;
let owner: SignedInStaff;
let manager: SignedInStaff;
let browsers: Record<RoleName, Visitor>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner', 'Olive');
  manager = await signedInStaff(t, 'manager', 'Marco');
  browsers = await browsersByRole(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const BEEF_SHIN = 1; // £10.50 a portion, next week
const TIRAMISU = 42;
let n = 0;
const newCode = () => `BO${++n}${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

function voucher(overrides: Record<string, unknown> = {}) {
  return {
    code: newCode(),
    type: 'DiscountVoucher',
    value_type: 'percentage',
    value: 20,
    description: 'Twenty per cent off',
    start_date: '2026-11-01',
    end_date: '2026-12-31',
    single_order: false,
    minimum_spend_per_order: null,
    product_variant_ids: [],
    addon_variant_id: null,
    usage_limit: null,
    once_per_customer: false,
    new_customers_only: false,
    ...overrides,
  };
}

const auditOf = (subjectId: string) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.subjectType, 'voucher'), eq(staffAudit.subjectId, subjectId)))
    .orderBy(staffAudit.id);
const voucherCount = async () => (await t.database.db.select({ id: vouchers.id }).from(vouchers)).length;

describe('who may call what', () => {
  let id: string;
  beforeAll(async () => {
    id = (await owner.visitor.post(`${API}/back_office/vouchers`, voucher())).body.data.id;
  });
  const CALLS: { call: string; send: (v: Visitor) => Promise<{ status: number }> }[] = [
    { call: 'GET /back_office/vouchers', send: (v) => v.get(`${API}/back_office/vouchers`) },
    { call: 'GET /back_office/vouchers/{id}', send: (v) => v.get(`${API}/back_office/vouchers/${id}`) },
    { call: 'POST /back_office/vouchers', send: (v) => v.post(`${API}/back_office/vouchers`, voucher()) },
    {
      call: 'PUT /back_office/vouchers/{id}',
      send: async (v) => {
        const current = await owner.visitor.get(`${API}/back_office/vouchers/${id}`);
        return v.put(
          `${API}/back_office/vouchers/${id}`,
          voucher({ code: current.body.data.attributes.code }),
        );
      },
    },
    {
      call: 'POST /back_office/vouchers/{id}/deactivate',
      send: (v) => v.post(`${API}/back_office/vouchers/${id}/deactivate`),
    },
  ];
  for (const { call, send } of CALLS) {
    test(`${call}: owner and manager only`, async () => {
      for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
        const before = await voucherCount();
        const response = await send(visitor);
        const allowed = ['owner', 'manager'].includes(role);
        const expected = allowed ? [200, 201] : role === 'visitor' ? [401] : [403];
        expect(expected, `${role}: ${JSON.stringify((response as { body?: unknown }).body)}`).toContain(
          response.status,
        );
        if (!allowed) expect(await voucherCount(), role).toBe(before);
      }
    });
  }
});

describe('voucher codes', () => {
  test('a new code works in a customer’s basket at once; the change is audited', async () => {
    const code = newCode();
    const created = await manager.visitor.post(
      `${API}/back_office/vouchers`,
      voucher({ code: code.toLowerCase(), type: 'DiscountVoucher', value_type: 'fixed_amount', value: 500 }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      code,
      value_type: 'fixed_amount',
      value: 500,
      times_redeemed: 0,
      active: true,
      end_date: '2026-12-31',
    });

    const customer = t.visitor();
    const basket = await customer.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    const basketId = basket.body.data.id;
    const added = await customer.post(`${API}/baskets/${basketId}/items`, {
      product_variant_id: variantGid(BEEF_SHIN),
      quantity: 2,
      meal_week: WEEKS.next,
    });
    expect(added.status).toBe(201);
    const applied = await customer.post(`${API}/baskets/${basketId}/vouchers`, { code: code.toLowerCase() });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body.data.attributes).toMatchObject({ code, discount: 500, state: { valid: true } });

    const audit = await auditOf(created.body.data.id);
    expect(audit.map((entry) => entry.action)).toEqual(['voucher.create']);
    expect(audit[0]!.actorEmail).toBe(manager.email);
    expect(audit[0]!.before).toBeNull();
    expect(audit[0]!.after).toMatchObject({ code, value: 500 });

    const listed = await owner.visitor.get(
      `${API}/back_office/vouchers?search=${code.slice(0, 6).toLowerCase()}`,
    );
    expect(listed.body.data.map((v: { id: string }) => v.id)).toContain(created.body.data.id);
  });

  test('every kind: a free dish and store credit (credit becomes credit on an account)', async () => {
    const addon = await owner.visitor.post(
      `${API}/back_office/vouchers`,
      voucher({ type: 'AddonVoucher', value: 0, addon_variant_id: variantId(TIRAMISU), single_order: true }),
    );
    expect(addon.status, JSON.stringify(addon.body)).toBe(201);
    expect(addon.body.data.attributes).toMatchObject({
      type: 'AddonVoucher',
      value_type: 'fixed_amount',
      addon_variant_id: variantId(TIRAMISU),
    });
    const credit = await owner.visitor.post(
      `${API}/back_office/vouchers`,
      voucher({ type: 'CreditVoucher', value_type: 'fixed_amount', value: 1500, usage_limit: 1 }),
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.data.attributes).toMatchObject({ type: 'CreditVoucher', value: 1500, usage_limit: 1 });
  });

  test('bad input is refused naming its field, and nothing is written', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ end_date: null }, 'end_date', /end date/],
      [{ value_type: 'percentage', value: 101 }, 'value', /from 1 to 100/],
      [{ value_type: 'percentage', value: 0 }, 'value', /from 1 to 100/],
      [{ value_type: 'fixed_amount', value: -1 }, 'value', /below £0\.00/],
      [{ start_date: '2026-12-01', end_date: '2026-11-30' }, 'end_date', /before the start/],
      [{ code: 'a b' }, 'code', /letters, digits/],
      [{ type: 'AddonVoucher', addon_variant_id: null }, 'addon_variant_id', /free-item/],
      [{ type: 'AddonVoucher', addon_variant_id: '999999' }, 'addon_variant_id', /doesn’t exist/],
      [{ type: 'CreditVoucher', value_type: 'percentage', value: 10 }, 'value_type', /credit/],
      [{ usage_limit: 0 }, 'usage_limit', /at least 1/],
      [{ minimum_spend_per_order: -100 }, 'minimum_spend_per_order', /below £0\.00/],
    ];
    for (const [overrides, field, message] of cases) {
      const before = await voucherCount();
      const response = await owner.visitor.post(`${API}/back_office/vouchers`, voucher(overrides));
      const errors = expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        errors.some((e) => e.source?.pointer?.endsWith(field) && message.test(e.detail)),
        JSON.stringify(errors),
      ).toBe(true);
      expect(await voucherCount(), JSON.stringify(overrides)).toBe(before);
    }
    const unknownField = await owner.visitor.post(`${API}/back_office/vouchers`, {
      ...voucher(),
      active: true,
    });
    expectError(unknownField, 400, 'VALIDATION_FAILED');
  });

  test('a code already used is refused (409), on a new voucher and on a change', async () => {
    const first = await owner.visitor.post(`${API}/back_office/vouchers`, voucher());
    const second = await owner.visitor.post(`${API}/back_office/vouchers`, voucher());
    const before = await voucherCount();
    const taken = await owner.visitor.post(
      `${API}/back_office/vouchers`,
      voucher({ code: first.body.data.attributes.code.toLowerCase() }),
    );
    expectError(taken, 409, 'CONFLICT', /already used/);
    expect(await voucherCount()).toBe(before);
    // The demo's code too.
    expectError(
      await owner.visitor.post(`${API}/back_office/vouchers`, voucher({ code: '10EXTRA' })),
      409,
      'CONFLICT',
    );
    const changed = await owner.visitor.put(
      `${API}/back_office/vouchers/${second.body.data.id}`,
      voucher({ code: first.body.data.attributes.code }),
    );
    expectError(changed, 409, 'CONFLICT');
    const still = await owner.visitor.get(`${API}/back_office/vouchers/${second.body.data.id}`);
    expect(still.body.data.attributes.code).toBe(second.body.data.attributes.code);
    expect((await auditOf(second.body.data.id)).map((e) => e.action)).toEqual(['voucher.create']);
  });

  test('two people making the same code at once: one is made, the other is told it is taken', async () => {
    const code = newCode();
    const answers = await Promise.all([
      owner.visitor.post(`${API}/back_office/vouchers`, voucher({ code })),
      manager.visitor.post(`${API}/back_office/vouchers`, voucher({ code })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expectError(
      answers.find((a) => a.status === 409)!,
      409,
      'CONFLICT',
      /already used/,
    );
  });

  test('changed, then deactivated: each audited with before and after; a basket refuses it after', async () => {
    const created = await owner.visitor.post(`${API}/back_office/vouchers`, voucher());
    const id = created.body.data.id;
    const code = created.body.data.attributes.code;
    const changed = await manager.visitor.put(
      `${API}/back_office/vouchers/${id}`,
      voucher({ code, value: 30, description: 'Thirty per cent off' }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      value: 30,
      description: 'Thirty per cent off',
      active: true,
    });

    const stopped = await manager.visitor.post(`${API}/back_office/vouchers/${id}/deactivate`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.attributes).toMatchObject({ end_date: '2026-11-17', active: false });

    const audit = await auditOf(id);
    expect(audit.map((e) => e.action)).toEqual(['voucher.create', 'voucher.update', 'voucher.deactivate']);
    expect(audit[1]!.before).toMatchObject({ value: 20 });
    expect(audit[1]!.after).toMatchObject({ value: 30 });
    expect(audit[2]!.before).toMatchObject({ endDate: '2026-12-31', active: true });
    expect(audit[2]!.after).toMatchObject({ endDate: '2026-11-17', active: false });

    const customer = t.visitor();
    const basket = await customer.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    await customer.post(`${API}/baskets/${basket.body.data.id}/items`, {
      product_variant_id: variantGid(BEEF_SHIN),
      quantity: 1,
      meal_week: WEEKS.next,
    });
    const refused = await customer.post(`${API}/baskets/${basket.body.data.id}/vouchers`, { code });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/expired on 17 Nov 2026/);
  });

  test('a voucher that does not exist, or a personal code: 404', async () => {
    expectError(await owner.visitor.get(`${API}/back_office/vouchers/not-a-voucher`), 404, 'NOT_FOUND');
    expectError(
      await owner.visitor.put(`${API}/back_office/vouchers/00000000-0000-4000-8000-000000000000`, voucher()),
      404,
      'NOT_FOUND',
    );
  });
});
