import { TAKEAWAY_ORDER_LIFECYCLE } from '../../../domain/kitchen';
import { travelMinutes, type FulfillmentType } from '../../../domain/restaurant-hours';
import { acceptDeadline } from '../../../domain/takeaway-promises';
import type { DbOrTx } from '../../db/client';
import { deleteBasket } from '../baskets';
import { moveOrderAlong, orderIdsOf, type Mover, type OrderKind } from '../orders';
import { findRestaurant } from '../restaurants';
import type { ShopRulesCache } from '../shop';
import { elsewhereFor } from './elsewhere';
import { holdForPayment, shortenHold } from './slot-holds';
import { queueTakeawayConfirmation, queueTakeawayRejected } from './takeaway-emails';
import { lockTakeawayRow, readTakeawayOrder, touchTakeawayOrder } from './takeaway-orders.repo';

// What a paid takeaway or catering checkout means (registered in services.ts for both kinds;
// orders/order-kinds.ts): its basket is done with, the order goes to the kitchen (`submitted`, on the
// kitchen's screen at its next look), its promise starts from when it was paid, the kitchen has a few minutes
// to accept it (`accept_by`, issue 19), and the customer is told. A payment starting takes the order's place in
// its slot again, a decline keeps it only briefly (slot-holds.ts). A refund (the kitchen rejected it, or did
// not accept it in time) is stamped on the order and the customer told why and where the money went.

export function takeawayKind(publicUrl: string, rules: ShopRulesCache): OrderKind {
  return {
    async paying(tx, { checkout, by }) {
      await holdForPayment(tx, checkout.id, by.at);
    },
    async failed(tx, { checkout, by }) {
      await shortenHold(tx, checkout.id, by.at);
    },
    async paid(tx, { checkout, payment, orders: paid, by }) {
      await deleteBasket(tx, checkout.basketId);
      const { takeawayAcceptMinutes } = await rules.get(tx);
      for (const order of paid) {
        await moveOrderAlong(tx, order.id, 'submitted', by, TAKEAWAY_ORDER_LIFECYCLE);
        await promiseFromPayment(tx, order.id, by, takeawayAcceptMinutes);
        const record = await readTakeawayOrder(tx, order.id);
        if (record) {
          await queueTakeawayConfirmation(tx, record, {
            payment,
            now: by.at,
            publicUrl,
          });
        }
      }
    },
    async reversed(tx, { checkout, payment, by }) {
      const refunded = await orderIdsOf(tx, checkout.id);
      const { takeawayAcceptMinutes } = await rules.get(tx);
      for (const id of refunded) {
        await lockTakeawayRow(tx, id);
        await touchTakeawayOrder(tx, id, { refundedAt: by.at });
        const record = await readTakeawayOrder(tx, id);
        if (record) {
          await queueTakeawayRejected(
            tx,
            record,
            {
              refunded: payment.amount,
              creditBack: payment.creditAmount,
              publicUrl,
              acceptMinutes: takeawayAcceptMinutes,
            },
            await elsewhereFor(tx, record, by.at),
          );
        }
      }
    },
  };
}

/**
 * An ASAP order's promise counts from when it was paid: paid later than planned, its window moves on by the
 * delay (the place it booked in its slot stays). A scheduled slot's promise is the slot. The kitchen must
 * accept it within the shop's minutes of it reaching an open kitchen.
 */
async function promiseFromPayment(tx: DbOrTx, orderId: string, by: Mover, acceptMinutes: number) {
  const row = await lockTakeawayRow(tx, orderId);
  if (!row) return;
  let { promisedFrom, promisedTo } = row;
  const restaurant = await findRestaurant(tx, row.restaurantId);
  if (row.asap) {
    const minutes =
      (restaurant?.prepMinutes ?? 0) +
      (restaurant?.busyMinutes ?? 0) +
      travelMinutes(row.fulfillmentType as FulfillmentType);
    const earliest = by.at.getTime() + minutes * 60_000;
    const delay = Math.max(0, earliest - promisedFrom.getTime());
    promisedFrom = new Date(promisedFrom.getTime() + delay);
    promisedTo = new Date(promisedTo.getTime() + delay);
  }
  await touchTakeawayOrder(tx, orderId, {
    paidAt: by.at,
    acceptBy: restaurant
      ? acceptDeadline(restaurant.openingHours, by.at, acceptMinutes)
      : new Date(by.at.getTime() + acceptMinutes * 60_000),
    promisedFrom,
    promisedTo,
    etaFrom: promisedFrom,
    etaTo: promisedTo,
  });
}
