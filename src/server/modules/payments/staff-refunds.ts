import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { givenBack, partRefundsOf, taken, type PartRefund } from './part-refunds';
import { describePayments } from '../orders';

// What the back office reads of a checkout's payments (issue 25 part 4): each attempt with what it took and
// its refunds, and what its successful payment has left to give back.

export interface StaffPayment {
  id: string;
  processor: 'stripe' | 'paypal' | 'none';
  status: string;
  /** Taken on the card or PayPal (a hold: what was captured). */
  charged: number;
  creditUsed: number;
  paidWith: string | null;
  intentId: string | null;
  declineCode: string | null;
  failureMessage: string | null;
  /** Refunded whole (a takeaway rejected, a cancellation): when it was asked for, and why. */
  refundRequestedAt: Date | null;
  refundReason: string | null;
  refunds: PartRefund[];
  createdAt: Date;
}

/** Every payment attempt of the checkouts, oldest first, with their part refunds. */
export async function staffPaymentsOf(db: DbOrTx, checkoutIds: readonly string[]): Promise<StaffPayment[]> {
  if (checkoutIds.length === 0) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.checkoutId, [...checkoutIds]))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const described = await describePayments(db, rows);
  const refunds = await partRefundsOf(db, checkoutIds);
  return rows.map((row, i) => ({
    id: row.id,
    processor: row.processor,
    status: row.status,
    charged: described[i]!.charged,
    creditUsed: row.creditAmount,
    paidWith: described[i]!.paidWith,
    intentId: row.intentId,
    declineCode: row.declineCode,
    failureMessage: row.failureMessage,
    refundRequestedAt: row.refundRequestedAt,
    refundReason: row.refundReason,
    refunds: refunds.filter((refund) => refund.paymentId === row.id),
    createdAt: row.createdAt,
  }));
}

export interface RefundRoom {
  /** The successful payment, unless there is none or it is refunded (or owed back) whole. */
  paymentId: string | null;
  /** What it took on the card and in store credit. */
  paid: number;
  /** Given back to the card by part refunds (owed or done). */
  givenToCard: number;
  /** What the card could still take back. */
  cardLeft: number;
}

/** What the checkout's successful payment has to give back (read under the checkout's lock to decide). */
export async function refundRoomOf(db: DbOrTx, checkoutId: string): Promise<RefundRoom> {
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'succeeded')));
  if (!paid || paid.refundRequestedAt) return { paymentId: null, paid: 0, givenToCard: 0, cardLeft: 0 };
  const given = (await givenBack(db, [paid.id])).get(paid.id) ?? 0;
  const toCard = paid.processor !== 'none' && paid.intentId !== null;
  return {
    paymentId: paid.id,
    paid: taken(paid) + paid.creditAmount,
    givenToCard: given,
    cardLeft: toCard ? Math.max(0, taken(paid) - given) : 0,
  };
}
