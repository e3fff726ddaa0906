import { eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { OrderState } from '../../../domain/orders';
import type { FulfillmentType } from '../../../domain/restaurant-hours';
import {
  DECLINE_GRACE_MINUTES,
  holdOutlastsPayment,
  holdUntil,
  SLOT_HOLD_MINUTES,
  UNPAID_STATES,
} from '../../../domain/takeaway-promises';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { takeawayOrders } from '../../db/schema/takeaway';
import { bookSlot, findRestaurant, RESTAURANT_GONE, samePlaceAgain } from '../restaurants';

// An unpaid takeaway keeps its place in its slot only while its customer pays (issue 19): a few minutes from
// placing it, again from each payment it starts, and a short grace after a decline, never past the slot
// itself; slotLoad counts it only until then. A payment started after the hold ended takes a place again
// (ASAP: the slot it can be ready in now, or the next with room), or is refused before anything is charged.

/** The refusals of booking again, said as what they mean for a payment that has not been made. */
const NOT_CHARGED = ' You haven’t been charged.';

async function unpaidOrdersOf(tx: DbOrTx, checkoutId: string) {
  const rows = await tx
    .select({ id: orders.id, state: orders.state, takeaway: takeawayOrders })
    .from(orders)
    .innerJoin(takeawayOrders, eq(takeawayOrders.orderId, orders.id))
    .where(eq(orders.checkoutId, checkoutId));
  return rows.filter((row) => UNPAID_STATES.includes(row.state as OrderState));
}

/**
 * A customer starts paying (payments' `paying`, the checkout locked): each unpaid order takes its place in its
 * slot again (its own hold not counted against it) and holds it for SLOT_HOLD_MINUTES more. While its hold has
 * long to run and booking again could only give it the place it holds (samePlaceAgain), it keeps that place
 * without the slot's lock (issue 24: every payment queued on it); otherwise bookSlot decides under the lock.
 */
export async function holdForPayment(tx: DbOrTx, checkoutId: string, now: Date): Promise<void> {
  for (const { id, takeaway } of await unpaidOrdersOf(tx, checkoutId)) {
    const restaurant = await findRestaurant(tx, takeaway.restaurantId);
    if (!restaurant) throw new DomainError('RESTAURANT_NOT_FOUND', RESTAURANT_GONE);
    const request = {
      fulfillmentType: takeaway.fulfillmentType as FulfillmentType,
      catering: takeaway.isCateringOrder,
      asap: takeaway.asap,
      slotStart: takeaway.asap ? null : takeaway.slotStart,
    };
    let booking = holdOutlastsPayment(takeaway.heldUntil, now)
      ? samePlaceAgain(restaurant, request, takeaway.slotStart, now)
      : null;
    try {
      booking ??= await bookSlot(tx, restaurant, request, now, id);
    } catch (error) {
      if (error instanceof DomainError) {
        throw new DomainError(error.code, `${error.message}${NOT_CHARGED}`, error.details);
      }
      throw error;
    }
    const window = takeaway.asap
      ? { promisedFrom: booking.window.from, promisedTo: booking.window.to }
      : { promisedFrom: takeaway.promisedFrom, promisedTo: takeaway.promisedTo };
    await tx
      .update(takeawayOrders)
      .set({
        slotStart: booking.slotStart,
        ...window,
        etaFrom: window.promisedFrom,
        etaTo: window.promisedTo,
        heldUntil: holdUntil(now, booking.slotStart, SLOT_HOLD_MINUTES),
      })
      .where(eq(takeawayOrders.orderId, id));
  }
}

/** A payment was declined (payments' `failed`): the place is kept only for a short grace, to try another card. */
export async function shortenHold(tx: DbOrTx, checkoutId: string, now: Date): Promise<void> {
  for (const { id, takeaway } of await unpaidOrdersOf(tx, checkoutId)) {
    const until = holdUntil(now, takeaway.slotStart, DECLINE_GRACE_MINUTES);
    if (takeaway.heldUntil && takeaway.heldUntil.getTime() <= until.getTime()) continue;
    await tx.update(takeawayOrders).set({ heldUntil: until }).where(eq(takeawayOrders.orderId, id));
  }
}
