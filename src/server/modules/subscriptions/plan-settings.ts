import { and, eq, inArray } from 'drizzle-orm';
import type { ScheduleBody, UpdateSubscriptionBody } from '../../../contracts/subscriptions';
import type { IsoDate } from '../../../domain/calendar';
import { DIETARY_FLAG_LABELS, DIETARY_FLAG_NAMES } from '../../../domain/chef-selection';
import { DomainError } from '../../../domain/errors';
import { orderChanges } from '../../../domain/orders';
import { firstOpenWeek, frequencyLabel, planDeliveryDate, weekdayName } from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { addressSnapshot, customerAddress } from '../customers';
import { deliveryDaysOf } from '../delivery';
import { openWeeks, planAhead, type PlanContext } from './plan-ahead';
import { recordReceipt, theWeekOf } from './plan-receipts';
import { LIVE_STATES, type SubscriptionRow } from './plan-store';
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
  const boxes = await tx.select().from(orders).where(eq(orders.subscriptionId, plan.id));
  const ids = boxes.filter((box) => orderChanges(box, now).addressEditable).map((box) => box.id);
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({
      ...(changes.shippingAddress ? { shippingAddress: changes.shippingAddress } : {}),
      ...(changes.deliveryNote !== undefined ? { deliveryNote: changes.deliveryNote } : {}),
      updatedAt: now,
    })
    .where(inArray(orders.id, ids));
}

/** PUT /subscriptions/{id}/schedule: the delivery weekday and how often, from the first open week on. */
export async function applySchedule(
  tx: DbOrTx,
  plan: SubscriptionRow,
  body: ScheduleBody,
  context: PlanContext,
  publicUrl: string,
): Promise<void> {
  refuseCancelled(plan);
  const day = body.deliveryDay ?? plan.deliveryDay;
  const frequency = body.frequency ?? plan.frequency;
  if (day === plan.deliveryDay && frequency === plan.frequency) return;
  const zip = plan.shippingAddress?.zip;
  if (zip && !deliveryDaysOf(zip).includes(day)) {
    const days = deliveryDaysOf(zip);
    throw new DomainError(
      'DELIVERY_DATE_UNAVAILABLE',
      `Our courier delivers to ${zip} on ${days.map(weekdayName).join(', ')} only`,
      { deliveryDays: days },
    );
  }
  const from = firstOpenWeek(context.now);
  const [updated] = await tx
    .update(subscriptions)
    .set({
      deliveryDay: day,
      frequency,
      ...(frequency !== plan.frequency ? { anchorWeek: from } : {}),
      updatedAt: context.now,
    })
    .where(eq(subscriptions.id, plan.id))
    .returning();
  // Open weeks move to the new day (their boxes priced for it), then the rhythm is rewritten. A week paid
  // at checkout (or already charged) keeps the day it was booked for: its order and its week stay together.
  for (const week of await openWeeks(tx, plan.id, context.now)) {
    const date = planDeliveryDate(week.startDate as IsoDate, day);
    if (date === week.deliveryDate) continue;
    if (week.orderId) {
      const [box] = await tx
        .select({ source: orders.source, state: orders.state })
        .from(orders)
        .where(eq(orders.id, week.orderId));
      if (box && (box.source !== 'subscription' || (box.state !== 'created' && box.state !== 'skipped'))) {
        continue;
      }
    }
    await tx
      .update(scheduleWeeks)
      .set({ deliveryDate: date, originalDeliveryDate: date })
      .where(eq(scheduleWeeks.id, week.id));
    if (week.orderId) {
      await tx
        .update(orders)
        .set({ deliveryDate: date, updatedAt: context.now })
        .where(and(eq(orders.id, week.orderId), eq(orders.source, 'subscription')));
    }
  }
  await planAhead(tx, updated!, context);
  await refreshBoxes(tx, updated!, context, { chefOnly: false });
  // "every 2 weeks, on Thursdays": the weekday keeps its capital.
  const words = `${frequencyLabel(frequency).toLowerCase()}, on ${weekdayName(day)}s`;
  await recordReceipt(
    tx,
    plan,
    {
      action: 'schedule_changed',
      summary: `Changed delivery to ${words}, from ${theWeekOf(from)}`,
      weeks: (await openWeeks(tx, plan.id, context.now)).map((week) => week.startDate),
      email: {
        subject: 'Your pasta plan’s delivery schedule has changed',
        heading: 'Your new delivery schedule',
        paragraphs: [
          `From ${theWeekOf(from)}, your boxes come ${words}.`,
          'Boxes already charged keep the day they were booked for.',
        ],
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
