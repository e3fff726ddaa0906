import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Subscription } from '../../../contracts/subscriptions';
import { deadlineLabel, isIsoDate, londonDate, longDayLabel, weekStartOf } from '../../../domain/calendar';
import {
  pauseOutcome,
  PAUSE_WEEK_CHOICES,
  weeksInWords,
  type PauseOutcome,
} from '../../../domain/plan-pause';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { FormError } from '../../shared/forms/fields';
import { randomId } from '../../shared/random-id';
import { useShopClock } from './countdown';
import { rememberSelectedPlan } from './plan-selection';
import { dayLabel, rhythmOfPlan } from './plan-text';
import { subscriptionQueries, subscriptionsApi } from './subscriptions.queries';
import './subscriptions.css';

// Pausing a plan (issue 19 item 8): how long (1–8 weeks, or until I restart it), then what that means
// (which weeks get no box, when the plan restarts by itself and its first box after, the reminder) to
// confirm. The same form makes a pause longer or shorter from the paused screen. The server says the same
// in the receipt, from the same rules (domain/plan-pause.ts).

type Length = number | 'open';

const weeksWord = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;

/** What a pause of this length means, in the words of the confirmation. */
function PauseSummary({ plan, outcome }: { plan: Subscription; outcome: PauseOutcome | null }) {
  const delivery = plan.nextDelivery?.deliveryDate;
  const paid =
    delivery && isIsoDate(delivery) && plan.paidWeeks.includes(weekStartOf(delivery)) ? delivery : null;
  return (
    <ul className="pause-summary">
      {outcome ? (
        <>
          <li>
            {outcome.pausedWeeks.length > 0
              ? `No box for ${weeksInWords(outcome.pausedWeeks)}: nothing is made or charged.`
              : 'No box of your plan falls in those weeks, so nothing you’re charged changes.'}
          </li>
          <li>
            Your plan restarts by itself on <strong>{deadlineLabel(outcome.resumesAt)}</strong>. Your first
            box after the pause arrives {longDayLabel(outcome.firstBox.deliveryDate)} and is charged on{' '}
            {deadlineLabel(outcome.firstBox.chargedAt)}.
          </li>
          <li>
            {outcome.remindAt
              ? `We’ll remind you by email on ${longDayLabel(londonDate(outcome.remindAt))}, in case you’d like to pause for longer or skip that box.`
              : 'You can still skip that box, or pause for longer, in your account.'}
          </li>
        </>
      ) : (
        <li>
          No boxes are made or charged until you restart your plan, which you can do any time in your account.
        </li>
      )}
      {paid ? <li>{`Your box for ${dayLabel(paid)} is already paid and still arrives.`}</li> : null}
    </ul>
  );
}

export function PauseForm({
  plan,
  onPaused,
  changing = false,
}: {
  plan: Subscription;
  onPaused: () => Promise<unknown>;
  /** The plan is paused already: this changes how long. */
  changing?: boolean;
}) {
  const name = useId();
  const now = useShopClock();
  const [length, setLength] = useState<Length | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState(randomId);
  const heading = useRef<HTMLHeadingElement>(null);
  // The question takes focus when it appears, so a screen reader reads what the pause means.
  useEffect(() => {
    if (confirming) heading.current?.focus();
  }, [confirming]);
  // Its coming weeks: a week moved to a day of its own keeps it after the pause too.
  const weeks = useQuery(subscriptionQueries.weeks(plan.id));
  const rhythm = rhythmOfPlan(plan, weeks.data ?? []);
  const paid = new Set<string>(plan.paidWeeks);
  const outcomeOf = (choice: Length) => (choice === 'open' ? null : pauseOutcome(rhythm, choice, now, paid));

  const confirm = async () => {
    if (length === null || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await subscriptionsApi.pause(plan.id, length === 'open' ? null : length, key);
      rememberSelectedPlan(plan.id);
      await onPaused();
    } catch (error) {
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t pause your plan just now. Please try again.',
      );
      setKey(randomId());
    } finally {
      setBusy(false);
    }
  };

  if (confirming && length !== null) {
    const outcome = outcomeOf(length);
    return (
      <div className="pause-confirm" aria-busy={busy}>
        <h3 tabIndex={-1} ref={heading}>
          {length === 'open'
            ? changing
              ? 'Stay paused until you restart?'
              : 'Pause until you restart it?'
            : `${changing ? 'Pause' : 'Pause your plan'} for ${weeksWord(length)}${changing ? ' from now' : ''}?`}
        </h3>
        <PauseSummary plan={plan} outcome={outcome} />
        <FormError message={problem} />
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void confirm()}
          >
            {busy ? 'Pausing…' : changing ? 'Change my pause' : 'Pause my plan'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              setConfirming(false);
            }}
          >
            Back
          </button>
        </div>
      </div>
    );
  }

  const option = (value: Length, title: string, meta: string) => (
    <label key={String(value)} className="choice choice--compact">
      <input type="radio" name={name} checked={length === value} onChange={() => setLength(value)} />
      <span>
        <span className="choice__title">{title}</span>
        <span className="choice__meta">{meta}</span>
      </span>
    </label>
  );
  return (
    <div className="pause-form">
      <fieldset className="fieldset choice-list">
        <legend>{changing ? 'Pause for how long from now?' : 'How long would you like to pause?'}</legend>
        <div className="pause-choices">
          {PAUSE_WEEK_CHOICES.map((n) => {
            const outcome = outcomeOf(n)!;
            return option(
              n,
              weeksWord(n),
              `Back with the box for ${dayLabel(outcome.firstBox.deliveryDate)}`,
            );
          })}
          {option('open', 'Until I restart it', 'No end date: restart any time')}
        </div>
      </fieldset>
      <FormError message={problem} />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setProblem(length === null ? 'Choose how long to pause your plan' : null);
          if (length !== null) setConfirming(true);
        }}
      >
        Continue
      </button>
    </div>
  );
}
