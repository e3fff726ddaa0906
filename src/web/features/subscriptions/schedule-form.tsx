import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { WeekChangeView } from '../../../contracts/subscriptions';
import { isIsoDate } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { PLAN_DELIVERY_DAYS, frequencyLabel, weekdayName } from '../../../domain/plans';
import { ApiError } from '../../shared/api/client';
import { CheckboxField, FormError, SubmitButton } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked, type FieldErrors } from '../../shared/forms/validate';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import type { SectionProps } from './plan-settings-forms';
import { dayLabel } from './plan-text';
import { subscriptionQueries, subscriptionsApi } from './subscriptions.queries';
import './subscriptions.css';

// The plan's delivery day and rhythm (Plan settings; issue 19 item 7): before saving, exactly which coming
// weeks move (old day → new day), which keep theirs (a week the customer moved on its own, unless they tick
// it to follow; a box already paid) and which leave the plan or join it, from the server's preview. The
// receipt lists the same.

interface ScheduleValues {
  deliveryDay: number;
  frequency: number;
}

const weekName = (start: string) => (isIsoDate(start) ? `the week of ${weekLabel(start)}` : start);

function ChangeLine({
  change,
  alsoMove,
  onAlsoMove,
  disabled,
}: {
  change: WeekChangeView;
  alsoMove: boolean;
  onAlsoMove: (move: boolean) => void;
  disabled: boolean;
}) {
  const from = change.from ? dayLabel(change.from) : '';
  const to = change.to ? dayLabel(change.to) : '';
  switch (change.kind) {
    case 'moved':
      return (
        <li>
          {from} → <strong>{to}</strong>
        </li>
      );
    case 'dropped':
      return <li>{`No box ${weekName(change.weekStart)} (was ${from}): it isn’t on the new rhythm.`}</li>;
    case 'added':
      return (
        <li>
          New box: <strong>{to}</strong>
        </li>
      );
    case 'kept':
      if (change.why === 'paid') return <li>{`${from} stays: that box is already paid.`}</li>;
      return (
        <li>
          {alsoMove && change.planDate ? (
            <>
              {from} → <strong>{dayLabel(change.planDate)}</strong>
            </>
          ) : (
            `${from} stays: you chose that day for ${weekName(change.weekStart)}.`
          )}
          {change.planDate ? (
            <CheckboxField
              label={`Move it to ${dayLabel(change.planDate)} too`}
              checked={alsoMove}
              disabled={disabled}
              onChange={(event) => onAlsoMove(event.target.checked)}
            />
          ) : null}
        </li>
      );
  }
}

