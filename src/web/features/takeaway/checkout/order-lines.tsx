import { formatPence } from '../../../../domain/money';
import type { ModifierGroup } from '../../../../domain/takeaway';
import './checkout-parts.css';

// A takeaway's lines with their modifiers (the basket's at payment, the order's when tracking), and its
// totals: subtotal, the delivery fee (free, or none for a collection) and the total (styled as every order's
// totals, features/orders/orders.css, which the pages load).

export interface TakeawayLine {
  id: string;
  title: string;
  quantity: number;
  /** Left out where prices are not shown (an order's public tracking page). */
  total?: number;
  note?: string | null;
  subItems: { title: string; group: ModifierGroup; price?: number }[];
}

/** "Grande (bigger portion) · + Burrata £3.50 · No cheese": the size, the extras with what they add, removals. */
export function modifiersText(subItems: TakeawayLine['subItems']): string {
  return subItems
    .map((sub) =>
      sub.group === 'extra' ? `+ ${sub.title}${sub.price ? ` ${formatPence(sub.price)}` : ''}` : sub.title,
    )
    .join(' · ');
}

export function TakeawayLines({ lines, label }: { lines: readonly TakeawayLine[]; label: string }) {
  return (
    <ul className="tw-lines" aria-label={label}>
      {lines.map((line) => (
        <li key={line.id} className="tw-line">
          <span className="tw-line__qty">{line.quantity} ×</span>
          <span className="tw-line__title">
            {line.title}
            {line.subItems.length > 0 ? (
              <span className="tw-line__mods">{modifiersText(line.subItems)}</span>
            ) : null}
            {line.note ? <span className="tw-line__mods">Note: {line.note}</span> : null}
          </span>
          {line.total !== undefined ? (
            <span className="tw-line__total">{formatPence(line.total)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function TakeawayTotals({
  subtotal,
  deliveryFee,
  total,
  delivery,
  credit = 0,
}: {
  subtotal: number;
  deliveryFee: number;
  total: number;
  /** A delivery shows its fee (or Free); a collection has none. */
  delivery: boolean;
  credit?: number;
}) {
  return (
    <dl className="summary-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPence(subtotal)}</dd>
      </div>
      {delivery ? (
        <div>
          <dt>Delivery fee</dt>
          <dd>{deliveryFee > 0 ? formatPence(deliveryFee) : 'Free'}</dd>
        </div>
      ) : null}
      {credit > 0 ? (
        <div className="summary-totals__discount">
          <dt>Store credit</dt>
          <dd>−{formatPence(credit)}</dd>
        </div>
      ) : null}
      <div className="summary-totals__total">
        <dt>Total</dt>
        <dd>{formatPence(total)}</dd>
      </div>
    </dl>
  );
}
