import type { OrderExtras } from '../orders';
import { refundsOfOrders } from './order-refunds';

// A customer's own reads of their orders show the refunds staff gave on them (issue 25 part 4): to the card
// (on its way until the processor has refunded it) or as store credit. Added after `next`'s extras.

export function refundsOnOrders(next: OrderExtras): OrderExtras {
  return {
    async add(db, customerId, list, now) {
      const added = await next.add(db, customerId, list, now);
      if (added.length === 0) return added;
      const refunds = await refundsOfOrders(
        db,
        added.map((order) => order.id),
      );
      return added.map((order) => ({
        ...order,
        refunds: refunds
          .filter((refund) => refund.orderId === order.id)
          .map(({ orderId: _order, actorEmail: _actor, ...view }) => view),
      }));
    },
  };
}
