import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { TABLE_ROUND_LIFECYCLE } from '../../../domain/kitchen';
import type { DbOrTx } from '../../db/client';
import type { BasketOwner } from '../../security/basket-owner';
import { findCustomerById } from '../customers';
import { moveOrderAlong, type Mover, type OrderDraft } from '../orders';
import { bookSlot, type Booking, type RestaurantRow } from '../restaurants';
import { lockAndPriceTakeaway } from './takeaway-baskets.service';
import {
  checkedTakeaway,
  takeawayDraft,
  takeawayLines,
  takeawaySide,
  type CheckedTakeaway,
} from './takeaway-placing';
import { insertTakeawayLines, insertTakeawayOrder, touchTakeawayOrder } from './takeaway-orders.repo';

// A round of a table's tab (decision 28), as takeaway makes any restaurant order: the diner's eat-in basket
// locked and priced, nothing in the way of ordering it, a place in the kitchen's slot, the order's lines
// copied with their modifiers and its kitchen side with the table and the round's number. Dine-in owns the
// tab and decides where the round's order goes (a new tab's checkout, or the open tab's); this writes what
// the kitchen reads, and sends a round to the kitchen once the tab's card is held.

export interface TableRound {
  checked: CheckedTakeaway;
  booking: Booking;
  draft: OrderDraft<null>;
  restaurant: RestaurantRow;
  tableNumber: string | null;
  basketId: string;
}

/**
 * Locks and prices the diner's basket as a round (in the money path's lock order: the basket, then the
 * kitchen's slot): refused with every problem in the way, or when it is not an order to eat in.
 */
export async function prepareTableRound(
  tx: DbOrTx,
  owner: BasketOwner,
  basketId: string,
  customerId: string,
  body: { allergensConfirmed?: boolean | undefined },
  now: Date,
): Promise<TableRound> {
  const priced = await lockAndPriceTakeaway(tx, owner, basketId, now);
  if (priced.fulfillmentType !== 'eat_in') {
    throw new DomainError('BASKET_INVALID', 'Choose eating in to order to your table', {
      field: 'fulfillmentType',
    });
  }
  const customer = await findCustomerById(tx, customerId);
  if (!customer) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find your account');
  const checked = checkedTakeaway(priced, customer, body);
  const booking = await bookSlot(
    tx,
    checked.restaurant,
    { fulfillmentType: 'eat_in', catering: false, asap: true, slotStart: null },
    now,
  );
  return {
    checked,
    booking,
    draft: { ...takeawayDraft(checked, londonDate(booking.window.from), null), type: 'DineInOrder' },
    restaurant: checked.restaurant,
    tableNumber: checked.restaurant.hasTableNumbers ? checked.details.tableNumber : null,
    basketId: priced.basket.id,
  };
}

/** The round's kitchen side (at the tab's table) and lines, once dine-in has placed its order. */
export async function writeTableRound(
  tx: DbOrTx,
  round: TableRound,
  orderId: string,
  { number, tableNumber, now }: { number: number; tableNumber: string | null; now: Date },
): Promise<void> {
  await insertTakeawayOrder(tx, {
    ...takeawaySide(round.checked, orderId, round.booking, now),
    tableNumber,
    round: number,
  });
  await insertTakeawayLines(tx, orderId, takeawayLines(round.checked));
}

/** A tab moved to another table: its rounds' tickets say so (each change on the kitchen's board). */
export async function moveRoundsToTable(
  tx: DbOrTx,
  orderIds: readonly string[],
  tableNumber: string,
): Promise<void> {
  for (const orderId of orderIds) await touchTakeawayOrder(tx, orderId, { tableNumber });
}

/**
 * Rounds to the kitchen (`submitted`: on the kitchen's screen at its next look), their card held: their
 * promise counts from now. No acceptance deadline: a person at the table, not a refund, answers a round the
 * kitchen is slow to take.
 */
export async function roundsToKitchen(tx: DbOrTx, orderIds: readonly string[], by: Mover): Promise<void> {
  for (const orderId of orderIds) {
    await moveOrderAlong(tx, orderId, 'submitted', by, TABLE_ROUND_LIFECYCLE);
    await touchTakeawayOrder(tx, orderId, { paidAt: by.at, heldUntil: null });
  }
}
