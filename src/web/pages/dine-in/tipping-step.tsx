import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from '../../shared/router';
import type { TakeawayOrder } from '../../../contracts/takeaway';
import { formatPence } from '../../../domain/money';
import { useFinishPayment } from '../../app/use-finish-payment';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { dineInApi, dineInQueries } from '../../features/dine-in/dine-in.queries';
import { guestCardNote, useDiner } from '../../features/dine-in/diner';
import { tipOf, type TipPick } from '../../features/dine-in/rules';
import { tableMenuPath, tableTitle } from '../../features/dine-in/table-names';
import { TipChooser } from '../../features/dine-in/tip-chooser';
import { PaySection } from '../../features/payments/pay-section';
import { confirmingOrderOf, type PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { useCheckoutBasket } from '../../features/takeaway/checkout/basket';
import { TakeawayLines } from '../../features/takeaway/checkout/order-lines';
import {
  placeAttempt,
  placeSignature,
  previewCheckout,
  type PlaceAttempt,
} from '../../features/takeaway/checkout/rules';
import { takeawayApi, takeawayQueries } from '../../features/takeaway/takeaway.queries';
import {
  CREATE_FAILED,
  payFailure,
  refusalText,
  type Placed,
} from '../../features/takeaway/checkout/place-failures';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { randomId } from '../../shared/random-id';
import { shopQueries } from '../../shared/shop.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/orders/orders.css';
import { CHECKOUT } from './guards';
import { useAllergenCheck } from './use-allergen-check';

// /dine-in-checkout/tipping (issue 21 parts 2 and 3): pay for a table's order now. The tip choices (POST
// /baskets/{id}/tip_preview: "No tip" and percentages of the food and drink, with what each adds, or an
// amount of the guest's own); nothing is chosen for them, and "Pay" waits until they choose. Then a card or
// PayPal. "Pay" places the order with the tip (a guest's with POST /orders/guest, a customer's with POST
// /orders/takeaway; one Idempotency-Key for as long as the same thing is placed) and pays it; the order is
// then followed on its tracking page, its receipt with the tip as its own row. Spec §8: a refusal says the
// shop's words; anything else "Failed while trying to create order" or "… to pay your order".

export function TippingStep() {
  usePageMeta('Checkout: tip and pay');
  useCheckoutStep(5, 'dine-in');
  const queryClient = useQueryClient();
  const { basket, meta, query: basketQuery } = useCheckoutBasket();
  const { diner } = useDiner();
  const isCustomer = diner?.kind === 'customer';
  const customer = useQuery(customerQueries.me()).data;
  const settings = useQuery(shopQueries.settings());
  const tips = useQuery({
    ...dineInQueries.basketTips(basket?.id ?? '', basket?.subtotalPrice ?? 0),
    enabled: Boolean(basket),
  });
  const [pick, setPick] = useState<TipPick | null>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const attempt = useRef<PlaceAttempt | null>(null);
  const allergenCheck = useAllergenCheck(isCustomer, basket?.items);
  const ending = useFinishPayment();
  const tracked = useRef<Placed | null>(null);
  const payment = usePayOrder(
    async (orderId, doneAt) => {
      await ending.confirmed(orderId, doneAt);
      queryClient.setQueryData(takeawayQueries.basket().queryKey, null);
    },
    payFailure,
    // A payment still being confirmed is followed on the order's tracking page (its link's key).
    (orderId) =>
      tracked.current?.order.id === orderId
        ? `/takeaway/track/${tracked.current.order.trackingToken}`
        : `/takeaway/track/${orderId}`,
  );

  if (!basket?.restaurantId || tips.isPending || allergenCheck.pending) {
    return <CheckoutFrame title="Tip and pay" loading="Loading your order" />;
  }
  if (tips.isError || !tips.data) {
    return (
      <CheckoutFrame title="Tip and pay">
        <LoadFailed message="We couldn’t load the tip choices just now." onRetry={tips.refetch} />
      </CheckoutFrame>
    );
  }
  const preview = tips.data;
  const { tip, problem: tipProblem } = tipOf(pick, preview.choices, preview.maxTip);
  const signature = `${placeSignature(basket, {
    deliveryNote: null,
    allergensConfirmed: allergenCheck.body.allergensConfirmed ?? false,
  })}:${tip ?? ''}`;
  const current = placed && placed.signature === signature ? placed : null;
  const checkout =
    current?.checkout ??
    previewCheckout(
      { totalPrice: basket.totalPrice + (tip ?? 0) },
      {
        creditBalance: customer?.storeCredits ?? 0,
        minimumCardCharge: settings.data?.minimumCardCharge ?? 30,
        requestCard: meta?.requestCard ?? true,
      },
    );
  const name = basket.restaurant?.name ?? 'the restaurant';
  const doneAt = (order: TakeawayOrder) => `/takeaway/track/${order.trackingToken}`;

  /** Places the order with its tip (or finds it placed), or says why not; null when it could not be. */
  const place = async (): Promise<Placed | null> => {
    if (current) return current;
    if (tip === null) return null;
    attempt.current = placeAttempt(attempt.current, signature, randomId);
    payment.setStatus('placing');
    try {
      const confirm = allergenCheck.body;
      const result =
        diner?.kind === 'guest'
          ? await dineInApi.placeGuestOrder({ basketId: basket.id, tip, ...confirm }, attempt.current.key)
          : await takeawayApi.placeOrder({ basketId: basket.id, tip, ...confirm }, attempt.current.key);
      const next = { signature, order: result.order, checkout: result.meta.checkout };
      setPlaced(next);
      tracked.current = next;
      if (next.checkout.total !== checkout.total) {
        // What is charged must be what the guest saw: say so, show the basket as it is, press again.
        payment.setStatus('idle');
        void basketQuery.refetch();
        payment.setProblem(
          `Your total is now ${formatPence(next.checkout.total)}. Please check your order and press Pay again.`,
        );
        return null;
      }
      return next;
    } catch (error) {
      payment.setStatus('idle');
      const confirming = confirmingOrderOf(error);
      if (confirming) {
        await payment.follow(confirming);
        return null;
      }
      if (isRefusal(error)) {
        attempt.current = null;
        allergenCheck.refused(error);
        payment.setProblem(refusalText(error));
        void basketQuery.refetch();
        void tips.refetch();
      } else if (error instanceof NetworkError) {
        payment.setProblem(`${error.message} Nothing has been charged.`);
      } else {
        payment.setProblem(
          `${CREATE_FAILED}. Nothing has been charged: please try again in a moment, or ask a member of staff.`,
        );
      }
      return null;
    }
  };

  const ready = allergenCheck.ready;

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (!ready() || !payment.begin(missingMethod)) return;
    const order = await place();
    if (!order) return;
    if (order.checkout.state === 'paid') {
      await ending.confirmed(order.order.id, doneAt(order.order));
      return;
    }
    await payment.pay(order.order.id, how, doneAt(order.order), undefined, `${CHECKOUT}/tipping`);
  };

  const busy = payment.status !== 'idle';
  return (
    <CheckoutFrame title="Tip and pay" intro={tableTitle(name, basket.tableNumber)} wide>
      <div className="di-columns">
        <section className="checkout-card" aria-labelledby="di-order-heading">
          <div className="checkout-card__header">
            <h2 id="di-order-heading">Your order</h2>
            <Link to={tableMenuPath(basket.restaurantId, basket.tableNumber)}>
              Change<span className="visually-hidden"> your order</span>
            </Link>
          </div>
          <TakeawayLines lines={basket.items} label={`${basket.itemCount} items from ${name}`} />
          <dl className="summary-totals">
            <div>
              <dt>Food and drink</dt>
              <dd>{formatPence(basket.totalPrice)}</dd>
            </div>
            <div>
              <dt>Tip</dt>
              <dd>{tip === null ? 'Not chosen yet' : formatPence(tip)}</dd>
            </div>
            <div className="summary-totals__total">
              <dt>Total</dt>
              <dd>{formatPence(basket.totalPrice + (tip ?? 0))}</dd>
            </div>
          </dl>
        </section>
        <div className="di-stack">
          <section className="checkout-card" aria-label="Tip">
            <TipChooser preview={preview} pick={pick} onPick={setPick} disabled={busy} />
          </section>
          {allergenCheck.element(busy)}
          <PaySection
            checkout={checkout}
            payment={payment}
            ready={ready}
            wording={{ newCard: guestCardNote(diner, false) }}
            waitingFor={
              tip !== null ? null : (tipProblem ?? 'Choose a tip above, or No tip, and then you can pay.')
            }
            onPay={(how, missing) => void onPay(how, missing)}
          />
        </div>
      </div>
    </CheckoutFrame>
  );
}
