import { eq } from 'drizzle-orm';
import type { ScheduleBody, UpdateSubscriptionBody, WeekChangeView } from '../../../contracts/subscriptions';
import { longDayLabel, shortDayLabel, type IsoDate } from '../../../domain/calendar';
import { DIETARY_FLAG_LABELS, DIETARY_FLAG_NAMES } from '../../../domain/chef-selection';
import { DomainError } from '../../../domain/errors';
import { orderChanges } from '../../../domain/orders';
import { firstOpenWeek, frequencyLabel, planDeliveryDate, weekdayName } from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { addressSnapshot, customerAddress } from '../customers';
import { deliveryDaysOf } from '../delivery';
import { changeOrderDelivery, orderRowsOf, planOrders } from '../orders';
import {
  scheduleChange,
  type PlanWeekNow,
  type Schedule,
  type ScheduleChange,
  type WeekChange,
} from '../../../domain/schedule-change';
import { openWeeks, planAhead, type PlanContext } from './plan-ahead';
import { recordReceipt, theWeekOf } from './plan-receipts';
import { LIVE_STATES, type ScheduleWeekRow, type SubscriptionRow } from './plan-store';
import { refreshBoxes } from './week-changes';

// A plan's settings and schedule changed (issue 12 part 1): the plan row, then its open weeks and boxes in
// step, then the history and the emailed receipt. Run inside SubscriptionsService's transaction, with the
// plan and its open boxes locked.

/** PUT /subscriptions/{id}: name, recipes, cocktails, note, dietary flags and addresses. */
export async function applySettings(
  tx: DbOrTx,
  plan: SubscriptionRow,
  body: UpdateSubscriptionBody,
  context: PlanContext,
  customerId: string,
  publicUrl: string,
): Promise<void> {
  refuseCancelled(plan);
  const changes: Partial<SubscriptionRow> = {};
  const said: string[] = [];
  if (body.name !== undefined && body.name !== plan.name) {
    changes.name = body.name;
    said.push(`Name: ${body.name}`);
  }
  if (body.numberOfRecipes !== undefined && body.numberOfRecipes !== plan.numberOfRecipes) {
    changes.numberOfRecipes = body.numberOfRecipes;
    said.push(`Recipes per box: ${body.numberOfRecipes}`);
  }
  if (body.numberOfCocktails !== undefined && body.numberOfCocktails !== plan.numberOfCocktails) {
    changes.numberOfCocktails = body.numberOfCocktails;
    said.push(`Cocktails per box: ${body.numberOfCocktails}`);
  }
  const dietary = { ...plan.dietary };
  for (const flag of DIETARY_FLAG_NAMES) {
    const value = body[flag];
    if (value === undefined || (dietary[flag] ?? false) === value) continue;
    dietary[flag] = value;
    changes.dietary = dietary;
    said.push(`${DIETARY_FLAG_LABELS[flag]}: ${value ? 'on' : 'off'}`);
  }
  const note = body.deliveryNote === undefined ? undefined : body.deliveryNote || null;
  if (note !== undefined && note !== plan.deliveryNote) {
    changes.deliveryNote = note;
    said.push(note ? `Delivery note: “${note}”` : 'Delivery note removed');
  }
  if (body.shippingAddressId) {
    const address = await customerAddress(tx, customerId, body.shippingAddressId);
    if (!address.zip || !address.address1) {
      throw new DomainError('ORDER_INVALID', 'Add a delivery address with a street and postcode');
    }
    const days = deliveryDaysOf(address.zip);
    if (!days.includes(plan.deliveryDay)) {
      throw new DomainError(
        'DELIVERY_DATE_UNAVAILABLE',
        `Our courier doesn’t deliver to ${address.zip} on ${weekdayName(plan.deliveryDay)}s. Change your delivery day first.`,
        { deliveryDays: days },
      );
    }
    changes.shippingAddress = addressSnapshot(address);
    said.push(`Delivery address: ${[address.address1, address.zip].join(', ')}`);
  }
  if (body.billingAddressId !== undefined) {
    changes.billingAddress = body.billingAddressId
      ? addressSnapshot(await customerAddress(tx, customerId, body.billingAddressId))
      : null;
    said.push('Billing address changed');
  }
  if (said.length === 0) return;
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: context.now })
    .where(eq(subscriptions.id, plan.id))
    .returning();
  // The boxes not yet dispatched go to the new address with the new note.
  if (changes.shippingAddress || changes.deliveryNote !== undefined) {
    await updateDispatchDetails(tx, updated!, changes, context.now);
  }
  // The chef picks again for boxes the customer left to the chef.
  if (changes.numberOfRecipes || changes.numberOfCocktails !== undefined || changes.dietary) {
    await refreshBoxes(tx, updated!, context, { chefOnly: true });
  }
  await recordReceipt(
    tx,
    plan,
    {
      action: 'settings_changed',
      summary: `Changed plan settings: ${said.join('; ')}`,
      email: {
        subject: 'Your pasta plan settings have changed',
        heading: 'Your plan settings are saved',
        paragraphs: [
          `We’ve saved these changes to ${updated!.name}:`,
          said.join('\n'),
          `They apply to every box from ${theWeekOf(firstOpenWeek(context.now))} on.`,
        ],
      },
    },
    context.by,
    publicUrl,
  );
}

