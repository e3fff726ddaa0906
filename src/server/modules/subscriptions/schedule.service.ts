import { and, eq } from 'drizzle-orm';
import type { ScheduleWeek, UpdateScheduleWeekBody } from '../../../contracts/subscriptions';
import { deadlineLabel, londonDate, longDayLabel, weekdayOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import { isDateInWeek, weekCutoff } from '../../../domain/plans';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { planWeekLinks, scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { hashToken, newToken } from '../../security/tokens';
import { deliveryDaysOf } from '../delivery';
import { changeOrderDelivery, orderLinesOf, orderRowOf } from '../orders';
import type { ShopRulesCache } from '../shop';
import { lockPlanForChange, type PlanContext } from './plan-ahead';
import type { OnBehalf } from './on-behalf';
import { recordReceipt, theWeekOf, type Receipt } from './plan-receipts';
import { PLAN_NOT_FOUND, type ScheduleWeekRow, type SubscriptionRow } from './plan-store';
import { readWeeks, scheduleWeekViews, weeksOfOrders } from './plan-views';
import { assertWeekOpen, ownedWeek, planBoxOf, resolveChoice, setBox, syncWeek } from './week-changes';
import { weekMenu } from '../menu';
import { boxChoice, type BoxChoice } from './week-boxes';

// A plan's weeks (spec §7 Schedule; issue 12 part 1): each coming week with its box, and what a customer
// changes about one week before its cutoff: skip or unskip, choose the dishes or leave them to the chef, the
// day. Skip and unskip also work from the one-tap links of the reminder email.

/** Who is changing a week: the signed-in customer, or the holder of the week's one-tap link. */
export type WeekActor = { customerId: string } | { token: string };

export class ScheduleService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  private async context(onBehalf?: OnBehalf): Promise<PlanContext> {
    const now = this.clock.now();
    const actor = onBehalf?.actor ?? 'customer';
    return { rules: await this.rules.get(), now, today: londonDate(now), by: { actor, at: now } };
  }

  /** GET /schedule_weeks: the customer's weeks from yesterday on (or all), of one plan or every plan. */
  async list(
    customerId: string,
    query: { subscriptionId?: string; period?: 'future' | 'all' },
  ): Promise<ScheduleWeek[]> {
    const plans = await this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.customerId, customerId),
          query.subscriptionId ? eq(subscriptions.id, query.subscriptionId) : undefined,
        ),
      );
    // Another customer's plan (or none) named in the filter is not found, as in every call that names it.
    if (query.subscriptionId && plans.length === 0) {
      throw new DomainError('SUBSCRIPTION_NOT_FOUND', PLAN_NOT_FOUND);
    }
    const now = this.clock.now();
    const weeks = await readWeeks(
      this.db,
      plans.map((plan) => plan.id),
      now,
      query.period ?? 'future',
    );
    return scheduleWeekViews(this.db, plans, weeks, now);
  }

  async get(customerId: string | null, id: string, db: DbOrTx = this.db): Promise<ScheduleWeek> {
    const { week, plan } = await ownedWeek(db, customerId, id);
    return (await scheduleWeekViews(db, [plan], [week], this.clock.now()))[0]!;
  }

  /** The customer a one-tap link speaks for, for its own week only. */
  private async actorCustomer(actor: WeekActor, weekId: string): Promise<string> {
    if ('customerId' in actor) return actor.customerId;
    const [link] = await this.db
      .select({ weekId: planWeekLinks.scheduleWeekId, customerId: subscriptions.customerId })
      .from(planWeekLinks)
      .innerJoin(scheduleWeeks, eq(scheduleWeeks.id, planWeekLinks.scheduleWeekId))
      .innerJoin(subscriptions, eq(subscriptions.id, scheduleWeeks.subscriptionId))
      .where(eq(planWeekLinks.tokenHash, hashToken(actor.token)));
    if (!link || link.weekId !== weekId) {
      throw new DomainError('TOKEN_INVALID', 'This link is not valid. Sign in to change your plan.');
    }
    return link.customerId;
  }

  /** Runs a change to one week with its plan locked (its open boxes first). */
  private async changeWeek(
    customerId: string,
    weekId: string,
    work: (tx: DbOrTx, plan: SubscriptionRow, week: ScheduleWeekRow, context: PlanContext) => Promise<void>,
    onBehalf?: OnBehalf,
  ): Promise<ScheduleWeek> {
    const context = await this.context(onBehalf);
    return this.db.transaction(async (tx) => {
      const { week: found } = await ownedWeek(tx, customerId, weekId);
      const plan = await lockPlanForChange(tx, found.subscriptionId, context.now, customerId);
      const [week] = await tx.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, weekId));
      const before = onBehalf ? await this.get(customerId, weekId, tx) : null;
      await work(tx, plan, week!, context);
      const after = await this.get(customerId, weekId, tx);
      await onBehalf?.record(tx, before, after);
      return after;
    });
  }

  /** POST /schedule_weeks/{id}/skip: nothing is sent or charged for that week. Skipping twice is fine. */
  async skip(actor: WeekActor, weekId: string, onBehalf?: OnBehalf): Promise<ScheduleWeek> {
    const customerId = await this.actorCustomer(actor, weekId);
    return this.changeWeek(
      customerId,
      weekId,
      async (tx, plan, week, context) => {
        assertWeekOpen(plan, week, context.now);
        if (week.state === 'skipped') return;
        await planBoxOf(tx, week);
        await tx.update(scheduleWeeks).set({ state: 'skipped' }).where(eq(scheduleWeeks.id, week.id));
        await syncWeek(tx, plan, week.id, context);
        await recordReceipt(
          tx,
          plan,
          {
            action: 'skipped',
            summary: `Skipped ${theWeekOf(week.startDate)}`,
            weeks: [week.startDate],
            email: {
              subject: `Skipped: no box for ${theWeekOf(week.startDate).replace('the week of ', '')}`,
              heading: 'Week skipped',
              paragraphs: [
                `You skipped ${theWeekOf(week.startDate)}. We won’t send a box or charge you for it.`,
                'Changed your mind? You can unskip it in your account until its menu closes.',
              ],
            },
          },
          context.by,
          this.publicUrl,
        );
      },
      onBehalf,
    );
  }

  /** POST /schedule_weeks/{id}/unskip: the week's box is back (made now if its menu is out). */
  async unskip(actor: WeekActor, weekId: string): Promise<ScheduleWeek> {
    const customerId = await this.actorCustomer(actor, weekId);
    return this.changeWeek(customerId, weekId, async (tx, plan, week, context) => {
      assertWeekOpen(plan, week, context.now);
      if (week.state === 'active') return;
      await tx.update(scheduleWeeks).set({ state: 'active' }).where(eq(scheduleWeeks.id, week.id));
      await syncWeek(tx, plan, week.id, context);
      const paused = plan.state !== 'active';
      await recordReceipt(
        tx,
        plan,
        {
          action: 'unskipped',
          summary: `Unskipped ${theWeekOf(week.startDate)}`,
          weeks: [week.startDate],
          email: {
            subject: 'Your box is back on',
            heading: 'Week unskipped',
            paragraphs: [
              paused
                ? `You unskipped ${theWeekOf(week.startDate)}, but your plan is ${plan.state === 'paused' ? 'paused' : 'on hold'}: activate it to get this box.`
                : `Your box for ${theWeekOf(week.startDate)} is back on. It arrives ${longDayLabel(week.deliveryDate as IsoDate)}.`,
            ],
          },
        },
        context.by,
        this.publicUrl,
      );
    });
  }

  /** PUT /schedule_weeks/{id}: the week's dishes and/or its day (another day of the same week). */
  async update(customerId: string, weekId: string, body: UpdateScheduleWeekBody): Promise<ScheduleWeek> {
    return this.changeWeek(customerId, weekId, async (tx, plan, week, context) => {
      assertWeekOpen(plan, week, context.now);
      if (body.deliveryDate && body.deliveryDate !== week.deliveryDate) {
        week = await this.moveDay(tx, plan, week, body.deliveryDate as IsoDate, context);
      }
      if (body.items) {
        const menu = await weekMenu(tx, week.startDate);
        const choice = resolveChoice(menu, body.items);
        // The same dishes again (a double submit, a retry): nothing changes, so no second receipt.
        if (week.state === 'active' && (await sameChoice(tx, week, choice))) return;
        if (week.state === 'skipped') {
          await tx.update(scheduleWeeks).set({ state: 'active' }).where(eq(scheduleWeeks.id, week.id));
          week = await syncWeek(tx, plan, week.id, context);
        }
        const boxId = await setBox(tx, plan, week, choice, context);
        await recordReceipt(
          tx,
          plan,
          {
            action: 'recipes_chosen',
            summary: `Chose the dishes for ${theWeekOf(week.startDate)}`,
            weeks: [week.startDate],
            email: await recipesReceipt(tx, plan, week, boxId),
          },
          context.by,
          this.publicUrl,
        );
      }
    });
  }

  /** A week's box moves to another day of its week; the box is priced for that day (its delivery fee). */
  private async moveDay(
    tx: DbOrTx,
    plan: SubscriptionRow,
    week: ScheduleWeekRow,
    date: IsoDate,
    context: PlanContext,
  ): Promise<ScheduleWeekRow> {
    if (!isDateInWeek(date, week.startDate as IsoDate)) {
      throw new DomainError('DELIVERY_DATE_UNAVAILABLE', 'Choose a delivery day in the same week', {
        deliveryDate: date,
      });
    }
    const zip = plan.shippingAddress?.zip;
    if (zip && !deliveryDaysOf(zip).includes(weekdayOf(date))) {
      throw new DomainError(
        'DELIVERY_DATE_UNAVAILABLE',
        `Our courier doesn’t deliver to ${zip} on that day. Please choose another day.`,
        { deliveryDate: date },
      );
    }
    const [moved] = await tx
      .update(scheduleWeeks)
      .set({ deliveryDate: date })
      .where(eq(scheduleWeeks.id, week.id))
      .returning();
    if (week.orderId) {
      await changeOrderDelivery(tx, [week.orderId], { deliveryDate: date }, context.now);
      const box = await orderRowOf(tx, week.orderId);
      if (box?.source === 'subscription') {
        // Priced for the new day (its delivery fee): the chef's box or the customer's own dishes.
        const choice = week.recipesChosenAt === null ? null : await boxChoice(tx, week.orderId);
        await setBox(tx, plan, moved!, choice, context, { requireMinimum: false });
      }
    }
    await recordReceipt(
      tx,
      plan,
      {
        action: 'delivery_date_changed',
        summary: `Moved the box for ${theWeekOf(week.startDate)} to ${longDayLabel(date)}`,
        weeks: [week.startDate],
        email: {
          subject: `Your box now arrives ${longDayLabel(date)}`,
          heading: 'New delivery day',
          paragraphs: [
            `Your box for ${theWeekOf(week.startDate)} now arrives ${longDayLabel(date)} instead of ${longDayLabel(week.deliveryDate as IsoDate)}.`,
          ],
        },
      },
      context.by,
      this.publicUrl,
    );
    return moved!;
  }

  /** POST /schedule_weeks/{id}/chef_selections: the chef chooses the week's dishes again. */
  async chefSelections(customerId: string, weekId: string): Promise<ScheduleWeek> {
    return this.changeWeek(customerId, weekId, async (tx, plan, week, context) => {
      assertWeekOpen(plan, week, context.now);
      await setBox(tx, plan, week, null, context);
      await recordReceipt(
        tx,
        plan,
        {
          action: 'chef_selected',
          summary: `Left the dishes for ${theWeekOf(week.startDate)} to the chef`,
          weeks: [week.startDate],
        },
        context.by,
        this.publicUrl,
      );
    });
  }

  /** Moves a plan's order (its box, or a week paid at checkout) to another day of its week. */
  async moveWeekOfOrder(customerId: string, weekId: string, date: IsoDate): Promise<void> {
    await this.changeWeek(customerId, weekId, async (tx, plan, week, context) => {
      assertWeekOpen(plan, week, context.now);
      if (date !== week.deliveryDate) await this.moveDay(tx, plan, week, date, context);
    });
  }

  /** The one-tap links of a week's reminder: skip and choose, for a week still open. */
  async weekLinks(tx: DbOrTx, weekId: string): Promise<{ skip: string; choose: string }> {
    const token = newToken(24);
    await tx.insert(planWeekLinks).values({ tokenHash: hashToken(token), scheduleWeekId: weekId });
    return {
      skip: `${this.publicUrl}/schedule/${weekId}/edit?action=skip&token=${encodeURIComponent(token)}`,
      choose: `${this.publicUrl}/schedule/${weekId}/choose-recipes`,
    };
  }

  /** The weeks of these orders (plan boxes or weeks paid at checkout). */
  weeksOfOrders(orderIds: string[]): Promise<ScheduleWeekRow[]> {
    return weeksOfOrders(this.db, orderIds);
  }
}

