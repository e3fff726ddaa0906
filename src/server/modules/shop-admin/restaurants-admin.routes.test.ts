import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { restaurants } from '../../db/schema/restaurants';
import { staffAudit } from '../../db/schema/staff';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';

// The restaurants in the back office (issue 25 part 3): owners and managers only; hours, radius, fees,
// minimums, slot capacity and tables within range (refused naming the field, nothing written); audited with
// before and after; the public GET /restaurants/{id} shows the change at once.

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

/** Soho as the back office shows it, ready to send back (without what is not changed here). */
async function soho(): Promise<Record<string, any>> {
  const list = await owner.visitor.get(`${API}/back_office/restaurants`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const {
    name: _name,
    site: _site,
    ...body
  } = list.body.data.find((r: { id: string }) => r.id === 'soho').attributes;
  return body;
}
const sohoRow = async () =>
  (await t.database.db.select().from(restaurants).where(eq(restaurants.id, 'soho')))[0]!;

describe('who may call what', () => {
  test('GET /back_office/restaurants and PUT /back_office/restaurants/{id}: owner and manager only', async () => {
    const body = await soho();
    for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
      const allowed = ['owner', 'manager'].includes(role);
      const expected = allowed ? 200 : role === 'visitor' ? 401 : 403;
      expect((await visitor.get(`${API}/back_office/restaurants`)).status, role).toBe(expected);
      const before = await sohoRow();
      const put = await visitor.put(`${API}/back_office/restaurants/soho`, { ...body, slot_capacity: 7 });
      expect(put.status, role).toBe(expected);
      if (!allowed) expect(await sohoRow(), role).toEqual(before);
    }
  });
});

describe('restaurants', () => {
  test('a change shows on GET /restaurants/{id} at once, audited with before and after', async () => {
    const before = await soho();
    const hours = Array.from({ length: 7 }, (_, day) =>
      day === 1
        ? []
        : [
            { opens: '11:30', closes: '15:00' },
            { opens: '17:30', closes: '22:30' },
          ],
    );
    const changed = await owner.visitor.put(`${API}/back_office/restaurants/soho`, {
      ...before,
      opening_hours: hours,
      delivery_radius_miles: 3.5,
      delivery_fee: 349,
      free_delivery_from: 3000,
      minimum_spend: 1200,
      slot_capacity: 9,
      table_count: 14,
      table_number_prompt: 'Your table’s number is on its corner',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const shown = (await t.visitor().get(`${API}/restaurants/soho`)).body.data.attributes;
    expect(shown).toMatchObject({
      delivery_radius_miles: 3.5,
      delivery_fee: 349,
      free_delivery_from: 3000,
      minimum_spend: 1200,
      table_count: 14,
      table_number_prompt: 'Your table’s number is on its corner',
    });
    const monday = shown.opening_hours.find((d: { weekday: number }) => d.weekday === 1);
    const tuesday = shown.opening_hours.find((d: { weekday: number }) => d.weekday === 2);
    expect(monday.windows).toEqual([]);
    expect(tuesday.windows).toEqual([
      { opens: '11:30', closes: '15:00' },
      { opens: '17:30', closes: '22:30' },
    ]);
    expect((await sohoRow()).slotCapacity).toBe(9);

    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.subjectType, 'restaurant'), eq(staffAudit.subjectId, 'soho')))
      .orderBy(staffAudit.id);
    const entry = audit.at(-1)!;
    expect(entry.action).toBe('restaurant.update');
    expect(entry.actorEmail).toBe(owner.email);
    expect(entry.before).toMatchObject({
      deliveryFee: before.delivery_fee,
      slotCapacity: before.slot_capacity,
    });
    expect(entry.after).toMatchObject({ deliveryFee: 349, slotCapacity: 9 });
  });

  test('out of range is refused naming the field, and nothing is written', async () => {
    const body = await soho();
    const cases: [Record<string, unknown>, string][] = [
      [{ opening_hours: body.opening_hours.slice(1) }, 'opening_hours'],
      [
        { opening_hours: body.opening_hours.map(() => [{ opens: '12:10', closes: '15:00' }]) },
        'opening_hours',
      ],
      [
        { opening_hours: body.opening_hours.map(() => [{ opens: '15:00', closes: '12:00' }]) },
        'opening_hours',
      ],
      [{ delivery_radius_miles: 0 }, 'delivery_radius_miles'],
      [{ delivery_radius_miles: 51 }, 'delivery_radius_miles'],
      [{ delivery_fee: -1 }, 'delivery_fee'],
      [{ minimum_spend: -100 }, 'minimum_spend'],
      [{ slot_capacity: 0 }, 'slot_capacity'],
      [{ table_count: -1 }, 'table_count'],
      [{ free_delivery_from: -5 }, 'free_delivery_from'],
      [{ offers_delivery: false, offers_pickup: false, offers_eat_in: false }, 'offers_delivery'],
    ];
    for (const [overrides, field] of cases) {
      const before = await sohoRow();
      const response = await owner.visitor.put(`${API}/back_office/restaurants/soho`, {
        ...body,
        ...overrides,
      });
      const errors = expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        errors.map((e) => e.source?.pointer),
        JSON.stringify(errors),
      ).toEqual([`/${field}`]);
      expect(await sohoRow()).toEqual(before);
    }
    expectError(
      await owner.visitor.put(`${API}/back_office/restaurants/nowhere`, body),
      404,
      'RESTAURANT_NOT_FOUND',
    );
  });
});
