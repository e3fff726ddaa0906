import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ScheduleWeek, Subscription, SubscriptionEvent } from '../../../contracts/subscriptions';
import { addDays, londonDate, shortDayLabel, type IsoDate } from '../../../domain/calendar';
import { DIETARY_FLAG_NAMES } from '../../../domain/chef-selection';
import { orderChanges, orderStateLabel, type OrderState } from '../../../domain/orders';
import { resumeTime } from '../../../domain/plan-pause';
import { isFutureDelivery, isWeekOpen, weekCutoff } from '../../../domain/plans';
import { timeLabel } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptionEvents, type subscriptions } from '../../db/schema/subscriptions';
import { publishedWeeks } from '../menu';
import { orderCountsOfPlans, orderLinesOf, ordersOfPlans, ordersWithVoucherCodes } from '../orders';
import { paymentMethodsOf } from '../payments';
import { loyaltyOfWeeks, planRewardVouchers } from '../rewards';
import type { ScheduleWeekRow, SubscriptionRow } from './plan-store';

// The plan and its weeks as the API shows them (spec §3 Subscription, Schedule week): each week's box with
// its dishes, price and what can still change, and the plan's next charge and next delivery (issue 12 part
// 4: always shown). Reads in a few queries, never one per week.

const STATE_LABELS: Record<SubscriptionRow['state'], string> = {
  created: 'Not started',
  active: 'Active',
  paused: 'Paused',
  failed: 'On hold: payment failed',
  cancelled: 'Cancelled',
};

/** Orders still on their way (or to be charged): what "next delivery" looks at. */
const ON_THE_WAY: OrderState[] = [
  'created',
  'billed',
  'paid',
  'payment_pending',
  'not_authorized',
  'submitted',
  'accepted',
  'packed',
  'shipped',
];

type PlanRow = typeof subscriptions.$inferSelect;

/** Plans as the API shows them, with their card, next charge and next delivery. */
export async function subscriptionViews(db: DbOrTx, plans: PlanRow[], now: Date): Promise<Subscription[]> {
  if (plans.length === 0) return [];
  const ids = plans.map((plan) => plan.id);
  const methods = await paymentMethodsOf(
    db,
    plans.flatMap((plan) => (plan.paymentMethodId ? [plan.paymentMethodId] : [])),
  );
  const today = londonDate(now);
  const boxes = await ordersOfPlans(db, ids, { from: today, states: ON_THE_WAY });
  const weeks = await weeksOfOrders(
    db,
    boxes.map((box) => box.id),
  );
  const weekOf = new Map(weeks.map((week) => [week.orderId!, week]));
  const upcoming = boxes.map((box) => ({
    ...box,
    weekId: weekOf.get(box.id)?.id ?? null,
    weekState: weekOf.get(box.id)?.state ?? null,
  }));
  const counts = await orderCountsOfPlans(db, ids);
  const rewards = await planRewardVouchers(db, ids, now);
  return plans.map((plan) => {
    const mine = upcoming.filter((row) => row.subscriptionId === plan.id);
    const charge =
      plan.state === 'active'
        ? mine.find(
            (row) =>
              row.source === 'subscription' &&
              row.state === 'created' &&
              row.weekState === 'active' &&
              row.mealWeek !== null &&
              isWeekOpen(row.mealWeek as IsoDate, now),
          )
        : undefined;
    const delivery = mine.find(
      (row) =>
        row.state !== 'created' ||
        (row.source === 'subscription' && plan.state === 'active' && row.weekState === 'active'),
    );
    const method = plan.paymentMethodId ? methods.get(plan.paymentMethodId) : undefined;
    const dietary = plan.dietary ?? {};
    return {
      id: plan.id,
      name: plan.name,
      state: plan.state,
      stateLabel: STATE_LABELS[plan.state],
      deliveryDay: plan.deliveryDay,
      firstDelivery: plan.firstDelivery,
      frequency: plan.frequency,
      numberOfRecipes: plan.numberOfRecipes,
      numberOfCocktails: plan.numberOfCocktails,
      deliveryNote: plan.deliveryNote,
      ...(Object.fromEntries(DIETARY_FLAG_NAMES.map((flag) => [flag, dietary[flag] === true])) as Record<
        (typeof DIETARY_FLAG_NAMES)[number],
        boolean
      >),
      shippingAddress: plan.shippingAddress ?? null,
      billingAddress: plan.billingAddress ?? null,
      paymentMethod: method
        ? { id: method.id, type: method.type, brand: method.brand, last4: method.last4, email: method.email }
        : null,
      hasOrders: (counts.get(plan.id) ?? 0) > 0,
      nextCharge:
        charge && charge.weekId && charge.mealWeek
          ? {
              scheduleWeekId: charge.weekId,
              orderId: charge.id,
              at: weekCutoff(charge.mealWeek as IsoDate).toISOString(),
              amount: charge.total,
              deliveryDate: charge.deliveryDate,
            }
          : null,
      nextDelivery: delivery ? { deliveryDate: delivery.deliveryDate, orderId: delivery.id } : null,
      pausedAt: plan.pausedAt?.toISOString() ?? null,
      resumeWeek: plan.state === 'paused' ? plan.resumeWeek : null,
      resumesAt:
        plan.state === 'paused' && plan.resumeWeek
          ? resumeTime(plan.resumeWeek as IsoDate).toISOString()
          : null,
      anchorWeek: plan.anchorWeek,
      paidWeeks: [
        ...new Set(
          mine
            .filter(
              (row) =>
                row.source !== 'subscription' &&
                row.weekId !== null &&
                row.mealWeek !== null &&
                isWeekOpen(row.mealWeek as IsoDate, now),
            )
            .map((row) => row.mealWeek!),
        ),
      ].sort(),
      cancelledAt: plan.cancelledAt?.toISOString() ?? null,
      cancelReason: plan.cancelReason,
      customerVouchers: rewards.get(plan.id) ?? [],
      createdAt: plan.createdAt.toISOString(),
    };
  });
}

