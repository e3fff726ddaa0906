import type { Basket } from '../../../contracts/baskets';
import { formatPence } from '../../../domain/money';

// The basket bar's total (issue 9, item 8) says what it holds: the basket's total price is its dishes and
// its deliveries (one per week), so the delivery is named beside it, from the same summary.

type Totals = Pick<Basket, 'itemCount' | 'shippingPrice' | 'weeks'>;

/** "incl. £1.99 delivery", "incl. £3.98 for 2 deliveries", "incl. free delivery"; empty for an empty basket. */
export function deliveryIncluded(basket: Totals): string {
  if (basket.itemCount === 0 || basket.weeks.length === 0) return '';
  if (basket.shippingPrice === 0) {
    return basket.weeks.length > 1 ? 'incl. free delivery, every week' : 'incl. free delivery';
  }
  const fee = formatPence(basket.shippingPrice);
  return basket.weeks.length > 1
    ? `incl. ${fee} for ${basket.weeks.length} deliveries`
    : `incl. ${fee} delivery`;
}

/** The total as the basket bar shows it: the amount, and what delivery it includes. */
export function BasketBarTotal({ basket }: { basket: (Totals & Pick<Basket, 'totalPrice'>) | undefined }) {
  const included = basket ? deliveryIncluded(basket) : '';
  return (
    <span className="basket-bar__total">
      {formatPence(basket?.totalPrice ?? 0)}
      {included ? <small className="basket-bar__delivery"> {included}</small> : null}
    </span>
  );
}
