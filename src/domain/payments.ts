import { assertMove, canMove, type Lifecycle } from './lifecycles';

// A payment's life (issue 8: every ending of a payment settles its store credit). Credit is spent when the
// attempt is made; it stays spent only while the attempt can still take, or has taken, the money. Every way
// an attempt ends without the shop keeping the money (declined, abandoned, replaced, refunded) gives it back,
// exactly once.

export const PAYMENT_STATUSES = [
  'processing',
  'requires_action',
  'held',
  'succeeded',
  'failed',
  'released',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Where each status may go. `failed → refunded`: a replaced or abandoned 3-D Secure check that the
 * customer completed anyway took money that goes straight back. Nothing leaves `refunded`. A hold (decision
 * 28) is `held` once the card is authorised, then captured (`succeeded`), let go (`released`), or `failed`
 * when the authorisation could no longer be captured.
 */
export const PAYMENT_LIFECYCLE: Lifecycle<PaymentStatus> = {
  name: 'payment',
  states: PAYMENT_STATUSES,
  moves: {
    processing: ['requires_action', 'held', 'succeeded', 'failed', 'refunded'],
    requires_action: ['processing', 'held', 'succeeded', 'failed', 'refunded'],
    held: ['succeeded', 'released', 'failed'],
    succeeded: ['refunded'],
    failed: ['refunded'],
    released: [],
    refunded: [],
  },
};
export const PAYMENT_TRANSITIONS = PAYMENT_LIFECYCLE.moves;

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return canMove(PAYMENT_LIFECYCLE, from, to);
}

export function assertPaymentMove(from: PaymentStatus, to: PaymentStatus): void {
  assertMove(PAYMENT_LIFECYCLE, from, to);
}

/** The money is not the shop's to keep in these: the credit spent on the attempt is back with the customer. */
const CREDIT_RETURNED: readonly PaymentStatus[] = ['failed', 'released', 'refunded'];

export function holdsCredit(status: PaymentStatus): boolean {
  return !CREDIT_RETURNED.includes(status);
}

/** Whether moving from → to gives the attempt's credit back (it does so once: never from failed to refunded). */
export function returnsCredit(from: PaymentStatus, to: PaymentStatus): boolean {
  return holdsCredit(from) && !holdsCredit(to);
}
