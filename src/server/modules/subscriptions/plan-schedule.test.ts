import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { API } from '../../test/api-expect';
import { clearRateLimits } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { planCustomer, weeksOf, WEEKS } from '../../test/plans';

// A new delivery day for the plan (PUT /subscriptions/{id}/schedule) moves the boxes still to be charged,
// and never a week paid at checkout: that week's order and the week the schedule shows keep the day the
// customer paid for ("boxes already charged keep the day they were booked for", the receipt says).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

test('a schedule change moves the plan’s open boxes, not the week paid at checkout', async () => {
  const c = await planCustomer(t);
  const before = await weeksOf(c);
  const paid = before.find((w) => w.attributes.start_date === WEEKS.next)!;
  const planned = before.find((w) => w.attributes.start_date === WEEKS.later)!;
  expect(paid.attributes.order_id).toBe(c.firstOrderId);
  const paidDay = paid.attributes.delivery_date as string;
  const order = await c.visitor.get(`${API}/orders/${c.firstOrderId}`);
  expect(order.body.data.attributes.delivery_date).toBe(paidDay);

  // Every weekday but the one the plan has now.
  const plan = await c.visitor.get(`${API}/subscriptions/${c.subscriptionId}`);
  const day = plan.body.data.attributes.delivery_day === 4 ? 5 : 4;
  const changed = await c.visitor.put(`${API}/subscriptions/${c.subscriptionId}/schedule`, {
    delivery_day: day,
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);

  const after = await weeksOf(c);
  const paidAfter = after.find((w) => w.attributes.start_date === WEEKS.next)!;
  expect(paidAfter.attributes.delivery_date).toBe(paidDay);
  const orderAfter = await c.visitor.get(`${API}/orders/${c.firstOrderId}`);
  expect(orderAfter.body.data.attributes.delivery_date).toBe(paidDay);

  // The planned box moved to the new weekday, its order with it.
  const plannedAfter = after.find((w) => w.attributes.id === planned.id || w.id === planned.id)!;
  const moved = plannedAfter.attributes.delivery_date as string;
  expect(new Date(`${moved}T12:00:00Z`).getUTCDay()).toBe(day);
  const box = await c.visitor.get(`${API}/orders/${plannedAfter.attributes.order_id}`);
  expect(box.body.data.attributes.delivery_date).toBe(moved);
});
