// "Other amount" under a set of choices (a tip, a tab's limit): a pounds field with its range, and what is
// wrong with what was typed, tied to it for a screen reader.

export function OtherAmountField({
  id,
  label,
  range,
  text,
  problem,
  onText,
}: {
  /** A base for the field's ids (useId). */
  id: string;
  /** "Your tip (£)". */
  label: string;
  /** "Up to £26.50", "From £20.00 to £500.00". */
  range: string;
  text: string;
  problem: string | null;
  onText: (text: string) => void;
}) {
  return (
    <div className={`field di-tips__other ${problem ? 'field--error' : ''}`}>
      <label htmlFor={`${id}-other`}>{label}</label>
      <p id={`${id}-other-hint`} className="field__hint">
        {range}
      </p>
      <input
        id={`${id}-other`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-other-hint${problem ? ` ${id}-other-error` : ''}`}
        onChange={(event) => onText(event.target.value)}
      />
      {problem ? (
        <p id={`${id}-other-error`} className="field__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
