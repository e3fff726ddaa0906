import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from '../../shared/router';
import { CANCEL_REASONS, type ScheduleWeek, type Subscription } from '../../../contracts/subscriptions';
import { usePlanChanged } from '../../app/use-plan-changed';
import { describeMethod, paymentsApi } from '../../features/payments/payments.queries';
import { PlanGate } from '../../features/subscriptions/plan-gate';
import { useActivate } from '../../features/subscriptions/plan-overview';
import { rememberSelectedPlan } from '../../features/subscriptions/plan-selection';
import { CANCEL_REASON_LABELS, dayLabel } from '../../features/subscriptions/plan-text';
import {
  subscriptionQueries,
  subscriptionsApi,
  type CancelReason,
} from '../../features/subscriptions/subscriptions.queries';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { FormError, TextAreaField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { useStepHeading } from '../../shared/ui/step-heading';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';

// Cancelling the plan (issue 12 part 4: one clear flow online, no phone call, no maze): one screen that
// says what happens (which boxes still arrive, that nothing more is charged), an optional reason, one
// button. Afterwards: remove the card if you like, or restart the plan. Nothing but the customer restarts it.

const describe = (error: unknown, doing: string) =>
  isRefusal(error) || error instanceof NetworkError
    ? error.message
    : `We couldn’t ${doing} just now. Please try again in a moment.`;

/**
 * Boxes charged or paid (they still arrive), boxes whose charge failed and waits for another try (never
 * tried again: not sent) and boxes planned (cancelled, never charged).
 */
export function boxesOnCancel(weeks: readonly ScheduleWeek[]): {
  arriving: ScheduleWeek[];
  unpaid: ScheduleWeek[];
  dropped: ScheduleWeek[];
} {
  const charged = new Set(['billed', 'paid', 'submitted', 'accepted', 'packed', 'shipped']);
  const waiting = new Set(['payment_pending', 'not_authorized']);
  const has = (states: Set<string>) => (week: ScheduleWeek) =>
    week.orderState !== null && states.has(week.orderState);
  return {
    arriving: weeks.filter(has(charged)),
    unpaid: weeks.filter(has(waiting)),
    dropped: weeks.filter(
      (week) =>
        week.editable &&
        week.state === 'active' &&
        week.orderState !== null &&
        !charged.has(week.orderState) &&
        !waiting.has(week.orderState),
    ),
  };
}

/** The screen's heading, focused (at the top) when the screen changes from the form to its outcome. */
function Heading({ children }: { children: string }) {
  const ref = useStepHeading(children);
  return (
    <h2 ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}

/** "Wednesday 2 December, Wednesday 9 December and Wednesday 16 December". */
const days = (weeks: readonly ScheduleWeek[]) => {
  const names = weeks.map((week) => dayLabel(week.deliveryDate));
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

function WhatHappens({ plan }: { plan: Subscription }) {
  const weeks = useQuery(subscriptionQueries.weeks(plan.id));
  if (weeks.isPending) return <Spinner label="Working out which boxes still come" />;
  if (weeks.isError) {
    return <LoadFailed message="We couldn’t load your coming boxes just now." onRetry={weeks.refetch} />;
  }
  const { arriving, unpaid, dropped } = boxesOnCancel(weeks.data);
  return (
    <ul className="cancel-facts">
      <li>
        <strong>Nothing more is charged.</strong>{' '}
        {dropped.length > 0
          ? `We cancel the boxes planned for ${days(dropped)}.`
          : 'No boxes are planned that would be charged.'}
      </li>
      {unpaid.length > 0 ? (
        <li>
          {unpaid.length === 1
            ? `We couldn’t take payment for the box for ${days(unpaid)}: we won’t try again, and it isn’t sent.`
            : `We couldn’t take payment for the boxes for ${days(unpaid)}: we won’t try again, and they aren’t sent.`}
        </li>
      ) : null}
      <li>
        {arriving.length > 0
          ? `Boxes already paid for still arrive: ${days(arriving)}.`
          : 'No boxes are on their way.'}
      </li>
      <li>Your settings are kept: restart your plan here whenever you like.</li>
    </ul>
  );
}

function CancelForm({ plan }: { plan: Subscription }) {
  const onChanged = usePlanChanged();
  const reasonName = useId();
  const form = useForm({
    initial: () => ({ reason: null as CancelReason | null, comment: '' }),
    onSubmit: async ({ reason, comment }) => {
      rememberSelectedPlan(plan.id);
      await subscriptionsApi.cancel(plan.id, { reason, comment: comment.trim() || null }, randomId());
      await onChanged();
      showToast('Your plan is cancelled');
    },
    failure: (error) => describe(error, 'cancel your plan'),
  });
  return (
    <form {...form.props}>
      <Heading>Cancel your pasta plan</Heading>
      <p>Here is what happens if you cancel {plan.name} today:</p>
      <WhatHappens plan={plan} />
      <FormError message={form.formError} />
      <fieldset className="fieldset choice-list" disabled={form.busy}>
        <legend>Why are you leaving? (optional)</legend>
        {CANCEL_REASONS.map((reason) => (
          <label key={reason} className="choice choice--compact">
            <input
              type="radio"
              name={reasonName}
              checked={form.values.reason === reason}
              onChange={() => form.set({ reason })}
            />
            <span className="choice__title">{CANCEL_REASON_LABELS[reason]}</span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Anything you’d like to tell us? (optional)"
        rows={3}
        maxLength={500}
        disabled={form.busy}
        {...form.field('comment')}
      />
      <div className="button-row">
        <button type="submit" className="button button--danger" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? 'Cancelling…' : 'Cancel my plan'}
        </button>
        <Link to="/account/pasta-plan" className="button button--secondary">
          Keep my plan
        </Link>
      </div>
      <p className="field__hint">
        Only going away for a while? You can <Link to="/account/pasta-plan#plan-pause-heading">pause</Link> or
        skip weeks instead.
      </p>
    </form>
  );
}

function Cancelled({ plan }: { plan: Subscription }) {
  const onChanged = usePlanChanged();
  const navigate = useNavigate();
  // Restarted: on to the coming weeks first, so this page never shows the cancel form again meanwhile.
  const { busy, problem, activate } = useActivate(plan, async () => {
    await navigate('/account/upcoming-orders');
    await onChanged();
  });
  const [removing, setRemoving] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const method = plan.paymentMethod;
  const removeCard = async () => {
    if (!method) return;
    setRemoving(true);
    setCardProblem(null);
    try {
      await paymentsApi.remove(method.id);
      setRemoved(describeMethod(method));
      await onChanged();
    } catch (error) {
      setCardProblem(describe(error, 'remove the card'));
    } finally {
      setRemoving(false);
    }
  };
  return (
    <>
      <Heading>Your plan is cancelled</Heading>
      <p>
        We won’t make or charge any more boxes for {plan.name}. We’ve emailed you a receipt.{' '}
        {plan.nextDelivery ? `Your box for ${dayLabel(plan.nextDelivery.deliveryDate)} still arrives.` : ''}
      </p>
      <section className="cancel-after" aria-labelledby="cancel-card-heading">
        <h2 id="cancel-card-heading">Your saved card</h2>
        {removed ? (
          <p role="status">{removed} is removed from your account.</p>
        ) : method ? (
          <>
            <p>Your plan was charged to {describeMethod(method)}. Remove it if you won’t need it again.</p>
            <FormError message={cardProblem} />
            <button
              type="button"
              className="button button--secondary"
              disabled={removing}
              aria-busy={removing}
              onClick={() => void removeCard()}
            >
              {removing ? 'Removing…' : `Remove ${describeMethod(method)}`}
            </button>
          </>
        ) : (
          <p>No card is kept for this plan.</p>
        )}
        <p className="field__hint">
          All your saved cards are in <Link to="/account/payment-methods">Payment methods</Link>.
        </p>
      </section>
      <section className="cancel-after" aria-labelledby="cancel-restart-heading">
        <h2 id="cancel-restart-heading">Changed your mind?</h2>
        <p>Restart your plan and it picks up with the next week still open, with your settings.</p>
        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
        {plan.paymentMethod ? null : (
          <p>Your plan has no card now: choose or add one in Plan settings, then restart it.</p>
        )}
        <div className="button-row">
          {plan.paymentMethod ? (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void activate()}
            >
              {busy ? 'Restarting…' : 'Restart my plan'}
            </button>
          ) : (
            <Link to="/account/pasta-plan#plan-card-heading" className="button button--primary">
              Choose a card
            </Link>
          )}
          <Link to="/account" className="button button--secondary">
            Back to my account
          </Link>
        </div>
      </section>
    </>
  );
}

export function CancelPlanPage() {
  usePageMeta('Cancel your pasta plan');
  return (
    <div className="plan-page">
      <PlanGate headingId="no-plan-heading">
        {(plan) => (
          <section className="account-section plan-cancel" aria-label="Cancel your pasta plan">
            {plan.state === 'cancelled' ? <Cancelled plan={plan} /> : <CancelForm plan={plan} />}
          </section>
        )}
      </PlanGate>
    </div>
  );
}
