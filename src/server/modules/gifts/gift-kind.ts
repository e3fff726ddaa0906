import { queueGiftEmails, type OrderKind } from '../orders';

// What a paid gift means (registered in services.ts; orders/order-kinds.ts): the buyer is told, and the
// recipient too when the buyer gave their email (never the price).

export function giftKind(publicUrl: string): OrderKind {
  return {
    async paid(tx, { checkout, payment, orders }) {
      await queueGiftEmails(tx, {
        customerId: checkout.customerId,
        paidOrders: orders,
        payment,
        publicUrl,
      });
    },
  };
}
