import { and, eq } from 'drizzle-orm';
import type { IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { deadlineLabel } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { isWeekOpen, weekCutoff } from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { VARIANT_GID_PREFIX, weekMenu, type WeekMenuDish } from '../menu';
import { findVoucherById, toTerms } from '../vouchers';
import { openWeeks, syncBox, type PlanContext } from './plan-ahead';
import { LIVE_STATES, WEEK_NOT_FOUND, type ScheduleWeekRow, type SubscriptionRow } from './plan-store';
import {
  boxChoice,
  chefPicks,
  makeBox,
  priceBox,
  rewriteBox,
  type BoxChoice,
  type BoxVoucher,
} from './week-boxes';
import { orderRowOf } from '../orders';

// Changing one week of a plan (issue 12 part 1): its dishes, its day, its voucher, the chef's selection.
// Shared by the schedule-week calls and the order calls that name the week's box.

/** A week of the customer's plan, with its plan; 404 for anyone else's. */
export async function ownedWeek(
  db: DbOrTx,
  customerId: string | null,
  weekId: string,
): Promise<{ week: ScheduleWeekRow; plan: SubscriptionRow }> {
  const [row] = await db
    .select({ week: scheduleWeeks, plan: subscriptions })
    .from(scheduleWeeks)
    .innerJoin(subscriptions, eq(subscriptions.id, scheduleWeeks.subscriptionId))
    .where(
      and(
        eq(scheduleWeeks.id, weekId),
        customerId === null ? undefined : eq(subscriptions.customerId, customerId),
      ),
    );
  if (!row) throw new DomainError('NOT_FOUND', WEEK_NOT_FOUND);
  return row;
}

/** The week of an order that is a plan's box (or a week paid at checkout); null for other orders. */
export async function weekOfOrder(db: DbOrTx, orderId: string): Promise<ScheduleWeekRow | null> {
  const [row] = await db.select().from(scheduleWeeks).where(eq(scheduleWeeks.orderId, orderId));
  return row ?? null;
}

/** Refuses a change to a week past its cutoff (409), or to a plan that is cancelled. */
export function assertWeekOpen(plan: SubscriptionRow, week: ScheduleWeekRow, now: Date): void {
  if (!(LIVE_STATES as readonly string[]).includes(plan.state) || plan.state === 'created') {
    throw new DomainError('CONFLICT', 'This plan is cancelled. Restart it to change its weeks.');
  }
  const start = week.startDate as IsoDate;
  if (!isWeekOpen(start, now)) {
    throw new DomainError(
      'WEEK_UNAVAILABLE',
      `Changes for ${weekLabel(start)} closed ${deadlineLabel(weekCutoff(start))}. You can still change the address and note until it is dispatched.`,
      { mealWeek: start },
    );
  }
}

/** A week's box as an order row (a plan's box only). */
export async function planBoxOf(tx: DbOrTx, week: ScheduleWeekRow) {
  if (!week.orderId) return null;
  const order = await orderRowOf(tx, week.orderId);
  if (!order) return null;
  if (order.source !== 'subscription') {
    throw new DomainError(
      'CONFLICT',
      'This box was paid at checkout: its dishes are set. You can still change its day, address and note.',
    );
  }
  return order;
}

/** The voucher on a box, as pricing needs it. */
export async function boxVoucher(tx: DbOrTx, voucherId: string | null): Promise<BoxVoucher | null> {
  if (!voucherId) return null;
  const row = await findVoucherById(tx, voucherId);
  const terms = row ? toTerms(row) : null;
  return row && terms ? { ...terms, id: row.id } : null;
}

/** Menu variants named as the API names them (our id or the storefront's gid) → our ids. */
export function resolveChoice(
  menu: readonly WeekMenuDish[],
  items: readonly { productVariantId: string | number; quantity: number }[],
): BoxChoice[] {
  return items.map(({ productVariantId, quantity }) => {
    const ref = String(productVariantId);
    const variant = menu
      .flatMap((dish) => dish.variants)
      .find((v) => (ref.startsWith(VARIANT_GID_PREFIX) ? v.extId === ref : String(v.variantId) === ref));
    if (!variant) {
      throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', 'That dish is not on this week’s menu', {
        productVariantId: ref,
      });
    }
    return { variantId: variant.variantId, quantity };
  });
}

