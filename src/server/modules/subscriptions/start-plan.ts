import { londonDate } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import type { Mover } from '../orders';
import type { ShopRules } from '../shop';
import { planAhead } from './plan-ahead';
import { moveSubscription, recordPlanEvent } from './plan-store';
import { frequencyLabel, weekdayName } from '../../../domain/plans';

// The first checkout of a plan is paid (recipe-kit-kind.ts): the plan is active, charged to the card that
// paid, and its weeks are written ahead with a box for each week whose menu is out (plan-ahead.ts).

export async function startPlan(
  tx: DbOrTx,
  start: { subscriptionId: string; paymentMethodId: string | null; rules: ShopRules; by: Mover },
): Promise<void> {
  const plan = await moveSubscription(tx, start.subscriptionId, 'active', start.by, {
    paymentMethodId: start.paymentMethodId,
  });
  if (!plan) return;
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
}
