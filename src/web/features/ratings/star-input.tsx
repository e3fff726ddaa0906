import { useId } from 'react';
import { MAX_STARS, starsLabel, starWords } from '../../../domain/ratings';
import './ratings.css';

// Five stars to choose from (issue 23): a group of radio buttons, so a keyboard moves along it with the
// arrows and a screen reader hears "4 stars out of 5"; the stars up to the one chosen are filled, and what
// it means is said beside them ("Really good").

export function StarInput({
  legend,
  value,
  onChange,
  error,
  disabled = false,
  size = 'large',
}: {
  legend: string;
  value: number | null;
  onChange: (stars: number) => void;
  error?: string | undefined;
  disabled?: boolean;
  size?: 'large' | 'small';
}) {
  const id = useId();
  const described = [`${id}-words`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`stars stars--${size}${error ? ' stars--error' : ''}`}
      aria-describedby={described}
      data-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="stars__legend">{legend}</legend>
      <div className="stars__row">
        {Array.from({ length: MAX_STARS }, (_, index) => {
          const stars = index + 1;
          const on = value !== null && stars <= value;
          return (
            <label key={stars} className={`stars__star${on ? ' stars__star--on' : ''}`}>
              <input
                type="radio"
                name={`${id}-stars`}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                aria-invalid={error ? true : undefined}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{starsLabel(stars)}</span>
            </label>
          );
        })}
        <span id={`${id}-words`} className="stars__words" aria-live="polite">
          {value ? starWords(value) : 'Tap a star'}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Stars shown, not chosen: "★★★★☆" with its words for a screen reader. */
export function StarsShown({ stars }: { stars: number }) {
  return (
    <span className="stars-shown" role="img" aria-label={starsLabel(stars)}>
      <span aria-hidden="true">
        {'★'.repeat(stars)}
        <span className="stars-shown__off">{'★'.repeat(MAX_STARS - stars)}</span>
      </span>
    </span>
  );
}
