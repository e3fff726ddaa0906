/** A number of guests chosen with − and +, between `min` and `max`, its count read out as it changes. */
export function GuestStepper({
  label,
  name = label,
  hint,
  value,
  min,
  max,
  onChange,
  disabled = false,
}: {
  /** "Adults", "Children", "How many". */
  label: string;
  /** What is counted, when the label alone does not say ("Wine pairing"): the group's and buttons' name. */
  name?: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = `ev-stepper-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="ev-stepper-row">
      <div>
        <span id={id} className="ev-stepper-row__label">
          {label}
        </span>
        {hint ? <span className="ev-stepper-row__hint">{hint}</span> : null}
      </div>
      <div
        className="stepper"
        role="group"
        {...(name === label ? { 'aria-labelledby': id } : { 'aria-label': name })}
      >
        <button
          type="button"
          className="stepper__button"
          aria-label={`One fewer: ${name.toLowerCase()}`}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output className="stepper__count" aria-live="polite" aria-label={`${value} ${name.toLowerCase()}`}>
          {value}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One more: ${name.toLowerCase()}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
