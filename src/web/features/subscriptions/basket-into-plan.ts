import type { ScheduleWeek, Subscription } from '../../../contracts/subscriptions';

// A basket checked out by a customer who has a plan (issue 12 part 3): which of its weeks can go into the
// plan's box for that week (POST /orders), and why the others can't. Pure.

export interface BasketWeekFacts {
  mealWeek: string;
  itemCount: number;
  subtotal: number;
}

export type WeekFit =
  | { mealWeek: string; fits: true; week: ScheduleWeek; itemCount: number; subtotal: number }
  | { mealWeek: string; fits: false; why: string; itemCount: number; subtotal: number };

/** Each basket week, and the plan week it goes into (or why it can't). */
export function fitBasketIntoPlan(
  basketWeeks: readonly BasketWeekFacts[],
  plan: Pick<Subscription, 'state'>,
  planWeeks: readonly ScheduleWeek[],
  now: Date,
): WeekFit[] {
  return basketWeeks.map(({ mealWeek, itemCount, subtotal }) => {
    const facts = { mealWeek, itemCount, subtotal };
    if (plan.state !== 'active') {
      return {
        ...facts,
        fits: false,
        why:
          plan.state === 'paused'
            ? 'your plan is paused: activate it to add dishes to its boxes'
            : 'your plan is on hold until a payment goes through',
      };
    }
    const week = planWeeks.find((w) => w.startDate === mealWeek);
    if (!week) return { ...facts, fits: false, why: 'your plan has no box that week' };
    if (!week.editable || new Date(week.cutoffAt).getTime() <= now.getTime()) {
      return {
        ...facts,
        fits: false,
        why: week.orderId ? 'that week’s box is already set' : 'that week’s changes have closed',
      };
    }
    return { ...facts, fits: true, week };
  });
}
