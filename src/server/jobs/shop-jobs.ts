import type { JobDefinition } from './queue';

// The shop's background work (architecture decision 9). Each run is idempotent and safe with several
// processes: the sweeps claim rows with `for update skip locked` and check every row's state again under
// its lock, the outbox fences each send on its lease, and pg-boss runs one job per schedule tick.

export const JOB = {
  /**
   * Charges a crash left half-done or the processor did not answer (looked at again every few seconds while
   * one waits), 3-D Secure checks left unanswered, cancels still owed.
   */
  recoverPayments: 'payments-recover',
  /** Unpaid checkouts left too long give back their stock and vouchers. */
  releaseCheckouts: 'checkouts-release',
  /** The email outbox, sent after commit. */
  deliverEmail: 'email-deliver',
  /** Sign-in link and password reset requests, looked up and answered by email. */
  answerEmailRequests: 'email-requests',
  /** Takeaways out for delivery: a rider for any still without one, and the courier's handovers. */
  progressDeliveries: 'takeaway-couriers',
  /** Takeaways delivered after their promised window: store credit and an email, once each. */
  creditLateDeliveries: 'takeaway-late-credit',
  /** Paid takeaways the kitchen did not accept in time: rejected, refunded in full, the customer told. */
  rejectUnacceptedTakeaways: 'takeaway-unaccepted',
  /** Tabs whose time ran out: closed for what was ordered, no tip; captures asked for and not recorded. */
  closeTabs: 'tabs-close',
  /** Weekly billing: boxes at their cutoff, retries, boxes unpaid at their dispatch deadline. */
  billPlans: 'plans-bill',
  /** The email two days before each cutoff: what will be sent and charged. */
  remindPlans: 'plans-remind',
  /** Every live plan's weeks written ahead; new menu weeks get their boxes. */
  planAhead: 'plans-ahead',
  /** Paid boxes handed to the warehouse and moved on as their parcels go. */
  progressFulfilment: 'fulfilment-progress',
  /** Event bookings: the dietary form's reminder 3 days before, the day-before reminder; once each. */
  remindEvents: 'events-remind',
  /** Store credit: the email two weeks before a lot expires (once per lot), one per customer per pass. */
  remindExpiringCredit: 'credit-expiry-reminders',
  /** Store credit whose date has come taken off the balance, each lot once (decision 30). */
  expireCredit: 'credit-expiry',
  /** Referrals whose friend's first order is paid: the referrer's credit, or why not; once each (decision 30). */
  settleReferrals: 'referrals-settle',
  /** Plans whose paid boxes completed a block: the reward code and its email; once per block. */
  awardLoyalty: 'loyalty-award',
  /** Delivered orders: the one email asking for a rating and feedback (decision 30), once each. */
  askAfterOrders: 'after-order-asks',
} as const;

export interface ShopWork {
  recoverPayments(): Promise<number>;
  /** Queues the next recovery pass in seconds while a charge still waits for the processor's answer. */
  followUpRecovery(): Promise<void>;
  releaseAbandonedCheckouts(): Promise<number>;
  cancelAbandonedIntents(): Promise<number>;
  deliverDueEmail(): Promise<number>;
  answerEmailRequests(): Promise<number>;
  /** Queues the next outbox pass (a chain every couple of seconds, renewed each minute by cron). */
  followUpEmail(): Promise<void>;
  progressDeliveries(): Promise<number>;
  creditLateDeliveries(): Promise<number>;
  rejectUnacceptedTakeaways(): Promise<number>;
  closeTabs(): Promise<number>;
  billPlans(): Promise<number>;
  remindPlans(): Promise<number>;
  /** In the demo, the weekly menus are topped up first. */
  planAhead(): Promise<number>;
  progressFulfilment(): Promise<number>;
  remindEvents(): Promise<number>;
  remindExpiringCredit(): Promise<number>;
  expireCredit(): Promise<number>;
  settleReferrals(): Promise<number>;
  awardLoyalty(): Promise<number>;
  askAfterOrders(): Promise<number>;
}

export function shopJobs(work: ShopWork): JobDefinition[] {
  return [
    {
      name: JOB.recoverPayments,
      cron: '* * * * *',
      run: async () => {
        await work.recoverPayments();
        await work.followUpRecovery();
      },
    },
    {
      name: JOB.releaseCheckouts,
      cron: '* * * * *',
      run: async () => {
        await work.releaseAbandonedCheckouts();
        // What the release gave up at the processor's end is cancelled there now.
        await work.cancelAbandonedIntents();
      },
    },
    {
      name: JOB.deliverEmail,
      cron: '* * * * *',
      stately: true,
      pollSeconds: 1,
      run: async () => {
        await work.deliverDueEmail();
        await work.followUpEmail();
      },
    },
    {
      name: JOB.answerEmailRequests,
      cron: '* * * * *',
      run: async () => void (await work.answerEmailRequests()),
    },
    {
      name: JOB.progressDeliveries,
      cron: '* * * * *',
      run: async () => void (await work.progressDeliveries()),
    },
    {
      name: JOB.creditLateDeliveries,
      cron: '* * * * *',
      run: async () => void (await work.creditLateDeliveries()),
    },
    {
      name: JOB.rejectUnacceptedTakeaways,
      cron: '* * * * *',
      run: async () => void (await work.rejectUnacceptedTakeaways()),
    },
    { name: JOB.closeTabs, cron: '* * * * *', run: async () => void (await work.closeTabs()) },
    // Billing's claims are leases: a second run at once takes other weeks, never the same ones.
    { name: JOB.billPlans, cron: '* * * * *', run: async () => void (await work.billPlans()) },
    { name: JOB.remindPlans, cron: '*/15 * * * *', run: async () => void (await work.remindPlans()) },
    { name: JOB.planAhead, cron: '7 * * * *', run: async () => void (await work.planAhead()) },
    {
      name: JOB.progressFulfilment,
      cron: '*/5 * * * *',
      run: async () => void (await work.progressFulfilment()),
    },
    { name: JOB.remindEvents, cron: '*/15 * * * *', run: async () => void (await work.remindEvents()) },
    {
      name: JOB.remindExpiringCredit,
      cron: '*/15 * * * *',
      run: async () => void (await work.remindExpiringCredit()),
    },
    { name: JOB.expireCredit, cron: '* * * * *', run: async () => void (await work.expireCredit()) },
    {
      name: JOB.settleReferrals,
      cron: '* * * * *',
      run: async () => void (await work.settleReferrals()),
    },
    { name: JOB.awardLoyalty, cron: '*/5 * * * *', run: async () => void (await work.awardLoyalty()) },
    { name: JOB.askAfterOrders, cron: '* * * * *', run: async () => void (await work.askAfterOrders()) },
  ];
}