/** The new address and note reach every box of the plan that has not been dispatched. */
/** The new address and note reach every box of the plan that has not been dispatched. */
export async function updateDispatchDetails(
  tx: DbOrTx,
  plan: SubscriptionRow,
  changes: Partial<SubscriptionRow>,
  now: Date,
): Promise<void> {
  const boxes = await planOrders(tx, plan.id);
  const ids = boxes.filter((box) => orderChanges(box, now).addressEditable).map((box) => box.id);
  await changeOrderDelivery(
    tx,
    ids,
    {
      ...(changes.shippingAddress ? { shippingAddress: changes.shippingAddress } : {}),
      ...(changes.deliveryNote !== undefined ? { deliveryNote: changes.deliveryNote } : {}),
    },
    now,
  );
}

/** The schedule asked for, checked against the courier's days at the plan's address. */
export function checkSchedule(plan: SubscriptionRow, body: ScheduleBody): Schedule {
  const deliveryDay = body.deliveryDay ?? plan.deliveryDay;
  const frequency = body.frequency ?? plan.frequency;
  const zip = plan.shippingAddress?.zip;
  if (zip && deliveryDay !== plan.deliveryDay && !deliveryDaysOf(zip).includes(deliveryDay)) {
    const days = deliveryDaysOf(zip);
    throw new DomainError(
      'DELIVERY_DATE_UNAVAILABLE',
      `Our courier delivers to ${zip} on ${days.map(weekdayName).join(', ')} only`,
      { deliveryDays: days },
    );
  }
  return { deliveryDay, frequency };
}

/** The plan's open weeks as a schedule change reads them: a box paid or already charged keeps its day. */
async function weeksNow(tx: DbOrTx, planId: string, now: Date) {
  const rows = await openWeeks(tx, planId, now);
  const ids = rows.flatMap((week) => (week.orderId ? [week.orderId] : []));
  const boxes = await orderRowsOf(tx, ids);
  const weeks: PlanWeekNow[] = rows.map((week) => {
    const box = week.orderId ? boxes.get(week.orderId) : undefined;
    return {
      id: week.id,
      startDate: week.startDate as IsoDate,
      deliveryDate: week.deliveryDate as IsoDate,
      originalDeliveryDate: week.originalDeliveryDate as IsoDate,
      fixed: !!box && (box.source !== 'subscription' || (box.state !== 'created' && box.state !== 'skipped')),
    };
  });
  return { rows, weeks };
}

/** What a new schedule does to each open week (POST /subscriptions/{id}/schedule/preview, and the change). */
export async function scheduleChangeOf(
  tx: DbOrTx,
  plan: SubscriptionRow,
  body: ScheduleBody,
  now: Date,
): Promise<{ after: Schedule; change: ScheduleChange; rows: ScheduleWeekRow[] }> {
  refuseCancelled(plan);
  const after = checkSchedule(plan, body);
  const { rows, weeks } = await weeksNow(tx, plan.id, now);
  const alsoMove = new Set(body.alsoMoveWeekIds ?? []);
  const unknown = [...alsoMove].filter((id) => !weeks.some((week) => week.id === id));
  if (unknown.length > 0) {
    throw new DomainError('NOT_FOUND', 'We could not find that week among the coming weeks of your plan', {
      scheduleWeekIds: unknown,
    });
  }
  const change = scheduleChange({
    weeks,
    anchorWeek: plan.anchorWeek as IsoDate,
    before: { deliveryDay: plan.deliveryDay, frequency: plan.frequency },
    after,
    now,
    alsoMove,
  });
  return { after, change, rows };
}

/** A week's change as the API shows it. */
export function weekChangeView(change: WeekChange): WeekChangeView {
  const base = { kind: change.kind, weekStart: change.weekStart, planDate: null, why: null };
  switch (change.kind) {
    case 'moved':
      return { ...base, scheduleWeekId: change.weekId, from: change.from, to: change.to };
    case 'kept':
      return {
        ...base,
        scheduleWeekId: change.weekId,
        from: change.date,
        to: change.date,
        planDate: change.planDate,
        why: change.why,
      };
    case 'dropped':
      return { ...base, scheduleWeekId: change.weekId, from: change.date, to: null };
    case 'added':
      return { ...base, scheduleWeekId: null, from: null, to: change.date };
  }
}

