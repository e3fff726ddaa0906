import type { ReactNode } from 'react';
import { Link } from '../../shared/router';
import type { Subscription } from '../../../contracts/subscriptions';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { PlanPicker } from './plan-overview';
import { useSelectedPlan } from './plan-selection';

// The plan screens' common start: the customer's plans load (progress), fail (say so, try again), are
// none (how to start one), or the selected one is shown, with the picker when there are several.

export function NoPlan({ headingId }: { headingId: string }) {
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>You don’t have a pasta plan yet</h2>
      <p>
        Choose your dishes from the menu and check out: your plan starts with that box. You can skip, pause or
        cancel any time, here in your account.
      </p>
      <Link to="/menu" className="button button--primary">
        See the menu
      </Link>
    </section>
  );
}

export function PlanGate({
  headingId,
  children,
}: {
  /** The id the "no plan" heading gets (the page labels its region with it). */
  headingId: string;
  children: (plan: Subscription, plans: Subscription[]) => ReactNode;
}) {
  const { query, plans, plan, select } = useSelectedPlan();
  if (query.isPending) return <Spinner label="Loading your pasta plan" />;
  if (query.isError) {
    return (
      <LoadFailed
        message="We couldn’t load your pasta plan just now. Check your connection and try again."
        onRetry={query.refetch}
      />
    );
  }
  if (!plan) return <NoPlan headingId={headingId} />;
  return (
    <>
      <PlanPicker plans={plans} selected={plan} onSelect={select} />
      {children(plan, plans)}
    </>
  );
}
