import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from '../../../shared/router';
import { isIsoDate, longDayLabel } from '../../../../domain/calendar';
import { formatPence } from '../../../../domain/money';
import { useFinishPayment } from '../../../app/use-finish-payment';
import { CheckoutFrame } from '../../../features/checkout/checkout-frame';
import { checkoutPaths } from '../../../features/checkout/flows';
import { useCheckoutStep } from '../../../features/checkout/use-checkout-step';
import { accountQueries } from '../../../features/customers/customers.queries';
import { PaySection } from '../../../features/payments/pay-section';
import { confirmingOrderOf, type PayWith } from '../../../features/payments/payments.queries';
import { usePayOrder } from '../../../features/payments/use-pay-order';
import { AllergenCheck, type Allergen } from '../../../features/takeaway/checkout/allergens';
import { useCheckoutBasket } from '../../../features/takeaway/checkout/basket';
import { TakeawayLines, TakeawayTotals } from '../../../features/takeaway/checkout/order-lines';
import {
  placeAttempt,
  placeSignature,
  previewCheckout,
  ukPhoneText,
  type PlaceAttempt,
} from '../../../features/takeaway/checkout/rules';
import { takeawayApi, takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import {
  CREATE_FAILED,
  payFailure,
  refusalText,
  type Placed,
} from '../../../features/takeaway/checkout/place-failures';
import { isApiError, isRefusal, NetworkError } from '../../../shared/api/client';
import { customerQueries } from '../../../shared/customer.queries';
import { randomId } from '../../../shared/random-id';
import { shopQueries } from '../../../shared/shop.queries';
import { usePageMeta } from '../../../shared/use-page-meta';
// The order's and the payment's totals (.summary-totals) are styled with every order's.
import '../../../features/orders/orders.css';
import { useTakeawayFlow } from './layout';

// The payment step: the order (its lines with their modifiers, subtotal, delivery fee, total), the allergen
// check for a customer with a profile, and how to pay (the recipe-kit checkout's: store credit, saved cards,
// the card form, 3-D Secure, PayPal). "Pay" places the order (POST /orders/takeaway, one Idempotency-Key for
// as long as the same thing is placed) and pays it; a declined card keeps the order, to pay with another.
// Spec §8: a refusal (400) says the shop's own words; anything else "Failed while trying to create order"
// or "… to pay your order", with what to do.

export function PaymentStep() {
  const flow = useTakeawayFlow();
  usePageMeta('Checkout: payment');
  useCheckoutStep(5, flow.kind);
  const paths = checkoutPaths(flow);
  const queryClient = useQueryClient();
  const { basket, meta, query: basketQuery } = useCheckoutBasket();
  const customer = useQuery(customerQueries.me()).data;
  const settings = useQuery(shopQueries.settings());
  const profile = useQuery(accountQueries.allergens());
  const ending = useFinishPayment();
  const payment = usePayOrder(
    async (orderId, doneAt) => {
      await ending.confirmed(orderId, doneAt);
      // Paid: the basket is gone on the server; the tracking page reads the order.
      queryClient.setQueryData(takeawayQueries.basket().queryKey, null);
    },
    payFailure,
    // A payment still being confirmed is followed on the tracking page (issue 19).
    (orderId) => `/takeaway/track/${orderId}`,
  );
  const [placed, setPlaced] = useState<Placed | null>(null);
  const attempt = useRef<PlaceAttempt | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [allergenError, setAllergenError] = useState(false);
  const [askedAllergens, setAskedAllergens] = useState<Allergen[] | null>(null);
  const allergenBox = useRef<HTMLInputElement>(null);

  if (!basket || profile.isPending) {
    return <CheckoutFrame title="Payment" loading="Loading your order" />;
  }

  const allergens = askedAllergens ?? profile.data?.allergens ?? [];
  const needsConfirm = allergens.length > 0;
  const deliveryNote = basket.deliveryNote ?? null;
  const signature = placeSignature(basket, { deliveryNote, allergensConfirmed: needsConfirm && confirmed });
  const current = placed && placed.signature === signature ? placed : null;
  const checkout =
    current?.checkout ??
    previewCheckout(basket, {
      creditBalance: customer?.storeCredits ?? 0,
      minimumCardCharge: settings.data?.minimumCardCharge ?? 30,
      requestCard: meta?.requestCard ?? true,
    });
  const doneAt = (orderId: string) => `/takeaway/track/${orderId}`;

  /** Places the order (or finds it placed), or says why not; null when it could not be. */
  const place = async (): Promise<Placed | null> => {
    if (current) return current;
    attempt.current = placeAttempt(attempt.current, signature, randomId);
    payment.setStatus('placing');
    try {
      const result = await takeawayApi.placeOrder(
        { basketId: basket.id, deliveryNote, ...(needsConfirm ? { allergensConfirmed: confirmed } : {}) },
        attempt.current.key,
      );
      const next = { signature, order: result.order, checkout: result.meta.checkout };
      setPlaced(next);
      if (next.checkout.total !== checkout.total) {
        // What is charged must be what the customer saw: say so, show the basket as it is, press again.
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
      // The last order's payment is still being confirmed: follow it there (issue 19).
      const confirming = confirmingOrderOf(error);
      if (confirming) {
        await payment.follow(confirming);
        return null;
      }
      if (isRefusal(error)) {
        // The shop keeps a refusal under its key: the next try is a new attempt.
        attempt.current = null;
        if (isApiError(error, 'ALLERGENS_NOT_CONFIRMED')) {
          const asked = error.errors[0]?.meta?.allergens;
          if (Array.isArray(asked)) setAskedAllergens(asked as Allergen[]);
          setAllergenError(true);
        }
        payment.setProblem(refusalText(error));
        void basketQuery.refetch();
      } else if (error instanceof NetworkError) {
        payment.setProblem(`${error.message} Nothing has been charged.`);
      } else {
        payment.setProblem(
          `${CREATE_FAILED}. Nothing has been charged: please try again in a moment${
            basket.restaurant ? `, or call ${basket.restaurant.name} on ${basket.restaurant.phone}` : ''
          }.`,
        );
      }
      return null;
    }
  };

  /** The allergen check comes before anything is sent (a new card included). */
  const ready = () => {
    if (!needsConfirm || confirmed) return true;
    setAllergenError(true);
    allergenBox.current?.focus();
    return false;
  };

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (!ready() || !payment.begin(missingMethod)) return;
    const order = await place();
    if (!order) return;
    if (order.checkout.state === 'paid') {
      await ending.confirmed(order.order.id, doneAt(order.order.id));
      return;
    }
    await payment.pay(order.order.id, how, doneAt(order.order.id));
  };

  const delivery = basket.fulfillmentType === 'delivery';
  const address = basket.address;
  const busy = payment.status !== 'idle';

  return (
    <CheckoutFrame title="Payment" wide>
      <div className="tw-pay">
        <section className="checkout-card tw-pay__order" aria-labelledby="tw-order-heading">
          <div className="checkout-card__header">
            <h2 id="tw-order-heading">Your order</h2>
            <Link to={flow.menu}>
              Change<span className="visually-hidden"> your order</span>
            </Link>
          </div>
          <p className="tw-pay__from">From {basket.restaurant?.name}</p>
          <TakeawayLines
            lines={basket.items}
            label={`${basket.itemCount} items from ${basket.restaurant?.name}`}
          />
          <TakeawayTotals
            subtotal={basket.subtotalPrice}
            deliveryFee={basket.shippingPrice}
            total={basket.totalPrice}
            delivery={delivery}
          />
        </section>
        <div className="tw-pay__main">
          <section className="checkout-card" aria-labelledby="tw-when-heading">
            <div className="checkout-card__header">
              <h2 id="tw-when-heading">
                {delivery ? 'Delivery' : basket.fulfillmentType === 'eat_in' ? 'Eating in' : 'Collection'}
              </h2>
              <Link to={paths.instructions}>
                Change<span className="visually-hidden"> time or note</span>
              </Link>
            </div>
            {basket.timeSlot ? (
              <p>
                {delivery ? 'Arriving' : 'Ready'}: <strong>{basket.timeSlot.label}</strong>
                {basket.deliveryDate && !basket.asap && isIsoDate(basket.deliveryDate)
                  ? ` on ${longDayLabel(basket.deliveryDate)}`
                  : ''}
              </p>
            ) : null}
            {delivery && address ? (
              <address className="checkout-address">
                <span>{[address.firstName, address.lastName].filter(Boolean).join(' ')}</span>
                <span>{address.address1}</span>
                {address.address2 ? <span>{address.address2}</span> : null}
                <span>{[address.city, address.zip].filter(Boolean).join(', ')}</span>
                {address.phone ? <span>{ukPhoneText(address.phone)}</span> : null}
              </address>
            ) : (
              <p>
                {basket.restaurant?.name}, {basket.restaurant?.postcode}. For{' '}
                {[address?.firstName, address?.lastName].filter(Boolean).join(' ')}
                {address?.phone ? `, ${ukPhoneText(address.phone)}` : ''}
              </p>
            )}
            {deliveryNote ? <p className="field__hint">Note: {deliveryNote}</p> : null}
          </section>
          {needsConfirm ? (
            <AllergenCheck
              ref={allergenBox}
              allergens={allergens}
              items={basket.items}
              confirmed={confirmed}
              onConfirm={(value) => {
                setConfirmed(value);
                if (value) setAllergenError(false);
              }}
              error={allergenError}
              disabled={busy}
            />
          ) : null}
          <PaySection
            checkout={checkout}
            payment={payment}
            ready={ready}
            onPay={(how, missing) => void onPay(how, missing)}
          />
        </div>
      </div>
    </CheckoutFrame>
  );
}
