import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../../shared/router';
import type { RecipeKitOrderBody } from '../../../contracts/orders';
import { useFinishPayment } from '../../app/use-finish-payment';
import { basketKindOf, basketQueries } from '../../features/baskets/baskets.queries';
import { checkoutPaths } from '../../features/checkout/flows';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { accountQueries } from '../../features/customers/customers.queries';
import { deliveryNoteOf, useDeliveryChoices } from '../../features/delivery/delivery-store';
import { longDate, OrdersSummary } from '../../features/orders/order-summary';
import { orderQueries, ordersApi } from '../../features/orders/orders.queries';
import { PaySection } from '../../features/payments/pay-section';
import { confirmingOrderOf, type PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { useSelectedPlan } from '../../features/subscriptions/plan-selection';
import { PlanTermsPanel } from '../../features/subscriptions/plan-terms';
import { VoucherForm } from '../../features/vouchers/voucher-form';
import { analytics } from '../../shared/analytics';
import { ApiError, isRefusal } from '../../shared/api/client';
import { randomId } from '../../shared/random-id';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { CheckoutFrame, EmptyBasketStep } from '../../features/checkout/checkout-frame';
import { useCheckoutFlow } from '../../features/checkout/flow-context';
import { formatPence } from '../../../domain/money';
import { OneOffInstead } from './one-off-instead';

// The payment step (spec §2 "payment (with credits)"): what the orders will be, the voucher, store credit,
// how to pay, and "Pay £x". A basket that starts a plan says first, plainly, that it is a weekly plan, what
// is charged when and how to stop it, and offers the same basket as a one-off box (issue 19 item 6). Paying places the orders (idempotent per basket) and pays them; a decline
// keeps the customer here with the reason; an unexpected failure goes to the error step.

export function PaymentStep() {
  usePageMeta('Checkout: payment');
  const flow = useCheckoutFlow();
  const paths = checkoutPaths(flow);
  useCheckoutStep(5, flow.kind);
  const navigate = useNavigate();
  const basketQuery = useQuery(basketQueries.recipeKit(basketKindOf(flow.kind)));
  const choices = useDeliveryChoices();
  const addresses = useQuery(accountQueries.addresses());
  const ending = useFinishPayment();
  const payment = usePayOrder(ending.confirmed);
  const { status } = payment;

  // A customer who has a plan: no "first delivery" words (issue 12). The card to start with is the default
  // one, as on every payment step (issue 19), not the plan's.
  const { plans } = useSelectedPlan();
  const planCustomer = plans.length > 0;
  const basket = basketQuery.data?.basket;
  const address = addresses.data?.find((a) => a.id === choices.addressId) ?? null;
  const billing = choices.billingAddressId
    ? (addresses.data?.find((a) => a.id === choices.billingAddressId) ?? null)
    : null;
  const firstWeek = basket?.weeks[0]?.mealWeek;
  const recipes = basket
    ? new Set(basket.items.filter((i) => i.mealWeek === firstWeek).map((i) => i.productId)).size
    : 0;
  const startsPlan = flow.kind === 'subscription' && (basket?.startSubscription ?? false);
  const body: RecipeKitOrderBody | null =
    basket && choices.addressId && choices.deliveryDate
      ? {
          basketId: basket.id,
          shippingAddressId: choices.addressId,
          billingAddressId: choices.billingAddressId,
          deliveryDate: choices.deliveryDate,
          deliveryNote: deliveryNoteOf(choices),
          ...(startsPlan
            ? {
                subscription: {
                  frequency: choices.frequency,
                  numberOfRecipes: Math.min(10, Math.max(1, recipes)),
                },
              }
            : {}),
        }
      : null;

  const preview = useQuery({
    ...orderQueries.preview(body, basket?.updatedAt),
    enabled: body !== null && basket !== undefined && basket.items.length > 0,
  });

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (!body || !payment.begin(missingMethod)) return;
    payment.setStatus('placing');
    let orderId: string;
    try {
      const placed = await ordersApi.placeRecipeKits(body, randomId());
      const first = placed.orders[0];
      if (!first) throw new Error('No orders were made');
      if (placed.checkout?.state === 'paid') {
        await ending.finish(placed, paths.confirmation);
        return;
      }
      orderId = first.id;
    } catch (error) {
      payment.setStatus('idle');
      // The last order's payment is still being confirmed: follow it on its page (issue 19).
      const confirming = confirmingOrderOf(error);
      if (confirming) {
        await payment.follow(confirming);
        return;
      }
      if (isRefusal(error)) {
        // Something the customer can change (a date gone, a voucher that no longer applies): say so here.
        payment.setProblem(error.message);
        void preview.refetch();
        return;
      }
      // Spec §8: a recipe-kit order failure says "Something went wrong!" and is reported.
      analytics.errorReported('Something went wrong!', { step: 'recipe_kit_order', cause: String(error) });
      await navigate(paths.error);
      return;
    }
    await payment.pay(orderId, how, paths.confirmation);
  };

  if (basketQuery.isPending || addresses.isPending) {
    return <CheckoutFrame title="Payment" loading="Loading your order" />;
  }
  if (!basket || basket.items.length === 0) {
    return <EmptyBasketStep menu={flow.menu} />;
  }

  return (
    <CheckoutFrame title="Payment" wide>
      <div className="checkout-columns">
        <div className="checkout-columns__main">
          <section className="checkout-card" aria-labelledby="delivery-heading">
            <div className="checkout-card__header">
              <h2 id="delivery-heading">Delivery</h2>
              <Link to={paths.instructions}>
                Change<span className="visually-hidden"> delivery</span>
              </Link>
            </div>
            {address ? (
              <address className="checkout-address">
                {[
                  [address.firstName, address.lastName].filter(Boolean).join(' '),
                  address.address1,
                  address.address2,
                  [address.city, address.zip].filter(Boolean).join(', '),
                ]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line}>{line}</span>
                  ))}
              </address>
            ) : null}
            {choices.deliveryDate ? (
              <p>
                {planCustomer ? 'Delivery' : 'First delivery'}{' '}
                <strong>{longDate(choices.deliveryDate)}</strong>
                {basket.weeks.length > 1 ? ', later boxes on the same weekday' : ''}
              </p>
            ) : null}
            {deliveryNoteOf(choices) ? <p className="field__hint">Note: {deliveryNoteOf(choices)}</p> : null}
            <p className="checkout-billing">
              Billing address:{' '}
              {billing ? [billing.address1, billing.zip].filter(Boolean).join(', ') : 'same as delivery'}{' '}
              <Link to={paths.billing}>
                Change<span className="visually-hidden"> billing address</span>
              </Link>
            </p>
          </section>
          <VoucherForm
            basketId={basket.id}
            disabled={status !== 'idle'}
            onChanged={() => Promise.all([basketQuery.refetch(), preview.refetch()])}
          />
          {startsPlan && preview.data?.checkout?.plan ? (
            <PlanTermsPanel
              terms={preview.data.checkout.plan}
              headingId="plan-terms-heading"
              heading={planCustomer ? 'Your new weekly pasta plan' : 'Your weekly pasta plan'}
              today={`${formatPence(preview.data.checkout.total)} for ${
                basket.weeks.length > 1 ? `your first ${basket.weeks.length} boxes` : 'your first box'
              }${choices.deliveryDate ? `, arriving ${longDate(choices.deliveryDate)}` : ''}`}
            >
              <OneOffInstead basketId={basket.id} disabled={status !== 'idle'} />
            </PlanTermsPanel>
          ) : null}
          {preview.data?.checkout ? (
            <PaySection
              checkout={preview.data.checkout}
              payment={payment}
              onPay={(how, missing) => void onPay(how, missing)}
            />
          ) : preview.isError ? (
            <LoadFailed
              message={
                preview.error instanceof ApiError
                  ? preview.error.message
                  : 'We were unable to process your request'
              }
              onRetry={preview.refetch}
            >
              <Link to={paths.instructions} className="button button--secondary button--small">
                Change delivery
              </Link>
            </LoadFailed>
          ) : (
            <Spinner label="Working out your total" />
          )}
        </div>
        <aside className="checkout-columns__aside" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Your order</h2>
          {preview.data ? (
            <OrdersSummary orders={preview.data.orders} />
          ) : preview.isPending ? (
            <Spinner label="Loading your order" />
          ) : null}
        </aside>
      </div>
    </CheckoutFrame>
  );
}
