import type { IsoDate } from './calendar';
import { firstOpenWeek, planDeliveryDate, planWeeks, scheduleHorizon } from './plans';

// A plan's new delivery day or rhythm, week by week (issue 19 item 7): which of its open weeks move to
// which day, which keep theirs, which leave the plan and which are new. The screen shows it before saving,
// the server applies it and the receipt lists it, all from this one function. A week the customer moved on
// its own keeps its day unless they ask for it to move too; a box paid at checkout or already charged is
// delivered on the day it was booked for.

export interface PlanWeekNow {
  id: string;
  startDate: IsoDate;
  deliveryDate: IsoDate;
  /** The plan's day for the week; a different `deliveryDate` means the customer moved that week. */
  originalDeliveryDate: IsoDate;
  /** Paid at checkout or already charged: its day is the one it was booked for. */
  fixed: boolean;
}

export interface Schedule {
  /** 0 Sunday … 6 Saturday. */
  deliveryDay: number;
  frequency: number;
}

export type WeekChange =
  /** The box moves to the plan's new day. */
  | { kind: 'moved'; weekId: string; weekStart: IsoDate; from: IsoDate; to: IsoDate }
  /** The box keeps its day: the customer chose it for that week, or it is already paid. */
  | {
      kind: 'kept';
      weekId: string;
      weekStart: IsoDate;
      date: IsoDate;
      /** The day the new schedule would have given it. */
      planDate: IsoDate;
      why: 'moved_by_you' | 'paid';
    }
  /** Off the new rhythm: no box that week. */
  | { kind: 'dropped'; weekId: string; weekStart: IsoDate; date: IsoDate }
  /** On the new rhythm and new to the plan: a box that week. */
  | { kind: 'added'; weekStart: IsoDate; date: IsoDate };

export interface ScheduleChange {
  /** The first week of the rhythm from now on (a new rhythm starts at the first open week). */
  anchorWeek: IsoDate;
  /** Every week that changes or keeps its day against the new schedule, in week order. */
  changes: WeekChange[];
}

/** Whether the customer moved this week to a day of their own. */
export const movedByCustomer = (week: Pick<PlanWeekNow, 'deliveryDate' | 'originalDeliveryDate'>) =>
  week.deliveryDate !== week.originalDeliveryDate;

/**
 * What changing a plan from `before` to `after` does to its open weeks (`weeks`: the plan's weeks from the
 * first open one). `alsoMove`: weeks the customer moved on their own that should follow the new day too.
 */
export function scheduleChange({
  weeks,
  anchorWeek,
  before,
  after,
  now,
  alsoMove = new Set(),
}: {
  weeks: readonly PlanWeekNow[];
  anchorWeek: IsoDate;
  before: Schedule;
  after: Schedule;
  now: Date;
  alsoMove?: ReadonlySet<string>;
}): ScheduleChange {
  const first = firstOpenWeek(now);
  const anchor = after.frequency !== before.frequency ? first : anchorWeek;
  const wanted = new Set<string>(planWeeks(anchor, after.frequency, first, scheduleHorizon(now)));
  const changes: WeekChange[] = [];
  const have = new Set<string>();
  for (const week of [...weeks].sort((a, b) => a.startDate.localeCompare(b.startDate))) {
    if (week.startDate < first) continue;
    have.add(week.startDate);
    const base = { weekId: week.id, weekStart: week.startDate };
    const planDate = planDeliveryDate(week.startDate, after.deliveryDay);
    if (week.fixed) {
      if (planDate !== week.deliveryDate) {
        changes.push({ ...base, kind: 'kept', date: week.deliveryDate, planDate, why: 'paid' });
      }
      continue;
    }
    if (!wanted.has(week.startDate)) {
      changes.push({ ...base, kind: 'dropped', date: week.deliveryDate });
      continue;
    }
    if (planDate === week.deliveryDate) continue;
    if (movedByCustomer(week) && !alsoMove.has(week.id)) {
      changes.push({ ...base, kind: 'kept', date: week.deliveryDate, planDate, why: 'moved_by_you' });
      continue;
    }
    changes.push({ ...base, kind: 'moved', from: week.deliveryDate, to: planDate });
  }
  for (const start of wanted) {
    if (have.has(start)) continue;
    changes.push({
      kind: 'added',
      weekStart: start as IsoDate,
      date: planDeliveryDate(start as IsoDate, after.deliveryDay),
    });
  }
  changes.sort((a, b) => a.weekStart.localeCompare(b.weekStart));
  return { anchorWeek: anchor, changes };
}
