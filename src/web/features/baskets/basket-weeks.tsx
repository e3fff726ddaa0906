import { useId } from 'react';
import { Link } from '../../shared/router';
import type { Basket, BasketItem, BasketMeta } from '../../../contracts/baskets';
import { minimumSpendProgress } from '../../../domain/basket';
import { checkoutBlockers } from '../../../domain/basket-summary';
import { portionLabel } from '../../../domain/menu';
import { formatPence, pence } from '../../../domain/money';
import { isOptimistic } from './optimistic';
import { pictureSources } from '../../../domain/pictures';

// The basket: items by week with +/- (minus at 1 removes), each week's progress to the per-delivery
// minimum and to free delivery, a one-off box's fee by name, and the totals (the total charged). What stops
// the checkout is said once, by the same rules that stop it (`checkoutBlockers`), so no two notices disagree.

function Item({
  item,
  onSetQuantity,
}: {
  item: BasketItem;
  onSetQuantity: (itemId: string, q: number) => void;
}) {
  const pending = isOptimistic(item);
  const what = `${portionLabel(item.isDouble)} ${item.title}`;
  return (
    <li className="basket-item">
      {item.imageUrl ? (
        <img {...pictureSources(item.imageUrl, 56)} alt="" width={56} height={42} loading="lazy" />
      ) : null}
      <div className="basket-item__text">
        <span className="basket-item__title">{item.title}</span>
        <span className="basket-item__meta">
          {portionLabel(item.isDouble)} · {formatPence(item.price)}
        </span>
      </div>
      <div className="stepper stepper--small" role="group" aria-label={`${what} quantity`}>
        <button
          type="button"
          className="stepper__button"
          disabled={pending}
          aria-label={item.quantity === 1 ? `Remove ${what}` : `One fewer ${what}`}
          onClick={() => onSetQuantity(item.id, item.quantity - 1)}
        >
          −
        </button>
        <output className="stepper__count" aria-label={`${item.quantity} of ${what}`}>
          {item.quantity}
        </output>
        <button
          type="button"
          className="stepper__button"
          disabled={pending || item.quantity >= item.quantityAvailable}
          aria-label={`One more ${what}`}
          onClick={() => onSetQuantity(item.id, item.quantity + 1)}
        >
          +
        </button>
      </div>
      <span className="basket-item__total">{formatPence(item.total)}</span>
    </li>
  );
}

/** Spec §5 week validity: every week meets its minimum and can still be ordered, and the whole basket the minimum spend. */
export function canCheckOut(basket: Basket, meta: BasketMeta): boolean {
  return checkoutBlockers(basket, meta).length === 0;
}

/** A basket with items: its weeks, totals and checkout (the panel's part once the visitor's basket is read). */
export function BasketWeeks({
  basket,
  meta,
  onSetQuantity,
  checkoutTo,
}: {
  basket: Basket;
  meta: BasketMeta;
  onSetQuantity: (itemId: string, quantity: number) => void;
  checkoutTo?: string;
}) {
  const whyId = useId();
  const blockers = checkoutBlockers(basket, meta);
  const delivery = basket.shippingPrice - basket.oneOffFee;
  return (
    <div className="basket-panel" data-testid="basket-panel">
      {basket.weeks.map((week) => {
        const items = basket.items.filter((item) => item.mealWeek === week.mealWeek);
        const progress = minimumSpendProgress(pence(week.subtotal), pence(meta.minimumSpendPerOrder));
        return (
          <section key={week.mealWeek} className="basket-week" aria-label={`Delivery ${week.label}`}>
            <h3 className="basket-week__title">
              <span>{week.label}</span>
              <span className="basket-week__count">
                {week.itemCount} {week.itemCount === 1 ? 'dish' : 'dishes'}
              </span>
            </h3>
            {!week.orderable ? (
              <p className="notice notice--warning">
                Orders for this week have closed. Please remove these dishes.
              </p>
            ) : null}
            <ul className="basket-items">
              {items.map((item) => (
                <Item key={item.id} item={item} onSetQuantity={onSetQuantity} />
              ))}
            </ul>
            {week.orderable ? (
              <div className="basket-week__progress">
                <progress
                  max={100}
                  value={Math.round(progress * 100)}
                  aria-label={`Minimum spend for ${week.label}`}
                />
                <p className={week.meetsMinimum ? 'basket-week__ok' : ''}>
                  {week.meetsMinimum
                    ? `Minimum of ${formatPence(meta.minimumSpendPerOrder)} reached`
                    : `Add ${formatPence(week.minimumRemainder)} more to reach the ${formatPence(meta.minimumSpendPerOrder)} minimum`}
                </p>
                <p>
                  {week.freeDeliveryRemainder > 0
                    ? `Delivery ${formatPence(week.price)}: ${formatPence(week.freeDeliveryRemainder)} away from free delivery`
                    : 'Free delivery'}
                </p>
                {week.oneOffFee > 0 ? <p>One-off box fee {formatPence(week.oneOffFee)}</p> : null}
              </div>
            ) : null}
          </section>
        );
      })}
      <dl className="basket-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPence(basket.subtotalPrice)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{delivery === 0 ? 'Free' : formatPence(delivery)}</dd>
        </div>
        {basket.oneOffFee > 0 ? (
          <div>
            <dt>
              One-off box fee
              {basket.weeks.length > 1 ? ` (${basket.weeks.length} deliveries)` : ''}
            </dt>
            <dd>{formatPence(basket.oneOffFee)}</dd>
          </div>
        ) : null}
        <div className="basket-totals__total">
          <dt>Total</dt>
          <dd data-testid="basket-total">{formatPence(basket.totalPrice)}</dd>
        </div>
      </dl>
      {checkoutTo ? (
        blockers.length === 0 && !basket.items.some(isOptimistic) ? (
          <Link to={checkoutTo} className="button button--primary button--block">
            Checkout
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary button--block"
            disabled
            aria-describedby={blockers.length > 0 ? whyId : undefined}
          >
            Checkout
          </button>
        )
      ) : null}
      {blockers.length > 0 ? (
        <ul id={whyId} className="basket-blockers" aria-label="Before you can check out">
          {blockers.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
