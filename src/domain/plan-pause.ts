import { addWeeks, type IsoDate } from './calendar';
import { weekLabel } from './menu-weeks';
import { firstOpenWeek, planDeliveryDate, planWeeks, weekCutoff } from './plans';

// Pausing a Pasta Plan for a while (issue 19 item 8): the customer chooses how long (1–8 weeks, or until
// they restart it), sees which weeks have no box and when the plan starts again, is reminded a few days
// before it does, and it restarts by itself. Pure: every rule takes `now`.
//
// A pause covers whole weeks from the first open week whose box is not already paid (a box paid at
// checkout still arrives, so it does not count as a paused week). A pause of n weeks ends with the week
// n weeks after that (the resume week): the plan is active again from the cutoff of the week before it,
// so that week and every week after it are open, chosen and charged as usual. The weeks of the pause were
// closed while the plan was paused: their boxes stay skipped and are never charged.

export const PAUSE_WEEKS_MIN = 1;
export const PAUSE_WEEKS_MAX = 8;
/** The pause lengths a customer chooses from. */
export const PAUSE_WEEK_CHOICES = Array.from(
  { length: PAUSE_WEEKS_MAX - PAUSE_WEEKS_MIN + 1 },
  (_, i) => PAUSE_WEEKS_MIN + i,
);

/** How long before the plan restarts by itself the reminder goes: three days, time to extend or skip. */
export const RESUME_REMINDER_HOURS = 72;

/**
 * The first week a pause starting now would cover: the first open week of the plan (never before its
 * rhythm starts), after any weeks already paid.
 */
export function firstPausedWeek(now: Date, anchorWeek: IsoDate, paidWeeks: ReadonlySet<string>): IsoDate {
  const open = firstOpenWeek(now);
  let week = open > anchorWeek ? open : anchorWeek;
  while (paidWeeks.has(week)) week = addWeeks(week, 1);
  return week;
}

/** A pause length as chosen: whole weeks, 1 to 8. */
export function pauseLength(weeks: number): number {
  return Math.max(PAUSE_WEEKS_MIN, Math.min(PAUSE_WEEKS_MAX, Math.trunc(weeks)));
}

/** The week a pause of `weeks` weeks from `from` ends with: the plan's boxes start again from it. */
export function resumeWeekOf(from: IsoDate, weeks: number): IsoDate {
  return addWeeks(from, pauseLength(weeks));
}

/** When a plan paused until `resumeWeek` is active again: the cutoff of the week before (a Friday, 12:00). */
export function resumeTime(resumeWeek: IsoDate): Date {
  return weekCutoff(addWeeks(resumeWeek, -1));
}

/** Whether a plan paused until `resumeWeek` should be active by now. */
export function isResumeDue(resumeWeek: IsoDate, now: Date): boolean {
  return now.getTime() >= resumeTime(resumeWeek).getTime();
}

/** When the email before the restart goes. */
export function resumeReminderTime(resumeWeek: IsoDate): Date {
  return new Date(resumeTime(resumeWeek).getTime() - RESUME_REMINDER_HOURS * 3_600_000);
}

/** Whether the reminder of a restart is due: from its time until the restart. */
export function isResumeReminderDue(resumeWeek: IsoDate, now: Date): boolean {
  const t = now.getTime();
  return t >= resumeReminderTime(resumeWeek).getTime() && t < resumeTime(resumeWeek).getTime();
}

/**
 * The resume week whose reminder can be due at `now`: the week after the first open one (the restart is at
 * the first open week's cutoff, and the reminder comes in the three days before it).
 */
export function remindableResumeWeek(now: Date): IsoDate {
  return addWeeks(firstOpenWeek(now), 1);
}

export interface PlanRhythm {
  /** The first week of the plan's rhythm (it delivers every `frequency` weeks from it). */
  anchorWeek: IsoDate;
  frequency: number;
  /** 0 Sunday … 6 Saturday. */
  deliveryDay: number;
  /** Weeks written ahead with their delivery day (a week the customer moved keeps its own day). */
  days?: ReadonlyMap<string, string>;
}

export interface PlanRestart {
  resumeWeek: IsoDate;
  /** When the plan is active again (and changes to its first box after the pause are its own again). */
  resumesAt: Date;
  /** The first box after the pause: its week, its day and when it is charged. */
  firstBox: { weekStart: IsoDate; deliveryDate: IsoDate; chargedAt: Date };
}

/** How a plan paused until `resumeWeek` starts again. */
export function restartOf(plan: PlanRhythm, resumeWeek: IsoDate): PlanRestart {
  const step = Math.max(1, Math.trunc(plan.frequency));
  const first =
    planWeeks(plan.anchorWeek, plan.frequency, resumeWeek, addWeeks(resumeWeek, step - 1))[0] ??
    (plan.anchorWeek > resumeWeek ? plan.anchorWeek : resumeWeek);
  return {
    resumeWeek,
    resumesAt: resumeTime(resumeWeek),
    firstBox: {
      weekStart: first,
      deliveryDate:
        (plan.days?.get(first) as IsoDate | undefined) ?? planDeliveryDate(first, plan.deliveryDay),
      chargedAt: weekCutoff(first),
    },
  };
}

export interface PauseOutcome extends PlanRestart {
  weeks: number;
  /** The plan's weeks that get no box (on its rhythm), first to last. */
  pausedWeeks: IsoDate[];
  /** When the reminder goes: null when that is already past (the pause's receipt says it all then). */
  remindAt: Date | null;
}

/** What a pause of `weeks` weeks from now means for a plan: the weeks without a box and the restart. */
export function pauseOutcome(
  plan: PlanRhythm,
  weeks: number,
  now: Date,
  paidWeeks: ReadonlySet<string> = new Set(),
): PauseOutcome {
  const from = firstPausedWeek(now, plan.anchorWeek, paidWeeks);
  const resumeWeek = resumeWeekOf(from, weeks);
  const remind = resumeReminderTime(resumeWeek);
  return {
    ...restartOf(plan, resumeWeek),
    weeks: pauseLength(weeks),
    pausedWeeks: planWeeks(plan.anchorWeek, plan.frequency, from, addWeeks(resumeWeek, -1)).filter(
      (week) => !paidWeeks.has(week),
    ),
    remindAt: remind.getTime() > now.getTime() ? remind : null,
  };
}

/** "the week of 30 Nov – 5 Dec", "the weeks of 30 Nov – 5 Dec and 7 – 12 Dec": a pause's weeks in words. */
export function weeksInWords(weeks: readonly IsoDate[]): string {
  const labels = weeks.map(weekLabel);
  if (labels.length === 1) return `the week of ${labels[0]}`;
  return `the weeks of ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
