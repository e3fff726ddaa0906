import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { deadlineLabel, londonDate, longDayLabel, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import {
  isResumeDue,
  isResumeReminderDue,
  pauseOutcome,
  remindableResumeWeek,
  restartOf,
  weeksInWords,
  type PlanRhythm,
} from '../../../domain/plan-pause';
import { firstOpenWeek } from '../../../domain/plans';
import type { Db, DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { findCustomerById } from '../customers';
import { enqueueEmail } from '../../integrations/email';
import { planBillingLetter } from '../../integrations/email/plan-templates';
import { lockPlanForChange, openWeeks, planAhead, type PlanContext } from './plan-ahead';
import { recordReceipt, theWeekOf } from './plan-receipts';
import { moveSubscription, type ScheduleWeekRow, type SubscriptionRow } from './plan-store';
import { subscriptionViews } from './plan-views';
import type { ScheduleService } from './schedule.service';
import { orderRowOf, orderRowsOf, planOrders } from '../orders';

// Pause and restart (spec §7 POST /subscriptions/{id}/pause and /activate; issue 19 item 8). A pause is for
// 1–8 weeks or until the customer restarts it: its weeks get no box and are never charged; a pause for a
// set time ends by itself at the cutoff before its resume week (`plans-ahead`), three days after an email
// that says so, with links to pause for longer or skip the first box (`plans-remind`). The rules of when
// are the domain's (domain/plan-pause.ts).

/** The plan's rhythm as the domain reads it. */
export const rhythmOf = (plan: SubscriptionRow, weeks: readonly ScheduleWeekRow[] = []): PlanRhythm => ({
  anchorWeek: plan.anchorWeek as IsoDate,
  frequency: plan.frequency,
  deliveryDay: plan.deliveryDay,
  days: new Map(weeks.map((week) => [week.startDate, week.deliveryDate])),
});

/** Open weeks whose box was paid at checkout: they still arrive, so a pause does not count them. */
export async function paidOpenWeeks(tx: DbOrTx, weeks: readonly ScheduleWeekRow[]): Promise<Set<string>> {
  const ids = weeks.flatMap((week) => (week.orderId ? [week.orderId] : []));
  if (ids.length === 0) return new Set();
  const rows = [...(await orderRowsOf(tx, ids)).values()];
  const paid = new Set(rows.filter((row) => row.source !== 'subscription').map((row) => row.id));
  return new Set(weeks.filter((week) => week.orderId && paid.has(week.orderId)).map((w) => w.startDate));
}

const dayOf = (instant: Date) => longDayLabel(londonDate(instant));

/**
 * POST /subscriptions/{id}/pause with `weeks` (1–8) or null (until the customer restarts it). A paused plan
 * paused again keeps its start and takes the new end: that is how a pause is made longer or shorter.
 */
export async function applyPause(
  tx: DbOrTx,
  plan: SubscriptionRow,
  weeks: number | null,
  context: PlanContext,
  publicUrl: string,
): Promise<void> {
  if (plan.state !== 'active' && plan.state !== 'failed' && plan.state !== 'paused') {
    throw new DomainError('CONFLICT', `This plan is ${plan.state} and cannot be paused`);
  }
  const { now } = context;
  const open = await openWeeks(tx, plan.id, now);
  const outcome =
    weeks === null ? null : pauseOutcome(rhythmOf(plan, open), weeks, now, await paidOpenWeeks(tx, open));
  const resumeWeek = outcome?.resumeWeek ?? null;
  // Asked again for the same pause (a double tap, a retry): nothing changes, nothing more is sent.
  if (plan.state === 'paused' && plan.resumeWeek === resumeWeek) return;
  const already = plan.state === 'paused';
  const paused = await moveSubscription(tx, plan.id, 'paused', context.by, {
    pausedAt: already ? plan.pausedAt : now,
    resumeWeek,
    // A pause that ends before its reminder could go is told in this receipt instead.
    resumeRemindedAt: outcome && !outcome.remindAt ? now : null,
  });
  if (!already) {
    await stopRetries(tx, plan.id, now);
    await planAhead(tx, paused!, context);
  }
  const coming = await chargedBoxes(tx, plan.id, now);
  const restart = outcome
    ? [
        outcome.pausedWeeks.length > 0
          ? `No box for ${weeksInWords(outcome.pausedWeeks)}: nothing is made or charged for ${outcome.pausedWeeks.length === 1 ? 'it' : 'them'}.`
          : 'No box of your plan falls in those weeks, so nothing changes to what you’re charged.',
        `Your plan restarts by itself on ${deadlineLabel(outcome.resumesAt)}. Your first box after the pause arrives ${longDayLabel(outcome.firstBox.deliveryDate)} and is charged on ${deadlineLabel(outcome.firstBox.chargedAt)}, when its menu closes.`,
        outcome.remindAt
          ? `We’ll remind you by email on ${dayOf(outcome.remindAt)}, in case you’d like to pause for longer or skip that box.`
          : 'You can still skip that box, or pause for longer, in your account.',
      ]
    : [
        'We won’t make or charge any more boxes until you restart your plan. You can do that any time in your account.',
      ];
  await recordReceipt(
    tx,
    plan,
    {
      action: 'paused',
      summary: outcome
        ? `${already ? 'Changed the pause' : `Paused the plan for ${outcome.weeks} ${outcome.weeks === 1 ? 'week' : 'weeks'}`}: it restarts ${dayOf(outcome.resumesAt)}`
        : already
          ? 'Changed the pause: until you restart the plan'
          : 'Paused the plan until you restart it',
      weeks: outcome ? outcome.pausedWeeks : open.map((week) => week.startDate),
      email: {
        subject: outcome
          ? `Your pasta plan is paused until ${dayOf(outcome.resumesAt)}`
          : 'Your pasta plan is paused',
        heading: 'Your plan is paused',
        paragraphs: [...restart, ...coming],
      },
    },
    context.by,
    publicUrl,
  );
}

/** POST /subscriptions/{id}/activate: a paused, failed or cancelled plan takes boxes again. */
export async function applyActivate(
  tx: DbOrTx,
  plan: SubscriptionRow,
  context: PlanContext,
  publicUrl: string,
  { byItself = false }: { byItself?: boolean } = {},
): Promise<void> {
  if (plan.state === 'active') return;
  if (plan.state === 'created') {
    throw new DomainError('CONFLICT', 'This plan starts when its first box is paid');
  }
  if (!plan.paymentMethodId && !byItself) {
    throw new DomainError(
      'PAYMENT_METHOD_NOT_FOUND',
      'Add a card to your plan before activating it: your boxes are charged to it each week',
    );
  }
  const active = await moveSubscription(tx, plan.id, 'active', context.by, {
    pausedAt: null,
    cancelledAt: null,
    cancelReason: null,
    resumeWeek: null,
    resumeRemindedAt: null,
    ...(plan.state === 'cancelled' ? { anchorWeek: firstOpenWeek(context.now) } : {}),
  });
  await planAhead(tx, active!, context);
  const [view] = await subscriptionViews(tx, [active!], context.now);
  const next = view?.nextCharge;
  await recordReceipt(
    tx,
    plan,
    {
      action: 'activated',
      summary: byItself
        ? 'The plan restarted by itself at the end of its pause'
        : plan.state === 'cancelled'
          ? 'Restarted the plan'
          : 'Activated the plan',
      weeks: (await openWeeks(tx, plan.id, context.now)).map((week) => week.startDate),
      email: {
        subject: byItself ? 'Your pasta plan has restarted' : 'Your pasta plan is active again',
        heading: byItself ? 'Your plan has restarted' : 'Welcome back!',
        paragraphs: [
          ...(byItself ? ['Your pause has ended, as you asked, and your plan is active again.'] : []),
          next
            ? `Your next box arrives ${longDayLabel(next.deliveryDate as IsoDate)}. We’ll charge it on ${longDayLabel(londonDate(new Date(next.at)))} at 12 noon, when its menu closes.`
            : 'Your plan is active again. Choose your dishes when the next menu is out.',
          ...(plan.paymentMethodId
            ? []
            : ['Your plan has no card: choose one in Plan settings before that, or we can’t send the box.']),
        ],
      },
    },
    context.by,
    publicUrl,
  );
}

/** `plans-ahead`: plans whose pause has ended are active again, each in its own transaction. */
export async function restartPausedPlans(db: Db, context: PlanContext, publicUrl: string): Promise<number> {
  const { now } = context;
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.state, 'paused'),
        isNotNull(subscriptions.resumeWeek),
        lte(subscriptions.resumeWeek, firstOpenWeek(now)),
      ),
    )
    .orderBy(asc(subscriptions.id));
  let restarted = 0;
  for (const { id } of due) {
    restarted += await db.transaction(async (tx) => {
      const plan = await lockPlanForChange(tx, id, now);
      // Checked again under the lock: the customer may have restarted it, or paused it for longer.
      if (plan.state !== 'paused' || !plan.resumeWeek || !isResumeDue(plan.resumeWeek as IsoDate, now)) {
        return 0;
      }
      await applyActivate(tx, plan, context, publicUrl, { byItself: true });
      return 1;
    });
  }
  return restarted;
}

