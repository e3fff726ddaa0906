import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts } from '../db/schema/checkout';
import { orders } from '../db/schema/orders';
import { outbox } from '../db/schema/email';
import { stateChanges } from '../db/schema/state-changes';
import { ABANDONED_UNPAID_MS } from '../modules/orders';
import { API } from '../test/api-expect';
import { clearRateLimits } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { basketOf, DISH, place, shopper } from '../test/checkout';
import { startTestJobs } from '../test/takeaway';
import { TEST_NOW } from '../test/test-clock';
import { createJobs, type JobDefinition } from './queue';
import { JOB } from './shop-jobs';
import type { RunningJobs } from './start';

// The job queue (issue 10 part 4): pg-boss on the shop's own database, jobs driven here with the shop's
// pinned clock and `runDue`, never with sleeps.

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let running: RunningJobs;
beforeAll(async () => {
  t = await createTestApp();
  running = await startTestJobs(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(async () => {
  await running.stop();
  await t.close();
});

describe('the shop’s jobs', () => {
  test('each sweep is a queue with a schedule in UK time', async () => {
    expect(await running.jobs.schedules()).toEqual({
      [JOB.recoverPayments]: '* * * * *',
      [JOB.releaseCheckouts]: '* * * * *',
      [JOB.deliverEmail]: '* * * * *',
      [JOB.answerEmailRequests]: '* * * * *',
      [JOB.progressDeliveries]: '* * * * *',
      [JOB.creditLateDeliveries]: '* * * * *',
      [JOB.rejectUnacceptedTakeaways]: '* * * * *',
      [JOB.closeTabs]: '* * * * *',
      [JOB.billPlans]: '* * * * *',
      [JOB.remindPlans]: '*/15 * * * *',
      [JOB.planAhead]: '7 * * * *',
      [JOB.progressFulfilment]: '*/5 * * * *',
      [JOB.remindEvents]: '*/15 * * * *',
      [JOB.remindExpiringCredit]: '*/15 * * * *',
      [JOB.expireCredit]: '* * * * *',
      [JOB.askAfterOrders]: '* * * * *',
      [JOB.settleReferrals]: '* * * * *',
      [JOB.awardLoyalty]: '*/5 * * * *',
    });
  });

  test('a job sent is run by the next runDue, even within the database clock’s millisecond', async () => {
    // pg-boss runs a job once `start_after < now()`, and PGlite's clock is JavaScript's, in whole milliseconds:
    // here it stands still until a moment after runDue was called, as it can between a send and a fetch.
    // On a PostgreSQL server the database's clock moves by itself and runDue may answer before the nudge: the
    // nudge is cancelled then, since vi.setSystemTime after useRealTimers would freeze Date for the whole file.
    vi.useFakeTimers({ toFake: ['Date'] });
    let nudge: NodeJS.Timeout | undefined;
    try {
      await running.jobs.send(JOB.releaseCheckouts);
      const ran = running.jobs.runDue(JOB.releaseCheckouts);
      nudge = setTimeout(() => vi.setSystemTime(Date.now() + 1), 20);
      expect(await ran).toBe(1);
    } finally {
      clearTimeout(nudge);
      vi.useRealTimers();
    }
  });

  test('a checkout left unpaid past two hours on the shop’s clock is released by its job, once', async () => {
    const s = await shopper(t);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));

    await running.jobs.send(JOB.releaseCheckouts);
    expect(await running.jobs.runDue(JOB.releaseCheckouts)).toBe(1);
    const [still] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, order!.checkoutId));
    expect(still!.state).toBe('open');

    t.clock.set(new Date(TEST_NOW.getTime() + ABANDONED_UNPAID_MS + 60_000));
    try {
      await running.jobs.send(JOB.releaseCheckouts);
      await running.jobs.send(JOB.releaseCheckouts);
      expect(await running.jobs.runDue(JOB.releaseCheckouts)).toBe(2);
    } finally {
      t.clock.set(TEST_NOW);
    }
    const [released] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, order!.checkoutId));
    expect(released!.state).toBe('cancelled');
    const changes = await t.database.db
      .select()
      .from(stateChanges)
      .where(eq(stateChanges.subjectId, order!.checkoutId));
    expect(changes.map((c) => [c.fromState, c.toState, c.actor])).toEqual([
      [null, 'open', 'customer'],
      ['open', 'cancelled', 'job:checkouts-release'],
    ]);
  });

  test('a reset request is answered by its job, and the email sent by the outbox job', async () => {
    const s = await shopper(t);
    const asked = await t.visitor().post(`${API}/customers/password_reset`, { email: s.email });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await running.jobs.send(JOB.answerEmailRequests);
    await running.jobs.runDue(JOB.answerEmailRequests);
    const queued = await t.database.db.select().from(outbox).where(eq(outbox.to, s.email));
    expect(queued.map((row) => [row.template, row.status])).toEqual([['password_reset', 'pending']]);

    await running.jobs.send(JOB.deliverEmail);
    expect(await running.jobs.runDue(JOB.deliverEmail)).toBe(1);
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.to, s.email));
    expect(sent.map((row) => row.status)).toEqual(['sent']);
  });
});

