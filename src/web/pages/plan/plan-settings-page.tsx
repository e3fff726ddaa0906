import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../shared/router';
import type { Subscription } from '../../../contracts/subscriptions';
import { deadlineLabel } from '../../../domain/calendar';
import { firstOpenWeek } from '../../../domain/plans';
import { usePlanChanged } from '../../app/use-plan-changed';
import { deliveryQueries } from '../../features/delivery/delivery.queries';
import { useShopClock } from '../../features/subscriptions/countdown';
import { PlanGate } from '../../features/subscriptions/plan-gate';
import { PlanHistory } from '../../features/subscriptions/plan-history';
import { PlanFacts, PlanStateNotice } from '../../features/subscriptions/plan-overview';
import {
  BoxesForm,
  IngredientsForm,
  NameForm,
  NoteForm,
} from '../../features/subscriptions/plan-settings-forms';
import { ScheduleForm } from '../../features/subscriptions/schedule-form';
import { PauseForm } from '../../features/subscriptions/pause-form';
import { subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { AddressChooser } from './address-chooser';
import { PlanCardSection } from './plan-card-section';

// /account/pasta-plan, "Plan settings" (spec §2 Account; issue 12 parts 3 and 4): the plan at a glance;
// what goes in each box, what to leave out, the day and rhythm, the address, the note, the card, the
// name; pause or activate; the way to cancel; and the plan's history. Every section saves on its own.

function PauseSection({ plan, onChanged }: { plan: Subscription; onChanged: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const [pausing, setPausing] = useState(false);
  const live = plan.state === 'active' || plan.state === 'failed';
  return (
    <section className="account-section" aria-labelledby="plan-pause-heading">
      <h2 id="plan-pause-heading">Pause or cancel</h2>
      {live && pausing ? (
        <PauseForm
          plan={plan}
          onPaused={async () => {
            await onChanged();
            showToast('Your plan is paused');
            await navigate('/account/paused');
          }}
        />
      ) : live ? (
        <>
          <p>
            Going away? Pause your plan for a few weeks, or until you restart it: we won’t make or charge any
            boxes meanwhile. Boxes already charged still arrive.
          </p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => setPausing(true)}>
              Pause my plan
            </button>
            <Link to="/account/pasta-plan/cancel" className="button button--secondary">
              Cancel my plan
            </Link>
          </div>
          <p className="field__hint">To skip just one week, use Your pasta plan.</p>
        </>
      ) : plan.state === 'paused' ? (
        <p>
          Your plan is paused{plan.resumesAt ? ` until ${deadlineLabel(new Date(plan.resumesAt))}` : ''}.{' '}
          <Link to="/account/paused">Restart it or change how long</Link>, or{' '}
          <Link to="/account/pasta-plan/cancel">cancel your plan</Link>.
        </p>
      ) : (
        <p>Your plan is cancelled. Restart it above whenever you like.</p>
      )}
    </section>
  );
}

function PlanSettings({ plan }: { plan: Subscription }) {
  const onChanged = usePlanChanged();
  const now = useShopClock();
  const locked = plan.state === 'cancelled';
  const zip = plan.shippingAddress?.zip ?? '';
  const days = useQuery({
    ...deliveryQueries.dates(zip, firstOpenWeek(now), [], 'plan'),
    enabled: zip !== '',
  });
  const section = 'account-section';
  return (
    <div className="plan-settings">
      <section className={`${section} plan-settings__wide`} aria-labelledby="plan-settings-heading">
        <div className="plan-overview__header">
          <h2 id="plan-settings-heading">Plan settings</h2>
          <span className={`order-state ${plan.state === 'failed' ? 'order-state--failed' : ''}`}>
            {plan.stateLabel}
          </span>
        </div>
        <PlanStateNotice plan={plan} onChanged={onChanged} />
        <PlanFacts plan={plan} />
        <p>
          <Link to="/account/upcoming-orders">See and change your coming weeks</Link>
        </p>
      </section>
      {locked ? (
        <p className="notice plan-settings__wide">
          Your plan is cancelled: restart it to change its settings.
        </p>
      ) : null}
      <div className={section}>
        <BoxesForm key={`boxes-${plan.id}`} plan={plan} onChanged={onChanged} locked={locked} />
      </div>
      <div className={section}>
        <IngredientsForm key={`ingredients-${plan.id}`} plan={plan} onChanged={onChanged} locked={locked} />
      </div>
      <div className={section}>
        <ScheduleForm
          key={`schedule-${plan.id}-${plan.deliveryDay}-${plan.frequency}`}
          plan={plan}
          onChanged={onChanged}
          locked={locked}
          deliveryDays={days.data?.deliveryDays ?? null}
        />
      </div>
      <section className={section} aria-labelledby="plan-address-heading">
        <h2 id="plan-address-heading">Delivery address</h2>
        <p className="field__hint">
          Every box not yet dispatched goes here, this week’s included. To send just one box elsewhere, change
          it from its order.
        </p>
        <AddressChooser
          key={`address-${plan.id}`}
          current={plan.shippingAddress}
          legend="Deliver my boxes to"
          submitLabel="Deliver my boxes here"
          busyLabel="Saving…"
          disabled={locked}
          onChoose={async (addressId) => {
            await subscriptionsApi.update(plan.id, { shippingAddressId: addressId });
            await onChanged();
            showToast('Saved. Your boxes go to the new address');
          }}
        />
      </section>
      <div className={section}>
        <NoteForm key={`note-${plan.id}`} plan={plan} onChanged={onChanged} locked={locked} />
      </div>
      <div className={section}>
        <PlanCardSection plan={plan} onChanged={onChanged} />
      </div>
      <div className={section}>
        <NameForm key={`name-${plan.id}`} plan={plan} onChanged={onChanged} locked={locked} />
      </div>
      <PauseSection plan={plan} onChanged={onChanged} />
      <section className={`${section} plan-settings__wide`} aria-labelledby="plan-history-heading">
        <h2 id="plan-history-heading">History</h2>
        <p className="field__hint">
          Every change to your plan: who made it, when, and which weeks it affects.
        </p>
        <PlanHistory subscriptionId={plan.id} headingId="plan-history-heading" />
      </section>
    </div>
  );
}

export function PlanSettingsPage() {
  usePageMeta('Plan settings');
  return (
    <div className="plan-page">
      <PlanGate headingId="no-plan-heading">{(plan) => <PlanSettings key={plan.id} plan={plan} />}</PlanGate>
    </div>
  );
}
