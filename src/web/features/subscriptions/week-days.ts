import type { ScheduleWeek } from '../../../contracts/subscriptions';
import { isIsoDate, shortDayLabel, weekdayOf } from '../../../domain/calendar';
import { deliveryDaysOfWeek } from '../../../domain/menu-weeks';
import { weekdayName } from '../../../domain/plans';

// The days a plan's box can move to (spec §7 PUT /schedule_weeks/{id} delivery_date; decision 21): the
// delivery days of its own week (Monday to Saturday, the kitchen's closed days left out) on which the
// courier comes to the plan's postcode, until the week's cutoff. Unlike a checkout's first box, a plan's
// week may be further ahead than the 21-day window: the plan writes its weeks six ahead. Pure.

export interface WeekDay {
  date: string;
  weekday: string;
  /** "Fri 11 Dec". */
  label: string;
  mealWeek: string;
  /** Changes close at the week's cutoff. */
  orderBy: string;
}

export function weekDayChoices(
  week: Pick<ScheduleWeek, 'startDate' | 'cutoffAt'>,
  /** The weekdays (0 Sunday … 6 Saturday) the courier delivers to the address. */
  deliveryDays: readonly number[],
): WeekDay[] {
  if (!isIsoDate(week.startDate)) return [];
  return deliveryDaysOfWeek(week.startDate)
    .filter((date) => deliveryDays.includes(weekdayOf(date)))
    .map((date) => ({
      date,
      weekday: weekdayName(weekdayOf(date)),
      label: shortDayLabel(date),
      mealWeek: week.startDate,
      orderBy: week.cutoffAt,
    }));
}
