import { useId } from 'react';
import { portionLabel } from '../../../domain/menu';
import { formatPence } from '../../../domain/money';
import type { MenuVariant } from './menu.queries';

// The portion choice: "Regular" or "Double Portion (Serves 2)" (spec §9), each with its price.
export function PortionPicker({
  variants,
  selectedId,
  onChange,
  dishTitle,
}: {
  variants: MenuVariant[];
  selectedId: string;
  onChange: (variantId: string) => void;
  dishTitle: string;
}) {
  const name = useId();
  if (variants.length < 2) return null;
  return (
    <fieldset className="portion-picker">
      <legend className="visually-hidden">Portion for {dishTitle}</legend>
      {variants.map((variant) => (
        <label key={variant.id} className="portion-picker__option">
          <input
            type="radio"
            name={name}
            value={variant.id}
            checked={variant.id === selectedId}
            onChange={() => onChange(variant.id)}
          />
          <span>
            <span className="portion-picker__label">{portionLabel(variant.isDouble)}</span>
            <span className="portion-picker__price">{formatPence(variant.price)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
