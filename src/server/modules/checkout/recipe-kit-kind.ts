import { deleteBasket } from '../baskets';
import { queueOrderConfirmation } from '../orders';
import type { OrderKind } from '../payments';
import type { ShopRulesCache } from '../shop';
import { planTermsWords, startPlan } from '../subscriptions';

// What a paid recipe-kit or one-off checkout means (registered in services.ts; payments/order-kinds.ts): its
// basket is done with, the plan it starts becomes active with its schedule, and the customer is told.

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
  };
}
