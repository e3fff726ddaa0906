import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { paymentRefunds, payments } from '../../db/schema/payments';
import type { Mover } from '../orders';
import type { PaymentSettlement } from './payment-settlement';
import type { PaymentRow } from './payment-state';

// Giving back part of what was paid (issue 22, decision 29: a guest taken off an event booking, a cheaper
// date). As with a whole refund (refunds.ts), the decision is made in the caller's transaction and the
// processor is called after commit: `requestPartRefund` writes `owed` rows (`payment_refunds`), each refunded
// with the key `refund:<id>` (`refundPartsOwed`, from `PaymentsService.refundOwed` and every recovery pass),
// then `refunded` with the processor's id. The payment stays `succeeded` and no kind's hook is called: the
// caller decided what the refund means. Only money taken on a card or PayPal goes back there; the rest
// (store credit spent, a payment with nothing charged) is answered as `toCredit` for the caller to give back
// with credit's `addCredit`. Store credit given back that way is the caller's to record: mixing a part
// refund that returned credit with a later whole refund (`requestRefund`) would return that credit twice.

export type PartRefundRow = typeof paymentRefunds.$inferSelect;

export interface PartRefundRequest {
  /** The checkouts whose successful payments give back (a booking paid over several), newest taken first. */
  checkoutIds: readonly string[];
  /** Pence to give back in all. */
  amount: number;
  reason: string;
  by: Mover;
}

export interface PartRefundDecision {
  /** Pence owed back to cards and PayPal (the rows' sum). */
  refunded: number;
  /** Pence that cannot go back to a card: the caller gives them back as store credit. */
  toCredit: number;
  /** The `owed` rows written, newest payment first: refund them after commit (`refundOwed`). */
  rows: PartRefundRow[];
}

/** What a successful payment took on the card or PayPal: a hold took what was captured of it. */
export function taken(payment: PaymentRow): number {
  return payment.captureMethod === 'manual' ? (payment.captureAmount ?? 0) : payment.amount;
}

function refundableToCard(payment: PaymentRow): boolean {
  return payment.processor !== 'none' && payment.intentId !== null && taken(payment) > 0;
}

/**
 * Decides a part refund of the checkouts' successful payments, in the caller's transaction (the checkouts
 * held through `lockInOrder`; this takes their payments next, in id order, as the lock order says). Each
 * payment, newest first, gives back to its card what it took there less its earlier part refunds, until
 * `amount` is covered; a payment owed back whole (`requestRefund`) gives nothing. Throws when `amount` is
 * more than the payments have left (their charges and credit, less what was given back to cards): a caller's
 * mistake, never the customer's.
 */
