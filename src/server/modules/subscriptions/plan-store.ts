import { and, eq, inArray, sql } from 'drizzle-orm';
import { weekStartOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { assertMove, SUBSCRIPTION_LIFECYCLE, type SubscriptionState } from '../../../domain/lifecycles';
import { billingDateOf, planDeliveryDayOf, weekCutoff } from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import type { OrderAddress } from '../../../domain/address';
import { scheduleWeeks, subscriptionEvents, subscriptions } from '../../db/schema/subscriptions';
import { recordStateChange, type Mover, type PlanOwners } from '../orders';
import type { PaymentMethodUsers } from '../payments';

// The Pasta Plan's rows (spec §3 Subscription, Schedule week; §4 states): made with the first recipe-kit
// checkout, every state change through `moveSubscription` (checked and recorded), and the plan's history in
// words the customer reads (issue 12 part 4).

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ScheduleWeekRow = typeof scheduleWeeks.$inferSelect;

/** A plan that may still be charged: not cancelled. */
export const LIVE_STATES = ['active', 'paused', 'failed', 'created'] as const;
/** A plan whose card is charged for its coming boxes: started, and not cancelled. */
export const CHARGING_STATES = ['active', 'paused', 'failed'] as const;
export const PLAN_NOT_FOUND = 'We could not find that plan';
export const WEEK_NOT_FOUND = 'We could not find that week of your plan';

export interface NewPlan {
  customerId: string;
  firstDelivery: IsoDate;
  frequency: number;
  numberOfRecipes: number;
  deliveryNote: string | null;
  dietary: Record<string, boolean>;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress | null;
}

/** A plan, `created` until its first checkout is paid. Returns its id. */
export async function createPlan(tx: DbOrTx, plan: NewPlan, by: Mover): Promise<string> {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      customerId: plan.customerId,
      name: 'Weekly pasta box',
      state: 'created',
      deliveryDay: planDeliveryDayOf(plan.firstDelivery),
      firstDelivery: plan.firstDelivery,
      anchorWeek: weekStartOf(plan.firstDelivery),
      frequency: plan.frequency,
      numberOfRecipes: Math.max(1, Math.min(10, plan.numberOfRecipes)),
      deliveryNote: plan.deliveryNote,
      dietary: plan.dietary,
      shippingAddress: plan.shippingAddress,
      billingAddress: plan.billingAddress,
      updatedAt: by.at,
    })
    .returning({ id: subscriptions.id });
  await recordStateChange(tx, 'subscription', row!.id, null, 'created', by);
  return row!.id;
}

/** A week of the plan, delivered by a checkout's order (a week paid at checkout: nothing to bill). */
export async function addPlannedWeek(
  tx: DbOrTx,
  week: { subscriptionId: string; mealWeek: IsoDate; deliveryDate: IsoDate; orderId: string | null },
): Promise<void> {
  await tx
    .insert(scheduleWeeks)
    .values({
      subscriptionId: week.subscriptionId,
      startDate: week.mealWeek,
      deliveryDate: week.deliveryDate,
      originalDeliveryDate: week.deliveryDate,
      billingDate: billingDateOf(week.mealWeek),
      orderId: week.orderId,
      chargeDueAt: week.orderId ? null : weekCutoff(week.mealWeek),
    })
    .onConflictDoNothing();
}

/** A plan whose first checkout was withdrawn before any payment: it never was. */
export async function deletePlan(tx: DbOrTx, subscriptionId: string): Promise<void> {
  await tx.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
}

/** Locks a plan for the rest of the transaction (orders and plans come after payments in the lock order). */
export async function lockPlan(tx: DbOrTx, subscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  return row ?? null;
}

/** The customer's plan, locked; 404 for anyone else's. */
export async function lockOwnedPlan(
  tx: DbOrTx,
  customerId: string,
  subscriptionId: string,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
    .for('update');
  if (!row) throw new DomainError('SUBSCRIPTION_NOT_FOUND', PLAN_NOT_FOUND);
  return row;
}

/** Moves a plan (locked here); `also` writes the fields that change with it. */
export async function moveSubscription(
  tx: DbOrTx,
  subscriptionId: string,
  to: SubscriptionState,
  by: Mover,
  also: Partial<
    Pick<
      SubscriptionRow,
      | 'paymentMethodId'
      | 'pausedAt'
      | 'cancelledAt'
      | 'cancelReason'
      | 'anchorWeek'
      | 'resumeWeek'
      | 'resumeRemindedAt'
    >
  > = {},
): Promise<SubscriptionRow | null> {
  const current = await lockPlan(tx, subscriptionId);
  if (!current) return null;
  if (current.state !== to) assertMove(SUBSCRIPTION_LIFECYCLE, current.state, to);
  const [row] = await tx
    .update(subscriptions)
    .set({ ...also, state: to, updatedAt: by.at })
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  if (current.state !== to) {
    await recordStateChange(tx, 'subscription', subscriptionId, current.state, to, by);
  }
  return row!;
}

