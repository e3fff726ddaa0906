import { Counter } from 'prom-client';

// What the shop counts where it happens (docs/operations.md), for /metrics: the payment state machine and the
// job queue's loop call these small ports, never prom-client. The counters are this process's own (every app
// built in it registers them in its registry, observability/metrics.ts), because jobs run outside any app.

/** How a payment was made: at a checkout, while its customer is away (a plan's weekly box), or a hold (a tab). */
export type PaymentKind = 'checkout' | 'off_session' | 'hold';

export const paymentOutcomes = new Counter({
  name: 'sfoglia_payment_outcomes_total',
  help: 'Payments started and the statuses they moved to, by kind (checkout, off_session, hold) and processor',
  labelNames: ['kind', 'processor', 'outcome'] as const,
  registers: [],
});

export const jobFailures = new Counter({
  name: 'sfoglia_job_failures_total',
  help: 'Job runs that failed (the handler threw), by queue',
  labelNames: ['queue'] as const,
  registers: [],
});

/** The facts of a payment row that name its kind and processor. */
export interface CountedPayment {
  processor: string;
  offSession: boolean;
  captureMethod: 'automatic' | 'manual';
}

export function paymentKindOf(payment: CountedPayment): PaymentKind {
  if (payment.captureMethod === 'manual') return 'hold';
  return payment.offSession ? 'off_session' : 'checkout';
}

/**
 * Counts payments started (`started`) or moved to a status (`succeeded`, `failed`, `requires_action`, …).
 * Called inside the transaction that records it: a transaction rolled back after it (rare: a conflict run
 * again) has been counted, so the counter is a rate to watch, not a ledger (the payments table is that).
 */
export function countPaymentOutcomes(payments: readonly CountedPayment[], outcome: string): void {
  for (const payment of payments) {
    paymentOutcomes.inc({ kind: paymentKindOf(payment), processor: payment.processor, outcome });
  }
}

/** Counts a job run that failed. */
export function countJobFailure(queue: string): void {
  jobFailures.inc({ queue });
}
