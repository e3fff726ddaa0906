import type { Order } from '../../../contracts/orders';
import { lineTotal } from '../../../domain/basket';
import { formatPence } from '../../../domain/money';
import './orders.css';

// What was ordered, one dish a line: how many, the dish, its portion and price each, and the line's price.
// The one list of an order's lines, on the payment step, the confirmation and the order page (the emails
// render the same lines in src/server/integrations/email/templates.ts).

type Line = Order['lineItems'][number];

/** "Regular", "Double Portion (Serves 2)"; nothing for a product sold in one default size. */
export function portionOf(line: Pick<Line, 'variantTitle'>): string | null {
  return line.variantTitle && line.variantTitle !== 'Default Title' ? line.variantTitle : null;
}

export function OrderLines({ lines, label }: { lines: Line[]; label?: string }) {
  return (
    <ul className="order-lines" aria-label={label}>
      {lines.map((line) => {
        const portion = portionOf(line);
        const before = lineTotal(line.price, line.quantity);
        const free = line.total === 0 && before > 0;
        return (
          <li key={line.id} className="order-line">
            <span className="order-line__qty">{line.quantity} ×</span>
            <span className="order-line__title">
              {line.title}
              <span className="order-line__variant">
                {[portion, line.quantity > 1 ? `${formatPence(line.price)} each` : null]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <span className="order-line__total">
              {line.discount > 0 ? (
                <>
                  <s aria-label={`was ${formatPence(before)}`}>{formatPence(before)}</s>{' '}
                </>
              ) : null}
              {free ? 'Free' : formatPence(line.total)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
