import { and, desc, eq, sql } from 'drizzle-orm';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { chargeFailureOf, nextLookAfterFailure } from '../../../domain/plan-billing';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { scheduleWeeks, subscriptionEvents } from '../../db/schema/subscriptions';
import type { OrderKind } from '../payments';
import type { ShopRulesCache } from '../shop';
import { chargedEmail, paymentFailedEmail } from './billing-emails';
import { planAhead } from './plan-ahead';
import { theWeekOf } from './plan-receipts';
import { lockPlan, moveSubscription, recordPlanEvent } from './plan-store';

// What a plan's weekly box being paid, or its charge failing, means (registered in services.ts as the
// `plan_week` order kind; payments/order-kinds.ts). Runs in the transaction that records the processor's
// answer, with the box's checkout and payment locked (then the plan: the money path's lock order).
//  paid:   the week needs no more billing; a plan on hold because a box went unpaid is active again (its
//          open weeks get their boxes back); history; the `plan_charged` email.
//  failed: (off-session charges only: a customer paying on the pay-again page sees the answer there) the
//          week's next try, or its dispatch deadline when no automatic try is left; history; the
//          `plan_payment_failed` email with the pay-again link.

async function weekOfBox(tx: DbOrTx, orderId: string) {
  const [week] = await tx.select().from(scheduleWeeks).where(eq(scheduleWeeks.orderId, orderId));
  return week ?? null;
}

/** What changed at the cutoff (a dish replaced, a voucher dropped), said in the charged email. */
async function cutoffNotes(tx: DbOrTx, subscriptionId: string, week: string): Promise<string[]> {
  const rows = await tx
    .select({ summary: subscriptionEvents.summary })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, subscriptionId),
        eq(subscriptionEvents.action, 'box_changed'),
        sql`${week}::date = any(${subscriptionEvents.weeks})`,
      ),
    )
    .orderBy(desc(subscriptionEvents.at));
  return rows.map((row) => row.summary);
}

export function planWeekKind(publicUrl: string, rules: ShopRulesCache): OrderKind {
  return {
    async paid(tx, { checkout, payment, orders: paid, by }) {
      const box = paid[0];
      if (!box || !checkout.subscriptionId) return;
      const week = await weekOfBox(tx, box.id);
      if (week)
        await tx.update(scheduleWeeks).set({ chargeDueAt: null }).where(eq(scheduleWeeks.id, week.id));
      const plan = await lockPlan(tx, checkout.subscriptionId);
      if (plan?.state === 'failed') {
        // Paid at last: the plan takes boxes again (the customer restarts a paused or cancelled one).
        const active = await moveSubscription(tx, plan.id, 'active', { ...by, reason: 'A box was paid' });
        await planAhead(tx, active!, {
          rules: await rules.get(tx),
          now: by.at,
          today: londonDate(by.at),
          by,
        });
      }
      const total = payment.amount + payment.creditAmount;
      await recordPlanEvent(
        tx,
        {
          subscriptionId: checkout.subscriptionId,
          action: 'charged',
          summary: `Charged ${formatPence(total)} for ${theWeekOf(box.mealWeek!)}`,
          weeks: [box.mealWeek!],
        },
        by,
      );
      await chargedEmail(tx, box, {
        charged: payment.amount,
        credit: payment.creditAmount,
        notes: await cutoffNotes(tx, checkout.subscriptionId, box.mealWeek!),
        publicUrl,
      });
    },

    async failed(tx, { checkout, payment, by }) {
      if (!payment.offSession || !checkout.subscriptionId) return;
      const [box] = await tx.select().from(orders).where(eq(orders.checkoutId, checkout.id)).limit(1);
      const week = box ? await weekOfBox(tx, box.id) : null;
      if (!box || !week) return;
      const look = nextLookAfterFailure({
        attempts: week.chargeAttempts,
        failure: chargeFailureOf(payment.declineCode),
        weekStart: week.startDate as IsoDate,
        deliveryDate: week.deliveryDate as IsoDate,
      });
      await tx.update(scheduleWeeks).set({ chargeDueAt: look.at }).where(eq(scheduleWeeks.id, week.id));
      const message = payment.failureMessage ?? 'The payment did not go through.';
      await recordPlanEvent(
        tx,
        {
          subscriptionId: checkout.subscriptionId,
          action: 'charge_failed',
          summary: `The charge for ${theWeekOf(week.startDate)} didn’t go through: ${message}`,
          weeks: [week.startDate],
        },
        by,
      );
      await paymentFailedEmail(tx, box, { message, retryAt: look.retry ? look.at : null, publicUrl });
    },
  };
}
