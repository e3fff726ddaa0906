import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../shared/router';
import { formatPence } from '../../../domain/money';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { dineInQueries } from '../../features/dine-in/dine-in.queries';
import { useDiner } from '../../features/dine-in/diner';
import { tableMenuPath, tableTitle } from '../../features/dine-in/table-names';
import { useCheckoutBasket } from '../../features/takeaway/checkout/basket';
import { TakeawayLines, TakeawayTotals } from '../../features/takeaway/checkout/order-lines';
import { takeawayBasketApi, takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { isRefusal } from '../../shared/api/client';
import { usePageMeta } from '../../shared/use-page-meta';
import { Spinner } from '../../shared/ui/spinner';
import { CHECKOUT, continuePath } from './guards';
import '../../features/orders/orders.css';

// /dine-in-checkout (spec §2 Dine-in checkout; issue 21 parts 2 and 3): the order, every charge beyond the food
// said plainly before anything is ordered (there is no service charge or table fee), and how to pay: now
// (with a tip, at tipping), by starting a tab where the restaurant runs them (the card held for a limit, at
// payment), or as the next round of the tab the guest is on (add-to-order). The choice is the basket's
// isOpenTab.

type How = 'now' | 'tab' | 'round';

const STEP_OF: Record<How, string> = {
  now: `${CHECKOUT}/tipping`,
  tab: `${CHECKOUT}/payment`,
  round: `${CHECKOUT}/add-to-order`,
};

export function SummaryStep() {
  usePageMeta('Checkout: your order');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { basket, set } = useCheckoutBasket();
  const { diner, pending: dinerPending } = useDiner();
  const restaurant = useQuery({
    ...takeawayQueries.restaurant(basket?.restaurantId ?? ''),
    enabled: Boolean(basket?.restaurantId),
  });
  const tips = useQuery({
    ...dineInQueries.basketTips(basket?.id ?? '', basket?.subtotalPrice ?? 0),
    enabled: Boolean(basket && basket.items.length > 0),
  });
  const tab = useQuery({ ...dineInQueries.tab(null), enabled: diner !== null, refetchInterval: false });
  const [chosen, setChosen] = useState<How | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!basket?.restaurantId || restaurant.isPending || dinerPending || (diner && tab.isPending)) {
    return <CheckoutFrame title="Your order" loading="Loading your order" />;
  }
  const openTab =
    tab.data && tab.data.state === 'open' && tab.data.restaurant.id === basket.restaurantId ? tab.data : null;
  const takesTabs = restaurant.data?.openTabCheckouts ?? false;
  const how: How = chosen ?? (openTab ? 'round' : basket.isOpenTab && takesTabs ? 'tab' : 'now');
  const name = basket.restaurant?.name ?? restaurant.data?.name ?? 'the restaurant';

  const go = async () => {
    setProblem(null);
    const wantsTab = how === 'tab';
    if (basket.isOpenTab !== wantsTab) {
      setSaving(true);
      try {
        set(await takeawayBasketApi.update(basket.id, { isOpenTab: wantsTab }));
      } catch (error) {
        setSaving(false);
        setProblem(
          isRefusal(error)
            ? error.message
            : 'We couldn’t save your choice just now. Please check your connection and try again.',
        );
        return;
      }
      setSaving(false);
    }
    void queryClient.invalidateQueries({ queryKey: dineInQueries.all });
    await navigate(diner ? STEP_OF[how] : continuePath(STEP_OF[how]));
  };

  return (
    <CheckoutFrame title="Your order" intro={tableTitle(name, basket.tableNumber)} wide>
      <div className="di-columns">
        <section className="checkout-card" aria-labelledby="di-order-heading">
          <div className="checkout-card__header">
            <h2 id="di-order-heading">To your table</h2>
            <Link to={tableMenuPath(basket.restaurantId, basket.tableNumber)}>
              Change<span className="visually-hidden"> your order</span>
            </Link>
          </div>
          <TakeawayLines
            lines={basket.items}
            label={`${basket.itemCount} ${basket.itemCount === 1 ? 'item' : 'items'} from ${name}`}
          />
          <TakeawayTotals
            subtotal={basket.subtotalPrice}
            deliveryFee={0}
            total={basket.totalPrice}
            delivery={false}
          />
          <div className="di-charges" aria-live="polite">
            {tips.isPending ? (
              <p>
                <Spinner label="Checking the charges" /> Checking the charges…
              </p>
            ) : tips.data && tips.data.surcharges.length > 0 ? (
              <>
                <p>
                  <strong>Charges beyond the food and drink:</strong>
                </p>
                <ul>
                  {tips.data.surcharges.map((charge) => (
                    <li key={charge.label}>
                      {charge.label}: {formatPence(charge.amount)}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>
                <strong>No service charge or table fee.</strong>{' '}
                {tips.data?.note.replace(/^No service charge and no table fee\.\s*/, '') ??
                  'A tip is up to you.'}
              </p>
            )}
          </div>
        </section>

        <section className="checkout-card" aria-labelledby="di-how-heading">
          <h2 id="di-how-heading">How would you like to pay?</h2>
          <fieldset className="di-how" disabled={saving}>
            <legend className="visually-hidden">How would you like to pay?</legend>
            {openTab ? (
              <HowChoice
                value="round"
                current={how}
                onChoose={setChosen}
                title="Add to your tab"
                detail={`Your tab: ${formatPence(openTab.foodTotal)} of ${formatPence(openTab.limit)}. This goes to the kitchen now; you pay when you leave.`}
              />
            ) : null}
            <HowChoice
              value="now"
              current={how}
              onChoose={setChosen}
              title="Pay now"
              detail="Pay for this order now by card or PayPal, with a tip if you’d like to add one."
            />
            {takesTabs && !openTab ? (
              <HowChoice
                value="tab"
                current={how}
                onChoose={setChosen}
                title="Start a tab"
                detail="Order now and again later, and pay when you leave. We hold a limit you choose on your card; nothing is taken until you pay."
              />
            ) : null}
          </fieldset>
          {problem ? (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary button--block"
            disabled={saving}
            aria-busy={saving}
            onClick={() => void go()}
          >
            {saving ? 'One moment…' : how === 'round' ? 'Continue to your tab' : 'Continue'}
          </button>
          {!diner ? (
            <p className="field__hint">Next, tell us who’s ordering: carry on as a guest, or sign in.</p>
          ) : null}
        </section>
      </div>
    </CheckoutFrame>
  );
}

function HowChoice({
  value,
  current,
  onChoose,
  title,
  detail,
}: {
  value: How;
  current: How;
  onChoose: (how: How) => void;
  title: string;
  detail: string;
}) {
  return (
    <label className="di-option">
      <input type="radio" name="how" checked={current === value} onChange={() => onChoose(value)} />
      <span>
        <span className="di-option__title">{title}</span>
        <span className="di-option__detail">{detail}</span>
      </span>
    </label>
  );
}