/** A week's words: "Skipped", "Paused", "To be charged Fri 27 Nov at 12 noon", "Is out for delivery"… */
function weekLabel(
  plan: Pick<PlanRow, 'state' | 'resumeWeek'>,
  week: ScheduleWeekRow,
  order: { state: OrderState; source: string; deliveryDate: string } | null,
  now: Date,
): string {
  const open = isWeekOpen(week.startDate as IsoDate, now);
  if (week.state === 'skipped' && (!order || order.state === 'skipped' || order.state === 'created')) {
    return 'Skipped';
  }
  if (order && order.source !== 'subscription') return orderStateLabel(order.state, order.deliveryDate, now);
  if (open && plan.state === 'paused') {
    // Paused for a set time: the weeks from its end are charged as usual once it restarts by itself.
    if (plan.resumeWeek && week.startDate >= plan.resumeWeek && order?.state === 'skipped') {
      const cutoff = weekCutoff(week.startDate as IsoDate);
      return `After your pause: to be charged ${shortDayLabel(londonDate(cutoff))} at ${timeLabel(cutoff)}`;
    }
    return 'Paused';
  }
  if (open && plan.state === 'failed') return 'On hold';
  if (open && plan.state === 'cancelled') return 'Cancelled';
  if (!order) return open ? 'Menu coming soon' : 'No box this week';
  if (order.state === 'created' && open) {
    const cutoff = weekCutoff(week.startDate as IsoDate);
    return `To be charged ${shortDayLabel(londonDate(cutoff))} at ${timeLabel(cutoff)}`;
  }
  return orderStateLabel(order.state, order.deliveryDate, now, 'subscription');
}

