import { asc, eq, inArray } from 'drizzle-orm';
import type { OrderRefundView } from '../../../contracts/orders';
import { DomainError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { orderRefunds } from '../../db/schema/back-office-orders';
import { enqueueEmail } from '../../integrations/email';
import { refundGiven } from '../../integrations/email/payment-templates';
import { addCredit } from '../credit';
import { customerContacts } from '../customers';
import { lockInOrder, orderRowOf, type Mover } from '../orders';
import { refundRoomOf, requestPartRefund, staffPaymentsOf } from '../payments';
import { recordChange } from '../staff';

// Refunds staff give on an order (issue 25 part 4). Decided in one transaction in the money path's lock
// order: the order's checkout first (lockInOrder, so two refunds of one payment queue and the second sees the
// first), then its payments (requestPartRefund locks them), then the customer's credit. What is left to
// refund is the order's total less the refunds given on it, and never more than its checkout's payment has
// left (what it took on the card and in credit, less what went back to the card and the credit given back).
// To the card it is a part refund of the payment (payments' part-refunds.ts), refunded at the processor
// after commit by `PaymentsService.refundOwed`; what the card cannot take (credit paid it) goes back as
// store credit, which never expires (domain/wallet.ts: `refund`). The customer is emailed what was refunded,
// where to and why, from the same transaction (the outbox sends it after commit).

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

export interface RefundAsk {
  orderId: string;
  amount: number;
  to: 'card' | 'credit';
  reason: string;
  actor: { id: string; email: string };
  at: Date;
  /** The customer's page of the order (their email's link). */
  orderPageUrl: string;
}

export interface Refundable {
  total: number;
  card: number;
}

const sumOf = (rows: readonly OrderRefundRow[], pick: (row: OrderRefundRow) => number) =>
  rows.reduce((sum, row) => sum + pick(row), 0);

/** What the order can still give back (read under its checkout's lock to decide). */
export async function refundableOf(
  db: DbOrTx,
  order: { id: string; checkoutId: string; total: number },
): Promise<Refundable> {
  const given = await db.select().from(orderRefunds).where(eq(orderRefunds.checkoutId, order.checkoutId));
  const room = await refundRoomOf(db, order.checkoutId);
  if (!room.paymentId) return { total: 0, card: 0 };
  const onOrder = given.filter((row) => row.orderId === order.id);
  const orderLeft = order.total - sumOf(onOrder, (row) => row.toCard + row.toCredit);
  const checkoutLeft = room.paid - room.givenToCard - sumOf(given, (row) => row.toCredit);
  const total = Math.max(0, Math.min(orderLeft, checkoutLeft));
  return { total, card: Math.min(total, room.cardLeft) };
}

/** Gives the refund in the caller's transaction; answers its row (refund the card after commit). */
export async function giveRefund(tx: DbOrTx, ask: RefundAsk): Promise<OrderRefundRow> {
  const seen = await orderRowOf(tx, ask.orderId);
  if (!seen) throw new DomainError('ORDER_NOT_FOUND', 'We could not find that order');
  await lockInOrder(tx, { checkoutIds: [seen.checkoutId] });
  const order = (await orderRowOf(tx, ask.orderId))!;
  const left = await refundableOf(tx, order);
  if (left.total === 0) {
    throw new DomainError('CONFLICT', `Order #${order.number} has nothing left to refund.`);
  }
  if (ask.amount > left.total) {
    throw new DomainError(
      'CONFLICT',
      `That is more than order #${order.number} has left to refund: at most ${formatPence(left.total)}.`,
      { refundable: left.total },
    );
  }
  const by: Mover = { actor: `staff:${ask.actor.id}`, reason: ask.reason, at: ask.at };
  const reason = `Order #${order.number}: ${ask.reason}`;
  let toCard = 0;
  let paymentRefundId: string | null = null;
  if (ask.to === 'card') {
    const part = await requestPartRefund(tx, {
      checkoutIds: [order.checkoutId],
      amount: Math.min(ask.amount, left.card),
      reason,
      by,
    });
    toCard = part.refunded;
    paymentRefundId = part.rows[0]?.id ?? null;
  }
  const toCredit = ask.amount - toCard;
  if (toCredit > 0) {
    await addCredit(tx, {
      customerId: order.customerId,
      amount: toCredit,
      reason: 'refund',
      description: `Refund on order #${order.number}`,
      reference: order.id,
      at: ask.at,
    });
  }
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      checkoutId: order.checkoutId,
      customerId: order.customerId,
      method: ask.to,
      toCard,
      toCredit,
      paymentRefundId,
      reason: ask.reason,
      actorId: ask.actor.id,
      actorEmail: ask.actor.email,
      createdAt: ask.at,
    })
    .returning();
  const contact = (await customerContacts(tx, [order.customerId])).get(order.customerId);
  if (contact) {
    await enqueueEmail(
      tx,
      refundGiven({
        to: contact.email,
        firstName: contact.firstName,
        number: order.number,
        toCard: toCard > 0 ? formatPence(toCard) : null,
        toCredit: toCredit > 0 ? formatPence(toCredit) : null,
        total: formatPence(ask.amount),
        reason: ask.reason,
        link: ask.orderPageUrl,
      }),
    );
  }
  await recordChange(tx, {
    actorId: ask.actor.id,
    actorEmail: ask.actor.email,
    action: 'order.refund',
    subjectType: 'order',
    subjectId: order.id,
    onBehalfOf: null,
    before: { refundable: left.total, refundableToCard: left.card },
    after: {
      refundable: left.total - ask.amount,
      refunded: ask.amount,
      toCard,
      toCredit,
      reason: ask.reason,
    },
    at: ask.at,
  });
  return row!;
}

/** The refunds staff gave on these orders, oldest first, each with its card part's state. */
export async function refundsOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<(OrderRefundView & { orderId: string; actorEmail: string })[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  if (rows.length === 0) return [];
  const states = new Map(
    (await staffPaymentsOf(db, [...new Set(rows.map((row) => row.checkoutId))]))
      .flatMap((payment) => payment.refunds)
      .map((refund) => [refund.id, refund.state]),
  );
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    method: row.method,
    toCard: row.toCard,
    toCredit: row.toCredit,
    cardState: row.paymentRefundId ? (states.get(row.paymentRefundId) ?? 'refunded') : null,
    reason: row.reason,
    actorEmail: row.actorEmail,
    createdAt: row.createdAt.toISOString(),
  }));
}
