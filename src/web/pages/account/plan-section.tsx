import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import type { Subscription } from '../../../contracts/subscriptions';
import { usePlanChanged } from '../../app/use-plan-changed';
import { PlanFacts, PlanPicker, PlanStateNotice } from '../../features/subscriptions/plan-overview';
import { useSelectedPlan } from '../../features/subscriptions/plan-selection';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';

// The dashboard's plan (issue 12 part 4: the account always shows the next charge, amount and date, and
// the next delivery of the selected plan), its state and what to do about it, and the plan's pages.

function failedBox(
  plan: Subscription,
  weeks: { orderId: string | null; orderState: string | null }[] | undefined,
) {
  if (plan.state !== 'failed') return null;
  return (
    weeks?.find((week) => week.orderState === 'payment_pending' || week.orderState === 'not_authorized')
      ?.orderId ?? null
  );
}

export function PlanSection() {
  const onChanged = usePlanChanged();
  const { query, plans, plan, select } = useSelectedPlan();
  const weeks = useQuery({
    ...subscriptionQueries.weeks(plan?.id ?? ''),
    enabled: plan?.state === 'failed',
  });
  return (
    <section className="account-section plan-dashboard" aria-labelledby="plan-heading">
      <div className="plan-overview__header">
        <h2 id="plan-heading">Your pasta plan</h2>
        {plan ? (
          <span className={`order-state ${plan.state === 'failed' ? 'order-state--failed' : ''}`}>
            {plan.stateLabel}
          </span>
        ) : null}
      </div>
      {query.isPending ? (
        <Spinner label="Loading your pasta plan" />
      ) : query.isError ? (
        <LoadFailed message="We couldn’t load your pasta plan just now." onRetry={query.refetch} />
      ) : !plan ? (
        <>
          <p>No plan yet. Choose your dishes from the menu: your plan starts with your first box.</p>
          <Link to="/menu" className="button button--primary">
            Start a pasta plan
          </Link>
        </>
      ) : (
        <>
          <PlanPicker plans={plans} selected={plan} onSelect={select} />
          <PlanStateNotice plan={plan} onChanged={onChanged} failedOrderId={failedBox(plan, weeks.data)} />
          <PlanFacts plan={plan} />
          <div className="button-row">
            <Link to="/account/upcoming-orders" className="button button--primary">
              Your coming weeks
            </Link>
            <Link to="/account/pasta-plan" className="button button--secondary">
              Plan settings
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
