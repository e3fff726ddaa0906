import { asc, eq, inArray, sql } from 'drizzle-orm';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { billingStep } from '../../../domain/plan-billing';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import type { WeekMenuDish } from '../menu';
import { lockInOrder, type CheckoutRow, type Mover, type OrderRow } from '../orders';
import type { ShopRules } from '../shop';
import { closeBoxes, type BoxAtCutoff } from './box-cutoff';
import { chargeRefused, lastFailureOf, notSent, skipAtCutoff } from './box-endings';
import type { ScheduleWeekRow, SubscriptionRow } from './plan-store';

// What weekly billing decides for a batch of claimed weeks (one or many), in ONE transaction under the money
// path's locks (decision 22 and its addendum): the weeks' boxes' checkouts in id order, their plans in id
// order, the weeks, the boxes; then every box due at its cutoff is closed with the rest of the batch
// (box-cutoff.ts: one stock update per dish for the whole batch, then vouchers). The charges themselves come
// after the commit, outside any transaction.

export type Outcome = 'charged' | 'failed' | 'skipped' | 'not_sent' | 'given_up' | 'other';

export type Decided =
  | { kind: 'none'; outcome: Outcome }
  | { kind: 'charge'; checkoutId: string; methodId: string; key: string; weekId: string }
  | { kind: 'give_up'; checkoutId: string; withdrawn: boolean };

export interface DecideContext {
  now: Date;
  by: Mover;
  publicUrl: string;
  /** How long a week being charged is left to its worker. */
  leaseMs: number;
  rules: () => Promise<ShopRules>;
  /** The week's menu with its stock (read afresh when `fresh`). */
  menu: (weekStart: string) => Promise<WeekMenuDish[]>;
}

interface LockedWeek {
  week: ScheduleWeekRow;
  plan: SubscriptionRow;
  box: OrderRow | null;
  checkout: CheckoutRow | null;
}

