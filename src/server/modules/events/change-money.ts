import type { RefundParts } from '../../../domain/event-refunds';
import type { ChangeRow } from './bookings.repo';

// What a recorded change to a booking took off and gave back (decision 29). A change gives back a percent of
// the value it takes off (seats and add-ons at the prices paid), never a share of what is left, so each row
// keeps that value (`after.takenOff`) beside its refund. A row written before it was kept took off what it
// gave back (the scale was all or nothing). A refund partly to the card and partly as store credit is kept as
// its card part (`refund_amount`, `refund_as` card) with the credit part in `after.credit`.

/** The value a change took off the booking, at the prices paid. */
export function takenOffOf(change: Pick<ChangeRow, 'after' | 'refundAmount'>): number {
  const kept = change.after.takenOff;
  return typeof kept === 'number' && Number.isSafeInteger(kept) && kept >= 0 ? kept : change.refundAmount;
}

type MoneyRow = Pick<ChangeRow, 'after' | 'refundAmount' | 'refundAs'>;

/** What a change gave back to the card and as store credit. */
export function refundPartsOf(change: MoneyRow): RefundParts {
  if (change.refundAs === 'credit') return { card: 0, credit: change.refundAmount };
  if (change.refundAs === 'none') return { card: 0, credit: 0 };
  const credit = change.after.credit;
  return {
    card: change.refundAmount,
    credit: typeof credit === 'number' && Number.isSafeInteger(credit) && credit > 0 ? credit : 0,
  };
}

/** Everything a change gave back, to the card and as store credit. */
export function givenBackOf(change: MoneyRow): number {
  const parts = refundPartsOf(change);
  return parts.card + parts.credit;
}

/** The row's columns for what a change gave back (the credit part of a mixed one goes in `after`). */
export function refundColumns(parts: RefundParts): {
  refundAmount: number;
  refundAs: 'card' | 'credit' | 'none';
  after: { credit?: number };
} {
  if (parts.card > 0)
    return {
      refundAmount: parts.card,
      refundAs: 'card',
      after: parts.credit > 0 ? { credit: parts.credit } : {},
    };
  return parts.credit > 0
    ? { refundAmount: parts.credit, refundAs: 'credit', after: {} }
    : { refundAmount: 0, refundAs: 'none', after: {} };
}

export interface BookingMoney {
  /** What it holds now at the prices paid: every paid purchase less the value changes took off. */
  value: number;
  /** What may still be given back: every paid purchase less what changes gave back. */
  refundable: number;
  /** Every paid purchase less what was given back (the booking's "paid"). */
  paid: number;
}

/** A booking's money from its paid purchases' totals and its changes. */
export function bookingMoney(paidTotals: readonly number[], changes: readonly MoneyRow[]): BookingMoney {
  const paid = paidTotals.reduce((sum, total) => sum + total, 0);
  const takenOff = changes.reduce((sum, change) => sum + takenOffOf(change), 0);
  const given = changes.reduce((sum, change) => sum + givenBackOf(change), 0);
  return {
    value: Math.max(0, paid - takenOff),
    refundable: Math.max(0, paid - given),
    paid: Math.max(0, paid - given),
  };
}
