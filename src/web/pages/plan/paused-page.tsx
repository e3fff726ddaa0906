import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { Subscription } from '../../../contracts/subscriptions';
import { deadlineLabel, isIsoDate } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { usePlanChanged } from '../../app/use-plan-changed';
import { PlanGate } from '../../features/subscriptions/plan-gate';
import { PlanFacts, useActivate } from '../../features/subscriptions/plan-overview';
import { dateOfInstant, dayLabel } from '../../features/subscriptions/plan-text';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions.queries';
import { usePageMeta } from '../../shared/use-page-meta';

// The paused account (spec §2 Account: "a paused-account screen also exists"; its path is ours,
// /account/paused): what pausing means for this plan, what still arrives, when boxes would start again,
// and one button to activate it.

function Paused({ plan }: { plan: Subscription }) {
  const onChanged = usePlanChanged();
  const navigate = useNavigate();
  const weeks = useQuery(subscriptionQueries.weeks(plan.id));
  const { busy, problem, activate } = useActivate(plan, async () => {
    await navigate('/account/upcoming-orders');
    await onChanged();
  });
  const firstOpen = weeks.data?.find((week) => week.editable && week.state === 'active');
  if (plan.state !== 'paused') {
    return (
      <section className="account-section" aria-labelledby="paused-heading">
        <h2 id="paused-heading">Your plan isn’t paused</h2>
        <p>
          {plan.name} is {plan.stateLabel.toLowerCase()}.
        </p>
        <PlanFacts plan={plan} />
        <Link to="/account/pasta-plan" className="button button--secondary">
          Plan settings
        </Link>
      </section>
    );
  }
  return (
    <section className="account-section" aria-labelledby="paused-heading" aria-busy={busy}>
      <h2 id="paused-heading">Your plan is paused</h2>
      <p>
        {plan.pausedAt ? `Since ${dateOfInstant(plan.pausedAt)}, we` : 'We'} haven’t made or charged any boxes
        for {plan.name}, and we won’t until you activate it. Nothing else changes: your settings, address and
        card are kept.
      </p>
      <ul className="cancel-facts">
        <li>
          {plan.nextDelivery
            ? `Your box for ${dayLabel(plan.nextDelivery.deliveryDate)} was paid before you paused: it still arrives.`
            : 'No boxes are on their way.'}
        </li>
        <li>
          {firstOpen && isIsoDate(firstOpen.startDate)
            ? `Activate now and your boxes start again with the week of ${weekLabel(firstOpen.startDate)}: it arrives ${dayLabel(firstOpen.deliveryDate)} and is charged ${deadlineLabel(new Date(firstOpen.cutoffAt))}, unless you skip it.`
            : 'Activate and your boxes start again with the next week still open.'}
        </li>
      </ul>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void activate()}
        >
          {busy ? 'Activating…' : 'Activate my plan'}
        </button>
        <Link to="/account/pasta-plan" className="button button--secondary">
          Plan settings
        </Link>
      </div>
    </section>
  );
}

export function PausedPage() {
  usePageMeta('Your plan is paused');
  return (
    <div className="plan-page">
      <PlanGate headingId="no-plan-heading">{(plan) => <Paused key={plan.id} plan={plan} />}</PlanGate>
    </div>
  );
}
