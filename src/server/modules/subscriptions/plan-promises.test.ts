import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { JOB } from '../../jobs/shop-jobs';
import { startShopJobs, type RunningJobs } from '../../jobs/start';
import { API, expectError, variantId } from '../../test/api-expect';
import { clearRateLimits, emailsTo, linksIn } from '../../test/accounts';
import { basketOf, DISH, orderBody, place, saveCard, shopper, CARDS } from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import { planCustomer, weeksOf, type PlanCustomer } from '../../test/plans';
import { TEST_NOW, WEEKS } from '../../test/test-clock';

// The Pasta Plan keeps its promises (issue 19 items 6–9 and 16): buying a plan says it is a weekly plan and
// what is charged when, before paying and after; a new plan day leaves a week the customer moved alone and
// says which weeks change; a pause is for a set time, restarts by itself after a reminder and charges
// nothing meanwhile (driven by the shop's jobs on a pinned clock); choosing a week's dishes sends one
// receipt; a cancelled plan no longer "pays with" its card. The clock starts at Wednesday 18 November 2026,
// 10:00: the first box (week of 23 Nov) is paid at checkout; 30 Nov, 7 Dec and 14 Dec have planned boxes.

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let running: RunningJobs;
beforeAll(async () => {
  t = await createTestApp();
  running = await startShopJobs({
    config: t.config,
    database: t.database,
    clock: t.clock,
    services: t.app.services,
    log: silent,
    work: false,
  });
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await clearRateLimits(t);
});
afterAll(async () => {
  await running.stop();
  await t.close();
});

const plan = (c: PlanCustomer) => `${API}/subscriptions/${c.subscriptionId}`;
const weekStarting = async (c: PlanCustomer, start: string) =>
  (await weeksOf(c)).find((week) => week.attributes.start_date === start)!;
async function runJob(name: string) {
  await running.jobs.send(name);
  return running.jobs.runDue(name);
}