const ids = (values: readonly (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort();

/**
 * Locks the weeks' rows in the money path's one order (orders' `lockInOrder`): their boxes' checkouts
 * (none has a basket), then between them and the boxes the plans (id order) and the weeks (id order), then
 * the boxes. A week whose box changed between reading and locking (its checkout not held) is left out: it
 * is looked at again when its lease ends.
 */
async function lockWeeks(tx: DbOrTx, weekIds: readonly string[]): Promise<Map<string, LockedWeek>> {
  const refs = await tx
    .select({
      id: scheduleWeeks.id,
      subscriptionId: scheduleWeeks.subscriptionId,
      orderId: scheduleWeeks.orderId,
    })
    .from(scheduleWeeks)
    .where(inArray(scheduleWeeks.id, [...weekIds]));
  const held = await lockInOrder(
    tx,
    { orderIds: ids(refs.map((ref) => ref.orderId)) },
    {
      between: async () => ({
        plans: await tx
          .select()
          .from(subscriptions)
          .where(inArray(subscriptions.id, ids(refs.map((ref) => ref.subscriptionId))))
          .orderBy(asc(subscriptions.id))
          .for('update'),
        weeks: await tx
          .select()
          .from(scheduleWeeks)
          .where(inArray(scheduleWeeks.id, ids(refs.map((ref) => ref.id))))
          .orderBy(asc(scheduleWeeks.id))
          .for('update'),
      }),
      orders: true,
    },
  );
  const { plans, weeks } = held.between;
  const planById = new Map(plans.map((row) => [row.id, row]));
  const boxById = new Map(held.orders.map((row) => [row.id, row]));
  const locked = new Map<string, LockedWeek>();
  for (const week of weeks) {
    const plan = planById.get(week.subscriptionId);
    if (!plan) continue;
    const box = week.orderId ? (boxById.get(week.orderId) ?? null) : null;
    if (week.orderId && !box) continue; // its box changed meanwhile: its lease brings it back
    locked.set(week.id, {
      week,
      plan,
      box,
      checkout: box ? (held.checkouts.get(box.checkoutId) ?? null) : null,
    });
  }
  return locked;
}

/**
 * Decides every claimed week under its locks and does what is due in the database, boxes due at their
 * cutoff closed as one batch. Throws OUT_OF_STOCK when a dish no longer has what the menu read said: the
 * caller rolls back and tries again with the menu read afresh, then one week at a time.
 */
export async function decideWeeks(
  tx: DbOrTx,
  weekIds: readonly string[],
  context: DecideContext,
): Promise<Map<string, Decided>> {
  const decided = new Map<string, Decided>(weekIds.map((id) => [id, { kind: 'none', outcome: 'other' }]));
  const locked = await lockWeeks(tx, weekIds);
  const { now, by } = context;
  const ending = { by, publicUrl: context.publicUrl };
  const setDue = (weekId: string, chargeDueAt: Date | null, more: { chargeAttempts?: number } = {}) =>
    tx
      .update(scheduleWeeks)
      .set({ chargeDueAt, ...more })
      .where(eq(scheduleWeeks.id, weekId));
  const lease = new Date(now.getTime() + context.leaseMs);
  const closing: BoxAtCutoff[] = [];
  const charging: { item: LockedWeek; attempt: number }[] = [];
  for (const item of locked.values()) {
    const { week, plan, box, checkout } = item;
    const unpaid = box && (box.state === 'payment_pending' || box.state === 'not_authorized');
    const step = billingStep({
      now,
      weekStart: week.startDate as IsoDate,
      deliveryDate: week.deliveryDate as IsoDate,
      weekState: week.state,
      planState: plan.state,
      box: box ? { source: box.source, state: box.state } : null,
      attempts: week.chargeAttempts,
      lastFailure: unpaid && checkout ? await lastFailureOf(tx, checkout.id) : null,
    });
    switch (step.kind) {
      case 'done':
        await setDue(week.id, null);
        break;
      case 'skip':
        await skipAtCutoff(tx, box!, week.state === 'skipped' ? 'Week skipped' : `Plan ${plan.state}`, by);
        await setDue(week.id, null);
        decided.set(week.id, { kind: 'none', outcome: 'skipped' });
        break;
      case 'not_sent':
        await notSent(
          tx,
          box!,
          ending,
          'Our kitchen couldn’t take the payment for it in time to pack it, so we haven’t sent it.',
        );
        await setDue(week.id, null);
        decided.set(week.id, { kind: 'none', outcome: 'not_sent' });
        break;
      case 'wait':
        await setDue(week.id, step.until);
        break;
      case 'give_up':
        decided.set(week.id, {
          kind: 'give_up',
          checkoutId: checkout!.id,
          withdrawn: step.withdrawn === true,
        });
        break;
      case 'charge':
        if (box!.state === 'created') closing.push({ week, plan, box: box! });
        else await setDue(week.id, lease, { chargeAttempts: step.attempt });
        charging.push({ item, attempt: step.attempt });
        break;
    }
  }
  if (closing.length > 0) {
    // The lease and the attempt for every box being closed, in one statement, before the stock is taken.
    await tx
      .update(scheduleWeeks)
      .set({ chargeDueAt: lease, chargeAttempts: sql`${scheduleWeeks.chargeAttempts} + 1` })
      .where(
        inArray(
          scheduleWeeks.id,
          closing.map((item) => item.week.id),
        ),
      );
    const unsendable = await closeAll(tx, closing, context);
    for (const item of unsendable) {
      await notSent(
        tx,
        item.box,
        ending,
        'Every dish for it sold out and nothing else on the menu suits your plan, so we haven’t sent it.',
      );
      await setDue(item.week.id, null, { chargeAttempts: item.week.chargeAttempts });
      decided.set(item.week.id, { kind: 'none', outcome: 'not_sent' });
      const at = charging.findIndex((c) => c.item.week.id === item.week.id);
      charging.splice(at, 1);
    }
  }
  for (const { item, attempt } of charging) {
    const { week, plan, box, checkout } = item;
    if (!plan.paymentMethodId) {
      await chargeRefused(
        tx,
        { ...box!, state: box!.state === 'created' ? 'billed' : box!.state },
        week,
        { message: 'Your plan has no card to charge.', hardDecline: false },
        ending,
      );
      decided.set(week.id, { kind: 'none', outcome: 'failed' });
      continue;
    }
    decided.set(week.id, {
      kind: 'charge',
      checkoutId: checkout!.id,
      methodId: plan.paymentMethodId,
      key: `plan:${week.id}:${attempt}`,
      weekId: week.id,
    });
  }
  return decided;
}

/**
 * Closes the boxes due at their cutoff as one batch (its weeks' menus read once; almost always one week:
 * weeks are claimed in the order they fall due). Answers those of which nothing can be sent.
 */
async function closeAll(
  tx: DbOrTx,
  closing: readonly BoxAtCutoff[],
  context: DecideContext,
): Promise<BoxAtCutoff[]> {
  const menus = new Map<string, WeekMenuDish[]>();
  for (const weekStart of ids(closing.map((item) => item.week.startDate))) {
    menus.set(weekStart, await context.menu(weekStart));
  }
  const closed = await closeBoxes(tx, closing, {
    rules: await context.rules(),
    today: londonDate(context.now),
    by: context.by,
    menus,
  });
  return closing.filter((item) => closed.get(item.week.id) === 'unsendable');
}
