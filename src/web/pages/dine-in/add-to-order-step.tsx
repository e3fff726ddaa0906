import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../shared/router';
import type { CheckoutMeta } from '../../../contracts/orders';
import type { Tab } from '../../../contracts/dine-in';
import { formatPence } from '../../../domain/money';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { dineInApi, dineInQueries } from '../../features/dine-in/dine-in.queries';
import { guestCardNote, useDiner } from '../../features/dine-in/diner';
import { LimitChooser, limitOf, type LimitPick } from '../../features/dine-in/limit-chooser';
import { tableMenuPath, tableTitle } from '../../features/dine-in/table-names';
import { LimitBar } from '../../features/dine-in/tab-parts';
import { PaySection } from '../../features/payments/pay-section';
import type { PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { useCheckoutBasket } from '../../features/takeaway/checkout/basket';
import { TakeawayLines } from '../../features/takeaway/checkout/order-lines';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { isApiError, isRefusal, NetworkError } from '../../shared/api/client';
import { shopQueries } from '../../shared/shop.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { CHECKOUT } from './guards';
import { useAllergenCheck } from './use-allergen-check';
import '../../features/orders/orders.css';

// /dine-in-checkout/add-to-order (issue 21 part 2): the basket as the next round of the tab the guest is on,
// the running total against the limit held, and "Send to the kitchen" (POST /orders/open_tab with tab_id): it
// goes at once. A round that would pass the limit (TAB_LIMIT_REACHED, with the limit it needs) asks whoever
// opened the tab to raise it first: they choose a higher limit (POST /orders/open_tab/limit), it is held on
// their card (POST /payments on meta.pay_order_id), then the round is sent. Anyone else is told to ask them.

/** What the round needs: the limit it would take the tab to, once the server (or the sums) said so. */
interface Needs {
  amount: number;
}

export function AddToOrderStep() {
  usePageMeta('Checkout: add to your tab');
  useCheckoutStep(5, 'dine-in');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { basket } = useCheckoutBasket();
  const { diner } = useDiner();
  const tab = useQuery(dineInQueries.tab(null));
  const settings = useQuery(shopQueries.settings());
  const allergenCheck = useAllergenCheck(diner?.kind === 'customer', basket?.items);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [needs, setNeeds] = useState<Needs | null>(null);

  if (!basket?.restaurantId || tab.isPending || !settings.data || allergenCheck.pending) {
    return <CheckoutFrame title="Add to your tab" loading="Loading your tab" />;
  }
  if (tab.isError) {
    return (
      <CheckoutFrame title="Add to your tab">
        <LoadFailed message="We couldn’t load your tab just now." onRetry={tab.refetch} />
      </CheckoutFrame>
    );
  }
  const current = tab.data;
  if (!current || current.state !== 'open') {
    return (
      <CheckoutFrame title="Add to your tab">
        <p className="notice">Your tab isn’t open any more. Pay for this order now, or start a new tab.</p>
        <Link to={CHECKOUT} className="button button--primary">
          Choose how to pay
        </Link>
      </CheckoutFrame>
    );
  }
  const after = current.foodTotal + basket.totalPrice;
  const over = needs ?? (after > current.limit ? { amount: after } : null);
  const name = current.restaurant.name;

  const send = async () => {
    if (!allergenCheck.ready()) return;
    setProblem(null);
    setSending(true);
    try {
      const added = await dineInApi.openTab({
        basketId: basket.id,
        tabId: current.id,
        ...allergenCheck.body,
      });
      queryClient.setQueryData(dineInQueries.tab(current.id).queryKey, added.tab);
      queryClient.setQueryData(takeawayQueries.basket().queryKey, null);
      void queryClient.invalidateQueries({ queryKey: dineInQueries.tabs() });
      const round = added.tab.rounds.at(-1)?.number;
      showToast(round ? `Round ${round} is on its way to the kitchen` : 'Sent to the kitchen');
      await navigate(`/dine-in-view-tab?tab=${current.id}`, { replace: true });
    } catch (error) {
      setSending(false);
      if (isApiError(error, 'TAB_LIMIT_REACHED')) {
        const amount = Number(error.errors[0]?.meta?.needs);
        setNeeds({ amount: Number.isFinite(amount) && amount > 0 ? amount : after });
        void tab.refetch();
        return;
      }
      allergenCheck.refused(error);
      if (isApiError(error, 'TAB_CLOSED', 'TAB_NOT_FOUND')) void tab.refetch();
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t send your round just now. Nothing has been added: please try again in a moment.',
      );
    }
  };

  return (
    <CheckoutFrame title="Add to your tab" intro={tableTitle(name, current.tableNumber)} wide>
      <div className="di-columns">
        <section className="checkout-card" aria-labelledby="di-round-heading">
          <div className="checkout-card__header">
            <h2 id="di-round-heading">Round {current.rounds.length + 1}</h2>
            <Link to={tableMenuPath(current.restaurant.id, current.tableNumber)}>
              Change<span className="visually-hidden"> this round</span>
            </Link>
          </div>
          <TakeawayLines lines={basket.items} label={`This round: ${basket.itemCount} items`} />
          <dl className="summary-totals">
            <div>
              <dt>This round</dt>
              <dd>{formatPence(basket.totalPrice)}</dd>
            </div>
            <div>
              <dt>Your tab so far</dt>
              <dd>{formatPence(current.foodTotal)}</dd>
            </div>
            <div className="summary-totals__total">
              <dt>Your tab after this round</dt>
              <dd>{formatPence(after)}</dd>
            </div>
          </dl>
        </section>
        <div className="di-stack">
          <section className="checkout-card" aria-labelledby="di-tab-heading">
            <h2 id="di-tab-heading">Your tab</h2>
            <LimitBar tab={current} />
            <p className="field__hint">
              {current.youAreHolder
                ? 'You pay when you leave, from the card held.'
                : `${current.holderName} opened this tab. You can pay your own part when you leave.`}
            </p>
          </section>
          {allergenCheck.element(sending)}
          {over ? (
            current.youAreHolder ? (
              <RaiseLimit
                tab={current}
                needs={over.amount}
                ceiling={settings.data.dineIn.tabLimitMax}
                choices={settings.data.dineIn.tabLimitChoices}
                minimumCardCharge={settings.data.minimumCardCharge}
                onRaised={() => {
                  setNeeds(null);
                  void send();
                }}
              />
            ) : (
              <section className="notice notice--warning" role="status">
                <p>
                  This round takes the tab to {formatPence(over.amount)}, over its{' '}
                  {formatPence(current.limit)} limit. Ask {current.holderName} to raise the limit on their
                  phone, then send it again.
                </p>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => {
                    setNeeds(null);
                    void tab.refetch();
                  }}
                >
                  Check the limit again
                </button>
              </section>
            )
          ) : null}
          {problem ? (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          ) : null}
          {!over ? (
            <button
              type="button"
              className="button button--primary button--block"
              disabled={sending}
              aria-busy={sending}
              onClick={() => void send()}
            >
              {sending ? 'Sending to the kitchen…' : 'Send to the kitchen'}
            </button>
          ) : null}
        </div>
      </div>
    </CheckoutFrame>
  );
}

