import { useId, type Ref } from 'react';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import './checkout-parts.css';

// The allergen check before paying (issue 13 part 5): a customer with an allergen profile sees it beside the
// dishes of their order that contain any of it, and confirms they have checked (the order needs
// allergensConfirmed; the kitchen sees the profile on the ticket too).

export interface Allergen {
  code: number;
  name: string;
}

const names = (allergens: readonly Allergen[]) => allergens.map((a) => a.name.toLowerCase()).join(', ');

export function AllergenCheck({
  allergens,
  items,
  confirmed,
  onConfirm,
  error,
  disabled = false,
  ref,
}: {
  allergens: readonly Allergen[];
  items: TakeawayBasket['items'];
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  /** Shown when "Pay" was pressed without confirming. */
  error: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const conflicting = items.filter((item) => item.conflictingAllergens.length > 0);
  return (
    <section className="checkout-card tw-allergens" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your allergens</h2>
      <p>
        Your profile says you avoid: <strong>{names(allergens)}</strong>.
      </p>
      {conflicting.length > 0 ? (
        <>
          <p>These dishes in your order contain them:</p>
          <ul className="tw-allergens__list">
            {conflicting.map((item) => (
              <li key={item.id}>
                {item.title}: {names(item.conflictingAllergens)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>None of the dishes in your order lists them, but kitchens handle every allergen.</p>
      )}
      <div className={`field field--checkbox ${error ? 'field--error' : ''}`}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={confirmed}
          disabled={disabled}
          aria-invalid={error && !confirmed ? true : undefined}
          aria-describedby={error && !confirmed ? `${id}-error` : undefined}
          onChange={(event) => onConfirm(event.target.checked)}
        />
        <label htmlFor={id}>I have checked my order for {names(allergens)}</label>
      </div>
      {error && !confirmed ? (
        <p id={`${id}-error`} className="field__error">
          Please confirm you have checked your order for your allergens.
        </p>
      ) : null}
      <p className="field__hint">The restaurant sees your allergens on your order too.</p>
    </section>
  );
}
