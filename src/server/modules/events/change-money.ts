import type { ChangeRow } from './bookings.repo';

// What a recorded change to a booking took off and gave back (decision 29). A change gives back a percent of
// the value it takes off (seats and add-ons at the prices paid), never a share of what is left, so each row
// keeps that value (`after.takenOff`) beside its refund. A row written before it was kept took off what it
// gave back (the scale was all or nothing).

/** The value a change took off the booking, at the prices paid. */
export function takenOffOf(change: Pick<ChangeRow, 'after' | 'refundAmount'>): number {
  const kept = change.after.takenOff;
  return typeof kept === 'number' && Number.isSafeInteger(kept) && kept >= 0 ? kept : change.refundAmount;
}

/** Everything a change gave back, to the card and as store credit. */
export function givenBackOf(change: Pick<ChangeRow, 'refundAmount'>): number {
  return change.refundAmount;
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
export function bookingMoney(
  paidTotals: readonly number[],
  changes: readonly Pick<ChangeRow, 'after' | 'refundAmount'>[],
): BookingMoney {
  const paid = paidTotals.reduce((sum, total) => sum + total, 0);
  const takenOff = changes.reduce((sum, change) => sum + takenOffOf(change), 0);
  const given = changes.reduce((sum, change) => sum + givenBackOf(change), 0);
  return {
    value: Math.max(0, paid - takenOff),
    refundable: Math.max(0, paid - given),
    paid: Math.max(0, paid - given),
  };
}
