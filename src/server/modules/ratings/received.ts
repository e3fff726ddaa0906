import { timingSafeEqual } from 'node:crypto';
import type { RatingClosedReason } from '../../../contracts/ratings';
import { longDayLabel, londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { isRatedSource, isRestaurantSource, ratingOpen, RATING_OPEN_DAYS } from '../../../domain/ratings';
import type { DbOrTx } from '../../db/client';
import { deliveredAtOf, orderRowOf, type OrderRow } from '../orders';
import { askOf } from './ratings.repo';

// Who may rate an order, and whether it can be rated now (decision 30). Only the order's own customer, signed
// in or holding the after-order email's key for that order; anyone else is told the order does not exist
// (404), as for an id that names nothing. Only once it reached them (delivered, or collected), and within
// RATING_OPEN_DAYS of that; a gift box is its recipient's, a table's round or an event's seats are not asked.

export const ORDER_NOT_FOUND = 'We could not find that order';

/** Whether `given` is the order's rating key (the after-order email's), compared in constant time. */
function keyMatches(expected: string | null, given: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `key` is the rating key of the order's after-order email. */
export async function holdsKey(db: DbOrTx, orderId: string, key: string | undefined): Promise<boolean> {
  if (!key) return false;
  return keyMatches((await askOf(db, orderId))?.ratingKey ?? null, key);
}

export interface ReceivedOrder {
  order: OrderRow;
  /** Whether the caller is the order's customer signed in (not only the key's holder). */
  isOwner: boolean;
  /** When it was delivered or collected; null while it has not been. */
  deliveredAt: Date | null;
}

/** The order, for its customer signed in or the key's holder; anyone else: ORDER_NOT_FOUND (404). */
export async function orderForRating(
  db: DbOrTx,
  orderId: string,
  customerId: string | null,
  key: string | undefined,
): Promise<ReceivedOrder> {
  const order = await orderRowOf(db, orderId);
  const isOwner = order !== null && customerId !== null && order.customerId === customerId;
  if (!order || (!isOwner && !(await holdsKey(db, order.id, key))))
    throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  const deliveredAt =
    order.state === 'delivered' ? ((await deliveredAtOf(db, [order.id])).get(order.id) ?? null) : null;
  return { order, isOwner, deliveredAt };
}

/** Why the order takes no first rating now; null when it does. */
export function closedReason(received: ReceivedOrder, now: Date): RatingClosedReason | null {
  if (!isRatedSource(received.order.source)) return 'not_rated_here';
  if (received.order.state !== 'delivered') return 'not_received';
  if (received.deliveredAt && !ratingOpen(received.deliveredAt, now)) return 'too_late';
  return null;
}

/** What the customer reads when an order can't be rated now, by why. */
export function closedMessage(received: ReceivedOrder, reason: RatingClosedReason): string {
  const source = received.order.source;
  if (reason === 'not_rated_here') {
    return source === 'gift_box'
      ? 'A gift box is for its recipient to enjoy, so it isn’t yours to rate.'
      : 'Only takeaway orders and recipe-kit boxes can be rated.';
  }
  if (reason === 'too_late') {
    const day = received.deliveredAt ? londonDate(received.deliveredAt) : null;
    return `This order arrived ${day ? `on ${longDayLabel(day)}` : 'a while ago'}: orders can be rated for ${RATING_OPEN_DAYS} days after they arrive.`;
  }
  if (isRestaurantSource(source)) {
    return 'You can rate this order once it has been delivered or collected. Come back when you’ve had it.';
  }
  return 'You can rate this box once it has been delivered. Come back when you’ve cooked it.';
}

/** Throws the refusal for an order that takes no rating now (NOT_RECEIVED or RATING_CLOSED, 409). */
export function assertRateable(received: ReceivedOrder, now: Date): void {
  const reason = closedReason(received, now);
  if (!reason) return;
  throw new DomainError(
    reason === 'too_late' ? 'RATING_CLOSED' : 'NOT_RECEIVED',
    closedMessage(received, reason),
  );
}
