import { useId, type ReactNode } from 'react';
import type { DeliveryDate } from '../../../contracts/delivery';
import { longDayLabel, relativeDeadlineLabel, type IsoDate } from '../../../domain/calendar';
import { ApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import type { DeliveryDates } from './delivery.queries';

// The one delivery-day picker (the checkout's first box, a gift): the days on offer for an address as a
// grid of radio buttons, while they load, when they could not be fetched, or when there are none; and
// when to order by for the day chosen.

/** The delivery days query, as far as the picker reads it. */
export interface DeliveryDaysQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: DeliveryDates | undefined;
  refetch: () => unknown;
}

export function DeliveryDayPicker({
  legend,
  legendId,
  hint,
  days,
  selected,
  onSelect,
  disabled = false,
  now,
  error,
  empty,
  unavailable,
  children,
}: {
  legend: string;
  legendId?: string;
  hint?: ReactNode;
  days: DeliveryDaysQuery;
  selected: string | null;
  onSelect: (date: string) => void;
  disabled?: boolean;
  /** The shop's clock: with it, the order-by time of the chosen day is shown. */
  now?: Date | undefined;
  /** What is wrong with the choice (none made), shown under the days. */
  error?: string | undefined;
  /** What to say when no day is left. */
  empty: ReactNode;
  /** What to offer instead of "Try again" when the days could not be found (another address). */
  unavailable?: (error: unknown) => ReactNode;
  /** Shown under the days (the later boxes of a plan). */
  children?: ReactNode;
}) {
  const id = useId();
  const offered = days.data?.dates ?? [];
  const instead = days.isError ? (unavailable?.(days.error) ?? null) : null;
  return (
    <fieldset
      className={`fieldset date-picker ${error ? 'field--error' : ''}`}
      data-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      aria-busy={days.isPending}
    >
      <legend id={legendId}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {days.isPending ? (
        <Spinner label="Finding delivery days" />
      ) : days.isError ? (
        <LoadFailed
          message={
            days.error instanceof ApiError ? days.error.message : 'We couldn’t find delivery days just now.'
          }
          onRetry={instead ? undefined : days.refetch}
        >
          {instead}
        </LoadFailed>
      ) : offered.length === 0 ? (
        <p className="notice notice--warning" role="status">
          {empty}
        </p>
      ) : (
        <DayOptions
          name={id}
          options={offered}
          selected={selected}
          disabled={disabled}
          now={now}
          onSelect={onSelect}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

/**
 * The days as radio buttons ("Wednesday / 25 Nov"), and when to order by for the day chosen (or the
 * soonest): "Order by 5pm today for Tuesday 24 November."
 */
function DayOptions({
  name,
  options,
  selected,
  disabled,
  now,
  onSelect,
}: {
  name: string;
  options: readonly DeliveryDate[];
  selected: string | null;
  disabled: boolean;
  now: Date | undefined;
  onSelect: (date: string) => void;
}) {
  const shown = options.find((option) => option.date === selected) ?? options[0];
  return (
    <>
      <div className="date-options">
        {options.map((option) => (
          <label key={option.date} className="date-option">
            <input
              type="radio"
              name={name}
              value={option.date}
              checked={selected === option.date}
              disabled={disabled}
              onChange={() => onSelect(option.date)}
            />
            <span className="date-option__weekday">{option.weekday}</span>
            <span className="date-option__date">{option.label.replace(/^\w+ /, '')}</span>
          </label>
        ))}
      </div>
      {now && shown ? (
        <p className="field__hint" aria-live="polite">
          Order by {relativeDeadlineLabel(new Date(shown.orderBy), now)} for{' '}
          {longDayLabel(shown.date as IsoDate)}.
        </p>
      ) : null}
    </>
  );
}
