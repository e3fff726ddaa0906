import { useId } from 'react';
import { formatPence } from '../../../domain/money';
import { OtherAmountField } from './other-amount';
import { limitChoices, limitText } from './rules';

// A tab's limit (decision 28): the amount held on the card, which every round must fit under. The shop's
// choices (settings dine_in.tab_limit_choices) that cover what is ordered, or an amount of the guest's own,
// at least what is ordered and at most the shop's ceiling (tab_limit_max).

export type LimitPick = { kind: 'choice'; amount: number } | { kind: 'other'; text: string };

/** The limit a pick comes to (null while none is valid), and what is wrong with an amount typed. */
export function limitOf(
  pick: LimitPick | null,
  atLeast: number,
  ceiling: number,
): { limit: number | null; problem: string | null } {
  if (!pick) return { limit: null, problem: null };
  if (pick.kind === 'choice') return { limit: pick.amount, problem: null };
  return limitText(pick.text, atLeast, ceiling);
}

export function LimitChooser({
  choices,
  atLeast,
  ceiling,
  pick,
  onPick,
  legend,
  hint,
  error,
  disabled = false,
}: {
  choices: readonly number[];
  atLeast: number;
  ceiling: number;
  pick: LimitPick | null;
  onPick: (pick: LimitPick) => void;
  legend: string;
  hint: string;
  /** The server's word on the limit chosen (TAB_LIMIT_INVALID), until it changes. */
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const offered = limitChoices(choices, atLeast, ceiling);
  const other = pick?.kind === 'other' ? pick : null;
  const typed = other && other.text.trim() !== '' ? limitText(other.text, atLeast, ceiling).problem : null;
  const problem = typed ?? error ?? null;
  return (
    <fieldset className="di-limits" disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <div className="di-tips__choices">
        {offered.map((amount) => (
          <label key={amount} className="di-choice">
            <input
              type="radio"
              name={`${id}-limit`}
              checked={pick?.kind === 'choice' && pick.amount === amount}
              onChange={() => onPick({ kind: 'choice', amount })}
            />
            <span>{formatPence(amount)}</span>
          </label>
        ))}
        <label className="di-choice">
          <input
            type="radio"
            name={`${id}-limit`}
            checked={other !== null}
            onChange={() => onPick({ kind: 'other', text: other?.text ?? '' })}
          />
          <span>Other amount</span>
        </label>
      </div>
      {other ? (
        <OtherAmountField
          id={id}
          label="Your limit (£)"
          range={`From ${formatPence(atLeast)} to ${formatPence(ceiling)}`}
          text={other.text}
          problem={problem}
          onText={(text) => onPick({ kind: 'other', text })}
        />
      ) : error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
