import { and, asc, eq, gte } from 'drizzle-orm';
import { type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import {
  billingDateOf,
  firstOpenWeek,
  isWeekOpen,
  planDeliveryDate,
  planWeeks,
  scheduleHorizon,
  weekCutoff,
} from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import type { WeekMenuDish } from '../menu';
import {
  lockCheckout,
  lockInOrder,
  moveCheckout,
  moveCheckoutOrders,
  orderRowOf,
  orderRowsOf,
  orderStateOf,
  planBoxCheckoutIds,
  type Mover,
} from '../orders';
import type { ShopRules } from '../shop';
import { lockPlan, PLAN_NOT_FOUND, type ScheduleWeekRow, type SubscriptionRow } from './plan-store';
import { makeBox } from './week-boxes';

// Keeping a plan's weeks ahead (issue 12; docs/decisions/0021). A live plan has its weeks written up to six
// weeks ahead on its rhythm, and each open week whose menu is published has its box (an order, `created`
// while the plan and the week take boxes, `skipped` otherwise). Every change to a plan (start, pause,
// activate, schedule, skip) ends by bringing its open weeks in step here; a job does the same as new menus
// are published. Weeks past their cutoff are never touched: they are billed, paid, or history.
//
// Locks: a box's checkout is locked before its plan, and the plan before the box's order (the money path's
// one lock order: checkout → payments → customer → orders and plans). `lockPlanForChange` takes them so,
// through orders' `lockInOrder`.

export interface PlanContext {
  rules: ShopRules;
  now: Date;
  today: string;
  by: Mover;
  /** Week menus already read (a job planning many plans reads each once). */
  menus?: Map<string, WeekMenuDish[]>;
}

/**
 * Locks a plan for a change that may touch its open boxes: their checkouts first, then the plan. With a
 * customer id, another customer's plan is not found (404).
 */
export async function lockPlanForChange(
  tx: DbOrTx,
  subscriptionId: string,
  now: Date,
  customerId: string | null = null,
): Promise<SubscriptionRow> {
  const [owned] = await tx
    .select({ id: subscriptions.id, customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!owned || (customerId !== null && owned.customerId !== customerId)) {
    throw new DomainError('SUBSCRIPTION_NOT_FOUND', PLAN_NOT_FOUND);
  }
  const boxCheckouts = await planBoxCheckoutIds(tx, subscriptionId, firstOpenWeek(now));
  const { between: plan } = await lockInOrder(
    tx,
    { checkoutIds: boxCheckouts },
    { between: () => lockPlan(tx, subscriptionId) },
  );
  if (!plan) throw new DomainError('SUBSCRIPTION_NOT_FOUND', PLAN_NOT_FOUND);
  return plan;
}

/** The plan's weeks from the first open one, in order. */
export async function openWeeks(tx: DbOrTx, subscriptionId: string, now: Date): Promise<ScheduleWeekRow[]> {
  const rows = await tx
    .select()
    .from(scheduleWeeks)
    .where(
      and(eq(scheduleWeeks.subscriptionId, subscriptionId), gte(scheduleWeeks.startDate, firstOpenWeek(now))),
    )
    .orderBy(asc(scheduleWeeks.startDate));
  return rows.filter((week) => isWeekOpen(week.startDate as IsoDate, now));
}

/** Whether a week's box should be taking an order: the plan active and the week not skipped. */
export function wantsBox(
  plan: Pick<SubscriptionRow, 'state'>,
  week: Pick<ScheduleWeekRow, 'state'>,
): boolean {
  return plan.state === 'active' && week.state === 'active';
}

/** Why a box is skipped, for its history. */
function skipReason(plan: SubscriptionRow, week: ScheduleWeekRow): string {
  if (week.state === 'skipped') return 'Week skipped';
  if (plan.state === 'paused') return 'Plan paused';
  if (plan.state === 'failed') return 'Plan on hold: payment failed';
  return 'Plan cancelled';
}

/**
 * Brings one open week's box in step: made if missing (menu published), `created` or `skipped` as the plan
 * and the week want. A box already billed or paid (a week paid at checkout) is left alone.
 */
export async function syncBox(
  tx: DbOrTx,
  plan: SubscriptionRow,
  week: ScheduleWeekRow,
  context: PlanContext,
): Promise<void> {
  let orderId = week.orderId;
  if (orderId) {
    // A box cancelled while the week was open (the plan cancelled, then restarted): the week gets a new one.
    const old = await orderStateOf(tx, orderId);
    if (old?.source === 'subscription' && old.state === 'cancelled' && wantsBox(plan, week)) {
      await tx
        .update(scheduleWeeks)
        .set({ orderId: null, recipesChosenAt: null })
        .where(eq(scheduleWeeks.id, week.id));
      week = { ...week, orderId: null, recipesChosenAt: null };
      orderId = null;
    }
  }
  if (!orderId) {
    const menu = context.menus?.get(week.startDate) ?? undefined;
    orderId = await makeBox(tx, plan, week, { ...context, ...(menu ? { menu } : {}) });
    if (!orderId) return;
  }
  const order = await orderRowOf(tx, orderId);
  if (!order || order.source !== 'subscription') return;
  const wanted = wantsBox(plan, week) ? 'created' : 'skipped';
  if (order.state !== 'created' && order.state !== 'skipped') return;
  if (order.state === wanted) return;
  await moveCheckoutOrders(
    tx,
    order.checkoutId,
    wanted,
    { ...context.by, reason: wanted === 'skipped' ? skipReason(plan, week) : 'Back in the plan' },
    [order.state],
  );
}

/** A box that will never be sent (its week left the plan's rhythm, or the plan was cancelled): cancelled. */
export async function cancelBox(tx: DbOrTx, orderId: string, by: Mover): Promise<void> {
  const order = await orderRowOf(tx, orderId);
  if (!order || order.source !== 'subscription') return;
  if (order.state !== 'created' && order.state !== 'skipped') return;
  const checkout = await lockCheckout(tx, order.checkoutId);
  await moveCheckoutOrders(tx, order.checkoutId, 'cancelled', by, ['created', 'skipped']);
  if (checkout?.state === 'open') await moveCheckout(tx, checkout, 'cancelled', by);
}

/**
 * Writes the plan's weeks ahead on its rhythm and brings each open week's box in step. Weeks of the old
 * rhythm that are still open and were never paid leave the plan (their boxes cancelled). The caller holds
 * the plan (lockPlanForChange), or is the job, which locks it here.
 */
export async function planAhead(tx: DbOrTx, plan: SubscriptionRow, context: PlanContext): Promise<void> {
  if (plan.state === 'created' || plan.state === 'cancelled') return;
  const { now } = context;
  const first = firstOpenWeek(now);
  const wanted = new Set(planWeeks(plan.anchorWeek as IsoDate, plan.frequency, first, scheduleHorizon(now)));
  const weeks = await openWeeks(tx, plan.id, now);
  const have = new Set<string>(weeks.map((week) => week.startDate));

  const gone = weeks.filter((week) => !wanted.has(week.startDate as IsoDate));
  const goneBoxes = await orderRowsOf(
    tx,
    gone.flatMap((week) => (week.orderId ? [week.orderId] : [])),
  );
  for (const week of gone) {
    const box = week.orderId ? goneBoxes.get(week.orderId) : undefined;
    // A week paid at checkout stays: it is delivered whatever the rhythm now is.
    if (box && box.source !== 'subscription') continue;
    if (box) await cancelBox(tx, box.id, { ...context.by, reason: 'Delivery schedule changed' });
    await tx.delete(scheduleWeeks).where(eq(scheduleWeeks.id, week.id));
  }

  const missing = [...wanted].filter((week) => !have.has(week as string));
  if (missing.length > 0) {
    await tx
      .insert(scheduleWeeks)
      .values(
        missing.map((start) => {
          const deliveryDate = planDeliveryDate(start, plan.deliveryDay);
          return {
            subscriptionId: plan.id,
            startDate: start,
            deliveryDate,
            originalDeliveryDate: deliveryDate,
            billingDate: billingDateOf(start),
            chargeDueAt: weekCutoff(start),
          };
        }),
      )
      .onConflictDoNothing();
  }
  for (const week of await openWeeks(tx, plan.id, now)) await syncBox(tx, plan, week, context);
}