/**
 * `plans-remind`: three days before a paused plan restarts by itself, one email saying when, what its first
 * box will be and when it is charged, with a link to pause for longer and a one-tap skip of that box.
 */
export async function remindRestarts(
  db: Db,
  schedule: ScheduleService,
  now: Date,
  publicUrl: string,
  batch = 100,
): Promise<number> {
  const resumeWeek = remindableResumeWeek(now);
  if (!isResumeReminderDue(resumeWeek, now)) return 0;
  let sent = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.state, 'paused'),
            eq(subscriptions.resumeWeek, resumeWeek),
            isNull(subscriptions.resumeRemindedAt),
          ),
        )
        .orderBy(asc(subscriptions.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const plan of due) {
        const weeks = await openWeeks(tx, plan.id, now);
        const restart = restartOf(rhythmOf(plan, weeks), resumeWeek);
        const week = weeks.find((row) => row.startDate === restart.firstBox.weekStart);
        const customer = await findCustomerById(tx, plan.customerId);
        if (!customer) continue;
        const links = week ? await schedule.weekLinks(tx, week.id) : null;
        const box = week?.orderId ? ((await orderRowOf(tx, week.orderId)) ?? undefined) : undefined;
        await enqueueEmail(
          tx,
          planBillingLetter({
            to: customer.email,
            firstName: customer.firstName,
            template: 'plan_restart_reminder',
            subject: `Your pasta plan restarts on ${dayOf(restart.resumesAt)}`,
            heading: 'Your pause ends soon',
            paragraphs: [
              `As you asked, your pasta plan restarts by itself on ${deadlineLabel(restart.resumesAt)}.`,
              `Your first box after the pause is for ${theWeekOf(restart.firstBox.weekStart)}: it arrives ${longDayLabel(restart.firstBox.deliveryDate)}, and we charge it${box && box.source === 'subscription' ? ` (${formatPence(box.total)} as it stands)` : ''} on ${deadlineLabel(restart.firstBox.chargedAt)}, when its menu closes.`,
              'Still away? Pause for longer, or skip that box with one tap.',
            ],
            buttons: [
              { label: 'Pause for longer', url: `${publicUrl}/account/paused` },
              ...(links && week && week.state === 'active'
                ? [{ label: 'Skip that box', url: links.skip }]
                : []),
            ],
          }),
        );
      }
      if (due.length > 0) {
        await tx
          .update(subscriptions)
          .set({ resumeRemindedAt: now })
          .where(
            inArray(
              subscriptions.id,
              due.map((plan) => plan.id),
            ),
          );
      }
      return due.length;
    });
    sent += done;
    if (done < batch) return sent;
  }
}

