import type { PlanTerms } from '../../../contracts/plan-terms';
import { londonDate } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import type { Mover } from '../orders';
import type { ShopRules } from '../shop';
import { planAhead } from './plan-ahead';
import { moveSubscription, recordPlanEvent } from './plan-store';
import { termsOfPlan } from './plan-terms';
import { subscriptionViews } from './plan-views';
import { frequencyLabel, weekdayName } from '../../../domain/plans';

// The first checkout of a plan is paid (recipe-kit-kind.ts): the plan is active, charged to the card that
// paid, and its weeks are written ahead with a box for each week whose menu is out (plan-ahead.ts). What
// it now charges when goes in the confirmation email (issue 19 item 6).

/** Returns what the plan now charges when (for the confirmation email), or null when it is gone. */
export async function startPlan(
  tx: DbOrTx,
  start: { subscriptionId: string; paymentMethodId: string | null; rules: ShopRules; by: Mover },
): Promise<PlanTerms | null> {
  const plan = await moveSubscription(tx, start.subscriptionId, 'active', start.by, {
    paymentMethodId: start.paymentMethodId,
  });
  if (!plan) return null;
  const now = start.by.at;
  await recordPlanEvent(
    tx,
    {
      subscriptionId: plan.id,
      action: 'started',
      summary: `Started the plan: ${frequencyLabel(plan.frequency).toLowerCase()}, on ${weekdayName(plan.deliveryDay)}s`,
    },
    start.by,
  );
  await planAhead(tx, plan, { rules: start.rules, now, today: londonDate(now), by: start.by });
  const [view] = await subscriptionViews(tx, [plan], now);
  return view ? termsOfPlan(view) : null;
}
