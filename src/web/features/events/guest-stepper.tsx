/** A number of guests chosen with − and +, between `min` and `max`, its count read out as it changes. */
export function GuestStepper({
  label,
  hint,
  value,
  min,
  max,
  onChange,
  disabled = false,
}: {
  /** "Adults", "Children". */
  label: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = `ev-stepper-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="ev-stepper-row">
      <div>
        <span id={id} className="ev-stepper-row__label">
          {label}
        </span>
        {hint ? <span className="ev-stepper-row__hint">{hint}</span> : null}
      </div>
      <div className="stepper" role="group" aria-labelledby={id}>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One fewer: ${label.toLowerCase()}`}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output className="stepper__count" aria-live="polite" aria-label={`${value} ${label.toLowerCase()}`}>
          {value}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One more: ${label.toLowerCase()}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