describe('buying a plan says it is a weekly plan and what is charged when (item 6)', () => {
  test('before paying: weekly on Wednesdays, the next box charged Friday 27 November at 12 noon, at the amount the plan then charges; and in the confirmation email', async () => {
    const s = await shopper(t);
    const basketId = await basketOf(s.visitor, [
      [DISH.beefShin, 1],
      [DISH.cacioEPepe, 1],
    ]);
    const body = orderBody(s, basketId, { subscription: { frequency: 1, number_of_recipes: 2 } });
    const preview = await s.visitor.post(`${API}/preview_order`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const terms = preview.body.meta.checkout.plan;
    expect(terms).toMatchObject({
      frequency: 1,
      delivery_day: 3,
      number_of_recipes: 2,
      next_charge: { week_start: WEEKS.later, delivery_date: '2026-12-02', at: '2026-11-27T12:00:00.000Z' },
    });
    expect(terms.next_charge.amount).toBeGreaterThanOrEqual(1000);

    const { orderId } = await place(s, basketId, { subscription: { frequency: 1, number_of_recipes: 2 } });
    const cardId = await saveCard(t, s, CARDS.visa);
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: cardId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // The plan then charges exactly what was said, when it was said.
    const [started] = (await s.visitor.get(`${API}/subscriptions`)).body.data;
    expect(started.attributes.next_charge).toMatchObject({
      amount: terms.next_charge.amount,
      at: terms.next_charge.at,
      delivery_date: '2026-12-02',
    });
    const [confirmation] = await emailsTo(t, s.email, 'order_confirmation');
    expect(confirmation!.subject).toBe('Your Sfoglia box is booked: your weekly pasta plan has started');
    const amount = `£${(terms.next_charge.amount / 100).toFixed(2)}`;
    expect(confirmation!.text).toContain('This order started your weekly pasta plan');
    expect(confirmation!.text).toContain('every week, on Wednesdays');
    expect(confirmation!.text).toContain(`${amount} as it stands,`);
    expect(confirmation!.text).toContain('Friday 27 November at 12 noon');
    expect(confirmation!.text).toMatch(/cancel it online, any time/);
    expect(linksIn(confirmation!).some((url) => url.pathname === '/account/pasta-plan')).toBe(true);
  });

  test('every 2 weeks, or a basket of two weeks: the next charge is the first box after those paid now; a one-off basket states no plan', async () => {
    const s = await shopper(t);
    const fortnightly = await basketOf(s.visitor, [
      [DISH.beefShin, 1],
      [DISH.cacioEPepe, 1],
    ]);
    const every2 = await s.visitor.post(
      `${API}/preview_order`,
      orderBody(s, fortnightly, { subscription: { frequency: 2 } }),
    );
    expect(every2.body.meta.checkout.plan.next_charge).toMatchObject({
      week_start: '2026-12-07',
      delivery_date: '2026-12-09',
      at: '2026-12-04T12:00:00.000Z',
    });
    const other = await shopper(t);
    const twoWeeks = await basketOf(other.visitor, [
      [DISH.pumpkin, 1, WEEKS.next],
      [DISH.carbonara, 1, WEEKS.next],
      [DISH.pumpkin, 1, WEEKS.later],
      [DISH.carbonara, 1, WEEKS.later],
    ]);
    const both = await other.visitor.post(`${API}/preview_order`, orderBody(other, twoWeeks));
    expect(both.body.meta.checkout.plan.next_charge).toMatchObject({ week_start: '2026-12-07' });
    const third = await shopper(t);
    const oneOff = await basketOf(third.visitor, [[DISH.pumpkin, 2]], false);
    const once = await third.visitor.post(`${API}/preview_order`, orderBody(third, oneOff));
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    expect(once.body.meta.checkout.plan).toBeUndefined();
  });
});

describe('a new plan day leaves a week the customer moved alone, and says which weeks change (item 7)', () => {
  test('the week moved to Saturday 19 December keeps it; the others move to Thursday; the preview, the weeks and the receipt agree', async () => {
    const c = await planCustomer(t);
    const moved = await weekStarting(c, '2026-12-14');
    const saturday = await c.visitor.put(`${API}/schedule_weeks/${moved.id}`, {
      delivery_date: '2026-12-19',
    });
    expect(saturday.status, JSON.stringify(saturday.body)).toBe(200);

    const preview = await c.visitor.post(`${plan(c)}/schedule/preview`, { delivery_day: 4 });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const changes = preview.body.data.attributes.changes.map((change: any) => [
      change.kind,
      change.week_start,
      change.from,
      change.to,
      change.why,
    ]);
    expect(changes).toEqual([
      ['kept', WEEKS.next, '2026-11-25', '2026-11-25', 'paid'],
      ['moved', WEEKS.later, '2026-12-02', '2026-12-03', null],
      ['moved', '2026-12-07', '2026-12-09', '2026-12-10', null],
      ['kept', '2026-12-14', '2026-12-19', '2026-12-19', 'moved_by_you'],
      ['moved', '2026-12-21', '2026-12-23', '2026-12-24', null],
      ['moved', '2026-12-28', '2026-12-30', '2026-12-31', null],
    ]);
    // The preview changed nothing.
    expect((await weekStarting(c, WEEKS.later)).attributes.delivery_date).toBe('2026-12-02');

    const changed = await c.visitor.put(`${plan(c)}/schedule`, { delivery_day: 4 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const weeks = await weeksOf(c);
    expect(weeks.map((week) => week.attributes.delivery_date)).toEqual([
      '2026-11-25',
      '2026-12-03',
      '2026-12-10',
      '2026-12-19',
      '2026-12-24',
      '2026-12-31',
    ]);
    const saturdayBox = weeks.find((week) => week.attributes.start_date === '2026-12-14')!;
    const [box] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, saturdayBox.attributes.order_id));
    expect(box!.deliveryDate).toBe('2026-12-19');
    const mails = await emailsTo(t, c.email, 'plan_changed');
    const receipt = mails.find((mail) => mail.subject === 'Your pasta plan’s delivery schedule has changed')!;
    expect(receipt.text).toContain('Your boxes now come every week, on Thursdays.');
    expect(receipt.text).toContain('Wednesday 2 December → Thursday 3 December');
    expect(receipt.text).toContain('Saturday 19 December (the day you chose for the week of 14 – 19 Dec)');
    expect(receipt.text).toContain('Wednesday 25 November (already paid)');
    expect(receipt.text).not.toContain('from the week of');
    const history = await c.visitor.get(`${plan(c)}/history`);
    expect(history.body.data[0].attributes.summary).toBe(
      'Changed delivery to every week, on Thursdays: Wed 2 Dec → Thu 3 Dec, Wed 9 Dec → Thu 10 Dec, Wed 23 Dec → Thu 24 Dec, Wed 30 Dec → Thu 31 Dec',
    );
  });

  test('asked to, the moved week follows the new day; a week not of this plan, bad input and another customer’s plan are refused', async () => {
    const c = await planCustomer(t);
    const moved = await weekStarting(c, '2026-12-14');
    await c.visitor.put(`${API}/schedule_weeks/${moved.id}`, { delivery_date: '2026-12-19' });
    const other = await planCustomer(t);
    const theirs = await weekStarting(other, '2026-12-14');
    expectError(
      await c.visitor.put(`${plan(c)}/schedule`, { delivery_day: 4, also_move_week_ids: [theirs.id] }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await c.visitor.post(`${plan(c)}/schedule/preview`, { delivery_day: 4, also_move_week_ids: ['nope'] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await c.visitor.post(`${plan(c)}/schedule/preview`, { delivery_day: 0 }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await other.visitor.post(`${plan(c)}/schedule/preview`, { delivery_day: 4 }),
      404,
      'SUBSCRIPTION_NOT_FOUND',
    );
    expect((await weekStarting(c, WEEKS.later)).attributes.delivery_date).toBe('2026-12-02');

    const changed = await c.visitor.put(`${plan(c)}/schedule`, {
      delivery_day: 4,
      also_move_week_ids: [moved.id],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await weekStarting(c, '2026-12-14')).attributes.delivery_date).toBe('2026-12-17');
    // Cancelled, its schedule cannot be previewed or changed.
    await c.visitor.post(`${plan(c)}/cancel`, {});
    expectError(await c.visitor.post(`${plan(c)}/schedule/preview`, { delivery_day: 5 }), 409, 'CONFLICT');
  });
});

describe('a pause for a set time (item 8)', () => {
  test('two weeks: which weeks, when it restarts; bad lengths refused; paused again it takes the new length, the same again sends nothing', async () => {
    const c = await planCustomer(t);
    for (const weeks of [0, 9, 1.5, 'two']) {
      expectError(await c.visitor.post(`${plan(c)}/pause`, { weeks }), 400, 'VALIDATION_FAILED');
    }
    expectError(
      await c.visitor.post(`${plan(c)}/pause`, { weeks: 2, extra: true }),
      400,
      'VALIDATION_FAILED',
    );
    const other = await shopper(t);
    expectError(await other.visitor.post(`${plan(c)}/pause`, { weeks: 2 }), 404, 'SUBSCRIPTION_NOT_FOUND');
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, c.subscriptionId));
    expect(row!.state).toBe('active');

    const paused = await c.visitor.post(`${plan(c)}/pause`, { weeks: 2 });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data.attributes).toMatchObject({
      state: 'paused',
      resume_week: '2026-12-14',
      resumes_at: '2026-12-04T12:00:00.000Z',
      next_charge: null,
      paid_weeks: [WEEKS.next],
    });
    const labels = Object.fromEntries(
      (await weeksOf(c)).map((w) => [w.attributes.start_date, w.attributes.label]),
    );
    expect(labels).toMatchObject({
      [WEEKS.next]: 'Arrives Wed 25 Nov',
      [WEEKS.later]: 'Paused',
      '2026-12-07': 'Paused',
      '2026-12-14': 'After your pause: to be charged Fri 11 Dec at 12 noon',
    });
    const [receipt] = await emailsTo(t, c.email, 'plan_changed');
    expect(receipt!.subject).toBe('Your pasta plan is paused until Friday 4 December');
    expect(receipt!.text).toContain('No box for the weeks of 30 Nov – 5 Dec and 7 – 12 Dec');
    expect(receipt!.text).toContain('Your plan restarts by itself on Friday 4 December at 12 noon');
    expect(receipt!.text).toContain(
      'arrives Wednesday 16 December and is charged on Friday 11 December at 12 noon',
    );
    expect(receipt!.text).toContain('We’ll remind you by email on Tuesday 1 December');
    expect(receipt!.text).toContain('Wednesday 25 November is already charged and still arrives');

    const longer = await c.visitor.post(`${plan(c)}/pause`, { weeks: 3 });
    expect(longer.body.data.attributes).toMatchObject({ resume_week: '2026-12-21' });
    expect((await c.visitor.post(`${plan(c)}/pause`, { weeks: 3 })).status).toBe(200);
    const open = await c.visitor.post(`${plan(c)}/pause`, {});
    expect(open.body.data.attributes).toMatchObject({ state: 'paused', resume_week: null, resumes_at: null });
    const subjects = (await emailsTo(t, c.email, 'plan_changed')).map((mail) => mail.subject);
    expect(subjects).toEqual([
      'Your pasta plan is paused until Friday 4 December',
      'Your pasta plan is paused until Friday 11 December',
      'Your pasta plan is paused',
    ]);
  });

  test('the jobs: nothing charged for the paused weeks, a reminder three days before, the restart by itself at the cutoff, then the first box charged', async () => {
    const c = await planCustomer(t);
    expect((await c.visitor.post(`${plan(c)}/pause`, { weeks: 2 })).status).toBe(200);
    const boxes = async (...starts: string[]) => {
      const rows = await t.database.db
        .select({ week: scheduleWeeks, box: orders })
        .from(scheduleWeeks)
        .innerJoin(orders, eq(orders.id, scheduleWeeks.orderId))
        .where(
          and(eq(scheduleWeeks.subscriptionId, c.subscriptionId), inArray(scheduleWeeks.startDate, starts)),
        );
      return rows.map((row) => row.box);
    };
    const chargesFor = async (...starts: string[]) => {
      const checkoutIds = (await boxes(...starts)).map((box) => box.checkoutId);
      return t.database.db.select().from(payments).where(inArray(payments.checkoutId, checkoutIds));
    };

    // Friday 27 November 12:00: the week of 30 Nov is closed and not charged.
    t.clock.set(new Date('2026-11-27T12:00:00Z'));
    await t.app.services.planBilling.billDue();
    expect(await chargesFor(WEEKS.later)).toEqual([]);

    // Tuesday 1 December 12:00: the reminder, once, with a way to pause for longer and a one-tap skip.
    t.clock.set(new Date('2026-12-01T11:59:00Z'));
    await runJob(JOB.remindPlans);
    expect(await emailsTo(t, c.email, 'plan_restart_reminder')).toEqual([]);
    t.clock.set(new Date('2026-12-01T12:00:00Z'));
    await runJob(JOB.remindPlans);
    await runJob(JOB.remindPlans);
    const reminders = await emailsTo(t, c.email, 'plan_restart_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Your pasta plan restarts on Friday 4 December');
    expect(reminders[0]!.text).toContain('it arrives Wednesday 16 December');
    const links = linksIn(reminders[0]!);
    expect(links.some((url) => url.pathname === '/account/paused')).toBe(true);
    const skip = links.find((url) => url.searchParams.get('action') === 'skip')!;
    const firstAfter = await weekStarting(c, '2026-12-14');
    expect(skip.pathname).toBe(`/schedule/${firstAfter.id}/edit`);

    // A minute before Friday 4 December 12:00 it is still paused; at the cutoff the week of 7 Dec is not
    // charged, and plans-ahead restarts the plan by itself.
    t.clock.set(new Date('2026-12-04T11:59:00Z'));
    await runJob(JOB.planAhead);
    expect((await c.visitor.get(plan(c))).body.data.attributes.state).toBe('paused');
    t.clock.set(new Date('2026-12-04T12:00:00Z'));
    await t.app.services.planBilling.billDue();
    await runJob(JOB.planAhead);
    const restarted = (await c.visitor.get(plan(c))).body.data.attributes;
    expect(restarted).toMatchObject({
      state: 'active',
      resume_week: null,
      next_charge: { at: '2026-12-11T12:00:00.000Z', delivery_date: '2026-12-16' },
    });
    expect((await emailsTo(t, c.email, 'plan_changed')).map((mail) => mail.subject)).toContain(
      'Your pasta plan has restarted',
    );
    const history = await c.visitor.get(`${plan(c)}/history`);
    expect(history.body.data[0].attributes).toMatchObject({ action: 'activated', by: 'Sfoglia' });
    expect(await chargesFor(WEEKS.later, '2026-12-07')).toEqual([]);
    expect((await boxes(WEEKS.later, '2026-12-07')).map((box) => box.state)).toEqual(['skipped', 'skipped']);

    // Friday 11 December 12:00: the first box after the pause is charged.
    t.clock.set(new Date('2026-12-11T12:00:00Z'));
    await t.app.services.planBilling.billDue();
    const charged = await chargesFor('2026-12-14');
    expect(charged.map((payment) => payment.status)).toEqual(['succeeded']);
  });
});

describe('choosing a week’s dishes sends a receipt, once per change (item 9)', () => {
  test('the dishes, the week and the price; a double submit sends one; other dishes send another', async () => {
    const c = await planCustomer(t);
    const w = await weekStarting(c, WEEKS.later);
    const items = [
      { product_variant_id: variantId(DISH.pumpkin), quantity: 2 },
      { product_variant_id: variantId(DISH.carbonara), quantity: 1 },
    ];
    const both = await Promise.all([
      c.visitor.put(`${API}/schedule_weeks/${w.id}`, { items }),
      c.visitor.put(`${API}/schedule_weeks/${w.id}`, { items }),
    ]);
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    const receipts = (await emailsTo(t, c.email, 'plan_changed')).filter((mail) =>
      mail.subject.startsWith('Your dishes for'),
    );
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.subject).toBe('Your dishes for 30 Nov – 5 Dec are saved');
    expect(receipt.text).toContain('arriving Wednesday 2 December');
    expect(receipt.text).toContain('2 × Pumpkin & Sage Ravioli, Regular: £19.00');
    expect(receipt.text).toContain('1 × Guanciale Carbonara, Regular: £9.00');
    expect(receipt.text).toContain('Box total: £29.99 (Dishes £28.00, delivery £1.99).');
    expect(receipt.text).toContain('We charge it on Friday 27 November at 12 noon');
    const history = await c.visitor.get(`${plan(c)}/history`);
    expect(history.body.data.filter((e: any) => e.attributes.action === 'recipes_chosen')).toHaveLength(1);

    const again = await c.visitor.put(`${API}/schedule_weeks/${w.id}`, {
      items: [{ product_variant_id: variantId(DISH.pumpkin), quantity: 3 }],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const after = (await emailsTo(t, c.email, 'plan_changed')).filter((mail) =>
      mail.subject.startsWith('Your dishes for'),
    );
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('3 × Pumpkin & Sage Ravioli, Regular: £28.50');
  });
});

describe('a card pays for a plan only while the plan will charge it (item 16)', () => {
  test('active and paused plans count; a cancelled one does not', async () => {
    const c = await planCustomer(t);
    const usesOf = async () => {
      const list = await c.visitor.get(`${API}/payment_methods`);
      expect(list.status).toBe(200);
      return list.body.data.find((m: any) => m.id === c.cardId).attributes.subscription_ids;
    };
    expect(await usesOf()).toEqual([c.subscriptionId]);
    await c.visitor.post(`${plan(c)}/pause`, { weeks: 1 });
    expect(await usesOf()).toEqual([c.subscriptionId]);
    await c.visitor.post(`${plan(c)}/cancel`, {});
    expect(await usesOf()).toEqual([]);
  });
});
