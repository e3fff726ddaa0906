import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema/email';
import { shipments } from '../../db/schema/fulfilment';
import { orders } from '../../db/schema/orders';
import { scheduleWeeks } from '../../db/schema/subscriptions';
import { stateChanges } from '../../db/schema/state-changes';
import { API } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { planCustomer, type PlanCustomer } from '../../test/plans';

// Fulfilment (issue 12 part 2): paid boxes handed to the embedded warehouse at their dispatch deadline and
// moved on with their parcels on the shop's clock, each step recorded, the spec's labels on the way.

let t: TestApp;
let c: PlanCustomer;
let box: string;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  c = await planCustomer(t);
  // The week of 30 November is billed at its cutoff; its box comes on Wednesday 2 December.
  t.clock.set(at('2026-11-27T12:00:00Z'));
  await t.app.services.planBilling.billDue();
  const [week] = await t.database.db
    .select()
    .from(scheduleWeeks)
    .where(
      and(eq(scheduleWeeks.subscriptionId, c.subscriptionId), eq(scheduleWeeks.startDate, '2026-11-30')),
    );
  box = week!.orderId!;
});
afterAll(() => t.close());

async function progressAt(iso: string) {
  t.clock.set(at(iso));
  return t.app.services.fulfilment.progress();
}

async function order(id: string) {
  const response = await c.visitor.get(`${API}/orders/${id}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.attributes as { state: string; state_label: string };
}

const moves = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(stateChanges)
      .where(eq(stateChanges.subjectId, id))
      .orderBy(asc(stateChanges.at))
  ).map((m) => [m.fromState, m.toState, m.actor]);

const emails = (template: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, c.email), sql`${outbox.template} = ${template}`));

describe('fulfilment', () => {
  test('a paid box that missed its days catches up step by step after downtime, with one email', async () => {
    // The first box (paid at checkout, Wednesday 25 November) was never moved: the shop was "down".
    expect((await order(c.firstOrderId)).state).toBe('paid');
    await progressAt('2026-11-30T09:00:00Z');
    expect((await order(c.firstOrderId)).state).toBe('delivered');
    expect((await moves(c.firstOrderId)).slice(-4)).toEqual([
      ['paid', 'submitted', 'job:fulfilment-progress'],
      ['submitted', 'packed', 'job:fulfilment-progress'],
      ['packed', 'shipped', 'job:fulfilment-progress'],
      ['shipped', 'delivered', 'job:fulfilment-progress'],
    ]);
    expect((await emails('order_delivered')).length).toBe(1);
    expect((await emails('order_shipped')).length).toBe(0);
  });

  test('a box is handed over at its dispatch deadline, packed that evening, out in the morning and delivered that day', async () => {
    expect((await order(box)).state).toBe('paid');
    await progressAt('2026-12-01T13:59:00Z');
    expect((await order(box)).state).toBe('paid');

    await progressAt('2026-12-01T14:00:00Z');
    expect((await order(box)).state).toBe('submitted');
    const [shipment] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, box));
    expect(shipment).toMatchObject({ provider: 'embedded', status: 'accepted' });

    await progressAt('2026-12-01T19:00:00Z');
    expect(await order(box)).toMatchObject({ state: 'packed', state_label: 'Is being prepared' });

    // Several processes at once move it once.
    t.clock.set(at('2026-12-02T07:00:00Z'));
    await Promise.all([t.app.services.fulfilment.progress(), t.app.services.fulfilment.progress()]);
    expect(await order(box)).toMatchObject({ state: 'shipped', state_label: 'Is out for delivery' });
    const shipped = await emails('order_shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.text).toContain('out for delivery today');

    await progressAt('2026-12-02T18:00:00Z');
    expect(await order(box)).toMatchObject({ state: 'delivered', state_label: 'Delivered' });
    expect(await moves(box)).toEqual([
      [null, 'created', 'customer'],
      ['created', 'billed', 'job:plans-bill'],
      ['billed', 'paid', 'job:plans-bill'],
      ['paid', 'submitted', 'job:fulfilment-progress'],
      ['submitted', 'packed', 'job:fulfilment-progress'],
      ['packed', 'shipped', 'job:fulfilment-progress'],
      ['shipped', 'delivered', 'job:fulfilment-progress'],
    ]);
    expect(await emails('order_delivered')).toHaveLength(2);
    // Nothing more to do.
    expect(await progressAt('2026-12-03T09:00:00Z')).toEqual({ handedOver: 0, moved: 0 });
    const [done] = await t.database.db.select().from(orders).where(eq(orders.id, box));
    expect(done!.state).toBe('delivered');
  });
});
