import { expect } from 'vitest';
import { API } from './api-expect';
import type { TestApp } from './harness';
import { basketOf, CARDS, DISH, place, saveCard, shopper, type Shopper } from './checkout';
import { WEEKS } from './test-clock';

// A customer with a Pasta Plan, bought through the checkout as a browser does (issue 12 tests): a box for
// next week (two dishes, paid by card), which starts the plan and writes its weeks ahead.

export interface PlanCustomer extends Shopper {
  subscriptionId: string;
  cardId: string;
  /** The first box, paid at checkout. */
  firstOrderId: string;
}

export async function planCustomer(
  t: TestApp,
  { card = CARDS.visa, frequency = 1 }: { card?: string; frequency?: number } = {},
): Promise<PlanCustomer> {
  const s = await shopper(t);
  const basketId = await basketOf(s.visitor, [
    [DISH.beefShin, 1],
    [DISH.cacioEPepe, 1],
  ]);
  const { orderId } = await place(s, basketId, { subscription: { frequency, number_of_recipes: 2 } });
  const cardId = await saveCard(t, s, card);
  const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: cardId });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  expect(paid.body.data.attributes.status).toBe('succeeded');
  const plans = await s.visitor.get(`${API}/subscriptions`);
  expect(plans.status, JSON.stringify(plans.body)).toBe(200);
  const plan = plans.body.data.at(-1);
  expect(plan.attributes.state).toBe('active');
  return { ...s, subscriptionId: plan.id, cardId, firstOrderId: orderId };
}

/** The plan's weeks as the API lists them. */
export async function weeksOf(c: PlanCustomer, period: 'future' | 'all' = 'future') {
  const response = await c.visitor.get(
    `${API}/schedule_weeks?filter[subscription_id]=${c.subscriptionId}&filter[period]=${period}`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { id: string; attributes: Record<string, any> }[];
}

export { WEEKS };