export function ScheduleForm({
  plan,
  onChanged,
  locked,
  deliveryDays,
}: SectionProps & {
  /** The weekdays the courier delivers to the plan's postcode (null: not known). */
  deliveryDays: readonly number[] | null;
}) {
  const dayName = useId();
  const frequencyName = useId();
  const [alsoMove, setAlsoMove] = useState<ReadonlySet<string>>(new Set());
  const form = useForm({
    initial: (): ScheduleValues => ({ deliveryDay: plan.deliveryDay, frequency: plan.frequency }),
    check: (values) => {
      const errors: FieldErrors = {};
      if (deliveryDays && !deliveryDays.includes(values.deliveryDay)) {
        errors.deliveryDay = 'We don’t deliver to your address on that day. Choose another day.';
      }
      return checked(errors, values);
    },
    onSubmit: async (values) => {
      const kept = new Set(
        (preview.data?.changes ?? []).flatMap((c) =>
          c.kind === 'kept' && c.why === 'moved_by_you' && c.scheduleWeekId ? [c.scheduleWeekId] : [],
        ),
      );
      await subscriptionsApi.schedule(plan.id, {
        ...values,
        alsoMoveWeekIds: [...alsoMove].filter((id) => kept.has(id)),
      });
      await onChanged();
      setAlsoMove(new Set());
      showToast(
        `Saved: ${frequencyLabel(values.frequency).toLowerCase()}, on ${weekdayName(values.deliveryDay)}s`,
      );
    },
  });
  const { deliveryDay, frequency } = form.values;
  const changing = deliveryDay !== plan.deliveryDay || frequency !== plan.frequency;
  const deliverable = !deliveryDays || deliveryDays.includes(deliveryDay);
  const preview = useQuery({
    ...subscriptionQueries.schedulePreview(plan.id, { deliveryDay, frequency }),
    enabled: changing && deliverable && !locked,
  });
  const changes = preview.data?.changes ?? [];

  return (
    <form {...form.props} aria-labelledby="plan-schedule-heading">
      <h2 id="plan-schedule-heading">Delivery day and how often</h2>
      <p className="field__hint">
        Changes apply from the next week still open. Boxes already charged keep their day, and so does a box
        you moved to a day of its own, unless you say otherwise below. To move just one box, change its day in
        Your pasta plan.
      </p>
      <FormError message={form.formError} />
      <fieldset
        className={`fieldset choice-list choice-list--inline ${form.errors.deliveryDay ? 'field--error' : ''}`}
        disabled={locked || form.busy}
        data-invalid={form.errors.deliveryDay ? true : undefined}
      >
        <legend>Delivery day</legend>
        {PLAN_DELIVERY_DAYS.map((day) => {
          const delivered = !deliveryDays || deliveryDays.includes(day);
          return (
            <label key={day} className="choice choice--compact">
              <input
                type="radio"
                name={dayName}
                checked={deliveryDay === day}
                disabled={!delivered}
                onChange={() => form.set({ deliveryDay: day })}
              />
              <span className="choice__title">
                {weekdayName(day)}
                {delivered ? (
                  ''
                ) : (
                  <span className="visually-hidden"> (we don’t deliver to you that day)</span>
                )}
              </span>
            </label>
          );
        })}
        {form.errors.deliveryDay ? <p className="field__error">{form.errors.deliveryDay}</p> : null}
      </fieldset>
      <fieldset className="fieldset choice-list choice-list--inline" disabled={locked || form.busy}>
        <legend>How often</legend>
        {[1, 2, 3, 4].map((n) => (
          <label key={n} className="choice choice--compact">
            <input
              type="radio"
              name={frequencyName}
              checked={frequency === n}
              onChange={() => form.set({ frequency: n })}
            />
            <span className="choice__title">{frequencyLabel(n)}</span>
          </label>
        ))}
      </fieldset>
      {changing && deliverable && !locked ? (
        <section aria-labelledby="schedule-changes-heading" aria-live="polite">
          <h3 id="schedule-changes-heading">What changes</h3>
          {preview.isPending ? (
            <Spinner label="Working out which boxes change" />
          ) : preview.isError ? (
            <LoadFailed
              message={
                preview.error instanceof ApiError
                  ? preview.error.message
                  : 'We couldn’t work out what changes just now.'
              }
              onRetry={preview.refetch}
            />
          ) : changes.length === 0 ? (
            <p>None of your coming boxes changes day.</p>
          ) : (
            <ul className="schedule-changes" aria-labelledby="schedule-changes-heading">
              {changes.map((change) => (
                <ChangeLine
                  key={`${change.kind}-${change.weekStart}`}
                  change={change}
                  disabled={form.busy}
                  alsoMove={!!change.scheduleWeekId && alsoMove.has(change.scheduleWeekId)}
                  onAlsoMove={(move) => {
                    const id = change.scheduleWeekId;
                    if (!id) return;
                    setAlsoMove((before) => {
                      const next = new Set(before);
                      if (move) next.add(id);
                      else next.delete(id);
                      return next;
                    });
                  }}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <SubmitButton busy={form.busy} busyLabel="Saving…" disabled={locked} variant="secondary">
        Save delivery schedule
      </SubmitButton>
    </form>
  );
}
