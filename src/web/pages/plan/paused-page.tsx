import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../../shared/router';
import type { Subscription } from '../../../contracts/subscriptions';
import { deadlineLabel, isIsoDate } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { restartOf } from '../../../domain/plan-pause';
import { usePlanChanged } from '../../app/use-plan-changed';
import { PlanGate } from '../../features/subscriptions/plan-gate';
import { PlanFacts, useActivate } from '../../features/subscriptions/plan-overview';
import { PauseForm } from '../../features/subscriptions/pause-form';
import { dateOfInstant, dayLabel, rhythmOfPlan } from '../../features/subscriptions/plan-text';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions.queries';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';

// The paused account (spec §2 Account: "a paused-account screen also exists"; its path is ours,
// /account/paused): what pausing means for this plan, when it restarts by itself (a pause for a set time),
// what still arrives, when boxes would start again, one button to restart it now, and a way to pause for
// longer or less (issue 19 item 8: the reminder email links here).

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
  const restart =
    plan.resumeWeek && isIsoDate(plan.resumeWeek)
      ? restartOf(rhythmOfPlan(plan, weeks.data ?? []), plan.resumeWeek)
      : null;
  return (
    <>
      <section className="account-section" aria-labelledby="paused-heading" aria-busy={busy}>
        <h2 id="paused-heading">Your plan is paused</h2>
        <p>
          {plan.pausedAt ? `Since ${dateOfInstant(plan.pausedAt)}, we` : 'We'} haven’t made or charged any
          boxes for {plan.name}
          {restart
            ? `, and we won’t until it restarts by itself on ${deadlineLabel(restart.resumesAt)}.`
            : ', and we won’t until you restart it.'}{' '}
          Nothing else changes: your settings, address and card are kept.
        </p>
        <ul className="cancel-facts">
          {restart ? (
            <li>
              {`It restarts with the box for ${dayLabel(restart.firstBox.deliveryDate)}, charged on ${deadlineLabel(restart.firstBox.chargedAt)}. We’ll email you a few days before.`}
            </li>
          ) : null}
          <li>
            {plan.nextDelivery
              ? `Your box for ${dayLabel(plan.nextDelivery.deliveryDate)} was paid before you paused: it still arrives.`
              : 'No boxes are on their way.'}
          </li>
          <li>
            {firstOpen && isIsoDate(firstOpen.startDate)
              ? `Restart now and your boxes start again with the week of ${weekLabel(firstOpen.startDate)}: it arrives ${dayLabel(firstOpen.deliveryDate)} and is charged ${deadlineLabel(new Date(firstOpen.cutoffAt))}, unless you skip it.`
              : 'Restart now and your boxes start again with the next week still open.'}
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
            {busy ? 'Restarting…' : 'Restart my plan now'}
          </button>
          <Link to="/account/pasta-plan" className="button button--secondary">
            Plan settings
          </Link>
        </div>
      </section>
      <section className="account-section" aria-labelledby="pause-length-heading">
        <h2 id="pause-length-heading">Pause for longer, or less</h2>
        <PauseForm
          plan={plan}
          changing
          onPaused={async () => {
            await onChanged();
            showToast('Your pause is changed');
          }}
        />
      </section>
    </>
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
