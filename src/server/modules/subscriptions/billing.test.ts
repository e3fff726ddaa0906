import { afterEach, describe, expect, test } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { FixedClock } from '../../clock';
import { openDatabase } from '../../db/client';
import { productVariants } from '../../db/schema/catalogue';
import { checkouts } from '../../db/schema/checkout';
import { customers } from '../../db/schema/customers';
import { orderLineItems, orders } from '../../db/schema/orders';
import { stateChanges } from '../../db/schema/state-changes';
import { scheduleWeeks, subscriptionEvents, subscriptions } from '../../db/schema/subscriptions';
import { createPaymentProcessors, paymentProcessorsOptions } from '../../integrations/payments';
import { cachedShopRules } from '../shop';
import { buildServices } from '../../services';
import { API } from '../../test/api-expect';
import { answerChallenge, CARDS, saveCard } from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import { planCustomer, type PlanCustomer } from '../../test/plans';
import {
  emailsTo as billingEmailsTo,
  paymentsOf as billingPaymentsOf,
  processorCharges as billingProcessorCharges,
  weekOf as billingWeekOf,
} from '../../test/billing';

// Weekly billing (issue 12 part 2), driven with the shop's clock pinned and moved: each test has a shop of
// its own (billing passes look at every plan in the database). The week of 30 November 2026: cutoff Friday
// 27 November 12:00 (GMT), box delivered Wednesday 2 December, dispatch deadline Tuesday 1 December 14:00.

const at = (iso: string) => new Date(iso);
const CUTOFF = at('2026-11-27T12:00:00Z');
const DEADLINE = at('2026-12-01T14:00:00Z');

// Each test makes a shop of its own and buys plans through the API: slower than one shared app.
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function shop(): Promise<TestApp> {
  t = await createTestApp();
  return t;
}

const db = () => t.database.db;

async function bill(when: Date) {
  t.clock.set(when);
  return t.app.services.planBilling.billDue();
}

const weekOf = (c: PlanCustomer) => billingWeekOf(t, c);
const paymentsOf = (checkoutId: string) => billingPaymentsOf(t, checkoutId);
const processorCharges = (checkoutId: string) => billingProcessorCharges(t, checkoutId);
const emailsTo = (email: string, template: string) => billingEmailsTo(t, email, template);

/** A plan bought with a good card, then charged weekly to `card`. */
async function planOnCard(card: string): Promise<PlanCustomer & { planCardId: string }> {
  const c = await planCustomer(t);
  const planCardId = await saveCard(t, c, card);
  await db()
    .update(subscriptions)
    .set({ paymentMethodId: planCardId })
    .where(eq(subscriptions.id, c.subscriptionId));
  return { ...c, planCardId };
}

async function stockOf(box: { id: string }): Promise<Map<number, number>> {
  const rows = await db()
    .select({ id: productVariants.id, left: productVariants.quantityAvailable })
    .from(productVariants)
    .innerJoin(orderLineItems, eq(orderLineItems.productVariantId, productVariants.id))
    .where(eq(orderLineItems.orderId, box.id));
  return new Map(rows.map((row) => [row.id, row.left]));
}

