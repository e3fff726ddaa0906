import { eq } from 'drizzle-orm';
import { deadlineLabel, londonDate, longDayLabel, type IsoDate } from '../../../domain/calendar';
import { chargeFailureOf } from '../../../domain/plan-billing';
import { dispatchDeadline } from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks } from '../../db/schema/subscriptions';
import { putBackStock } from '../menu';
import {
  checkoutLines,
  moveCheckout,
  moveCheckoutOrders,
  type CheckoutRow,
  type Mover,
  type OrderRow,
} from '../orders';
import { lockCustomer } from '../customers';
import { checkoutPayments, failedPaymentsOf, lockPaymentsInFlight } from '../payments';
import type { ShopRules } from '../shop';
import { releaseVoucher } from '../vouchers';
import { notSentEmail, paymentFailedEmail, planFailedEmail } from './billing-emails';
import { cancelBox, planAhead } from './plan-ahead';
import { theWeekOf } from './plan-receipts';
import {
  lockPlan,
  moveSubscription,
  recordPlanEvent,
  type ScheduleWeekRow,
  type SubscriptionRow,
} from './plan-store';

// How a week's box ends when it is not charged and sent as planned (issue 12 part 2; decision 22): skipped
// at the cutoff, not sent because its charge came too late (a server down over the cutoff), refused before
// any charge (no card, or a card that had a hard decline), or still unpaid at its dispatch deadline: then
// it is cancelled with its stock, voucher and credit given back, and the plan goes on hold (`failed`).

/** A week skipped, or a plan not active, at the cutoff: the box is skipped and never charged. */
export async function skipAtCutoff(tx: DbOrTx, box: OrderRow, reason: string, by: Mover): Promise<void> {
  if (box.state === 'created') {
    await moveCheckoutOrders(tx, box.checkoutId, 'skipped', { ...by, reason }, ['created']);
  }
}

/** Its charge would come too late to pack it: not sent, not charged, and the customer is told. */
export async function notSent(
  tx: DbOrTx,
  box: OrderRow,
  context: { by: Mover; publicUrl: string },
  reason: string,
): Promise<void> {
  await cancelBox(tx, box.id, { ...context.by, reason: 'Not charged in time to be sent' });
  await recordPlanEvent(
    tx,
    {
      subscriptionId: box.subscriptionId!,
      action: 'not_sent',
      summary: `No box for ${theWeekOf(box.mealWeek!)}: ${reason}`,
      weeks: [box.mealWeek!],
    },
    context.by,
  );
  await notSentEmail(tx, box, { reason, publicUrl: context.publicUrl });
}

/**
 * The box could not be charged at all (the plan has no card, or its card had a hard decline): it waits for
 * the customer to pay on the pay-again page until its dispatch deadline.
 */
export async function chargeRefused(
  tx: DbOrTx,
  box: OrderRow,
  week: ScheduleWeekRow,
  refusal: { message: string; hardDecline: boolean },
  context: { by: Mover; publicUrl: string },
): Promise<void> {
  await moveCheckoutOrders(
    tx,
    box.checkoutId,
    refusal.hardDecline ? 'not_authorized' : 'payment_pending',
    { ...context.by, reason: refusal.message },
    ['billed', 'created'],
  );
  await tx
    .update(scheduleWeeks)
    .set({ chargeDueAt: dispatchDeadline(week.deliveryDate as IsoDate) })
    .where(eq(scheduleWeeks.id, week.id));
  await recordPlanEvent(
    tx,
    {
      subscriptionId: week.subscriptionId,
      action: 'charge_failed',
      summary: `Couldn’t charge the box for ${theWeekOf(week.startDate)}: ${refusal.message}`,
      weeks: [week.startDate],
    },
    context.by,
  );
  await paymentFailedEmail(
    tx,
    { ...box, state: 'payment_pending' },
    {
      message: refusal.message,
      retryAt: null,
      publicUrl: context.publicUrl,
    },
  );
}

/**
 * Still unpaid at its dispatch deadline: payments in flight are given up (their credit back, their intents
 * cancelled after commit by the recovery pass), the stock and voucher given back, the box and its checkout
 * cancelled, and an active plan goes on hold with its open boxes skipped. Locks in the money path's order:
 * the checkout (held by the caller), its payments, the customer, then the plan.
 */
export async function giveUpBox(
  tx: DbOrTx,
  checkout: CheckoutRow,
  box: OrderRow,
  context: { by: Mover; rules: ShopRules; publicUrl: string; withdrawn?: boolean },
): Promise<void> {
  const by = {
    ...context.by,
    reason: context.withdrawn
      ? 'Plan paused or cancelled while it waited for payment'
      : 'Not paid by its dispatch deadline',
  };
  await lockPaymentsInFlight(tx, checkout.id);
  await lockCustomer(tx, box.customerId);
  await checkoutPayments.abandonInFlight(
    tx,
    checkout.id,
    context.withdrawn ? 'The plan was paused or cancelled' : 'Not paid before the box was due to be packed',
    by,
  );
  await putBackStock(tx, await checkoutLines(tx, checkout.id));
  await releaseVoucher(tx, checkout.id);
  await moveCheckoutOrders(tx, checkout.id, 'cancelled', by);
  await moveCheckout(tx, checkout, 'cancelled', by);
  const week = box.mealWeek!;
  await recordPlanEvent(
    tx,
    {
      subscriptionId: box.subscriptionId!,
      action: 'not_sent',
      summary: context.withdrawn
        ? `No box for ${theWeekOf(week)}: its payment was stopped when the plan was paused or cancelled`
        : `No box for ${theWeekOf(week)}: it wasn’t paid in time`,
      weeks: [week],
    },
    by,
  );
  await notSentEmail(tx, box, {
    reason: context.withdrawn
      ? `Your box for ${longDayLabel(box.deliveryDate as IsoDate)} was still waiting for payment when you paused or cancelled your plan, so we won’t try to charge it again and haven’t sent it. Any store credit used on it is back in your account.`
      : `Your box for ${longDayLabel(box.deliveryDate as IsoDate)} wasn’t paid by ${deadlineLabel(dispatchDeadline(box.deliveryDate as IsoDate))}, when it was due to be packed, so we haven’t sent it. Any store credit used on it is back in your account.`,
    publicUrl: context.publicUrl,
  });
  const plan = await moveFailed(tx, box.subscriptionId!, by);
  if (!plan) return;
  await planAhead(tx, plan, {
    rules: context.rules,
    now: by.at,
    today: londonDate(by.at),
    by,
  });
  await recordPlanEvent(
    tx,
    { subscriptionId: plan.id, action: 'failed', summary: 'Plan on hold: a box wasn’t paid', weeks: [week] },
    by,
  );
  await planFailedEmail(tx, box, context.publicUrl);
}

/** An active plan goes on hold; a paused, failed or cancelled one stays as it is (null). */
async function moveFailed(tx: DbOrTx, subscriptionId: string, by: Mover): Promise<SubscriptionRow | null> {
  const plan = await lockPlan(tx, subscriptionId);
  if (!plan || plan.state !== 'active') return null;
  return moveSubscription(tx, subscriptionId, 'failed', by);
}

/** How a failed charge counts, from the last failed payment of a box's checkout (null when none failed). */
export async function lastFailureOf(tx: DbOrTx, checkoutId: string) {
  const rows = await failedPaymentsOf(tx, checkoutId);
  if (rows.length === 0) return null;
  const last = rows.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  return chargeFailureOf(last.declineCode);
}
