import { TAKEAWAY_ORDER_LIFECYCLE } from '../../../domain/kitchen';
import type { OrderState } from '../../../domain/orders';
import { minutesText } from '../../../domain/takeaway-promises';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { checkoutIdOfOrder, lockCheckout, moveOrderAlong, type CheckoutRow, type Mover } from '../orders';
import { requestRefund } from '../payments';
import type { ShopRulesCache } from '../shop';
import { touchTakeawayOrder, unacceptedTakeaways, type TakeawayOrderRow } from '../takeaway';
import { lockTicket } from './kitchen.repo';

// Turning a paid takeaway down with a full refund (issue 13 part 3; issue 19): the kitchen rejects it with a
// reason, or no one accepted it by its `accept_by` and the `takeaway-unaccepted` job does. One path for both:
// in one transaction in the money path's lock order (checkout → payment → order → takeaway order), the
// payment is marked owed back and the order dropped with who and why; the processor refunds after commit
// (`refundOwed`, key `refund:<payment>`), and the customer is emailed why, where the money went and where else
// to order when it has (payments' `reversed`, takeaway-kind.ts).

/** Gives back a paid checkout's money once the decision is committed (payments area, refunds.ts). */
export interface Refunds {
  refundOwed(checkoutId: string, actor: string): Promise<number>;
  /**
   * Under the checkout's (and its payment's) locks: whether the money can follow turning this order down;
   * throws when it cannot (a round of a tab already paid, decision 28).
   */
  rejecting(tx: DbOrTx, checkout: CheckoutRow, orderId: string, by: Mover): Promise<void>;
}

export interface Rejection {
  by: Mover;
  rejectedBy: 'kitchen' | 'timeout';
  /** What the kitchen (or the shop) says, on the ticket and to the customer. */
  reason: string;
  /**
   * Under the order's locks, before anything is written: the state the order moves to, or null when it is
   * no longer to be rejected (refused with an error by the kitchen's screen).
   */
  decide(state: OrderState, row: TakeawayOrderRow): OrderState | null;
}

/** Not rejected after all (the kitchen accepted it meanwhile): nothing written. */
class Undecided extends Error {}

/** Rejects one order with a full refund; whether it did. The refund is asked for after commit. */
export async function rejectWithRefund(
  db: Db,
  refunds: Refunds,
  log: { error(details: object, message: string): void },
  orderId: string,
  rejection: Rejection,
): Promise<boolean> {
  const { by } = rejection;
  let checkoutId: string;
  try {
    checkoutId = await db.transaction(async (tx) => {
      const ref = await checkoutIdOfOrder(tx, orderId);
      if (!ref) throw new Undecided();
      const checkout = await lockCheckout(tx, ref);
      await requestRefund(
        tx,
        checkout!.id,
        `${refundReasonOf(rejection.rejectedBy)}: ${rejection.reason}`,
        by,
      );
      // The order's kind may refuse (a paid tab's round: nothing to refund it from alone).
      await refunds.rejecting(tx, checkout!, orderId, by);
      const ticket = await lockTicket(tx, orderId);
      const to = ticket ? rejection.decide(ticket.state, ticket.row) : null;
      if (!to) throw new Undecided();
      await moveOrderAlong(tx, orderId, to, by, TAKEAWAY_ORDER_LIFECYCLE);
      await touchTakeawayOrder(tx, orderId, {
        rejectedAt: by.at,
        rejectedReason: rejection.reason,
        rejectedBy: rejection.rejectedBy,
      });
      return checkout!.id;
    });
  } catch (error) {
    if (error instanceof Undecided) return false;
    throw error;
  }
  await refunds.refundOwed(checkoutId, by.actor).catch((error: unknown) => {
    log.error({ err: error, orderId }, 'refund failed; payment recovery will retry');
  });
  return true;
}

const refundReasonOf = (rejectedBy: Rejection['rejectedBy']) =>
  rejectedBy === 'kitchen' ? 'Rejected by the kitchen' : 'Not accepted in time';

export const UNACCEPTED_ACTOR = 'job:takeaway-unaccepted';

/**
 * The `takeaway-unaccepted` job (every minute, on the shop's clock): each paid takeaway the kitchen has not
 * accepted by its `accept_by` is rejected and refunded in full. Idempotent: each order is decided again under
 * its locks, so one the kitchen accepted meanwhile, or a second run, changes nothing.
 */
export async function rejectUnacceptedTakeaways(
  db: Db,
  clock: Clock,
  rules: ShopRulesCache,
  refunds: Refunds,
  log: { error(details: object, message: string): void },
): Promise<number> {
  const now = clock.now();
  const due = await unacceptedTakeaways(db, now);
  if (due.length === 0) return 0;
  const minutes = (await rules.get()).takeawayAcceptMinutes;
  let rejected = 0;
  for (const orderId of due) {
    const done = await rejectWithRefund(db, refunds, log, orderId, {
      by: { actor: UNACCEPTED_ACTOR, at: now, reason: `Not accepted within ${minutesText(minutes)}` },
      rejectedBy: 'timeout',
      reason: `Not accepted within ${minutesText(minutes)}`,
      decide: (state, row) =>
        state === 'submitted' && !row.acceptedAt && row.acceptBy !== null && row.acceptBy <= now
          ? 'dropped'
          : null,
    });
    if (done) rejected += 1;
  }
  return rejected;
}
