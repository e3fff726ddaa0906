import type { PlanTerms } from '../../../contracts/plan-terms';
import type { Subscription } from '../../../contracts/subscriptions';
import {
  addWeeks,
  deadlineLabel,
  londonDate,
  longDayLabel,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from '../../../domain/calendar';
import { chefSelection, type DietaryFlags } from '../../../domain/chef-selection';
import { formatPence } from '../../../domain/money';
import {
  firstOpenWeek,
  frequencyLabel,
  MIN_RECIPES,
  planDeliveryDate,
  planWeeks,
  scheduleHorizon,
  weekCutoff,
  weekdayName,
} from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import { productIdsOfVariants, weekMenu } from '../menu';
import type { ShopRules } from '../shop';
import { chefSeed, priceBox } from './week-boxes';

// What buying a plan commits the customer to, said before they pay, on the confirmation and in its email
// (issue 19 item 6; the DMCC Act 2024's subscription rules): a weekly plan, on which day, what is charged
// when (the next box after today's, charged at its week's cutoff, priced as billing will price it), and that
// it can be skipped, paused or cancelled online at any time. The same rules as the plan's own weeks and
// boxes (plan-ahead.ts, week-boxes.ts), run before the plan exists.

export interface PlanTermsInput {
  customerId: string;
  /** The first box's day: the plan's weekday, and the first week of its rhythm. */
  firstDelivery: IsoDate;
  frequency: number;
  numberOfRecipes: number;
  dietary: Record<string, boolean>;
  /** The boxes paid today: their weeks and dishes. */
  paid: readonly { mealWeek: IsoDate; lines: readonly { productVariantId: number }[] }[];
}

/** The plan a checkout would start: its rhythm and its next charge after the boxes paid today. */
export async function previewPlanTerms(
  tx: DbOrTx,
  input: PlanTermsInput,
  rules: ShopRules,
  now: Date,
): Promise<PlanTerms> {
  const numberOfRecipes = Math.max(1, Math.min(10, input.numberOfRecipes));
  const deliveryDay = weekdayOf(input.firstDelivery);
  const paidWeeks = new Set<string>(input.paid.map((order) => order.mealWeek));
  const week = planWeeks(
    weekStartOf(input.firstDelivery),
    input.frequency,
    firstOpenWeek(now),
    scheduleHorizon(now),
  ).find((start) => !paidWeeks.has(start));
  const terms = { frequency: input.frequency, deliveryDay, numberOfRecipes };
  if (!week) return { ...terms, nextCharge: null };
  const deliveryDate = planDeliveryDate(week, deliveryDay);
  const menu = await weekMenu(tx, week);
  let amount: number | null = null;
  if (menu.length > 0) {
    // The chef avoids the dishes of the plan's two boxes before (here, those paid today), as for its boxes.
    const recentVariants = input.paid
      .filter((order) => order.mealWeek >= addWeeks(week, -2) && order.mealWeek < week)
      .flatMap((order) => order.lines.map((line) => line.productVariantId));
    const recent = recentVariants.length ? await productIdsOfVariants(tx, recentVariants) : [];
    const picks = chefSelection(menu, {
      dietary: input.dietary as DietaryFlags,
      avoid: [],
      numberOfRecipes: Math.max(MIN_RECIPES, numberOfRecipes),
      numberOfCocktails: 0,
      recent: [...new Set(recent)],
      seed: chefSeed(input, week),
    });
    if (picks.length > 0) {
      amount = priceBox(menu, picks, {
        weekStart: week,
        deliveryDate,
        rules,
        voucher: null,
        today: londonDate(now),
      }).total;
    }
  }
  return {
    ...terms,
    nextCharge: { weekStart: week, deliveryDate, at: weekCutoff(week).toISOString(), amount },
  };
}

/** A plan's terms as its views say them (after it started: its real next charge). */
export function termsOfPlan(plan: Subscription): PlanTerms {
  return {
    frequency: plan.frequency,
    deliveryDay: plan.deliveryDay,
    numberOfRecipes: plan.numberOfRecipes,
    nextCharge: plan.nextCharge
      ? {
          weekStart: weekStartOf(plan.nextCharge.deliveryDate as IsoDate),
          deliveryDate: plan.nextCharge.deliveryDate,
          at: plan.nextCharge.at,
          amount: plan.nextCharge.amount,
        }
      : null,
  };
}

/** The terms in the words of the order confirmation email. */
export function planTermsWords(terms: PlanTerms): string[] {
  const rhythm = `${frequencyLabel(terms.frequency).toLowerCase()}, on ${weekdayName(terms.deliveryDay)}s`;
  const next = terms.nextCharge;
  return [
    `This order started your weekly pasta plan: a box of ${terms.numberOfRecipes} recipes ${rhythm}. It carries on until you cancel it.`,
    next
      ? `Your next box arrives ${longDayLabel(next.deliveryDate as IsoDate)}. We charge it${next.amount !== null ? `, ${formatPence(next.amount)} as it stands,` : ''} on ${deadlineLabel(new Date(next.at))}, when its menu closes; each box after that is charged the same way, on the Friday at 12 noon before its week.`
      : 'Each box is charged on the Friday at 12 noon before its week, when its menu closes.',
    'Until then you can choose its dishes, skip it, pause your plan or cancel it online, any time, in your account: nothing more is charged once you cancel.',
  ];
}
