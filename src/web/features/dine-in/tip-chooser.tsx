import { useId } from 'react';
import type { TipPreview } from '../../../contracts/dine-in';
import { formatPence } from '../../../domain/money';
import { OtherAmountField } from './other-amount';
import { tipOf, type TipPick } from './rules';

// Honest tipping (issue 21 part 3, decision 28): "No tip" first, then each percentage of the food and drink
// with the amount it adds, and an amount of the guest's own. Nothing is chosen for them: paying waits until
// they choose, "No tip" included. What the tip is on, and that there is no service charge, is said here.

export function TipChooser({
  preview,
  pick,
  onPick,
  disabled = false,
  legend = 'Would you like to add a tip?',
}: {
  preview: TipPreview;
  pick: TipPick | null;
  onPick: (pick: TipPick) => void;
  disabled?: boolean;
  legend?: string;
}) {
  const id = useId();
  const other = pick?.kind === 'other' ? pick : null;
  const outcome = tipOf(pick, preview.choices, preview.maxTip);
  const otherProblem = other && other.text.trim() !== '' ? outcome.problem : null;
  return (
    <fieldset className="di-tips" disabled={disabled}>
      <legend>{legend}</legend>
      <p className="field__hint">
        {preview.note} Percentages are of the food and drink ({formatPence(preview.foodAndDrink)}).
      </p>
      <div className="di-tips__choices">
        {preview.choices.map((choice, index) => (
          <label key={choice.label} className="di-choice">
            <input
              type="radio"
              name={`${id}-tip`}
              checked={pick?.kind === 'choice' && pick.index === index}
              onChange={() => onPick({ kind: 'choice', index })}
            />
            <span>{choice.label}</span>
          </label>
        ))}
        <label className="di-choice">
          <input
            type="radio"
            name={`${id}-tip`}
            checked={other !== null}
            onChange={() => onPick({ kind: 'other', text: other?.text ?? '' })}
          />
          <span>Other amount</span>
        </label>
      </div>
      {other ? (
        <OtherAmountField
          id={id}
          label="Your tip (£)"
          range={`Up to ${formatPence(preview.maxTip)}`}
          text={other.text}
          problem={otherProblem}
          onText={(text) => onPick({ kind: 'other', text })}
        />
      ) : null}
      {preview.surcharges.length > 0 ? (
        <ul className="di-surcharges" aria-label="Other charges">
          {preview.surcharges.map((charge) => (
            <li key={charge.label}>
              {charge.label}: {formatPence(charge.amount)}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
