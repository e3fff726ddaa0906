import { useId } from 'react';
import type { DatePart, DateParts } from '../../../domain/date-of-birth';

// The date of birth the British way (issue 9, item 8): day, month and year in three labelled boxes (the
// pattern GOV.UK uses), never the browser's date picker, whose order follows the browser's language.

const PARTS: { part: DatePart; label: string; autoComplete: string; maxLength: number }[] = [
  { part: 'day', label: 'Day', autoComplete: 'bday-day', maxLength: 2 },
  { part: 'month', label: 'Month', autoComplete: 'bday-month', maxLength: 2 },
  { part: 'year', label: 'Year', autoComplete: 'bday-year', maxLength: 4 },
];

export function DateOfBirthField({
  value,
  onChange,
  error,
  wrong = [],
}: {
  value: DateParts;
  onChange: (value: DateParts) => void;
  error?: string | undefined;
  /** The parts the error is about, marked as wrong. */
  wrong?: readonly DatePart[];
}) {
  const id = useId();
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset className="fieldset date-input" aria-describedby={describedBy}>
      <legend>Date of birth (optional)</legend>
      <p id={`${id}-hint`} className="field__hint">
        For example, 27 3 1990
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      <div className="date-input__parts">
        {PARTS.map(({ part, label, autoComplete, maxLength }) => (
          <div key={part} className={`field date-input__part date-input__part--${part}`}>
            <label htmlFor={`${id}-${part}`}>{label}</label>
            <input
              id={`${id}-${part}`}
              name={`dateOfBirth-${part}`}
              inputMode="numeric"
              autoComplete={autoComplete}
              maxLength={maxLength}
              spellCheck={false}
              value={value[part]}
              aria-invalid={error && wrong.includes(part) ? true : undefined}
              onChange={(e) => onChange({ ...value, [part]: e.target.value })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
