import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../../../shared/router';
import type { DeliveryEstimationBody, TakeawayBasket } from '../../../../contracts/takeaway';
import { isIsoDate, londonDate, longDayLabel } from '../../../../domain/calendar';
import { missingForEstimate } from '../../../../domain/takeaway';
import { CheckoutFrame } from '../../../features/checkout/checkout-frame';
import { checkoutPaths } from '../../../features/checkout/flows';
import { useCheckoutStep } from '../../../features/checkout/use-checkout-step';
import { useCheckoutBasket } from '../../../features/takeaway/checkout/basket';
import { problemPlace } from '../../../features/takeaway/checkout/rules';
import { TimePicker } from '../../../features/takeaway/checkout/time-picker';
import { Upsell } from '../../../features/takeaway/checkout/upsell';
import { takeawayBasketApi, takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { FormError, SubmitButton, TextAreaField } from '../../../shared/forms/fields';
import { useForm } from '../../../shared/forms/use-form';
import { shopNow, shopQueries } from '../../../shared/shop.queries';
import { usePageMeta } from '../../../shared/use-page-meta';
import { useTakeawayFlow } from './layout';

// delivery/instructions: when (ASAP or a 15-minute slot), a note for the rider or the kitchen, "Add
// something?", and the delivery estimate once everything it needs is known (spec §5). Anything still in the
// way of ordering (a closed kitchen for ASAP, a slot gone) is said here with where to put it right; the
// note is kept on the basket and sent with the order.

/** Spec §5: the estimate is asked for only with the slot, restaurant, zip, lat, lon, country, address1, city. */
export function estimateBody(basket: TakeawayBasket): DeliveryEstimationBody | null {
  // No window (ASAP while the kitchen can't take one, no slot chosen): nothing to estimate yet.
  if (basket.fulfillmentType !== 'delivery' || !basket.timeSlot) return null;
  const address = basket.address;
  const timeSlot = basket.asap
    ? { asap: true }
    : basket.timeSlot
      ? { asap: false, startTime: basket.timeSlot.startTime }
      : null;
  const missing = missingForEstimate({
    timeSlot,
    restaurantId: basket.restaurantId,
    zip: address?.zip,
    lat: address?.lat,
    lon: address?.lon,
    country: address?.country,
    address1: address?.address1,
    city: address?.city,
  });
  if (missing.length > 0 || !address) return null;
  return {
    restaurantId: basket.restaurantId,
    timeSlot,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.zip,
    country: address.country,
    countryCode: address.countryCode,
    lat: address.lat,
    lon: address.lon,
    phone: address.phone,
    numberOfItems: basket.itemCount,
  };
}

/** "Thursday 19 November, " for a time on another day than today (the shop's clock), else nothing. */
function useDayPrefix(date: string | null): string {
  const settings = useQuery(shopQueries.settings());
  if (!date || !isIsoDate(date) || !settings.data) return '';
  return date === londonDate(shopNow(settings.data)) ? '' : `${longDayLabel(date)}, `;
}

function Estimate({ basket }: { basket: TakeawayBasket }) {
  const body = estimateBody(basket);
  const day = useDayPrefix(basket.asap ? null : basket.deliveryDate);
  const estimate = useQuery(takeawayQueries.estimate(body));
  if (basket.fulfillmentType !== 'delivery') {
    return basket.timeSlot ? (
      <p className="tw-estimate">
        Ready {basket.asap ? 'in about ' : ''}
        <strong>
          {basket.asap
            ? basket.timeSlot.label.replace(/^ASAP \((.*)\)$/, '$1')
            : `${day}${basket.timeSlot.label}`}
        </strong>
      </p>
    ) : null;
  }
  if (!body) return null;
  if (estimate.isError) {
    return <p className="field__hint">Couldn’t get delivery time estimation</p>;
  }
  if (!estimate.data) return null;
  return (
    <p className="tw-estimate" role="status">
      {estimate.data.asap ? 'Arriving in about ' : 'Arriving '}
      <strong>
        {estimate.data.asap ? '' : day}
        {estimate.data.text}
      </strong>
      {estimate.data.distanceMiles > 0 ? ` · ${estimate.data.distanceMiles} miles away` : ''}
    </p>
  );
}

export function InstructionsStep() {
  const flow = useTakeawayFlow();
  usePageMeta('Checkout: when');
  useCheckoutStep(4, flow.kind);
  const navigate = useNavigate();
  const paths = checkoutPaths(flow);
  const { basket, set } = useCheckoutBasket();
  const form = useForm({
    initial: { note: basket?.deliveryNote ?? '' },
    onSubmit: async ({ note }: { note: string }) => {
      if (!basket) return;
      const deliveryNote = note.trim() || null;
      if (deliveryNote !== (basket.deliveryNote ?? null)) {
        set(await takeawayBasketApi.update(basket.id, { deliveryNote }));
      }
      await navigate(paths.payment);
    },
  });

  if (!basket) return <CheckoutFrame title="When" loading="Loading your basket" />;

  const delivery = basket.fulfillmentType === 'delivery';
  const address = basket.address;
  const restaurant = basket.restaurant;
  // What stops the order that the customer puts right here (the time) or elsewhere (the menu, details).
  const problems = basket.problems.map((p) => ({ ...p, place: problemPlace(p) }));
  const blocked = problems.length > 0;

  return (
    <CheckoutFrame
      title={
        delivery
          ? 'When should we deliver?'
          : basket.fulfillmentType === 'eat_in'
            ? 'When?'
            : 'When will you collect?'
      }
      intro={basket.isCateringOrder ? 'Catering is ordered ahead: choose a day and a time.' : undefined}
    >
      <section className="checkout-card" aria-labelledby="tw-where-heading">
        <div className="checkout-card__header">
          <h2 id="tw-where-heading">{delivery ? 'Delivering to' : 'Collecting from'}</h2>
          <Link to={paths.address}>
            Change<span className="visually-hidden"> {delivery ? 'address' : 'your details'}</span>
          </Link>
        </div>
        {delivery && address ? (
          <p>
            {[address.firstName, address.lastName].filter(Boolean).join(' ')},{' '}
            {[address.address1, address.city, address.zip].filter(Boolean).join(', ')}
          </p>
        ) : (
          <p>
            {restaurant?.name}, {restaurant?.postcode} · for {address?.firstName} {address?.lastName}
          </p>
        )}
      </section>

      <div className="checkout-card">
        <TimePicker basket={basket} onChange={set} disabled={form.busy} />
        <Estimate basket={basket} />
      </div>

      {problems.length > 0 ? (
        <div className="notice notice--warning tw-problems" role="status">
          <p>
            <strong>Before you pay:</strong>
          </p>
          <ul>
            {problems.map((p) => (
              <li key={`${p.code}-${p.detail}`}>
                {p.detail}{' '}
                {p.place === 'menu' ? (
                  <Link to={flow.menu}>Change your basket</Link>
                ) : p.place === 'details' ? (
                  <Link to={paths.address}>Change your details</Link>
                ) : p.place === 'restaurant' ? (
                  <Link to={flow.search}>Choose a restaurant</Link>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Upsell basket={basket} onChange={set} />

      <form {...form.props}>
        <FormError message={form.formError} />
        <TextAreaField
          label={delivery ? 'Note for the rider (optional)' : 'Note for the restaurant (optional)'}
          hint={
            delivery
              ? 'For example: the flat number, the side door, or which bell to ring.'
              : 'For example: when you’ll arrive, or anything the kitchen should know.'
          }
          rows={3}
          maxLength={500}
          {...form.field('note')}
        />
        <SubmitButton busy={form.busy} busyLabel="Saving…" block disabled={blocked}>
          Continue to payment
        </SubmitButton>
        {blocked ? (
          <p className="field__hint tw-blocked-hint">Put right what is listed above to go on.</p>
        ) : null}
      </form>
    </CheckoutFrame>
  );
}