describe('the plan jobs', () => {
  test('plans-bill and fulfilment-progress run as queued jobs on the shop’s clock', async () => {
    t.clock.set(new Date('2026-11-27T12:00:00Z'));
    try {
      await running.jobs.send(JOB.billPlans);
      await running.jobs.send(JOB.remindPlans);
      await running.jobs.send(JOB.progressFulfilment);
      expect(await running.jobs.runDue(JOB.billPlans)).toBe(1);
      expect(await running.jobs.runDue(JOB.remindPlans)).toBe(1);
      expect(await running.jobs.runDue(JOB.progressFulfilment)).toBe(1);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});

describe('the queue', () => {
  test('two processes working one queue run each job once; a failed run is failed, not lost', async () => {
    const ran: string[] = [];
    const definition: JobDefinition = {
      name: 'test-count',
      run: async (data) => {
        if (data.fail) throw new Error('it went wrong');
        ran.push(String(data.n));
      },
    };
    const first = createJobs(t.database, [definition], silent);
    const second = createJobs(t.database, [definition], silent);
    await first.start({ work: false });
    await second.start({ work: false });
    try {
      for (let n = 0; n < 20; n++) await first.send('test-count', { n });
      const [a, b] = await Promise.all([first.runDue('test-count'), second.runDue('test-count')]);
      expect(a + b).toBe(20);
      expect(ran.sort()).toEqual(Array.from({ length: 20 }, (_, n) => String(n)).sort());
      await first.send('test-count', { fail: true });
      await expect(second.runDue('test-count')).rejects.toThrow('it went wrong');
      expect(await first.runDue('test-count')).toBe(0);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  test('a working process runs what is sent by itself, and a job to start later only once it is due', async () => {
    const runs: { n: unknown; at: number }[] = [];
    let seen: (count: number) => void = () => {};
    const definition: JobDefinition = {
      name: 'test-loop',
      pollSeconds: 0.5,
      run: async (data) => {
        runs.push({ n: data.n, at: Date.now() });
        seen(runs.length);
      },
    };
    const jobs = createJobs(t.database, [definition], silent);
    await jobs.start({ work: true });
    try {
      const ran = (count: number) =>
        new Promise<void>((resolve) => {
          seen = (now) => now >= count && resolve();
          seen(runs.length);
        });
      await jobs.send('test-loop', { n: 1 });
      await ran(1);
      const later = Date.now();
      await jobs.send('test-loop', { n: 2 }, { startAfter: 2 });
      await jobs.send('test-loop', { n: 3 });
      await ran(3);
      expect(runs.map((run) => run.n)).toEqual([1, 3, 2]);
      expect(runs[2]!.at - later).toBeGreaterThanOrEqual(2_000);
    } finally {
      await jobs.stop();
    }
  });
});
