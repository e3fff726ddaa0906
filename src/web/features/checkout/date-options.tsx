import type { DeliveryDate } from '../../../contracts/delivery';

/** The delivery days on offer as a grid of radio buttons ("Wednesday / 25 Nov"). */
export function DateOptions({
  name,
  options,
  selected,
  disabled = false,
  onSelect,
}: {
  name: string;
  options: readonly DeliveryDate[];
  selected: string | null;
  disabled?: boolean;
  onSelect: (date: string) => void;
}) {
  return (
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
  );
}
