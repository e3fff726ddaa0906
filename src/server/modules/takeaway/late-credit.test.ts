import { beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { storeCreditTransactions } from '../../db/schema/credit';
import { JOB } from '../../jobs/shop-jobs';
import type { RunningJobs } from '../../jobs/start';
import { customerById, emailsTo } from '../../test/accounts';
import { API } from '../../test/api-expect';
import type { TestApp, Visitor } from '../../test/harness';
import { paidTakeaway, takeawayShopper, useTakeawayShop } from '../../test/takeaway';

// Late-delivery credit (issue 13 part 5) through its jobs, on the shop's pinned clock: the courier's handover
// is recorded by `takeaway-couriers`, and a delivery that came after its promised window is credited by
// `takeaway-late-credit`, once, with an email. The amount and the rule are in GET /settings.

const shop = useTakeawayShop();
let t: TestApp;
let running: RunningJobs;
let chef: Visitor;
beforeAll(() => ({ t, running, chef } = shop));

const act = (orderId: string, action: string, body: unknown = {}) =>
  chef.post(`${API}/kitchen/tickets/${orderId}/${action}`, body);
const minutes = (n: number) => t.clock.advance(n * 60_000);
async function runJob(name: string) {
  await running.jobs.send(name);
  return running.jobs.runDue(name);
}

describe('late-delivery credit', () => {
  test('the amount and the rule are in /settings', async () => {
    const settings = await t.visitor().get(`${API}/settings`);
    expect(settings.body.data.attributes.late_delivery_credit).toEqual({
      amount: 500,
      rule:
        'If a takeaway delivery reaches you after the end of the time window we promised when you paid, ' +
        'we add £5.00 of store credit to your account automatically. No need to ask.',
    });
  });

  test('a delivery after its window gets £5 once, with an email; one on time gets nothing', async () => {
    // Both paid at 12:30 and promised 13:05–13:20.
    const late = await takeawayShopper(t);
    const lateId = await paidTakeaway(t, late);
    const onTime = await takeawayShopper(t);
    const onTimeId = await paidTakeaway(t, onTime);
    for (const id of [lateId, onTimeId])
      expect((await act(id, 'accept', { prep_minutes: 20 })).status).toBe(200);
    await act(onTimeId, 'out_for_delivery');
    minutes(50);
    // Out at 13:20: the rider reaches Downing Street after 13:20.
    await act(lateId, 'out_for_delivery');
    minutes(30);
    expect(await runJob(JOB.progressDeliveries)).toBe(1);
    const [lateView, onTimeView] = await Promise.all([
      late.visitor.get(`${API}/orders/${lateId}/tracking`),
      onTime.visitor.get(`${API}/orders/${onTimeId}/tracking`),
    ]);
    expect(Date.parse(lateView.body.data.attributes.delivered_at)).toBeGreaterThan(
      Date.parse('2026-11-18T13:20:00Z'),
    );
    expect(Date.parse(onTimeView.body.data.attributes.delivered_at)).toBeLessThan(
      Date.parse('2026-11-18T13:05:00Z'),
    );

    await runJob(JOB.creditLateDeliveries);
    await runJob(JOB.creditLateDeliveries);
    const ledger = await t.database.db
      .select()
      .from(storeCreditTransactions)
      .where(and(eq(storeCreditTransactions.reason, 'late_delivery')));
    expect(ledger.map((row) => [row.customerId, row.amount, row.reference])).toEqual([
      [late.customerId, 500, lateId],
    ]);
    expect((await customerById(t, late.customerId)).storeCredits).toBe(500);
    expect((await customerById(t, onTime.customerId)).storeCredits).toBe(0);
    const after = await late.visitor.get(`${API}/orders/${lateId}/tracking`);
    expect(after.body.data.attributes.late_credit).toBe(500);
    const [email] = await emailsTo(t, late.email, 'late_delivery_credit');
    expect(email!.subject).toBe('Sorry your order was late: £5.00 of credit is yours');
    expect(email!.text).toContain('after the 13:05 – 13:20 we promised');
    expect(email!.text).toContain('We’ve added £5.00 of store credit to your account.');
    expect(await emailsTo(t, onTime.email, 'late_delivery_credit')).toEqual([]);
    // The credit pays towards the next order.
    const history = await late.visitor.get(`${API}/store_credit_transactions`);
    expect(history.body.data[0].attributes).toMatchObject({ amount: 500, reason: 'late_delivery' });
  });

  test('a delivery the kitchen marks late counts too; a collection never does', async () => {
    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    await act(orderId, 'accept', { prep_minutes: 20 });
    minutes(55);
    await act(orderId, 'out_for_delivery');
    await act(orderId, 'delivered');
    const pickup = await takeawayShopper(t, { fulfillment_type: 'pickup', address: null });
    const pickupId = await paidTakeaway(t, pickup);
    await act(pickupId, 'accept', { prep_minutes: 20 });
    await act(pickupId, 'ready');
    await act(pickupId, 'collected');
    expect(await runJob(JOB.creditLateDeliveries)).toBe(1);
    expect((await customerById(t, s.customerId)).storeCredits).toBe(500);
    expect((await customerById(t, pickup.customerId)).storeCredits).toBe(0);
  });
});