/** Whether a week's box already holds exactly these dishes, chosen by the customer. */
async function sameChoice(tx: DbOrTx, week: ScheduleWeekRow, choice: BoxChoice[]): Promise<boolean> {
  if (!week.orderId || week.recipesChosenAt === null) return false;
  const key = (items: readonly BoxChoice[]) => {
    const quantities = new Map<number, number>();
    for (const item of items) {
      quantities.set(item.variantId, (quantities.get(item.variantId) ?? 0) + item.quantity);
    }
    return JSON.stringify([...quantities.entries()].sort(([a], [b]) => a - b));
  };
  return key(await boxChoice(tx, week.orderId)) === key(choice);
}

/** The receipt of a week's dishes (issue 19 item 9): each dish, the box's price, when it is charged. */
async function recipesReceipt(
  tx: DbOrTx,
  plan: SubscriptionRow,
  week: ScheduleWeekRow,
  boxId: string | null,
): Promise<Receipt['email']> {
  const box = boxId ? await orderRowOf(tx, boxId) : null;
  const lines = boxId ? await orderLinesOf(tx, [boxId]) : [];
  const when = longDayLabel(week.deliveryDate as IsoDate);
  const dishes = lines.map(
    (line) =>
      `${line.quantity} × ${line.title}${line.variantTitle && line.variantTitle !== 'Default Title' ? `, ${line.variantTitle}` : ''}: ${formatPence(line.total)}`,
  );
  const price = box
    ? [
        `Dishes ${formatPence(box.subtotal)}`,
        ...(box.totalDiscounts > 0 ? [`discount −${formatPence(box.totalDiscounts)}`] : []),
        `delivery ${box.shippingPrice === 0 ? 'free' : formatPence(box.shippingPrice)}`,
      ].join(', ')
    : null;
  return {
    subject: `Your dishes for ${theWeekOf(week.startDate).replace('the week of ', '')} are saved`,
    heading: 'Your dishes are chosen',
    paragraphs: [
      `You chose these dishes for ${theWeekOf(week.startDate)}, arriving ${when}:`,
      dishes.join('\n'),
      ...(box && price ? [`Box total: ${formatPence(box.total)} (${price}).`] : []),
      plan.state === 'active'
        ? `We charge it on ${deadlineLabel(weekCutoff(week.startDate as IsoDate))}, when its menu closes, at the menu’s prices then. You can change the dishes until then.`
        : `Your plan is ${plan.state === 'paused' ? 'paused' : 'on hold'}: nothing is charged for this box unless it is active by ${deadlineLabel(weekCutoff(week.startDate as IsoDate))}.`,
    ],
  };
}