/** Whoever opened the tab raises its limit: chosen, then held on their card (card or PayPal). */
function RaiseLimit({
  tab,
  needs,
  ceiling,
  choices,
  minimumCardCharge,
  onRaised,
}: {
  tab: Tab;
  needs: number;
  ceiling: number;
  choices: readonly number[];
  minimumCardCharge: number;
  onRaised: () => void;
}) {
  const queryClient = useQueryClient();
  const { diner } = useDiner();
  const [pick, setPick] = useState<LimitPick | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const payment = usePayOrder(
    async () => {
      await queryClient.invalidateQueries({ queryKey: dineInQueries.tabs() });
      showToast('Your new limit is held');
      onRaised();
    },
    (error) =>
      isRefusal(error) || error instanceof NetworkError
        ? error.message
        : 'Your card wasn’t held for the new limit. Please try again in a moment.',
  );
  const offered = choices.filter((limit) => limit >= needs && limit <= ceiling);
  const chosen: LimitPick | null =
    pick ?? (offered[0] !== undefined ? { kind: 'choice', amount: offered[0] } : null);
  const { limit, problem } = limitOf(chosen, needs, ceiling);
  const checkout: CheckoutMeta = {
    checkoutId: '',
    state: 'open',
    total: limit ?? 0,
    creditBalance: 0,
    creditApplied: 0,
    amountToCharge: limit ?? 0,
    requestCard: true,
    minimumCardCharge,
  };
  const canRaise = needs <= ceiling;

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (limit === null || !payment.begin(missingMethod)) return;
    setLimitError(null);
    payment.setStatus('placing');
    try {
      const raised = await dineInApi.raiseLimit(tab.id, limit);
      if (!raised.payOrderId) throw new Error('No hold to pay');
      await payment.pay(
        raised.payOrderId,
        { ...how, useCredit: false },
        `${CHECKOUT}/add-to-order`,
        undefined,
        `${CHECKOUT}/add-to-order`,
      );
    } catch (error) {
      payment.setStatus('idle');
      if (isApiError(error, 'TAB_LIMIT_INVALID')) setLimitError(error.message);
      payment.setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t raise the limit just now. Please try again in a moment.',
      );
    }
  };

  if (!canRaise) {
    return (
      <p className="notice notice--warning" role="status">
        This round takes the tab to {formatPence(needs)}, over the most a tab can hold ({formatPence(ceiling)}
        ). Pay for this round on its own instead: <Link to={CHECKOUT}>choose Pay now</Link>.
      </p>
    );
  }
  return (
    <>
      <section className="notice notice--warning" aria-labelledby="di-raise-heading">
        <h2 id="di-raise-heading" className="di-notice-heading">
          Raise your limit to send this round
        </h2>
        <p>
          This round takes the tab to {formatPence(needs)}, over the {formatPence(tab.limit)} held on your
          card. Hold a higher limit and it goes to the kitchen straight away; the old hold is let go.
        </p>
      </section>
      <section className="checkout-card" aria-labelledby="di-new-limit-heading">
        <h2 id="di-new-limit-heading">Your new limit</h2>
        <LimitChooser
          choices={choices}
          atLeast={needs}
          ceiling={ceiling}
          pick={chosen}
          onPick={(next) => {
            setPick(next);
            setLimitError(null);
          }}
          legend="How much may the tab reach now?"
          hint={`At least ${formatPence(needs)}, to cover this round.`}
          error={limitError}
          disabled={payment.status !== 'idle'}
        />
      </section>
      <PaySection
        checkout={checkout}
        payment={payment}
        wording={{
          heading: 'Hold the new limit',
          total: 'New limit',
          due: 'Held now (not taken)',
          button: limit ? `Hold ${formatPence(limit)} and send the round` : 'Hold the new limit',
          newCard: guestCardNote(diner, true),
        }}
        waitingFor={limit === null ? (problem ?? 'Choose the new limit.') : null}
        onPay={(how, missing) => void onPay(how, missing)}
      />
    </>
  );
}
