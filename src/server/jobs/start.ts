import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { startEmailDelivery } from '../integrations/email/delivery';
import { localTransport } from '../integrations/email/local';
import { createSmtpTransport } from '../integrations/email/smtp';
import { seedDemo } from '../db/seed/demo-seed';
import { cachedShopRules } from '../modules/shop';
import { rejectUnacceptedTakeaways } from '../modules/kitchen';
import { creditLateDeliveries } from '../modules/takeaway';
import { remindEvents } from '../modules/events';
import { expireCredit, remindExpiringCredit } from '../modules/credit';
import { askAfterOrders } from '../modules/ratings';
import type { Services } from '../services';
import { createJobs, type Jobs, type JobsLog } from './queue';
import { JOB, shopJobs, type ShopWork } from './shop-jobs';

// Starts the shop's jobs in this process (main.ts, worker.ts): the queues and schedules always, and with
// `work` the workers, after one catch-up pass of everything (a server that was down finishes what it
// missed: charges a crash interrupted, checkouts that went stale, emails waiting).

export interface RunningJobs {
  jobs: Jobs;
  work: ShopWork;
  stop(): Promise<void>;
}

export async function startShopJobs({
  config,
  database,
  clock,
  services,
  log,
  work,
}: {
  config: Config;
  database: Database;
  clock: Clock;
  services: Services;
  log: JobsLog & { warn(details: object, message: string): void };
  work: boolean;
}): Promise<RunningJobs> {
  const email = startEmailDelivery({
    db: database.db,
    transport: config.email.smtpUrl
      ? createSmtpTransport(config.email.smtpUrl, config.email.from)
      : localTransport,
    log,
    loop: false,
  });
  let jobs: Jobs | null = null;
  const rules = cachedShopRules(database.db);
  const shopWork: ShopWork = {
    recoverPayments: () => services.payments.recoverPayments(),
    followUpRecovery: async () => {
      // A customer waits on it (issue 19 item 26): a chain of passes seconds apart, one at a time.
      if (await services.payments.chargesAwaitingProcessor()) {
        await jobs?.send(
          JOB.recoverPayments,
          {},
          { startAfter: 5, singletonKey: 'awaiting-processor', singletonSeconds: 5 },
        );
      }
    },
    releaseAbandonedCheckouts: () => services.checkoutEndings.releaseAbandoned(clock.now()),
    cancelAbandonedIntents: () => services.payments.cancelAbandonedIntents(),
    deliverDueEmail: () => email.deliverDue(),
    answerEmailRequests: () => services.emailRequests.drain(),
    followUpEmail: async () => {
      await jobs?.send(JOB.deliverEmail, {}, { startAfter: 2 });
    },
    progressDeliveries: () => services.takeawayTracking.progressDeliveries(),
    creditLateDeliveries: () => creditLateDeliveries(database.db, clock, rules),
    rejectUnacceptedTakeaways: () =>
      rejectUnacceptedTakeaways(database.db, clock, rules, services.payments, log),
    closeTabs: () => services.tabBills.closeDue(),
    billPlans: async () => (await services.planBilling.billDue()).looked,
    remindPlans: () => services.planBilling.remindDue(),
    planAhead: async () => {
      // A long-running demo keeps publishing weekly menus (seedDemo is idempotent).
      if (config.seedDemo) await seedDemo(database.db, clock.now());
      return services.planBilling.planAheadAll();
    },
    progressFulfilment: async () => {
      const { handedOver, moved } = await services.fulfilment.progress();
      return handedOver + moved;
    },
    remindEvents: () => remindEvents(database.db, clock, config.publicUrl),
    remindExpiringCredit: () => remindExpiringCredit(database.db, clock, config.publicUrl),
    expireCredit: () => expireCredit(database.db, clock),
    settleReferrals: () => services.referralSettlement.settlePending(),
    awardLoyalty: () => services.loyalty.award(),
    askAfterOrders: () => askAfterOrders(database.db, clock, config.publicUrl),
  };
  jobs = createJobs(database, shopJobs(shopWork), log);
  await jobs.start({ work });
  if (work) {
    // Catch up before the schedules take over; a failure here is retried by the next scheduled run.
    await services.payments
      .recoverPayments(0)
      .catch((error: unknown) => log.error({ err: error }, 'payment recovery at start failed'));
    await shopWork
      .releaseAbandonedCheckouts()
      .then(() => shopWork.cancelAbandonedIntents())
      .catch((error: unknown) => log.error({ err: error }, 'releasing checkouts at start failed'));
    await services.emailRequests
      .drain()
      .catch((error: unknown) => log.error({ err: error }, 'email requests at start failed'));
    await jobs.send(JOB.deliverEmail, {});
    // What a server down over a cutoff or a delivery day missed: billed, planned and moved on by the
    // queues' workers now (weeks past their dispatch deadline are not sent, and their customers told).
    await jobs.send(JOB.planAhead, {});
    await jobs.send(JOB.billPlans, {});
    await jobs.send(JOB.remindPlans, {});
    await jobs.send(JOB.progressFulfilment, {});
  }
  return {
    jobs,
    work: shopWork,
    async stop() {
      await jobs?.stop();
      await email.stop();
    },
  };
}

/**
 * Creates the shop's queues and schedules, working nothing: the primary of several server processes does this
 * before it forks them (docs/decisions/0019). pg-boss's queue creation on a new database is DDL that deadlocks
 * when two processes run it at once; afterwards each process finds its queues there.
 */
export async function prepareShopJobs(database: Database, log: JobsLog): Promise<void> {
  const nothing = async () => 0;
  const jobs = createJobs(
    database,
    shopJobs({
      recoverPayments: nothing,
      followUpRecovery: async () => {},
      releaseAbandonedCheckouts: nothing,
      cancelAbandonedIntents: nothing,
      deliverDueEmail: nothing,
      answerEmailRequests: nothing,
      followUpEmail: async () => {},
      progressDeliveries: nothing,
      creditLateDeliveries: nothing,
      rejectUnacceptedTakeaways: nothing,
      closeTabs: nothing,
      billPlans: nothing,
      remindPlans: nothing,
      planAhead: nothing,
      progressFulfilment: nothing,
      remindEvents: nothing,
      remindExpiringCredit: nothing,
      expireCredit: nothing,
      settleReferrals: nothing,
      awardLoyalty: nothing,
      askAfterOrders: nothing,
    }),
    log,
  );
  await jobs.start({ work: false });
  await jobs.stop();
}
