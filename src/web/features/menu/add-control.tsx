import { portionLabel } from '../../../domain/menu';
import type { MenuVariant } from './menu.queries';

export interface LineState {
  itemId: string;
  quantity: number;
  pending: boolean;
}

/** "Add", or − n + once the portion is in the basket for this week. Minus at 1 removes (spec §4). */
export function AddControl({
  variant,
  dishTitle,
  line,
  orderable,
  onAdd,
  onSetQuantity,
}: {
  variant: MenuVariant;
  dishTitle: string;
  line: LineState | undefined;
  orderable: boolean;
  onAdd: () => void;
  onSetQuantity: (itemId: string, quantity: number) => void;
}) {
  const what = `${portionLabel(variant.isDouble)} ${dishTitle}`;
  if (!orderable) {
    return (
      <button type="button" className="button button--secondary button--small" disabled>
        Orders closed
      </button>
    );
  }
  if (variant.quantityAvailable <= 0 || !variant.availableForSale) {
    return (
      <button type="button" className="button button--secondary button--small" disabled>
        Sold out
      </button>
    );
  }
  if (!line) {
    return (
      <button
        type="button"
        className="button button--primary button--small"
        onClick={onAdd}
        aria-label={`Add ${what}`}
      >
        Add
      </button>
    );
  }
  const atStock = line.quantity >= variant.quantityAvailable;
  return (
    <div className="stepper" role="group" aria-label={`${what} in basket`}>
      <button
        type="button"
        className="stepper__button"
        aria-label={line.quantity === 1 ? `Remove ${what}` : `One fewer ${what}`}
        disabled={line.pending}
        onClick={() => onSetQuantity(line.itemId, line.quantity - 1)}
      >
        −
      </button>
      <output className="stepper__count" aria-live="polite" aria-label={`${line.quantity} in basket`}>
        {line.quantity}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={`One more ${what}`}
        disabled={line.pending || atStock}
        onClick={() => onSetQuantity(line.itemId, line.quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