export async function requestPartRefund(
  tx: DbOrTx,
  { checkoutIds, amount, reason, by }: PartRefundRequest,
): Promise<PartRefundDecision> {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A refund is a whole number of pence, not ${amount}`);
  }
  if (amount === 0 || checkoutIds.length === 0) return { refunded: 0, toCredit: 0, rows: [] };
  const locked = await tx
    .select()
    .from(payments)
    .where(and(inArray(payments.checkoutId, [...checkoutIds]), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.id))
    .for('update');
  const given = await givenBack(
    tx,
    locked.map((payment) => payment.id),
  );
  const newestFirst = [...locked].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
  );
  let left = amount;
  let creditRoom = 0;
  const owed: (typeof paymentRefunds.$inferInsert)[] = [];
  for (const payment of newestFirst) {
    if (payment.refundRequestedAt) continue;
    const remaining = taken(payment) - (given.get(payment.id) ?? 0);
    if (!refundableToCard(payment)) {
      creditRoom += payment.creditAmount + Math.max(0, remaining);
      continue;
    }
    creditRoom += payment.creditAmount;
    const take = Math.min(remaining, left);
    if (take <= 0) continue;
    owed.push({ paymentId: payment.id, amount: take, reason, requestedBy: by.actor, requestedAt: by.at });
    left -= take;
  }
  if (left > creditRoom) {
    throw new RangeError(
      `A refund of ${amount}p is more than checkouts ${checkoutIds.join(', ')} have left to give back`,
    );
  }
  const written = owed.length === 0 ? [] : await tx.insert(paymentRefunds).values(owed).returning();
  const byPayment = new Map(written.map((row) => [row.paymentId, row]));
  return {
    refunded: amount - left,
    toCredit: left,
    rows: owed.map((row) => byPayment.get(row.paymentId)!),
  };
}

/**
 * Pence the checkouts' successful payments could still give back to cards and PayPal: what
 * `requestPartRefund` would refund there before answering the rest as store credit. Reads only (a quote).
 */
export async function cardRefundRoom(db: DbOrTx, checkoutIds: readonly string[]): Promise<number> {
  if (checkoutIds.length === 0) return 0;
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.checkoutId, [...checkoutIds]), eq(payments.status, 'succeeded')));
  const given = await givenBack(
    db,
    rows.map((payment) => payment.id),
  );
  return rows
    .filter((payment) => !payment.refundRequestedAt && refundableToCard(payment))
    .reduce((sum, payment) => sum + Math.max(0, taken(payment) - (given.get(payment.id) ?? 0)), 0);
}

/** Pence already given back to each payment's card by part refunds, owed or done. */
export async function givenBack(db: DbOrTx, paymentIds: readonly string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({
      paymentId: paymentRefunds.paymentId,
      amount: sql<number>`sum(${paymentRefunds.amount})`.mapWith(Number),
    })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.paymentId, [...paymentIds]))
    .groupBy(paymentRefunds.paymentId);
  return new Map(rows.map((row) => [row.paymentId, row.amount]));
}

/**
 * Refunds the part refunds still owed (of one checkout, or all) at the processor, each with its own key, so a
 * second ask after a crash is a replay; each answered one is recorded `refunded` with the processor's id.
 * One the processor refuses or does not answer stays owed for the next pass; one whose payment was refunded
 * whole meanwhile is done (the whole refund gave back everything left). Answers how many were refunded.
 */
export async function refundPartsOwed(
  db: Db,
  settlement: PaymentSettlement,
  clock: Clock,
  checkoutId?: string,
): Promise<number> {
  const owed = await db
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(eq(paymentRefunds.state, 'owed'), checkoutId ? eq(payments.checkoutId, checkoutId) : undefined),
    )
    .orderBy(asc(paymentRefunds.requestedAt), asc(paymentRefunds.id))
    .limit(50);
  let refunded = 0;
  for (const { refund, payment } of owed) {
    let processorId: string | null = null;
    try {
      const answer = await settlement
        .processor(payment.processor)
        .refund({ paymentIntentId: payment.intentId!, amount: refund.amount }, `refund:${refund.id}`);
      if (answer.status === 'failed') continue;
      processorId = answer.id;
    } catch {
      // Unreachable, or refused: owed until the next pass, unless the whole payment went back meanwhile.
      if (payment.status !== 'refunded') continue;
    }
    const [done] = await db
      .update(paymentRefunds)
      .set({ state: 'refunded', processorId, refundedAt: clock.now() })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.state, 'owed')))
      .returning({ id: paymentRefunds.id });
    if (done) refunded += 1;
  }
  return refunded;
}

/** A checkout's part refunds as its page shows them (spec §3 Order `refunds`). */
export interface PartRefund {
  id: string;
  paymentId: string;
  checkoutId: string;
  amount: number;
  state: PartRefundRow['state'];
  /** The processor's refund id (re_…), once refunded. */
  processorId: string | null;
  reason: string;
  requestedAt: Date;
  refundedAt: Date | null;
}

/** The part refunds of the checkouts' payments, oldest first. */
export async function partRefundsOf(db: DbOrTx, checkoutIds: readonly string[]): Promise<PartRefund[]> {
  if (checkoutIds.length === 0) return [];
  return db
    .select({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      checkoutId: payments.checkoutId,
      amount: paymentRefunds.amount,
      state: paymentRefunds.state,
      processorId: paymentRefunds.processorId,
      reason: paymentRefunds.reason,
      requestedAt: paymentRefunds.requestedAt,
      refundedAt: paymentRefunds.refundedAt,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(inArray(payments.checkoutId, [...checkoutIds]))
    .orderBy(asc(paymentRefunds.requestedAt), asc(paymentRefunds.id));
}