describe('weekly billing at the cutoff', { timeout: 90_000 }, () => {
  test('an active week’s box is billed and charged off-session once at its cutoff, with its stock taken; a repeated pass charges nothing', async () => {
    await shop();
    const c = await planCustomer(t);
    const before = await weekOf(c);
    expect(before.box.state).toBe('created');
    expect(before.week.chargeDueAt).toEqual(CUTOFF);
    const stock = await stockOf(before.box);

    expect((await bill(at('2026-11-27T11:59:00Z'))).looked).toBe(0);
    const pass = await bill(CUTOFF);
    expect(pass).toMatchObject({ looked: 1, charged: 1 });
    const { week, box } = await weekOf(c);
    expect(box.state).toBe('paid');
    expect(week.chargeDueAt).toBeNull();
    expect(week.chargeAttempts).toBe(1);
    const [payment] = await paymentsOf(box.checkoutId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      offSession: true,
      idempotencyKey: `plan:${week.id}:1`,
      paymentMethodId: c.cardId,
      amount: box.total,
    });
    expect(await processorCharges(box.checkoutId)).toBe(1);
    const lines = await db().select().from(orderLineItems).where(eq(orderLineItems.orderId, box.id));
    const after = await stockOf(box);
    for (const line of lines) {
      expect(after.get(line.productVariantId!)).toBe(stock.get(line.productVariantId!)! - line.quantity);
    }
    const moves = await db()
      .select()
      .from(stateChanges)
      .where(eq(stateChanges.subjectId, box.id))
      .orderBy(asc(stateChanges.at));
    expect(moves.map((m) => [m.fromState, m.toState, m.actor])).toEqual([
      [null, 'created', 'customer'],
      ['created', 'billed', 'job:plans-bill'],
      ['billed', 'paid', 'job:plans-bill'],
    ]);
    const [charged] = await emailsTo(c.email, 'plan_charged');
    expect(charged?.text).toContain('It arrives Wednesday 2 December');
    expect(charged?.text).toContain(lines[0]!.title);
    // Its receipt ends with what the card was charged (issue 19).
    expect(charged?.text).toMatch(/\nTotal: £\d+\.\d\d\nCharged to Visa ending 4242: £\d+\.\d\d\n/);
    const events = await db()
      .select()
      .from(subscriptionEvents)
      .where(
        and(
          eq(subscriptionEvents.subscriptionId, c.subscriptionId),
          eq(subscriptionEvents.action, 'charged'),
        ),
      );
    expect(events).toHaveLength(1);

    // Again at the same moment, and later: nothing more is charged.
    expect((await bill(CUTOFF)).looked).toBe(0);
    await bill(at('2026-11-28T12:00:00Z'));
    expect(await paymentsOf(box.checkoutId)).toHaveLength(1);
    expect(await processorCharges(box.checkoutId)).toBe(1);
    const orderPage = await c.visitor.get(`${API}/orders/${box.id}`);
    expect(orderPage.body.data.attributes.state).toBe('paid');
  });

  test('a skipped week and a paused plan’s week are never charged', async () => {
    await shop();
    const skipper = await planCustomer(t);
    const pauser = await planCustomer(t);
    const skipWeek = (await weekOf(skipper)).week;
    const skipped = await skipper.visitor.post(`${API}/schedule_weeks/${skipWeek.id}/skip`, {});
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const paused = await pauser.visitor.post(`${API}/subscriptions/${pauser.subscriptionId}/pause`, {});
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);

    const pass = await bill(CUTOFF);
    expect(pass).toMatchObject({ charged: 0, skipped: 2 });
    for (const c of [skipper, pauser]) {
      const { week, box } = await weekOf(c);
      expect(box.state).toBe('skipped');
      expect(week.chargeDueAt).toBeNull();
      expect(await paymentsOf(box.checkoutId)).toHaveLength(0);
    }
    // Unpausing after the cutoff changes nothing for that week.
    await pauser.visitor.post(`${API}/subscriptions/${pauser.subscriptionId}/activate`, {});
    await bill(at('2026-11-28T12:00:00Z'));
    expect(await paymentsOf((await weekOf(pauser)).box.checkoutId)).toHaveLength(0);
  });

  test('five passes at once charge each week once', async () => {
    await shop();
    const plans = [await planCustomer(t), await planCustomer(t), await planCustomer(t)];
    t.clock.set(CUTOFF);
    const passes = await Promise.all(
      Array.from({ length: 5 }, () => t.app.services.planBilling.billDue({ batch: 1, concurrency: 2 })),
    );
    expect(passes.reduce((sum, pass) => sum + pass.charged, 0)).toBe(3);
    for (const c of plans) {
      const { box } = await weekOf(c);
      expect(box.state).toBe('paid');
      expect((await paymentsOf(box.checkoutId)).map((p) => p.status)).toEqual(['succeeded']);
      expect(await processorCharges(box.checkoutId)).toBe(1);
    }
  });

  test('two server instances on one PostgreSQL database charge each week once', async () => {
    await shop();
    if (t.database.kind !== 'postgres') return; // PGlite is one process's own database.
    const plans = [
      await planCustomer(t),
      await planCustomer(t),
      await planCustomer(t),
      await planCustomer(t),
    ];
    const name = (await t.database.executeSql('select current_database() as name')).rows[0] as {
      name: string;
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name.name}`;
    const other = await openDatabase(
      { kind: 'postgres', url: url.toString(), poolSize: 5 },
      { migrate: false },
    );
    try {
      const clock = new FixedClock(CUTOFF);
      const rules = cachedShopRules(other.db);
      const processors = createPaymentProcessors(paymentProcessorsOptions(t.config, other.db));
      const log = { warn: () => {}, error: () => {} };
      const second = buildServices({ config: t.config, database: other, clock, rules, processors, log });
      t.clock.set(CUTOFF);
      const [a, b] = await Promise.all([
        t.app.services.planBilling.billDue({ batch: 1, concurrency: 2 }),
        second.planBilling.billDue({ batch: 1, concurrency: 2 }),
      ]);
      expect(a.charged + b.charged).toBe(4);
      for (const c of plans) {
        const { box } = await weekOf(c);
        expect((await paymentsOf(box.checkoutId)).map((p) => p.status)).toEqual(['succeeded']);
        expect(await processorCharges(box.checkoutId)).toBe(1);
      }
    } finally {
      await other.close();
    }
  });
});

describe('when a weekly charge fails', { timeout: 90_000 }, () => {
  test('a card that wants 3-D Secure waits for the customer (never retried); the pay-again page takes the payment', async () => {
    await shop();
    const c = await planOnCard(CARDS.threeDSecure);
    await bill(CUTOFF);
    const { week, box } = await weekOf(c);
    expect(box.state).toBe('payment_pending');
    const [failed] = await paymentsOf(box.checkoutId);
    expect(failed).toMatchObject({
      status: 'failed',
      offSession: true,
      declineCode: 'authentication_required',
    });
    expect(week.chargeDueAt).toEqual(DEADLINE);
    const [email] = await emailsTo(c.email, 'plan_payment_failed');
    expect(email?.text).toContain(`/payment/${box.id}`);
    expect(email?.text).toContain('We won’t try this card again');

    // No automatic try at the retry times.
    await bill(at('2026-11-27T18:00:00Z'));
    await bill(at('2026-11-28T12:00:00Z'));
    expect(await paymentsOf(box.checkoutId)).toHaveLength(1);

    // The customer pays on the pay-again page, on-session, with the bank's check.
    const started = await c.visitor.post(`${API}/payments`, {
      order_id: box.id,
      payment_method_id: c.planCardId,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.data.attributes.status).toBe('requires_action');
    const back = await answerChallenge(t, started.body.data.attributes.next_action_url, 'complete');
    const confirmed = await c.visitor.post(`${API}/orders/confirm`, {
      order_id: box.id,
      payment_intent_id: back.searchParams.get('payment_intent'),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const paid = await weekOf(c);
    expect(paid.box.state).toBe('paid');
    expect(paid.week.chargeDueAt).toBeNull();
    expect(await processorCharges(box.checkoutId)).toBe(1);
    expect(await emailsTo(c.email, 'plan_charged')).toHaveLength(1);
  });

  test('a soft decline is tried again at the cutoff +6 h, +24 h and +48 h; unpaid at the dispatch deadline the box is cancelled, stock and credit come back, and the plan goes on hold', async () => {
    await shop();
    const c = await planOnCard(CARDS.insufficientFunds);
    await db().update(customers).set({ storeCredits: 100 }).where(eq(customers.id, c.customerId));
    const stock = await stockOf((await weekOf(c)).box);
    await bill(CUTOFF);
    let { week, box } = await weekOf(c);
    expect(box.state).toBe('payment_pending');
    expect(week.chargeDueAt).toEqual(at('2026-11-27T18:00:00Z'));
    const credit = async () =>
      (await db().select().from(customers).where(eq(customers.id, c.customerId)))[0]!.storeCredits;
    expect(await credit()).toBe(100);
    expect((await emailsTo(c.email, 'plan_payment_failed'))[0]?.text).toContain(
      'We’ll try your card again on Friday 27 November at 6pm',
    );

    expect((await bill(at('2026-11-27T17:59:00Z'))).looked).toBe(0);
    for (const [when, next] of [
      ['2026-11-27T18:00:00Z', '2026-11-28T12:00:00Z'],
      ['2026-11-28T12:00:00Z', '2026-11-29T12:00:00Z'],
      ['2026-11-29T12:00:00Z', DEADLINE.toISOString()],
    ] as const) {
      await bill(at(when));
      ({ week } = await weekOf(c));
      expect(week.chargeDueAt).toEqual(at(next));
    }
    const tries = await paymentsOf(box.checkoutId);
    expect(tries.map((p) => [p.idempotencyKey, p.status, p.declineCode])).toEqual(
      [1, 2, 3, 4].map((n) => [`plan:${week.id}:${n}`, 'failed', 'insufficient_funds']),
    );
    expect(await bill(at('2026-11-30T12:00:00Z'))).toMatchObject({ looked: 0 });

    const pass = await bill(DEADLINE);
    expect(pass.givenUp).toBe(1);
    ({ week, box } = await weekOf(c));
    expect(box.state).toBe('cancelled');
    expect((await db().select().from(checkouts).where(eq(checkouts.id, box.checkoutId)))[0]!.state).toBe(
      'cancelled',
    );
    expect(await stockOf(box)).toEqual(stock);
    expect(await credit()).toBe(100);
    expect(await processorCharges(box.checkoutId)).toBe(0);
    const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId));
    expect(plan!.state).toBe('failed');
    expect(await emailsTo(c.email, 'plan_not_sent')).toHaveLength(1);
    expect(await emailsTo(c.email, 'plan_failed')).toHaveLength(1);
    const account = await c.visitor.get(`${API}/subscriptions`);
    expect(account.body.data.at(-1).attributes.state).toBe('failed');

    // The next week's box is on hold and is never charged.
    const [next] = await db()
      .select()
      .from(scheduleWeeks)
      .where(
        and(eq(scheduleWeeks.subscriptionId, c.subscriptionId), eq(scheduleWeeks.startDate, '2026-12-07')),
      );
    const [nextBox] = await db().select().from(orders).where(eq(orders.id, next!.orderId!));
    expect(nextBox!.state).toBe('skipped');
    await bill(at('2026-12-04T12:00:00Z'));
    expect(await paymentsOf(nextBox!.checkoutId)).toHaveLength(0);
  });

  test('a box waiting for its next try is never charged again once the plan is cancelled or paused: not sent, stock and credit back, the plan left as the customer left it', async () => {
    await shop();
    const cancelling = await planOnCard(CARDS.insufficientFunds);
    const pausing = await planOnCard(CARDS.insufficientFunds);
    const both = [cancelling, pausing];
    for (const c of both)
      await db().update(customers).set({ storeCredits: 100 }).where(eq(customers.id, c.customerId));
    const stock = await Promise.all(both.map(async (c) => stockOf((await weekOf(c)).box)));
    await bill(CUTOFF);
    const boxes = await Promise.all(both.map(async (c) => (await weekOf(c)).box));
    expect(boxes.map((box) => box.state)).toEqual(['payment_pending', 'payment_pending']);

    // An hour after the cutoff both leave: a cancel needs no body at all (its reason is optional).
    t.clock.set(at('2026-11-27T13:00:00Z'));
    const cancelled = await cancelling.visitor.request(
      'POST',
      `${API}/subscriptions/${cancelling.subscriptionId}/cancel`,
      { raw: '' },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const paused = await pausing.visitor.post(`${API}/subscriptions/${pausing.subscriptionId}/pause`);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect((await bill(at('2026-11-27T13:01:00Z'))).givenUp).toBe(2);

    for (const [i, c] of both.entries()) {
      const after = await weekOf(c);
      expect(after.box.state).toBe('cancelled');
      expect(after.week.chargeDueAt).toBeNull();
      expect(await stockOf(after.box)).toEqual(stock[i]);
      const [customer] = await db().select().from(customers).where(eq(customers.id, c.customerId));
      expect(customer!.storeCredits).toBe(100);
      const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId));
      expect(plan!.state).toBe(i === 0 ? 'cancelled' : 'paused');
      const [mail] = await emailsTo(c.email, 'plan_not_sent');
      expect(mail?.text).toContain('when you paused or cancelled your plan');
    }

    // The retries that were due never happen.
    for (const when of ['2026-11-27T18:00:00Z', '2026-11-28T12:00:00Z', '2026-11-29T12:00:00Z'])
      await bill(at(when));
    await bill(DEADLINE);
    for (const box of boxes) {
      expect((await paymentsOf(box.checkoutId)).map((p) => p.status)).toEqual(['failed']);
      expect(await processorCharges(box.checkoutId)).toBe(0);
    }
  });

  test('a hard decline is never tried again', async () => {
    await shop();
    const c = await planOnCard(CARDS.stolenCard);
    await bill(CUTOFF);
    const { week, box } = await weekOf(c);
    expect(box.state).toBe('not_authorized');
    expect(week.chargeDueAt).toEqual(DEADLINE);
    for (const when of ['2026-11-27T18:00:00Z', '2026-11-28T12:00:00Z', '2026-11-29T12:00:00Z'])
      await bill(at(when));
    expect(await paymentsOf(box.checkoutId)).toHaveLength(1);
    // Paying by hand with the same card is refused too; another card pays.
    const same = await c.visitor.post(`${API}/payments`, {
      order_id: box.id,
      payment_method_id: c.planCardId,
    });
    expect(same.status).toBe(402);
    const other = await saveCard(t, c, CARDS.visa);
    const paid = await c.visitor.post(`${API}/payments`, { order_id: box.id, payment_method_id: other });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await weekOf(c)).box.state).toBe('paid');
  });
});

describe('after downtime', { timeout: 90_000 }, () => {
  test('a server down over the cutoff bills what it missed; a week past its dispatch deadline is not sent and not charged', async () => {
    await shop();
    const late = await planCustomer(t);
    expect(await bill(at('2026-11-30T09:00:00Z'))).toMatchObject({ charged: 1 });
    expect((await weekOf(late)).box.state).toBe('paid');

    await t.close();
    await shop();
    const missed = await planCustomer(t);
    expect(await bill(at('2026-12-01T13:30:00Z'))).toMatchObject({ charged: 0, notSent: 1 });
    const { week, box } = await weekOf(missed);
    expect(box.state).toBe('cancelled');
    expect(week.chargeDueAt).toBeNull();
    expect(await paymentsOf(box.checkoutId)).toHaveLength(0);
    expect((await emailsTo(missed.email, 'plan_not_sent'))[0]?.text).toContain('You haven’t been charged');
  });
});

describe('the reminder two days before the cutoff', { timeout: 90_000 }, () => {
  test('says what will be sent and charged, with one-tap links, once', async () => {
    await shop();
    const c = await planCustomer(t);
    const { week, box } = await weekOf(c);
    t.clock.set(at('2026-11-25T11:59:00Z'));
    expect(await t.app.services.planBilling.remindDue()).toBe(0);
    t.clock.set(at('2026-11-25T12:00:00Z'));
    const [a, b] = await Promise.all([
      t.app.services.planBilling.remindDue(),
      t.app.services.planBilling.remindDue(),
    ]);
    expect(a + b).toBe(1);
    t.clock.set(at('2026-11-26T09:00:00Z'));
    expect(await t.app.services.planBilling.remindDue()).toBe(0);
    const sent = await emailsTo(c.email, 'plan_reminder');
    expect(sent).toHaveLength(1);
    const text = sent[0]!.text;
    const lines = await db().select().from(orderLineItems).where(eq(orderLineItems.orderId, box.id));
    for (const line of lines) expect(text).toContain(line.title);
    expect(text).toContain(`£${(box.total / 100).toFixed(2)}`);
    expect(text).toContain('Visa ending 4242');
    expect(text).toContain('Friday 27 November at 12 noon');
    expect(text).toContain('Wednesday 2 December');
    expect(text).toContain(`/schedule/${week.id}/choose-recipes`);
    const skip = text.match(/\/schedule\/[^/]+\/edit\?action=skip&token=([^\s]+)/);
    expect(skip).not.toBeNull();
    // The one-tap link skips that week without signing in.
    const tapped = await t.visitor().post(`${API}/schedule_weeks/${week.id}/skip?token=${skip![1]}`, {});
    expect(tapped.status, JSON.stringify(tapped.body)).toBe(200);
    expect((await weekOf(c)).box.state).toBe('skipped');
    const [reminded] = await db()
      .select()
      .from(scheduleWeeks)
      .where(inArray(scheduleWeeks.id, [week.id]));
    expect(reminded!.remindedAt).toEqual(at('2026-11-25T12:00:00Z'));
  });
});
