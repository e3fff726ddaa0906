import type { ScheduleWeek, Subscription } from '../../../contracts/subscriptions';
import { fullDateLabel, isIsoDate, londonDate, longDayLabel, type IsoDate } from '../../../domain/calendar';
import type { PlanRhythm } from '../../../domain/plan-pause';
import { DIETARY_FLAG_LABELS, type DietaryFlag } from '../../../domain/chef-selection';
import { frequencyLabel, weekdayName } from '../../../domain/plans';
import type { CancelReason } from './subscriptions.queries';

// How the plan screens say things (British English, the shop's date formatters).

/** "Wednesday 2 December" for an ISO date, else the text as it came. */
export function dayLabel(date: string): string {
  return isIsoDate(date) ? longDayLabel(date) : date;
}

/** "18 November 2026" for an instant. */
export function dateOfInstant(instant: string): string {
  return fullDateLabel(londonDate(new Date(instant)));
}

/** The plan's rhythm as the domain's pause rules read it. */
export function rhythmOfPlan(
  plan: Pick<Subscription, 'anchorWeek' | 'frequency' | 'deliveryDay'>,
  weeks: readonly Pick<ScheduleWeek, 'startDate' | 'deliveryDate'>[] = [],
): PlanRhythm {
  return {
    anchorWeek: plan.anchorWeek as IsoDate,
    frequency: plan.frequency,
    deliveryDay: plan.deliveryDay,
    days: new Map(weeks.map((week) => [week.startDate, week.deliveryDate])),
  };
}

/** "3 recipes, every week, on Wednesdays". */
export function planRhythm(
  plan: Pick<Subscription, 'numberOfRecipes' | 'frequency' | 'deliveryDay'>,
): string {
  return `${plan.numberOfRecipes} recipes, ${frequencyLabel(plan.frequency).toLowerCase()}, on ${weekdayName(plan.deliveryDay)}s`;
}

/**
 * The flags a customer sets for the chef, in the order offered, each explained (DIETARY_FLAG_LABELS).
 * Portions have their own choice; cocktails are not offered: none are on the menu (docs/decisions/0021).
 */
export const OFFERED_DIETARY_FLAGS = [
  'vegetarian',
  'vegan',
  'glutenFree',
  'beef',
  'pork',
  'lamb',
  'game',
  'fish',
  'crustaceans',
  'molluscs',
  'nuts',
] as const satisfies readonly DietaryFlag[];

export const DIETARY_HINTS: Partial<Record<DietaryFlag, string>> = {
  vegetarian: 'The chef picks only vegetarian (and vegan) dishes.',
  vegan: 'The chef picks only vegan dishes.',
  glutenFree: 'The chef picks only gluten-free dishes.',
};

export const dietaryLabel = (flag: DietaryFlag) => DIETARY_FLAG_LABELS[flag];

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  too_expensive: 'It costs too much',
  too_much_food: 'Too much food',
  not_enough_choice: 'Not enough choice',
  delivery_problems: 'Problems with delivery',
  going_away: 'I’m going away',
  trying_another_service: 'I’m trying another service',
  other: 'Something else',
};
