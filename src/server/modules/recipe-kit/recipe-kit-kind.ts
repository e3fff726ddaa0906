import { deleteBasket } from '../baskets';
import { queueOrderConfirmation, type OrderKind } from '../orders';
import type { ShopRulesCache } from '../shop';
import { deletePlan, moveSubscription, planTermsWords, startPlan } from '../subscriptions';

// The recipe-kit and one-off order kind (registered in services.ts; orders/order-kinds.ts). Paid: its basket
// is done with, the plan it starts becomes active with its schedule, and the customer is told. Withdrawn
// before any payment (the basket changed, or left for 2 hours): the plan it would have started is deleted
// with its orders. Cancelled after failed payments: the plan is kept in the history as cancelled.

export function recipeKitKind(publicUrl: string, rules: ShopRulesCache): OrderKind {
  return {
    async paid(tx, { checkout, payment, orders, by }) {
      await deleteBasket(tx, checkout.basketId);
      const plan = checkout.subscriptionId
        ? await startPlan(tx, {
            subscriptionId: checkout.subscriptionId,
            paymentMethodId: payment.paymentMethodId,
            rules: await rules.get(tx),
            by,
          })
        : null;
      await queueOrderConfirmation(tx, {
        customerId: checkout.customerId,
        paidOrders: orders,
        payment,
        publicUrl,
        // The plan it started, said again: weekly, the next charge, cancel any time (issue 19 item 6).
        ...(plan
          ? { plan: { paragraphs: planTermsWords(plan), link: `${publicUrl}/account/pasta-plan` } }
          : {}),
      });
    },
    async withdrawn(tx, { checkout }) {
      if (checkout.subscriptionId) await deletePlan(tx, checkout.subscriptionId);
    },
    async cancelled(tx, { checkout, by }) {
      if (checkout.subscriptionId) await moveSubscription(tx, checkout.subscriptionId, 'cancelled', by);
    },
  };
}