/** A schedule change's weeks in the receipt's words, one line each. */
function changeLines(changes: readonly WeekChange[]): string[] {
  const day = (date: IsoDate) => longDayLabel(date);
  const lines: string[] = [];
  const moved = changes.filter((c) => c.kind === 'moved');
  if (moved.length > 0) {
    lines.push(['These boxes move:', ...moved.map((c) => `${day(c.from)} → ${day(c.to)}`)].join('\n'));
  }
  const kept = changes.filter((c) => c.kind === 'kept');
  if (kept.length > 0) {
    lines.push(
      [
        'These keep their day:',
        ...kept.map((c) =>
          c.why === 'moved_by_you'
            ? `${day(c.date)} (the day you chose for ${theWeekOf(c.weekStart)})`
            : `${day(c.date)} (already paid)`,
        ),
      ].join('\n'),
    );
  }
  const dropped = changes.filter((c) => c.kind === 'dropped');
  if (dropped.length > 0) {
    lines.push(
      [
        'No box these weeks (not on your new rhythm, nothing charged):',
        ...dropped.map((c) => `${day(c.date)} (${theWeekOf(c.weekStart)})`),
      ].join('\n'),
    );
  }
  const added = changes.filter((c) => c.kind === 'added');
  if (added.length > 0) lines.push(['New boxes:', ...added.map((c) => day(c.date))].join('\n'));
  if (moved.length + dropped.length + added.length === 0) {
    lines.push('None of your coming boxes changes day.');
  }
  return lines;
}

/**
 * PUT /subscriptions/{id}/schedule: the delivery weekday and how often, from the first open week on. A week
 * the customer moved keeps its day unless named in `alsoMoveWeekIds`; a box paid or charged keeps its day.
 */
export async function applySchedule(
  tx: DbOrTx,
  plan: SubscriptionRow,
  body: ScheduleBody,
  context: PlanContext,
  publicUrl: string,
): Promise<void> {
  const { after, change, rows } = await scheduleChangeOf(tx, plan, body, context.now);
  const { deliveryDay: day, frequency } = after;
  if (day === plan.deliveryDay && frequency === plan.frequency) return;
  const [updated] = await tx
    .update(subscriptions)
    .set({ deliveryDay: day, frequency, anchorWeek: change.anchorWeek, updatedAt: context.now })
    .where(eq(subscriptions.id, plan.id))
    .returning();
  // Each open week takes its new day, or keeps the one the customer chose (its plan day is the new one);
  // weeks off the new rhythm and new weeks are then written by planAhead.
  for (const week of rows) {
    const listed = change.changes.find((c) => c.kind !== 'added' && c.weekId === week.id);
    if (listed?.kind === 'dropped' || (listed?.kind === 'kept' && listed.why === 'paid')) continue;
    const planDate = planDeliveryDate(week.startDate as IsoDate, day);
    const date = listed?.kind === 'kept' ? (week.deliveryDate as IsoDate) : planDate;
    await tx
      .update(scheduleWeeks)
      .set({ deliveryDate: date, originalDeliveryDate: planDate })
      .where(eq(scheduleWeeks.id, week.id));
    if (week.orderId && date !== week.deliveryDate) {
      await changeOrderDelivery(tx, [week.orderId], { deliveryDate: date }, context.now, {
        source: 'subscription',
      });
    }
  }
  await planAhead(tx, updated!, context);
  await refreshBoxes(tx, updated!, context, { chefOnly: false });
  // "every 2 weeks, on Thursdays": the weekday keeps its capital.
  const words = `${frequencyLabel(frequency).toLowerCase()}, on ${weekdayName(day)}s`;
  const moves = change.changes.filter((c) => c.kind === 'moved');
  await recordReceipt(
    tx,
    plan,
    {
      action: 'schedule_changed',
      summary:
        `Changed delivery to ${words}` +
        (moves.length > 0
          ? `: ${moves.map((c) => `${shortDayLabel(c.from)} → ${shortDayLabel(c.to)}`).join(', ')}`
          : ''),
      weeks: change.changes.filter((c) => c.kind !== 'kept').map((c) => c.weekStart),
      email: {
        subject: 'Your pasta plan’s delivery schedule has changed',
        heading: 'Your new delivery schedule',
        paragraphs: [`Your boxes now come ${words}.`, ...changeLines(change.changes)],
      },
    },
    context.by,
    publicUrl,
  );
}

export function refuseCancelled(plan: SubscriptionRow): void {
  if (!(LIVE_STATES as readonly string[]).includes(plan.state)) {
    throw new DomainError('CONFLICT', 'This plan is cancelled. Restart it to change it.');
  }
}
