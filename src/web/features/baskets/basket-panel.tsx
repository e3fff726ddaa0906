import type { Basket, BasketMeta } from '../../../contracts/baskets';
import { lazyPart } from '../../shared/lazy-part';
import { Spinner } from '../../shared/ui/spinner';

// The recipe-kit menu's basket panel (spec §4). Its first screen (on the server, and until the visitor's
// basket is read) is empty; the basket's weeks, totals and checkout (basket-weeks.tsx) are not in the
// menu's first JS (issue 24): fetched once the page is idle (`BasketWeeks.preload`), or when first shown.

const loadingPanel = (
  <div className="basket-panel basket-panel--empty">
    <Spinner label="Loading your basket" />
  </div>
);
export const BasketWeeks = lazyPart(async () => (await import('./basket-weeks')).BasketWeeks, loadingPanel);

export function BasketPanel({
  basket,
  meta,
  loading,
  onSetQuantity,
  checkoutTo,
}: {
  basket: Basket | undefined;
  meta: BasketMeta | undefined;
  loading: boolean;
  onSetQuantity: (itemId: string, quantity: number) => void;
  /** Where "Checkout" goes (none: no button). */
  checkoutTo?: string;
}) {
  if (!basket || !meta) {
    return (
      <div className="basket-panel basket-panel--empty">
        {loading ? <Spinner label="Loading your basket" /> : null}
      </div>
    );
  }
  if (basket.items.length === 0) {
    return (
      <div className="basket-panel basket-panel--empty">
        <p className="basket-panel__empty-title">Your basket is empty</p>
        <p>Add dishes for one week or several: each week is its own delivery.</p>
      </div>
    );
  }
  return <BasketWeeks basket={basket} meta={meta} onSetQuantity={onSetQuantity} checkoutTo={checkoutTo} />;
}