/**
 * A box whose charge failed and waits for its next try is not tried again once the plan is paused or
 * cancelled ("nothing more is charged"): billing looks at it now and gives it up (its stock, voucher and
 * credit back, not sent; `billingStep`'s withdrawn give-up), within the minute of the `plans-bill` job.
 */
export async function stopRetries(tx: DbOrTx, planId: string, now: Date): Promise<void> {
  const waiting = (await planOrders(tx, planId, ['payment_pending', 'not_authorized'])).map((box) => box.id);
  if (waiting.length === 0) return;
  await tx
    .update(scheduleWeeks)
    .set({ chargeDueAt: now })
    .where(
      and(
        eq(scheduleWeeks.subscriptionId, planId),
        isNotNull(scheduleWeeks.chargeDueAt),
        inArray(scheduleWeeks.orderId, waiting),
      ),
    );
}

/** What still arrives after a pause or cancellation: boxes already charged or paid. */
export async function chargedBoxes(tx: DbOrTx, subscriptionId: string, now: Date): Promise<string[]> {
  const rows = await planOrders(tx, subscriptionId, [
    'billed',
    'paid',
    'submitted',
    'accepted',
    'packed',
    'shipped',
  ]);
  const today = londonDate(now);
  return rows
    .filter((row) => row.deliveryDate >= today)
    .map(
      (row) =>
        `Your box for ${longDayLabel(row.deliveryDate as IsoDate)} is already charged and still arrives.`,
    );
}
