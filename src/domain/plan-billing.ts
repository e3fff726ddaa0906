import type { IsoDate } from './calendar';
import type { OrderState } from './orders';
import { dispatchDeadline, nextChargeAttempt, type ChargeFailure } from './plans';

// What weekly billing does with one week when it looks at it (issue 12 part 2; docs/decisions/0022): at the
// cutoff, at each retry, at the dispatch deadline, or late after a server was down. Pure: the server reads
// the rows, asks here, and does what it is told under the rows' locks.

/** Declines that must never be tried again with the same card (spec §8). */
export const HARD_DECLINE_CODES = ['stolen_card', 'lost_card', 'fraudulent', 'merchant_blacklist'] as const;

/** The decline code an off-session charge gets when the bank wants its customer (3-D Secure). */
export const AUTHENTICATION_REQUIRED = 'authentication_required';

/** How a failed charge counts for trying again, from its decline code (null: no code, a soft failure). */
export function chargeFailureOf(declineCode: string | null): ChargeFailure {
  if (declineCode === null) return 'soft';
  if ((HARD_DECLINE_CODES as readonly string[]).includes(declineCode)) return 'hard_decline';
  if (declineCode === AUTHENTICATION_REQUIRED) return 'needs_customer';
  return 'soft';
}

/** A box is charged only while it can still be packed in time: an hour before its dispatch deadline. */
export const CHARGE_MARGIN_MS = 60 * 60 * 1000;

export function latestChargeTime(deliveryDate: IsoDate): Date {
  return new Date(dispatchDeadline(deliveryDate).getTime() - CHARGE_MARGIN_MS);
}

export interface WeekToBill {
  now: Date;
  weekStart: IsoDate;
  deliveryDate: IsoDate;
  weekState: 'active' | 'skipped';
  planState: 'created' | 'active' | 'paused' | 'failed' | 'cancelled';
  /** The week's box, when it has one; `subscription` boxes are billed, others were paid at checkout. */
  box: { source: string; state: OrderState } | null;
  /** Charges tried so far (the first at the cutoff). */
  attempts: number;
  /** How the last failed charge failed, when the box waits for payment. */
  lastFailure: ChargeFailure | null;
}

export type BillingStep =
  /** Nothing is, or will be, charged here (no box, paid at checkout, paid, cancelled): stop looking. */
  | { kind: 'done' }
  /** Skipped, or the plan is not active at the cutoff: never charged; the box is (or stays) skipped. */
  | { kind: 'skip' }
  /** Its charge comes too late to pack it (a server down over the cutoff): not sent, not charged. */
  | { kind: 'not_sent' }
  /** Charge the box off-session (attempt n; the same n again replays that attempt). */
  | { kind: 'charge'; attempt: number }
  /**
   * Still unpaid at its dispatch deadline: cancelled, everything given back, the plan failed. `withdrawn`:
   * the customer paused or cancelled the plan while the box waited for payment, so it is never tried again
   * and not sent (the plan stays as the customer left it).
   */
  | { kind: 'give_up'; withdrawn?: true }
  /** Nothing to do before `until` (the next try, or the dispatch deadline). */
  | { kind: 'wait'; until: Date };

const UNPAID: readonly OrderState[] = ['payment_pending', 'not_authorized'];

export function billingStep(week: WeekToBill): BillingStep {
  const { box, now } = week;
  if (!box || box.source !== 'subscription') return { kind: 'done' };
  const deadline = dispatchDeadline(week.deliveryDate);
  const latest = latestChargeTime(week.deliveryDate);
  if (box.state === 'created' || box.state === 'skipped') {
    if (box.state === 'skipped' || week.weekState === 'skipped' || week.planState !== 'active') {
      return { kind: 'skip' };
    }
    if (now.getTime() >= latest.getTime()) return { kind: 'not_sent' };
    return { kind: 'charge', attempt: week.attempts + 1 };
  }
  if (box.state === 'billed') {
    // Billed and not yet answered (a crash between billing and the charge): the same attempt again.
    if (now.getTime() >= deadline.getTime()) return { kind: 'give_up' };
    return { kind: 'charge', attempt: Math.max(1, week.attempts) };
  }
  if (UNPAID.includes(box.state)) {
    if (week.planState === 'paused' || week.planState === 'cancelled')
      return { kind: 'give_up', withdrawn: true };
    if (now.getTime() >= deadline.getTime()) return { kind: 'give_up' };
    const next = nextChargeAttempt({
      attempts: week.attempts,
      failure: week.lastFailure ?? 'soft',
      weekStart: week.weekStart,
      deliveryDate: week.deliveryDate,
    });
    if (next && next.getTime() <= now.getTime()) return { kind: 'charge', attempt: week.attempts + 1 };
    return { kind: 'wait', until: next ?? deadline };
  }
  return { kind: 'done' };
}

/** When billing looks at a week again after a charge failed: the next try, else its dispatch deadline. */
export function nextLookAfterFailure(week: {
  attempts: number;
  failure: ChargeFailure;
  weekStart: IsoDate;
  deliveryDate: IsoDate;
}): { at: Date; retry: boolean } {
  const next = nextChargeAttempt(week);
  return next ? { at: next, retry: true } : { at: dispatchDeadline(week.deliveryDate), retry: false };
}