/** What happened to a plan, for its visible history. */
export type PlanAction =
  | 'started'
  | 'skipped'
  | 'unskipped'
  | 'paused'
  | 'activated'
  | 'cancelled'
  | 'schedule_changed'
  | 'settings_changed'
  | 'preferences_changed'
  | 'recipes_chosen'
  | 'chef_selected'
  | 'delivery_date_changed'
  | 'address_changed'
  | 'voucher_applied'
  | 'voucher_removed'
  | 'dishes_added'
  | 'card_changed'
  | 'charged'
  | 'charge_failed'
  | 'not_sent'
  | 'failed'
  | 'box_changed';

export async function recordPlanEvent(
  tx: DbOrTx,
  event: { subscriptionId: string; action: PlanAction; summary: string; weeks?: readonly string[] },
  by: Mover,
): Promise<void> {
  // A plan's history reads in order: an event never sorts before the plan's last (a pinned demo clock, or
  // two changes in one moment, would otherwise tie).
  const after = sql<Date>`(select max(${subscriptionEvents.at}) + interval '1 millisecond' from ${subscriptionEvents} where ${subscriptionEvents.subscriptionId} = ${event.subscriptionId})`;
  await tx.insert(subscriptionEvents).values({
    subscriptionId: event.subscriptionId,
    action: event.action,
    actor: by.actor,
    summary: event.summary,
    weeks: [...new Set(event.weeks ?? [])].sort(),
    at: sql`greatest(${by.at.toISOString()}::timestamptz, ${after})`,
  });
}

/** Many plans' events, by one mover, in one statement (weekly billing's batches); each in its plan's order. */
export async function recordPlanEvents(
  tx: DbOrTx,
  events: readonly {
    subscriptionId: string;
    action: PlanAction;
    summary: string;
    weeks?: readonly string[];
  }[],
  by: Mover,
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(subscriptionEvents).values(
    events.map((event) => ({
      subscriptionId: event.subscriptionId,
      action: event.action,
      actor: by.actor,
      summary: event.summary,
      weeks: [...new Set(event.weeks ?? [])].sort(),
      at: sql`greatest(${by.at.toISOString()}::timestamptz, (select max(${subscriptionEvents.at}) + interval '1 millisecond' from ${subscriptionEvents} where ${subscriptionEvents.subscriptionId} = ${event.subscriptionId}))`,
    })),
  );
}

/** Whose plan a plan is: orders asks through this (the orders list's plan filter), knowing nothing of plans. */
export const plansAsPlanOwners: PlanOwners = {
  async isCustomersPlan(db, customerId, planId) {
    const [plan] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, planId), eq(subscriptions.customerId, customerId)));
    return plan !== undefined;
  },
};

/** Plans are what saved cards pay for: payments asks through this, knowing nothing of plans. */
export const plansAsPaymentMethodUsers: PaymentMethodUsers = {
  // "Pays for your pasta plan" (issue 19 item 16): only a plan that will still charge the card counts, not
  // a cancelled one (nor one whose first checkout is not paid yet).
  async usesOf(db, methodIds) {
    if (methodIds.length === 0) return [];
    const rows = await db
      .select({ id: subscriptions.id, methodId: subscriptions.paymentMethodId })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.paymentMethodId, [...methodIds]),
          inArray(subscriptions.state, [...CHARGING_STATES]),
        ),
      );
    return rows.flatMap((row) => (row.methodId ? [{ methodId: row.methodId, userId: row.id }] : []));
  },
  async liveUsesOf(tx, methodId) {
    const rows = await tx
      .select({ id: subscriptions.id, state: subscriptions.state })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.paymentMethodId, methodId), inArray(subscriptions.state, [...LIVE_STATES])),
      );
    return rows.map((row) => ({ id: row.id, active: row.state === 'active' }));
  },
  async moveUses(tx, ids, to, at) {
    if (ids.length === 0) return;
    await tx
      .update(subscriptions)
      .set({ paymentMethodId: to, updatedAt: at })
      .where(inArray(subscriptions.id, [...ids]));
  },
};
