import { useState, type ReactNode } from 'react';
import { Link } from '../../shared/router';
import type { Subscription } from '../../../contracts/subscriptions';
import { deadlineLabel, isIsoDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { SelectField } from '../../shared/forms/fields';
import { randomId } from '../../shared/random-id';
import { showToast } from '../../shared/ui/toast';
import { rememberSelectedPlan } from './plan-selection';
import { dateOfInstant, dayLabel, planRhythm } from './plan-text';
import { subscriptionsApi } from './subscriptions.queries';
import './subscriptions.css';

// The plan at a glance (issue 12 part 4: the account always shows the next charge, amount and date, and
// the next delivery), its state and what to do about it (paused: activate; payment failed: pay, change the
// card, activate; cancelled: restart), and the way to the plan's pages.

/** Activate (or restart) a plan: busy while it goes, its problem if it fails. */
export function useActivate(plan: Pick<Subscription, 'id' | 'state'>, onChanged: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const activate = async (): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setProblem(null);
    try {
      await subscriptionsApi.activate(plan.id, randomId());
      // The plan stays the one shown, whatever the ranking now says.
      rememberSelectedPlan(plan.id);
      await onChanged();
      showToast(plan.state === 'cancelled' ? 'Your plan is restarted' : 'Your plan is active again');
      return true;
    } catch (error) {
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t activate your plan just now. Please try again in a moment.',
      );
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, activate };
}

/** The next charge in words: "£28.49 on Friday 27 November at 12 noon", or why there is none. */
export function nextChargeText(plan: Subscription): { what: string; detail: string | null } {
  const charge = plan.nextCharge;
  if (charge) {
    return {
      what: `${formatPence(charge.amount)} on ${deadlineLabel(new Date(charge.at))}`,
      detail: `For the box arriving ${dayLabel(charge.deliveryDate)}`,
    };
  }
  switch (plan.state) {
    case 'paused':
      return plan.resumesAt
        ? {
            what: `Nothing until your plan restarts on ${deadlineLabel(new Date(plan.resumesAt))}`,
            detail: null,
          }
        : { what: 'Nothing while your plan is paused', detail: null };
    case 'failed':
      return { what: 'Nothing until your plan is active again', detail: null };
    case 'cancelled':
      return { what: 'Nothing: your plan is cancelled', detail: null };
    case 'created':
      return { what: 'Your plan starts when its first box is paid', detail: null };
    default:
      return { what: 'Nothing planned: your coming weeks are skipped', detail: null };
  }
}

export function PlanStateNotice({
  plan,
  onChanged,
  failedOrderId,
}: {
  plan: Subscription;
  onChanged: () => Promise<unknown>;
  /** A box whose payment failed, to pay again. */
  failedOrderId?: string | null;
}) {
  const { busy, problem, activate } = useActivate(plan, onChanged);
  const button = (label: string, busyLabel: string) => (
    <button
      type="button"
      className="button button--primary button--small"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void activate()}
    >
      {busy ? busyLabel : label}
    </button>
  );
  let body: ReactNode = null;
  if (plan.state === 'paused') {
    body = (
      <div className="notice notice--warning plan-notice">
        <p>
          <strong>Your plan is paused</strong>
          {plan.pausedAt ? ` since ${dateOfInstant(plan.pausedAt)}` : ''}.{' '}
          {plan.resumesAt
            ? `It restarts by itself on ${deadlineLabel(new Date(plan.resumesAt))}; until then we don’t make or charge any boxes.`
            : 'We don’t make or charge any boxes until you activate it.'}
        </p>
        <div className="button-row">
          {button('Activate my plan', 'Activating…')}
          <Link to="/account/paused" className="button button--secondary button--small">
            About pausing
          </Link>
        </div>
      </div>
    );
  } else if (plan.state === 'failed') {
    body = (
      <div className="notice notice--error plan-notice">
        <p>
          <strong>We couldn’t take payment for your last box</strong>, so it was not sent and your plan is on
          hold. Choose another card for your plan, then activate it again: your next boxes are charged to it.
        </p>
        <div className="button-row">
          {failedOrderId ? (
            <Link to={`/payment/${failedOrderId}`} className="button button--primary button--small">
              Pay for the box
            </Link>
          ) : null}
          <Link to="/account/pasta-plan#plan-card-heading" className="button button--secondary button--small">
            Change card
          </Link>
          {button('Activate my plan', 'Activating…')}
        </div>
      </div>
    );
  } else if (plan.state === 'cancelled') {
    body = (
      <div className="notice plan-notice">
        <p>
          <strong>Your plan is cancelled</strong>
          {plan.cancelledAt ? ` (since ${dateOfInstant(plan.cancelledAt)})` : ''}. We won’t send or charge
          anything more. Restart it whenever you like: it picks up with the next open week.
        </p>
        <div className="button-row">
          {plan.paymentMethod ? (
            button('Restart my plan', 'Restarting…')
          ) : (
            <Link to="/account/pasta-plan#plan-card-heading" className="button button--primary button--small">
              Choose a card to restart
            </Link>
          )}
        </div>
      </div>
    );
  }
  return (
    <>
      {body}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/** Next charge and next delivery, always there (issue 12 part 4). */
export function PlanFacts({ plan }: { plan: Subscription }) {
  const charge = nextChargeText(plan);
  const delivery = plan.nextDelivery;
  return (
    <dl className="plan-facts">
      <div>
        <dt>Next charge</dt>
        <dd>
          <strong>{charge.what}</strong>
          {charge.detail ? <span className="plan-facts__detail">{charge.detail}</span> : null}
        </dd>
      </div>
      <div>
        <dt>Next delivery</dt>
        <dd>
          <strong>
            {delivery && isIsoDate(delivery.deliveryDate) ? dayLabel(delivery.deliveryDate) : 'None planned'}
          </strong>
          {delivery?.orderId ? (
            <Link to={`/order/${delivery.orderId}`} className="plan-facts__detail">
              See what’s in it
            </Link>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Your boxes</dt>
        <dd>
          <strong>{planRhythm(plan)}</strong>
          {plan.paymentMethod ? (
            <span className="plan-facts__detail">
              Charged to{' '}
              {plan.paymentMethod.type === 'PaypalAccount'
                ? 'PayPal'
                : `card ending ${plan.paymentMethod.last4 ?? ''}`}
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

/** Several plans: which one the plan screens show (the choice is remembered: plan-selection.ts). */
export function PlanPicker({
  plans,
  selected,
  onSelect,
}: {
  plans: readonly Subscription[];
  selected: Subscription;
  onSelect: (id: string) => void;
}) {
  if (plans.length < 2) return null;
  return (
    <div className="plan-picker">
      <SelectField
        label="Plan"
        value={selected.id}
        onChange={(event) => onSelect(event.target.value)}
        hint={`You have ${plans.length} plans. Choose the one to see and change.`}
      >
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name}
            {plan.shippingAddress?.address1 ? `, ${plan.shippingAddress.address1}` : ''} ({plan.stateLabel})
          </option>
        ))}
      </SelectField>
    </div>
  );
}
