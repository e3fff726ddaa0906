import type { Basket } from '../../../contracts/baskets';
import { formatPence } from '../../../domain/money';

// The basket bar's total (issue 9, item 8) says what it holds: the basket's total price is its dishes and
// its deliveries (one per week), so the delivery is named beside it, from the same summary; a one-off box's
// fee is named and priced too (issue 19), so the total shown is the total charged.

type Totals = Pick<Basket, 'itemCount' | 'shippingPrice' | 'oneOffFee' | 'weeks'>;

/**
 * "incl. £1.99 delivery", "incl. £3.98 for 2 deliveries", "incl. free delivery", and for a one-off box
 * "incl. £1.99 delivery and £2.99 one-off box fee"; empty for an empty basket.
 */
export function deliveryIncluded(basket: Totals): string {
  if (basket.itemCount === 0 || basket.weeks.length === 0) return '';
  const several = basket.weeks.length > 1;
  const { oneOffFee } = basket;
  const delivery = basket.shippingPrice - oneOffFee;
  if (oneOffFee > 0) {
    const fees = several ? 'one-off box fees' : 'one-off box fee';
    const deliveryText = delivery === 0 ? 'free delivery' : `${formatPence(delivery)} delivery`;
    return `incl. ${deliveryText} and ${formatPence(oneOffFee)} ${fees}${several ? ` for ${basket.weeks.length} deliveries` : ''}`;
  }
  if (delivery === 0) return several ? 'incl. free delivery, every week' : 'incl. free delivery';
  const fee = formatPence(delivery);
  return several ? `incl. ${fee} for ${basket.weeks.length} deliveries` : `incl. ${fee} delivery`;
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