/**
 * Sets a week's box to `choice` (the customer's dishes) or to the chef's selection (`choice` null), priced
 * for the week's day with its voucher; makes the box if the week has none yet. Returns the box's id.
 */
export async function setBox(
  tx: DbOrTx,
  plan: SubscriptionRow,
  week: ScheduleWeekRow,
  choice: BoxChoice[] | null,
  context: PlanContext,
  { requireMinimum = choice !== null }: { requireMinimum?: boolean } = {},
): Promise<string | null> {
  const menu = await weekMenu(tx, week.startDate);
  if (menu.length === 0) {
    throw new DomainError(
      'WEEK_UNAVAILABLE',
      `The menu for ${weekLabel(week.startDate as IsoDate)} is not out yet`,
    );
  }
  let order = await planBoxOf(tx, week);
  if (!order) {
    const made = await makeBox(tx, plan, week, { ...context, menu });
    if (!made) {
      if (choice === null) return null;
      throw new DomainError('WEEK_UNAVAILABLE', 'We can’t make a box for this week');
    }
    order = await orderRowOf(tx, made);
  }
  const picks = choice ?? (await chefPicks(tx, plan, week.startDate as IsoDate, menu));
  if (picks.length === 0) return order!.id;
  const priced = priceBox(menu, picks, {
    weekStart: week.startDate as IsoDate,
    deliveryDate: week.deliveryDate as IsoDate,
    rules: context.rules,
    voucher: await boxVoucher(tx, order!.voucherId),
    today: context.today,
    requireMinimum,
  });
  await rewriteBox(tx, order!, priced, context.now);
  await tx
    .update(scheduleWeeks)
    .set({ recipesChosenAt: choice === null ? null : context.now })
    .where(eq(scheduleWeeks.id, week.id));
  return order!.id;
}

/**
 * After a plan's settings change: its open boxes are priced again (the day's fee, the voucher), and those
 * left to the chef are picked again (recipes, flags, avoided ingredients). `chefOnly` leaves the customer's
 * own boxes as they are.
 */
export async function refreshBoxes(
  tx: DbOrTx,
  plan: SubscriptionRow,
  context: PlanContext,
  { chefOnly }: { chefOnly: boolean },
): Promise<void> {
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, plan.id));
  if (!current) return;
  for (const week of await openWeeks(tx, plan.id, context.now)) {
    if (!week.orderId) continue;
    const order = await orderRowOf(tx, week.orderId);
    if (!order || order.source !== 'subscription') continue;
    if (order.state !== 'created' && order.state !== 'skipped') continue;
    const chosen = week.recipesChosenAt !== null;
    if (chosen && chefOnly) continue;
    const menu = await weekMenu(tx, week.startDate);
    const picks = chosen
      ? await boxChoice(tx, order.id)
      : await chefPicks(tx, current, week.startDate as IsoDate, menu);
    if (picks.length === 0 || menu.length === 0) continue;
    const priced = priceBox(menu, picks, {
      weekStart: week.startDate as IsoDate,
      deliveryDate: week.deliveryDate as IsoDate,
      rules: context.rules,
      voucher: await boxVoucher(tx, order.voucherId),
      today: context.today,
    });
    await rewriteBox(tx, order, priced, context.now);
  }
}

/** Brings a week's box in step with its (new) state. */
export async function syncWeek(
  tx: DbOrTx,
  plan: SubscriptionRow,
  weekId: string,
  context: PlanContext,
): Promise<ScheduleWeekRow> {
  const [week] = await tx.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, weekId));
  await syncBox(tx, plan, week!, context);
  const [after] = await tx.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, weekId));
  return after!;
}
