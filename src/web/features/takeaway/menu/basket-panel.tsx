import { Link } from '../../../shared/router';
import type { TakeawayBasket, TakeawayBasketItem } from '../../../../contracts/takeaway';
import { formatPence } from '../../../../domain/money';
import { isOptimisticLine } from './basket-optimistic';
import { sizeName } from './choice';
import { conflictText } from './dish-card';

// The takeaway basket (spec §3 Takeaway cart item; §4 Baskets): its lines with their modifiers, − and +
// (minus on a line of one removes it), what is still to add to reach the minimum spend, the subtotal, the
// delivery fee and the way to the checkout. A line that can no longer be ordered says why. Shown in a side
// panel on a wide screen and in a sheet from the bottom bar on a phone.

/** "Grande (bigger portion) · Burrata · No cheese": the size (with its Grande/Single label), then the rest. */
export function lineDetails(item: Pick<TakeawayBasketItem, 'variantTitle' | 'subItems'>): string {
  const size = item.subItems.find((sub) => sub.group === 'size');
  const rest = item.subItems.filter((sub) => sub.group !== 'size').map((sub) => sub.title);
  return [size ? sizeName(size) : item.variantTitle, ...rest].filter(Boolean).join(' · ');
}

function BasketLine({
  item,
  onSetQuantity,
  showConflicts,
}: {
  item: TakeawayBasketItem;
  onSetQuantity: (itemId: string, quantity: number) => void;
  showConflicts: boolean;
}) {
  const pending = isOptimisticLine(item);
  const details = lineDetails(item);
  const what = details ? `${item.title} (${details})` : item.title;
  return (
    <li
      className={`twm-line${pending ? ' twm-line--pending' : ''}${item.available ? '' : ' twm-line--unavailable'}`}
    >
      <div className="twm-line__text">
        <span className="twm-line__title">{item.title}</span>
        {details ? <span className="twm-line__meta">{details}</span> : null}
        {item.note ? <span className="twm-line__meta">Note: {item.note}</span> : null}
        {!item.available ? (
          <span className="twm-line__problem">
            Unavailable: {item.unavailableReason ?? 'this can’t be ordered now'}. Remove it to order.
          </span>
        ) : null}
        {showConflicts && item.conflictingAllergens.length > 0 ? (
          <span className="twm-conflict">{conflictText(item.conflictingAllergens)}</span>
        ) : null}
        {pending ? <span className="twm-line__meta">Adding…</span> : null}
      </div>
      <span className="twm-line__total">{formatPence(item.total)}</span>
      <div className="stepper stepper--small twm-line__stepper" role="group" aria-label={`${what}: quantity`}>
        <button
          type="button"
          className="stepper__button"
          aria-label={item.quantity === 1 ? `Remove ${what}` : `One fewer ${what}`}
          disabled={pending}
          onClick={() => onSetQuantity(item.id, item.quantity - 1)}
        >
          −
        </button>
        <output className="stepper__count" aria-live="polite" aria-label={`${item.quantity} in basket`}>
          {item.quantity}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One more ${what}`}
          disabled={pending || !item.available}
          onClick={() => onSetQuantity(item.id, item.quantity + 1)}
        >
          +
        </button>
      </div>
    </li>
  );
}

export function MenuBasketPanel({
  basket,
  freeDeliveryFrom,
  checkoutTo,
  checkoutLabel = 'Go to checkout',
  showConflicts,
  onSetQuantity,
}: {
  basket: TakeawayBasket;
  freeDeliveryFrom: number | null;
  checkoutTo: string;
  checkoutLabel?: string | undefined;
  showConflicts: boolean;
  onSetQuantity: (itemId: string, quantity: number) => void;
}) {
  const empty = basket.items.length === 0;
  const unavailable = basket.items.filter((item) => !item.available);
  const pending = basket.items.some(isOptimisticLine);
  const canCheckout = !empty && basket.meetsMinimum && unavailable.length === 0 && !pending;
  const delivery = basket.fulfillmentType === 'delivery';
  const freeRemainder =
    delivery && freeDeliveryFrom !== null && !empty ? freeDeliveryFrom - basket.subtotalPrice : null;
  return (
    <div className="twm-basket">
      {empty ? (
        <div className="twm-basket__empty">
          <p className="twm-basket__empty-title">Your basket is empty</p>
          <p>Add a dish to start your order. The minimum order is {formatPence(basket.minimumSpend)}.</p>
        </div>
      ) : (
        <ul className="twm-lines">
          {basket.items.map((item) => (
            <BasketLine
              key={item.id}
              item={item}
              onSetQuantity={onSetQuantity}
              showConflicts={showConflicts}
            />
          ))}
        </ul>
      )}
      {!empty && !basket.meetsMinimum ? (
        <div className="twm-minimum">
          <p className="twm-minimum__text">
            Add {formatPence(basket.minimumRemainder)} more to order
            <span className="twm-minimum__of"> (minimum {formatPence(basket.minimumSpend)})</span>
          </p>
          <progress
            value={basket.subtotalPrice}
            max={basket.minimumSpend}
            aria-label="Towards the minimum order"
          />
        </div>
      ) : null}
      {!empty ? (
        <dl className="basket-totals twm-totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatPence(basket.subtotalPrice)}</dd>
          </div>
          {delivery ? (
            <div>
              <dt>Delivery fee</dt>
              <dd>{basket.shippingPrice > 0 ? formatPence(basket.shippingPrice) : 'Free'}</dd>
            </div>
          ) : null}
          <div className="basket-totals__total">
            <dt>Total</dt>
            <dd>{formatPence(basket.total)}</dd>
          </div>
        </dl>
      ) : null}
      {freeRemainder !== null && freeRemainder > 0 ? (
        <p className="twm-basket__hint">Add {formatPence(freeRemainder)} more for free delivery.</p>
      ) : null}
      {unavailable.length > 0 ? (
        <p className="notice notice--warning twm-basket__notice" role="status">
          {unavailable.length === 1
            ? 'One dish can’t be ordered now. Remove it to go on.'
            : `${unavailable.length} dishes can’t be ordered now. Remove them to go on.`}
        </p>
      ) : null}
      {canCheckout ? (
        <Link to={checkoutTo} className="button button--primary button--block">
          {checkoutLabel}
        </Link>
      ) : empty ? null : (
        <button type="button" className="button button--primary button--block" disabled>
          {pending ? 'Adding…' : checkoutLabel}
        </button>
      )}
    </div>
  );
}

/** The phone's bottom bar: "View basket · 3 items · £24.50". */
export function MenuBasketBar({ basket, onOpen }: { basket: TakeawayBasket; onOpen: () => void }) {
  if (basket.itemCount === 0) return null;
  const items = `${basket.itemCount} ${basket.itemCount === 1 ? 'item' : 'items'}`;
  return (
    <button type="button" className="basket-bar twm-basket-bar" onClick={onOpen}>
      <span>
        View basket<span className="visually-hidden"> ·</span>
      </span>
      <span className="twm-basket-bar__sum">
        {items} · {formatPence(basket.subtotalPrice)}
      </span>
    </button>
  );
}
