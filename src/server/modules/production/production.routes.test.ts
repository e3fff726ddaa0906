import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { basketOf, CARDS, DISH, FIRST_DELIVERY, place, saveCard, shopper } from '../../test/checkout';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, type RoleName } from '../../test/staff';

// The kitchen's production plan (issue 25 part 5) through the API: a delivery day's paid boxes counted by dish
// and portion, by courier route, with allergen and dietary totals, as JSON and CSV; an unpaid box is not made;
// owners, managers and the kitchen only. The shop's clock is Wed 18 November 2026, 10:00; the boxes come on
// Wednesday 25th.

let t: TestApp;
let browsers: Record<RoleName, Visitor>;

beforeAll(async () => {
  t = await createTestApp();
  browsers = await browsersByRole(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

async function paidBox(lines: [number, number][]) {
  const s = await shopper(t);
  const card = await saveCard(t, s, CARDS.visa);
  const { orderId } = await place(s, await basketOf(s.visitor, lines));
  const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return orderId;
}

const planOf = (visitor: Visitor, date = FIRST_DELIVERY) =>
  visitor.get(`${API}/back_office/production?date=${date}`);

describe('the production plan', () => {
  test('counts the day’s paid boxes: each added box adds its dishes, its route and its allergens', async () => {
    const before = (await planOf(browsers.manager)).body.data.attributes;
    await paidBox([
      [DISH.beefShin, 2],
      [DISH.pumpkin, 1],
    ]);
    await paidBox([[DISH.pumpkin, 3]]);
    // Placed and never paid: not made.
    const unpaid = await shopper(t);
    await place(unpaid, await basketOf(unpaid.visitor, [[DISH.pumpkin, 5]]));

    const plan = await planOf(browsers.kitchen);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const after = plan.body.data.attributes;
    expect(after.date).toBe(FIRST_DELIVERY);
    expect(after.date_label).toBe('Wednesday 25 November');
    expect(after.boxes - before.boxes).toBe(2);
    const quantityOf = (attributes: typeof after, title: RegExp) =>
      attributes.dishes
        .filter((dish: { title: string }) => title.test(dish.title))
        .reduce((sum: number, dish: { quantity: number }) => sum + dish.quantity, 0);
    expect(quantityOf(after, /pumpkin/i) - quantityOf(before, /pumpkin/i)).toBe(4);
    expect(quantityOf(after, /beef/i) - quantityOf(before, /beef/i)).toBe(2);
    const sw = (attributes: typeof after) =>
      attributes.routes.find((route: { route: string }) => route.route === 'SW')?.boxes ?? 0;
    expect(sw(after) - sw(before)).toBe(2);
    const portionsOf = (list: { name: string; portions: number }[], name: string) =>
      list.find((entry) => entry.name === name)?.portions ?? 0;
    expect(portionsOf(after.allergens, 'Milk')).toBeGreaterThan(portionsOf(before.allergens, 'Milk'));
    expect(after.portions).toBe(
      after.dishes.reduce((sum: number, dish: { quantity: number }) => sum + dish.quantity, 0),
    );

    const csv = await browsers.owner.get(`${API}/back_office/production.csv?date=${FIRST_DELIVERY}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="production-${FIRST_DELIVERY}.csv"`,
    );
    const rows = String(csv.body).trim().split('\n');
    expect(rows[0]).toBe('section,name,portion,sku,quantity');
    expect(rows).toContain(`total,boxes for ${FIRST_DELIVERY},,,${after.boxes}`);

    const days = await browsers.owner.get(`${API}/back_office/production/days`);
    expect(days.body.data).toContainEqual({
      id: FIRST_DELIVERY,
      type: 'production_days',
      attributes: { date_label: 'Wednesday 25 November', boxes: after.boxes },
    });
  });

  test('a day with nothing to make is an empty plan; a date that is not one is refused', async () => {
    const plan = await planOf(browsers.owner, '2027-03-03');
    expect(plan.body.data.attributes).toMatchObject({ boxes: 0, portions: 0, dishes: [], routes: [] });
    expectError(await planOf(browsers.owner, '2026-02-30'), 400, 'VALIDATION_FAILED');
    expectError(await browsers.owner.get(`${API}/back_office/production`), 400, 'VALIDATION_FAILED');
    expectError(
      await browsers.owner.get(`${API}/back_office/production?date=${FIRST_DELIVERY}&extra=1`),
      400,
      'VALIDATION_FAILED',
    );
  });

  test('owners, managers and the kitchen only', async () => {
    for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
      const allowed = ['owner', 'manager', 'kitchen'].includes(role);
      for (const path of [
        `/back_office/production?date=${FIRST_DELIVERY}`,
        `/back_office/production.csv?date=${FIRST_DELIVERY}`,
        '/back_office/production/days',
      ]) {
        const response = await visitor.get(`${API}${path}`);
        expect(response.status, `${role} ${path}`).toBe(allowed ? 200 : role === 'visitor' ? 401 : 403);
      }
    }
  });
});
