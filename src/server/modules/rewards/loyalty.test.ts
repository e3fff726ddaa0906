import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { loyaltyRewards } from '../../db/schema/after-order';
import { vouchers } from '../../db/schema/vouchers';
import { seedDemo } from '../../db/seed/demo-seed';
import { API, expectError } from '../../test/api-expect';
import { clearRateLimits, emailsTo, signedInCustomer } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { planCustomer, weeksOf, type PlanCustomer } from '../../test/plans';
import { TEST_NOW } from '../../test/test-clock';

// Plan loyalty (issue 23 part 3, decision 30): every fifth paid box of a plan, counted in delivery order,
// brings a personal code worth £10 off a box, once per block however many passes run; the schedule week
// whose box completed the block shows it (spec §3 Schedule week loyalty: weekIds and voucherId), the plan
// lists its codes (spec §3 Subscription customer vouchers), and the rewards page its progress.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

/** Each week's cutoff (Friday 12:00 GMT) from the week of 30 November: the boxes charged one by one. */
const CUTOFFS = ['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25'].map(
  (day) => new Date(`${day}T12:00:00Z`),
);

/** Moves the shop's clock to a cutoff, publishes the menus ahead as the demo does, and bills what is due. */
async function billAt(at: Date) {
  t.clock.set(at);
  await seedDemo(t.database.db, at);
  await t.app.services.planBilling.planAheadAll();
  return t.app.services.planBilling.billDue();
}

const award = () => t.app.services.loyalty.award();
const planCodes = (customerId: string) =>
  t.database.db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.customerId, customerId), like(vouchers.code, 'PLAN-%')));
const loyaltyBlock = async (c: PlanCustomer) =>
  (await c.visitor.get(`${API}/reward_blocks`)).body.data.find((b: any) => b.id === 'loyalty').attributes;

describe('every fifth paid box', () => {
  test('four paid boxes: no reward yet, one more to go; the fifth makes exactly one, shown on its week', async () => {
    const c = await planCustomer(t);
    // The first box was paid at checkout; three more at their cutoffs.
    for (const cutoff of CUTOFFS.slice(0, 3)) expect((await billAt(cutoff)).charged).toBe(1);
    expect(await award()).toBe(0);
    expect(await planCodes(c.customerId)).toHaveLength(0);
    expect(await loyaltyBlock(c)).toMatchObject({
      every: 5,
      discount: 1000,
      plans: [
        {
          subscription_id: c.subscriptionId,
          paid_boxes: 4,
          progress: { done: 4, left: 1, text: '4 of 5 paid boxes: 1 more to your next reward' },
          rewards: [],
        },
      ],
    });

    expect((await billAt(CUTOFFS[3]!)).charged).toBe(1);
    // Two passes at once (two workers): one reward, one code, one email.
    const made = await Promise.all([award(), award()]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await award()).toBe(0);
    const rewards = await t.database.db
      .select()
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.subscriptionId, c.subscriptionId));
    expect(rewards).toHaveLength(1);
    const codes = await planCodes(c.customerId);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      value: 1000,
      usageLimit: 1,
      singleOrder: true,
      newCustomersOnly: false,
      endDate: '2027-03-18',
    });
    expect(await emailsTo(t, c.email, 'loyalty_reward')).toHaveLength(1);

    const weeks = await weeksOf(c, 'all');
    const paid = weeks.filter((w) => w.attributes.order_state === 'paid');
    expect(paid.map((w) => w.attributes.start_date)).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
    ]);
    const fifth = paid.at(-1)!;
    expect(fifth.attributes.loyalty).toEqual({
      week_ids: paid.map((w) => w.id),
      voucher_id: codes[0]!.id,
    });
    for (const week of weeks.filter((w) => w.id !== fifth.id)) expect(week.attributes.loyalty).toBeNull();

    const plan = (await c.visitor.get(`${API}/subscriptions`)).body.data.at(-1);
    expect(plan.attributes.customer_vouchers).toEqual([
      {
        id: codes[0]!.id,
        code: codes[0]!.code,
        description: 'Plan reward for 5 paid boxes: £10 off a box.',
        discount: 1000,
        end_date: '2027-03-18',
        used: false,
        expired: false,
      },
    ]);
    expect(await loyaltyBlock(c)).toMatchObject({
      plans: [
        {
          paid_boxes: 5,
          progress: { done: 0, left: 5 },
          rewards: [
            {
              block: 1,
              code: codes[0]!.code,
              discount: 1000,
              used: false,
              week_ids: paid.map((w) => w.id),
              earned_at: CUTOFFS[3]!.toISOString(),
            },
          ],
        },
      ],
    });

    // Another plan's customer (who bought theirs today) cannot put it on their box.
    t.clock.set(TEST_NOW);
    const other = await planCustomer(t);
    const theirs = (await other.visitor.get(`${API}/subscriptions`)).body.data.at(-1).attributes.next_charge;
    expectError(
      await other.visitor.post(`${API}/orders/${theirs.order_id}/voucher`, { code: codes[0]!.code }),
      400,
      'VOUCHER_INVALID',
      'This code belongs to another account',
    );

    // Its owner puts it on the next box; charged at the cutoff, it is used.
    t.clock.set(CUTOFFS[3]!);
    const next = plan.attributes.next_charge;
    const applied = await c.visitor.post(`${API}/orders/${next.order_id}/voucher`, { code: codes[0]!.code });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.attributes.discount).toBe(1000);
    await billAt(CUTOFFS[4]!);
    const after = (await c.visitor.get(`${API}/subscriptions`)).body.data.at(-1).attributes.customer_vouchers;
    expect(after).toEqual([expect.objectContaining({ code: codes[0]!.code, used: true })]);
  });

  test('the rewards page of a customer with no plan says what a plan would bring', async () => {
    const { visitor } = await signedInCustomer(t);
    const block = (await visitor.get(`${API}/reward_blocks`)).body.data.find((b: any) => b.id === 'loyalty');
    expect(block.attributes).toEqual({
      kind: 'loyalty',
      every: 5,
      discount: 1000,
      code_days: 90,
      terms: 'Every 5 paid boxes of your pasta plan bring £10 off a box. Each reward code lasts 90 days.',
      plans: [],
    });
  });
});
