import { and, eq, inArray } from 'drizzle-orm';
import { addWeeks, isoDate, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { assertMove, SUBSCRIPTION_LIFECYCLE, type SubscriptionState } from '../../../domain/lifecycles';
import { deliveryDayOf } from '../../../domain/orders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import type { OrderAddress } from '../../db/schema/orders';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { recordStateChange, type Mover } from '../orders';
import { ownedPaymentMethod, type PaymentMethodUsers } from '../payments';

// The Pasta Plan (spec §3 Subscription, Schedule week; §4 states): made with the first recipe-kit checkout,
// started when that checkout is paid (its schedule written four deliveries ahead), cancelled with it if it
// is never paid, and charged to one of the customer's saved cards.

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Schedule weeks written ahead when a plan starts (billed at each week's cutoff). */
const HOW_MANY_SCHEDULE_WEEKS = 4;
/** A plan that may still be charged: not cancelled. */
const LIVE_STATES = ['active', 'paused', 'failed', 'created'] as const;

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
      deliveryDay: deliveryDayOf(plan.firstDelivery),
      firstDelivery: plan.firstDelivery,
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

/** A week of the plan, delivered by a checkout's order (or billed later when `orderId` is null). */
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
      billingDate: week.mealWeek,
      orderId: week.orderId,
    })
    .onConflictDoNothing();
}

/** A plan whose first checkout was withdrawn before any payment: it never was. */
export async function deletePlan(tx: DbOrTx, subscriptionId: string): Promise<void> {
  await tx.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
}

/** Moves a plan (locked here); `also` writes the fields that change with it. */
export async function moveSubscription(
  tx: DbOrTx,
  subscriptionId: string,
  to: SubscriptionState,
  by: Mover,
  also: Partial<Pick<SubscriptionRow, 'paymentMethodId'>> = {},
): Promise<SubscriptionRow | null> {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
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

/** The weeks after the checkout's, on the plan's rhythm, for the schedule (billed at each week's cutoff). */
export function followingWeeks(
  lastWeek: IsoDate,
  frequency: number,
  count = HOW_MANY_SCHEDULE_WEEKS,
): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addWeeks(lastWeek, frequency * (i + 1)));
}

/**
 * The first checkout is paid: the plan is active, charged to the card that paid, and its schedule is
 * written for the next deliveries on its weekday.
 */
export async function startPlan(
  tx: DbOrTx,
  start: { subscriptionId: string; paymentMethodId: string | null; paidWeeks: readonly string[]; by: Mover },
): Promise<void> {
  const plan = await moveSubscription(tx, start.subscriptionId, 'active', start.by, {
    paymentMethodId: start.paymentMethodId,
  });
  const lastWeek = [...start.paidWeeks].sort().at(-1);
  if (!plan || !lastWeek) return;
  for (const week of followingWeeks(isoDate(lastWeek), plan.frequency)) {
    const offset = (plan.deliveryDay + 6) % 7;
    const delivery = isoDate(
      new Date(Date.parse(`${week}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10),
    );
    await addPlannedWeek(tx, {
      subscriptionId: plan.id,
      mealWeek: week,
      deliveryDate: delivery,
      orderId: null,
    });
  }
}

/** Plans are what saved cards pay for: payments asks through this, knowing nothing of plans. */
export const plansAsPaymentMethodUsers: PaymentMethodUsers = {
  async usesOf(db, methodIds) {
    if (methodIds.length === 0) return [];
    const rows = await db
      .select({ id: subscriptions.id, methodId: subscriptions.paymentMethodId })
      .from(subscriptions)
      .where(inArray(subscriptions.paymentMethodId, [...methodIds]));
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

export class SubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** POST /subscriptions/change_payment_method: the plan is charged to another of the customer's cards. */
  async changePaymentMethod(
    customerId: string,
    subscriptionId: string,
    paymentMethodId: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const method = await ownedPaymentMethod(tx, customerId, paymentMethodId);
      const changed = await tx
        .update(subscriptions)
        .set({ paymentMethodId: method.id, updatedAt: this.clock.now() })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
        .returning({ id: subscriptions.id });
      if (changed.length === 0)
        throw new DomainError('SUBSCRIPTION_NOT_FOUND', 'We could not find that plan');
    });
  }
}