/** A plan's weeks as the schedule shows them. */
export async function scheduleWeekViews(
  db: DbOrTx,
  plans: PlanRow[],
  weeks: ScheduleWeekRow[],
  now: Date,
): Promise<ScheduleWeek[]> {
  if (weeks.length === 0) return [];
  const orderIds = weeks.flatMap((week) => (week.orderId ? [week.orderId] : []));
  const boxes = await ordersWithVoucherCodes(db, orderIds);
  const lines = await orderLinesOf(db, orderIds);
  const published = await publishedWeeks(
    db,
    weeks.map((week) => week.startDate),
  );
  const loyalty = await loyaltyOfWeeks(db, [...new Set(weeks.map((week) => week.subscriptionId))]);
  return weeks.map((week) => {
    const plan = plans.find((p) => p.id === week.subscriptionId)!;
    const box = week.orderId ? boxes.get(week.orderId) : undefined;
    const order = box?.order ?? null;
    const open = isWeekOpen(week.startDate as IsoDate, now);
    const live = plan.state !== 'cancelled' && plan.state !== 'created';
    const planBox = !order || order.source === 'subscription';
    const changes = order ? orderChanges(order, now) : null;
    return {
      id: week.id,
      subscriptionId: week.subscriptionId,
      startDate: week.startDate,
      deliveryDate: week.deliveryDate,
      originalDeliveryDate: week.originalDeliveryDate,
      billingDate: week.billingDate,
      cutoffAt: weekCutoff(week.startDate as IsoDate).toISOString(),
      state: week.state,
      editable: open && live && planBox,
      addressEditable: live && (changes?.addressEditable ?? open),
      menuAvailable: published.has(week.startDate),
      recipesChosen: week.recipesChosenAt !== null,
      orderId: order?.id ?? null,
      orderState: order?.state ?? null,
      label: weekLabel(plan, week, order, now),
      lines: lines
        .filter((line) => line.orderId === order?.id)
        .map((line) => ({
          productVariantId: line.productVariantId === null ? null : String(line.productVariantId),
          title: line.title,
          variantTitle: line.variantTitle,
          imageUrl: line.imageUrl,
          quantity: line.quantity,
          price: line.price,
          total: line.total,
        })),
      subtotal: order?.subtotal ?? 0,
      discount: order?.totalDiscounts ?? 0,
      shippingPrice: order?.shippingPrice ?? 0,
      total: order?.total ?? 0,
      voucherCode: box?.voucherCode ?? null,
      loyalty: loyalty.get(week.id) ?? null,
    };
  });
}

/** The weeks of these orders (plan boxes or weeks paid at checkout). */
export async function weeksOfOrders(db: DbOrTx, orderIds: readonly string[]): Promise<ScheduleWeekRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(scheduleWeeks)
    .where(inArray(scheduleWeeks.orderId, [...orderIds]));
}

/** The weeks of a customer's plans: from yesterday on (spec §4), or all. */
export async function readWeeks(
  db: DbOrTx,
  subscriptionIds: string[],
  now: Date,
  period: 'future' | 'all',
): Promise<ScheduleWeekRow[]> {
  if (subscriptionIds.length === 0) return [];
  const rows = await db
    .select()
    .from(scheduleWeeks)
    .where(
      and(
        inArray(scheduleWeeks.subscriptionId, subscriptionIds),
        period === 'future' ? gte(scheduleWeeks.deliveryDate, addDays(londonDate(now), -1)) : undefined,
      ),
    )
    .orderBy(asc(scheduleWeeks.startDate));
  return period === 'future'
    ? rows.filter((row) => isFutureDelivery(row.deliveryDate as IsoDate, now))
    : rows;
}

const BY: Record<string, string> = { customer: 'You' };

/** The plan's history, newest first. */
export async function planHistory(db: DbOrTx, subscriptionId: string): Promise<SubscriptionEvent[]> {
  const rows = await db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(sql`${subscriptionEvents.at} desc`, sql`${subscriptionEvents.id} desc`)
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    by: BY[row.actor] ?? (row.actor.startsWith('staff:') ? 'Our team' : 'Sfoglia'),
    summary: row.summary,
    weeks: row.weeks,
    at: row.at.toISOString(),
  }));
}
