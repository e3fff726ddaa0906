import { expect } from 'vitest';
import { API } from './api-expect';
import type { TestApp } from './harness';
import { planCustomer, type PlanCustomer } from './plans';

// Helpers for the ratings API tests (issue 23): a Pasta Plan's first box, delivered now by the embedded
// warehouse (fulfilment's development step), and its first dish's line.

export async function deliveredBox(t: TestApp): Promise<PlanCustomer & { lineItemId: string }> {
  const c = await planCustomer(t);
  expect(await t.app.services.fulfilment.deliverNowForDevelopment(c.firstOrderId)).toBe('delivered');
  const order = await c.visitor.get(`${API}/orders/${c.firstOrderId}`);
  const line = order.body.included.find((r: { type: string }) => r.type === 'line_items');
  return { ...c, lineItemId: line.id as string };
}
