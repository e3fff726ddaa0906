import type { ReceiptRow } from '../../../domain/receipt';

// Money on every receipt page (issue 19): the rows of domain/receipt.ts (items, discount, delivery, a one-off
// box's fee, total, store credit used, charged to the card or PayPal), as one list. Styled by .summary-totals
// (features/orders/orders.css, which each receipt's page loads).

const CLASS_OF: Record<ReceiptRow['kind'], string | undefined> = {
  item: undefined,
  fee: undefined,
  tip: undefined,
  others: 'summary-totals__discount',
  discount: 'summary-totals__discount',
  credit: 'summary-totals__discount',
  total: 'summary-totals__total',
  charged: 'summary-totals__charged',
};

export function ReceiptTotals({ rows, label }: { rows: readonly ReceiptRow[]; label?: string }) {
  return (
    <dl className="summary-totals" aria-label={label}>
      {rows.map((row) => (
        <div key={`${row.kind}:${row.label}`} className={CLASS_OF[row.kind]}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
