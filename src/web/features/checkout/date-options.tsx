import type { DeliveryDate } from '../../../contracts/delivery';
import { longDayLabel, relativeDeadlineLabel, type IsoDate } from '../../../domain/calendar';

/**
 * The delivery days on offer as a grid of radio buttons ("Wednesday / 25 Nov"), and when to order by for
 * the day chosen (or the soonest): "Order by 5pm today for Tuesday 24 November."
 */
export function DateOptions({
  name,
  options,
  selected,
  disabled = false,
  now,
  onSelect,
}: {
  name: string;
  options: readonly DeliveryDate[];
  selected: string | null;
  disabled?: boolean;
  /** The shop's clock: with it, the order-by time of the chosen day is shown. */
  now?: Date;
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
