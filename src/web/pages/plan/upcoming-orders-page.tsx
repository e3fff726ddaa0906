import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import type { Subscription } from '../../../contracts/subscriptions';
import { usePlanChanged } from '../../app/use-plan-changed';
import { UpcomingBookings } from '../../features/events/booking-upcoming';
import { useShopClock } from '../../features/subscriptions/countdown';
import { PlanGate } from '../../features/subscriptions/plan-gate';
import { PlanFacts, PlanStateNotice } from '../../features/subscriptions/plan-overview';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions.queries';
import { WeekCard } from '../../features/subscriptions/week-card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';

// /account/upcoming-orders, "Your pasta plan" (spec §2 Account; issue 12 part 3): each coming week of the
// selected plan with its dishes, price, day and cutoff countdown; skip or unskip, choose the recipes,
// change the day; weeks past their cutoff say where their box is; weeks without a menu yet say so.

export function failedBoxOf(weeks: readonly { orderId: string | null; orderState: string | null }[]) {
  return (
    weeks.find((week) => week.orderState === 'payment_pending' || week.orderState === 'not_authorized')
      ?.orderId ?? null
  );
}

function PlanWeeks({ plan }: { plan: Subscription }) {
  const onChanged = usePlanChanged();
  const weeks = useQuery(subscriptionQueries.weeks(plan.id));
  const now = useShopClock();
  return (
    <section className="account-section" aria-labelledby="plan-weeks-heading" aria-busy={weeks.isFetching}>
      <div className="account-section__header">
        <h2 id="plan-weeks-heading">Your pasta plan</h2>
        <Link to="/account/pasta-plan">Plan settings</Link>
      </div>
      <p>
        Skip a week, choose its dishes or move its day until its changes close, at 12 noon on the Friday
        before.
      </p>
      <PlanStateNotice plan={plan} onChanged={onChanged} failedOrderId={failedBoxOf(weeks.data ?? [])} />
      <PlanFacts plan={plan} />
      {weeks.isPending ? (
        <Spinner label="Loading your coming weeks" />
      ) : weeks.isError ? (
        <LoadFailed message="We couldn’t load your coming weeks just now." onRetry={weeks.refetch} />
      ) : weeks.data.length === 0 ? (
        <p>No weeks planned. {plan.state === 'cancelled' ? 'Restart your plan to plan some.' : ''}</p>
      ) : (
        <ul className="week-list" aria-label="Coming weeks">
          {weeks.data.map((week) => (
            <li key={week.id}>
              <WeekCard week={week} now={now} onChanged={onChanged} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function UpcomingOrdersPage() {
  usePageMeta('Your pasta plan');
  const now = useShopClock();
  return (
    <div className="plan-page">
      <UpcomingBookings now={now} />
      <PlanGate headingId="no-plan-heading">{(plan) => <PlanWeeks key={plan.id} plan={plan} />}</PlanGate>
    </div>
  );
}
