import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { addWeeks, londonDate, type IsoDate } from '../../../domain/calendar';
import { firstOpenWeek, isReminderDue, scheduleHorizon } from '../../../domain/plans';
import { paidWithLabel } from '../../../domain/receipt';
import type { Db } from '../../db/client';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { weekMenu, type WeekMenuDish } from '../menu';
import { orderIsIn, orderRowsOf, type Mover } from '../orders';
import { paymentMethodsOf } from '../payments';
import type { ShopRules } from '../shop';
import { reminderEmail } from './billing-emails';
import { lockPlanForChange, planAhead } from './plan-ahead';
import type { ScheduleService } from './schedule.service';

// The plan's other sweeps (issue 12 parts 2 and 4; decision 22), each safe with several processes:
//  - `plans-remind`: two days before a week's cutoff, one email per active plan's box of that week saying
//    what will be sent and charged, with one-tap skip and choose links; `reminded_at` is set in the same
//    transaction as the email is queued, claimed `for update skip locked`, so each week is reminded once.
//  - `plans-ahead`: every live plan's weeks written ahead, and a box for each open week whose menu is out.

/** Sends the reminders due now; returns how many went. */
export async function remindDue(db: Db, schedule: ScheduleService, now: Date, batch = 100): Promise<number> {
  const week = firstOpenWeek(now);
  if (!isReminderDue(week, now)) return 0;
  let sent = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ week: scheduleWeeks, methodId: subscriptions.paymentMethodId })
        .from(scheduleWeeks)
        .innerJoin(subscriptions, eq(subscriptions.id, scheduleWeeks.subscriptionId))
        .where(
          and(
            eq(scheduleWeeks.startDate, week),
            isNull(scheduleWeeks.remindedAt),
            eq(scheduleWeeks.state, 'active'),
            eq(subscriptions.state, 'active'),
            orderIsIn(scheduleWeeks.orderId, 'subscription', ['created']),
          ),
        )
        .orderBy(asc(scheduleWeeks.id))
        .limit(batch)
        .for('update', { of: scheduleWeeks, skipLocked: true });
      if (due.length === 0) return 0;
      const boxes = await orderRowsOf(
        tx,
        due.map((row) => row.week.orderId!),
      );
      const methods = await paymentMethodsOf(
        tx,
        due.flatMap((row) => (row.methodId ? [row.methodId] : [])),
      );
      for (const row of due) {
        const box = boxes.get(row.week.orderId!);
        if (!box) continue;
        const links = await schedule.weekLinks(tx, row.week.id);
        const method = row.methodId ? methods.get(row.methodId) : undefined;
        await reminderEmail(tx, box, { card: method ? paidWithLabel(method) : null, links });
      }
      await tx
        .update(scheduleWeeks)
        .set({ remindedAt: now })
        .where(
          inArray(
            scheduleWeeks.id,
            due.map((row) => row.week.id),
          ),
        );
      return due.length;
    });
    sent += done;
    if (done < batch) return sent;
  }
}

/** Writes every live plan's weeks ahead (new menu weeks get their boxes); returns how many plans. */
export async function planAheadAll(
  db: Db,
  context: { rules: ShopRules; now: Date; by: Mover },
): Promise<number> {
  const { now } = context;
  const menus = new Map<string, WeekMenuDish[]>();
  for (let week: IsoDate = firstOpenWeek(now); week <= scheduleHorizon(now); week = addWeeks(week, 1)) {
    menus.set(week, await weekMenu(db, week));
  }
  const plans = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.state, ['active', 'paused', 'failed']))
    .orderBy(asc(subscriptions.id));
  let planned = 0;
  for (const { id } of plans) {
    await db.transaction(async (tx) => {
      const plan = await lockPlanForChange(tx, id, now);
      await planAhead(tx, plan, { ...context, today: londonDate(now), menus });
    });
    planned += 1;
  }
  return planned;
}
