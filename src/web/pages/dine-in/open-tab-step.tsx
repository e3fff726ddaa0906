import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from '../../shared/router';
import type { CheckoutMeta } from '../../../contracts/orders';
import { timeLabel } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { dineInApi, dineInQueries } from '../../features/dine-in/dine-in.queries';
import { guestCardNote, useDiner } from '../../features/dine-in/diner';
import { LimitChooser, limitOf, type LimitPick } from '../../features/dine-in/limit-chooser';
import { closingTimes } from '../../features/dine-in/rules';
import { tableMenuPath, tableTitle } from '../../features/dine-in/table-names';
import { PaySection } from '../../features/payments/pay-section';
import type { PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { useCheckoutBasket } from '../../features/takeaway/checkout/basket';
import { TakeawayLines, TakeawayTotals } from '../../features/takeaway/checkout/order-lines';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { isApiError, isRefusal, NetworkError } from '../../shared/api/client';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { SelectField } from '../../shared/forms/fields';
import { usePageMeta } from '../../shared/use-page-meta';
import { CHECKOUT } from './guards';
import { useAllergenCheck } from './use-allergen-check';
import '../../features/orders/orders.css';

// /dine-in-checkout/payment (issue 21 part 2; spec §2 Guards: it needs the basket to be for a tab, else
// tipping): start a tab. The guest chooses its limit (the shop's choices that cover the first round, or an
// amount of their own up to the ceiling) and when it closes by itself if they forget (after N hours, or at a
// time tonight; no tip is ever added then). "Hold" opens the tab with the basket as its first round (POST
// /orders/open_tab) and holds the limit on the card or PayPal (POST /payments on meta.pay_order_id: held);
// the round goes to the kitchen once the card is held, and the tab's page follows.

type Closing = { kind: 'hours'; hours: number } | { kind: 'at'; at: string };

export function OpenTabStep() {
  usePageMeta('Checkout: start a tab');
  useCheckoutStep(5, 'dine-in');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const { basket } = useCheckoutBasket();
  const { diner } = useDiner();
  const settings = useQuery(shopQueries.settings());
  const allergenCheck = useAllergenCheck(diner?.kind === 'customer', basket?.items);
  const [pick, setPick] = useState<LimitPick | null>(null);
  const [closing, setClosing] = useState<Closing | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [openElsewhere, setOpenElsewhere] = useState(false);
  const payment = usePayOrder(
    async (_orderId, doneAt) => {
      // Held: the tab is open, its first round in the kitchen; the basket was its round.
      queryClient.setQueryData(takeawayQueries.basket().queryKey, null);
      await queryClient.invalidateQueries({ queryKey: dineInQueries.all });
      await navigate(doneAt, { replace: true });
    },
    (error) =>
      isRefusal(error) || error instanceof NetworkError
        ? error.message
        : 'Your card wasn’t held just now. Please try again in a moment, or choose another way to pay.',
  );

  if (!basket?.restaurantId || !settings.data || allergenCheck.pending) {
    return <CheckoutFrame title="Start a tab" loading="Loading your order" />;
  }
  const rules = settings.data.dineIn;
  const firstRound = basket.totalPrice;
  const offered = rules.tabLimitChoices.filter((limit) => limit >= firstRound && limit <= rules.tabLimitMax);
  const chosen: LimitPick | null =
    pick ?? (offered[0] !== undefined ? { kind: 'choice', amount: offered[0] } : null);
  const { limit, problem } = limitOf(chosen, firstRound, rules.tabLimitMax);
  const now = shopNow(settings.data);
  const times = closingTimes(now, rules.tabMaxHours);
  const closes: Closing = closing ?? { kind: 'hours', hours: rules.tabAutoCloseHours };
  const closesAt =
    closes.kind === 'at' ? new Date(closes.at) : new Date(now.getTime() + closes.hours * 3_600_000);
  const name = basket.restaurant?.name ?? 'the restaurant';
  const hold = limit ?? 0;
  const checkout: CheckoutMeta = {
    checkoutId: '',
    state: 'open',
    total: hold,
    creditBalance: 0,
    creditApplied: 0,
    amountToCharge: hold,
    requestCard: true,
    minimumCardCharge: settings.data.minimumCardCharge,
  };

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (limit === null || !allergenCheck.ready() || !payment.begin(missingMethod)) return;
    setLimitError(null);
    setOpenElsewhere(false);
    payment.setStatus('placing');
    try {
      const opened = await dineInApi.openTab({
        basketId: basket.id,
        limit,
        autoClose: closes.kind === 'at' ? { at: closes.at } : { afterHours: closes.hours },
        ...allergenCheck.body,
      });
      queryClient.setQueryData(dineInQueries.tab(opened.tab.id).queryKey, opened.tab);
      if (!opened.payOrderId) {
        await navigate(`/dine-in-view-tab?tab=${opened.tab.id}`, { replace: true });
        return;
      }
      await payment.pay(
        opened.payOrderId,
        { ...how, useCredit: false },
        `/dine-in-view-tab?tab=${opened.tab.id}`,
        undefined,
        `${CHECKOUT}/payment`,
      );
    } catch (error) {
      payment.setStatus('idle');
      if (isApiError(error, 'TAB_LIMIT_INVALID')) setLimitError(error.message);
      else if (isApiError(error, 'CONFLICT') && error.errors[0]?.meta?.tabId) setOpenElsewhere(true);
      allergenCheck.refused(error);
      payment.setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'Failed while trying to create order. Nothing has been held: please try again in a moment.',
      );
    }
  };

  const busy = payment.status !== 'idle';
  return (
    <CheckoutFrame title="Start a tab" intro={tableTitle(name, basket.tableNumber)} wide>
      <div className="di-columns">
        <section className="checkout-card" aria-labelledby="di-order-heading">
          <div className="checkout-card__header">
            <h2 id="di-order-heading">Your first round</h2>
            <Link to={tableMenuPath(basket.restaurantId, basket.tableNumber)}>
              Change<span className="visually-hidden"> your order</span>
            </Link>
          </div>
          <TakeawayLines lines={basket.items} label={`${basket.itemCount} items from ${name}`} />
          <TakeawayTotals
            subtotal={basket.subtotalPrice}
            deliveryFee={0}
            total={basket.totalPrice}
            delivery={false}
          />
          <p className="field__hint">
            It goes to the kitchen as soon as your card is held. Order more rounds from the menu whenever you
            like, and pay when you leave. No service charge or table fee.
          </p>
        </section>
        <div className="di-stack">
          <section className="checkout-card" aria-labelledby="di-limit-heading">
            <h2 id="di-limit-heading">Your tab</h2>
            <LimitChooser
              choices={rules.tabLimitChoices}
              atLeast={firstRound}
              ceiling={rules.tabLimitMax}
              pick={chosen}
              onPick={(next) => {
                setPick(next);
                setLimitError(null);
              }}
              legend="How much may the tab reach?"
              hint="We hold this on your card now; nothing is taken until you pay. You can raise it later."
              error={limitError}
              disabled={busy}
            />
            <fieldset className="di-closing" disabled={busy}>
              <legend>If you forget to pay, when should it close by itself?</legend>
              <p className="field__hint" id={`${id}-closing-hint`}>
                It closes for what was ordered, with no tip added. It can stay open for at most{' '}
                {rules.tabMaxHours} hours.
              </p>
              <label className="di-choice">
                <input
                  type="radio"
                  name={`${id}-closing`}
                  checked={closes.kind === 'hours'}
                  onChange={() => setClosing({ kind: 'hours', hours: rules.tabAutoCloseHours })}
                />
                <span>After a number of hours</span>
              </label>
              {closes.kind === 'hours' ? (
                <SelectField
                  label="Hours"
                  value={String(closes.hours)}
                  onChange={(event) => setClosing({ kind: 'hours', hours: Number(event.target.value) })}
                >
                  {Array.from({ length: rules.tabMaxHours }, (_, i) => i + 1).map((hours) => (
                    <option key={hours} value={hours}>
                      After {hours} {hours === 1 ? 'hour' : 'hours'}
                    </option>
                  ))}
                </SelectField>
              ) : null}
              {times.length > 0 ? (
                <label className="di-choice">
                  <input
                    type="radio"
                    name={`${id}-closing`}
                    checked={closes.kind === 'at'}
                    onChange={() => setClosing({ kind: 'at', at: times.at(-1)!.at })}
                  />
                  <span>At a time tonight</span>
                </label>
              ) : null}
              {closes.kind === 'at' ? (
                <SelectField
                  label="Time"
                  value={closes.at}
                  onChange={(event) => setClosing({ kind: 'at', at: event.target.value })}
                >
                  {times.map((time) => (
                    <option key={time.at} value={time.at}>
                      {time.label}
                    </option>
                  ))}
                </SelectField>
              ) : null}
              <p className="di-closing__when" aria-live="polite">
                Closes by itself at <strong>{timeLabel(closesAt)}</strong> unless you pay first.
              </p>
            </fieldset>
          </section>
          {allergenCheck.element(busy)}
          {openElsewhere ? (
            <p className="notice notice--warning" role="status">
              You have a tab open already. <Link to={`${CHECKOUT}/add-to-order`}>Add this to your tab</Link>
            </p>
          ) : null}
          <PaySection
            checkout={checkout}
            payment={payment}
            ready={allergenCheck.ready}
            wording={{
              heading: 'Hold your card',
              total: 'Tab limit',
              due: 'Held now (not taken)',
              button: limit ? `Hold ${formatPence(limit)} and open the tab` : 'Open the tab',
              newCard: guestCardNote(diner, true),
            }}
            waitingFor={limit === null ? (problem ?? 'Choose how much the tab may reach.') : null}
            onPay={(how, missing) => void onPay(how, missing)}
          />
        </div>
      </div>
    </CheckoutFrame>
  );
}
