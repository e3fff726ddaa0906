import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { chargeFailureOf, nextLookAfterFailure } from '../../../domain/plan-billing';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptionEvents, subscriptions } from '../../db/schema/subscriptions';
import type { ShopRulesCache } from '../shop';
import { chargedEmail, chargedEmails, paymentFailedEmail } from './billing-emails';
import { planAhead } from './plan-ahead';
import { theWeekOf } from './plan-receipts';
import { checkoutOrderRow, type Mover, type OrderKind } from '../orders';
import {
  lockPlan,
  moveSubscription,
  recordPlanEvent,
  recordPlanEvents,
  type SubscriptionRow,
} from './plan-store';

// What a plan's weekly box being paid, or its charge failing, means (registered in services.ts as the
// `plan_week` order kind; orders/order-kinds.ts). Runs in the transaction that records the processor's
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

/** A plan on hold because a box went unpaid takes boxes again (the customer restarts a paused one). */
async function activeAgain(tx: DbOrTx, plan: SubscriptionRow, rules: ShopRulesCache, by: Mover) {
  const active = await moveSubscription(tx, plan.id, 'active', { ...by, reason: 'A box was paid' });
  await planAhead(tx, active!, { rules: await rules.get(tx), now: by.at, today: londonDate(by.at), by });
}

/** The cutoff notes of many plans, read in one statement: by plan and week, newest first. */
async function cutoffNotesOf(tx: DbOrTx, subscriptionIds: readonly string[]) {
  const rows = await tx
    .select({
      subscriptionId: subscriptionEvents.subscriptionId,
      summary: subscriptionEvents.summary,
      weeks: subscriptionEvents.weeks,
    })
    .from(subscriptionEvents)
    .where(
      and(
        inArray(subscriptionEvents.subscriptionId, [...new Set(subscriptionIds)]),
        eq(subscriptionEvents.action, 'box_changed'),
      ),
    )
    .orderBy(desc(subscriptionEvents.at));
  return (subscriptionId: string, week: string) =>
    rows
      .filter((row) => row.subscriptionId === subscriptionId && (row.weeks as string[]).includes(week))
      .map((row) => row.summary);
}

export function planWeekKind(publicUrl: string, rules: ShopRulesCache): OrderKind {
  return {
    // A batch of boxes charged together (weekly billing): the same as `paid` for each, in eight statements
    // for the whole batch: the weeks, the plans (locked in id order), history, the emails.
    async paidMany(tx, list) {
      const paid = list.flatMap((one) =>
        one.orders[0] && one.checkout.subscriptionId
          ? [{ ...one, box: one.orders[0], subscriptionId: one.checkout.subscriptionId }]
          : [],
      );
      if (paid.length === 0) return;
      const by = paid[0]!.by;
      await tx
        .update(scheduleWeeks)
        .set({ chargeDueAt: null })
        .where(
          inArray(
            scheduleWeeks.orderId,
            paid.map(({ box }) => box.id),
          ),
        );
      const plans = await tx
        .select()
        .from(subscriptions)
        .where(inArray(subscriptions.id, [...new Set(paid.map((one) => one.subscriptionId))].sort()))
        .orderBy(asc(subscriptions.id))
        .for('update');
      for (const plan of plans) if (plan.state === 'failed') await activeAgain(tx, plan, rules, by);
      const notes = await cutoffNotesOf(
        tx,
        paid.map((one) => one.subscriptionId),
      );
      await recordPlanEvents(
        tx,
        paid.map(({ subscriptionId, box, payment }) => ({
          subscriptionId,
          action: 'charged' as const,
          summary: `Charged ${formatPence(payment.amount + payment.creditAmount)} for ${theWeekOf(box.mealWeek!)}`,
          weeks: [box.mealWeek!],
        })),
        by,
      );
      await chargedEmails(
        tx,
        paid.map(({ box, payment, subscriptionId }) => ({
          box,
          charged: {
            charged: payment.amount,
            credit: payment.creditAmount,
            paymentMethodId: payment.paymentMethodId,
            notes: notes(subscriptionId, box.mealWeek!),
            publicUrl,
          },
        })),
      );
    },

    async paid(tx, { checkout, payment, orders: paid, by }) {
      const box = paid[0];
      if (!box || !checkout.subscriptionId) return;
      const week = await weekOfBox(tx, box.id);
      if (week)
        await tx.update(scheduleWeeks).set({ chargeDueAt: null }).where(eq(scheduleWeeks.id, week.id));
      const plan = await lockPlan(tx, checkout.subscriptionId);
      if (plan?.state === 'failed') await activeAgain(tx, plan, rules, by);
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
        paymentMethodId: payment.paymentMethodId,
        notes: await cutoffNotes(tx, checkout.subscriptionId, box.mealWeek!),
        publicUrl,
      });
    },

    async failed(tx, { checkout, payment, by }) {
      if (!payment.offSession || !checkout.subscriptionId) return;
      const box = await checkoutOrderRow(tx, checkout.id);
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
