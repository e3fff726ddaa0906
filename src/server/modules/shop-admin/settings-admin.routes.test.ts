import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { settings } from '../../db/schema/shop';
import { staffAudit } from '../../db/schema/staff';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';

// The shop's settings in the back office (issue 25 part 3): owners and managers only, each within its range
// (refused naming the field, nothing written), audited with what changed, and GET /settings serving the new
// values at once (the rules' cache forgets them).

let t: TestApp;
let owner: SignedInStaff;
let browsers: Record<RoleName, Visitor>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner', 'Olive');
  browsers = await browsersByRole(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

async function current(visitor = owner.visitor) {
  const response = await visitor.get(`${API}/back_office/settings`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.attributes as Record<string, number>;
}
const settingsRows = () => t.database.db.select().from(settings).orderBy(settings.key);
const publicSettings = async () => (await t.visitor().get(`${API}/settings`)).body.data.attributes;

describe('who may call what', () => {
  test('GET and PUT /back_office/settings: owner and manager only; the others change nothing', async () => {
    const body = await current();
    for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
      const allowed = ['owner', 'manager'].includes(role);
      const expected = allowed ? 200 : role === 'visitor' ? 401 : 403;
      expect((await visitor.get(`${API}/back_office/settings`)).status, role).toBe(expected);
      const before = await settingsRows();
      const put = await visitor.put(`${API}/back_office/settings`, { ...body, one_off_fee: 123 });
      expect(put.status, role).toBe(expected);
      if (!allowed) expect(await settingsRows(), role).toEqual(before);
    }
  });
});

describe('settings', () => {
  test('a change is served by GET /settings at once, and audited with what changed', async () => {
    const before = await current();
    const served = await publicSettings(); // the rules are cached now
    expect(served.one_off_fee).toBe(before.one_off_fee);
    const changed = await owner.visitor.put(`${API}/back_office/settings`, {
      ...before,
      one_off_fee: 450,
      late_delivery_credit: 750,
      minimum_spend: 2500,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      one_off_fee: 450,
      late_delivery_credit: 750,
      minimum_spend: 2500,
    });
    const after = await publicSettings();
    expect(after.one_off_fee).toBe(450);
    expect(after.minimum_spend).toBe(2500);
    expect(after.late_delivery_credit.amount).toBe(750);
    expect(after.late_delivery_credit.rule).toMatch(/£7\.50 of store credit/);

    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.subjectType, 'settings'), eq(staffAudit.action, 'settings.update')))
      .orderBy(staffAudit.id);
    const entry = audit.at(-1)!;
    expect(entry.actorEmail).toBe(owner.email);
    expect(entry.before).toEqual({
      oneOffFee: before.one_off_fee,
      lateDeliveryCredit: before.late_delivery_credit,
      minimumSpend: before.minimum_spend,
    });
    expect(entry.after).toEqual({ oneOffFee: 450, lateDeliveryCredit: 750, minimumSpend: 2500 });
  });

  test('out of range is refused naming the field, and nothing is written', async () => {
    const body = await current();
    const cases: [Record<string, number>, string][] = [
      [{ one_off_fee: -1 }, 'one_off_fee'],
      [{ one_off_fee: 100_001 }, 'one_off_fee'],
      [{ late_delivery_credit: -5 }, 'late_delivery_credit'],
      [{ minimum_card_charge: 29 }, 'minimum_card_charge'],
      [{ takeaway_accept_minutes: 0 }, 'takeaway_accept_minutes'],
      [{ tab_max_hours: 49 }, 'tab_max_hours'],
      [{ tab_auto_close_hours: 10, tab_max_hours: 8 }, 'tab_auto_close_hours'],
      [{ event_booking_closes_hours: 73 }, 'event_booking_closes_hours'],
    ];
    for (const [overrides, field] of cases) {
      const before = await settingsRows();
      const response = await owner.visitor.put(`${API}/back_office/settings`, { ...body, ...overrides });
      const errors = expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        errors.map((e) => e.source?.pointer),
        JSON.stringify(errors),
      ).toEqual([`/${field}`]);
      expect(await settingsRows()).toEqual(before);
    }
    const missing: Record<string, number> = { ...body };
    delete missing.one_off_fee;
    expectError(await owner.visitor.put(`${API}/back_office/settings`, missing), 400, 'VALIDATION_FAILED');
  });
});
