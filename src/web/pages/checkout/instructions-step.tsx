import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isIsoDate, type IsoDate } from '../../../domain/calendar';
import { deliveryDateForWeek } from '../../../domain/orders';
import { basketQueries, readBasket } from '../../features/baskets/baskets.queries';
import { checkoutQueries } from '../../features/checkout/checkout.queries';
import { DateOptions } from '../../features/checkout/date-options';
import {
  deliveryNoteOf,
  saveDeliveryChoices,
  useDeliveryChoices,
} from '../../features/checkout/delivery-store';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { accountQueries } from '../../features/customers/customers.queries';
import { longDate } from '../../features/orders/order-summary';
import { api, ApiError } from '../../shared/api/client';
import { FormError, useFormErrors, type Checked, type FieldErrors } from '../../shared/forms';
import { Spinner } from '../../shared/ui/spinner';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { usePageMeta } from '../../shared/use-page-meta';
import { addressSummary } from '../../features/customers/address-choice';
import { CheckoutFrame } from './checkout-frame';
import { useCheckoutFlow } from './flow-context';
import { checkoutPaths } from './flows';

// delivery/instructions (the checkout's default step): the first delivery day (spec §5: no Sundays, up to
// 21 days ahead, none the basket's dishes or the courier rule out), where the courier should leave the box,
// a note, and how often the plan delivers.

const FREQUENCIES = [
  { value: 1, label: 'Every week' },
  { value: 2, label: 'Every 2 weeks' },
  { value: 3, label: 'Every 3 weeks' },
  { value: 4, label: 'Every 4 weeks' },
];

/** A day is chosen, and a note is there when the courier's choice needs one (and not too long). */
function checkInstructions({
  selectedDate,
  note,
  picked,
}: {
  selectedDate: string | null;
  note: string;
  picked: { label: string; requiresNote: boolean } | null;
}): Checked<true> {
  const found: FieldErrors = {};
  if (!selectedDate) found.date = 'Choose a delivery day';
  if (picked?.requiresNote && note.trim() === '')
    found.note = `Tell the driver more: ${picked.label.toLowerCase()}`;
  if (note.length > 400) found.note = 'Keep the note to 400 characters';
  return Object.keys(found).length > 0 ? { ok: false, errors: found } : { ok: true, data: true };
}

export function InstructionsStep() {
  usePageMeta('Checkout: delivery');
  const flow = useCheckoutFlow();
  const paths = checkoutPaths(flow);
  useCheckoutStep(4, flow.kind);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { date: useId(), instruction: useId(), note: useId(), frequency: useId() };
  const basketQuery = useQuery(basketQueries.recipeKit());
  const addresses = useQuery(accountQueries.addresses());
  const choices = useDeliveryChoices();
  const basket = basketQuery.data?.basket;
  const address = addresses.data?.find((a) => a.id === choices.addressId) ?? null;
  const firstWeek = basket?.weeks[0]?.mealWeek ?? null;
  const variantIds = useMemo(
    () => [...new Set((basket?.items ?? []).map((item) => item.productVariantId))].sort(),
    [basket?.items],
  );
  // A one-off box may come next day; a plan's first box keeps the weekly cutoff (docs/decisions/0011).
  const dates = useQuery({
    ...checkoutQueries.deliveryDates(
      address?.zip ?? '',
      firstWeek ?? '',
      variantIds,
      flow.kind === 'one-off' ? 'one_off' : 'plan',
    ),
    enabled: address?.zip != null && firstWeek !== null,
  });
  const settings = useQuery(shopQueries.settings());
  const instructions = useQuery(checkoutQueries.courierInstructions());

  const [date, setDate] = useState<string | null>(choices.deliveryDate);
  const [instruction, setInstruction] = useState<string>(choices.courierInstruction ?? '');
  const [note, setNote] = useState(choices.deliveryNote);
  const [frequency, setFrequency] = useState(choices.frequency);
  const [busy, setBusy] = useState(false);

  const offered = dates.data?.dates ?? [];
  const selectedDate = offered.some((d) => d.date === date) ? date : null;
  const picked = instructions.data?.find((i) => i.label === instruction) ?? null;
  const startsPlan = flow.kind === 'subscription';
  const laterWeeks = (basket?.weeks ?? []).slice(1);
  const [form, attachForm] = useFormErrors({ selectedDate, note, picked }, checkInstructions);
  const { errors } = form;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked || !basket || !selectedDate) return;
    setBusy(true);
    form.fail(null);
    const next = saveDeliveryChoices({
      deliveryDate: selectedDate,
      courierInstruction: instruction || null,
      deliveryNote: note.trim(),
      frequency,
    });
    try {
      const updated = readBasket(
        await api('PUT', `/baskets/${basket.id}`, {
          body: {
            deliveryDate: selectedDate,
            deliveryNote: deliveryNoteOf(next),
            ...(startsPlan ? { frequency } : {}),
            // The one-off checkout buys a single box (with the one-off fee); /checkout may start a plan.
            ...(flow.kind === 'one-off'
              ? { startSubscription: false, oneOffFeeApplicable: true }
              : { startSubscription: true, oneOffFeeApplicable: false }),
          },
        }),
      );
      queryClient.setQueryData(basketQueries.recipeKit().queryKey, updated);
      await navigate(paths.payment);
    } catch (error) {
      setBusy(false);
      form.fail(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  };

  if (!basket || addresses.isPending) {
    return (
      <CheckoutFrame title="Delivery">
        <Spinner label="Loading your basket" />
      </CheckoutFrame>
    );
  }
  if (basket.items.length === 0) {
    return (
      <CheckoutFrame title="Your basket is empty">
        <p>Add some dishes first: each week you choose is its own delivery.</p>
        <Link to={flow.menu} className="button button--primary">
          See the menu
        </Link>
      </CheckoutFrame>
    );
  }

  const outside = dates.error instanceof ApiError && dates.error.code === 'OUTSIDE_DELIVERY_AREA';
  return (
    <CheckoutFrame
      title="Delivery"
      intro="Choose the day of your first box and tell the courier where to leave it."
    >
      <section className="checkout-card" aria-labelledby="deliver-to-heading">
        <div className="checkout-card__header">
          <h2 id="deliver-to-heading">Delivering to</h2>
          <Link to={paths.address}>
            Change<span className="visually-hidden"> address</span>
          </Link>
        </div>
        {address ? <p>{addressSummary(address)}</p> : null}
      </section>
      <form ref={attachForm} onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <fieldset
          className={`fieldset date-picker ${errors.date ? 'field--error' : ''}`}
          data-invalid={errors.date ? true : undefined}
          aria-describedby={errors.date ? `${ids.date}-error` : `${ids.date}-hint`}
          aria-busy={dates.isPending}
        >
          <legend>First delivery day</legend>
          <p id={`${ids.date}-hint`} className="field__hint">
            {flow.kind === 'one-off'
              ? 'Next-day delivery: order by 5pm the day before (Tuesday to Friday), or by 8am on Sunday for Monday.'
              : 'Plan boxes are ordered by 12 noon on the Friday before their week.'}{' '}
            {laterWeeks.length > 0
              ? 'Your later boxes come on the same day of the week.'
              : 'We deliver Monday to Saturday.'}
          </p>
          {dates.isPending ? (
            <Spinner label="Finding delivery days" />
          ) : dates.isError ? (
            <div className="notice notice--error" role="alert">
              <p>
                {dates.error instanceof ApiError
                  ? dates.error.message
                  : 'We couldn’t find delivery days just now.'}
              </p>
              {outside ? (
                <Link to={paths.address}>Use another address</Link>
              ) : (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void dates.refetch()}
                >
                  Try again
                </button>
              )}
            </div>
          ) : offered.length === 0 ? (
            <p className="notice notice--warning" role="status">
              There are no delivery days left for this week’s dishes.{' '}
              <Link to={flow.menu}>Choose a later week</Link>.
            </p>
          ) : (
            <DateOptions
              name={ids.date}
              options={offered}
              selected={selectedDate}
              now={settings.data ? shopNow(settings.data) : undefined}
              onSelect={setDate}
            />
          )}
          {errors.date ? (
            <p id={`${ids.date}-error`} className="field__error">
              {errors.date}
            </p>
          ) : null}
          {selectedDate && laterWeeks.length > 0 && isIsoDate(selectedDate) ? (
            <ul className="later-boxes">
              {laterWeeks.map((week) => (
                <li key={week.mealWeek}>
                  Then {longDate(deliveryDateForWeek(selectedDate as IsoDate, week.mealWeek as IsoDate))}
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>

        <div className="field">
          <label htmlFor={ids.instruction}>Where should the courier leave your box?</label>
          <select
            id={ids.instruction}
            className="select"
            value={instruction}
            onChange={(e) => setInstruction(e.target.value)}
            disabled={instructions.isPending}
          >
            <option value="">No preference</option>
            {(instructions.data ?? []).map((option) => (
              <option key={option.id} value={option.label}>
                {option.label}
              </option>
            ))}
          </select>
          {instructions.isError ? (
            <p className="field__hint">We couldn’t load the usual choices: write your instructions below.</p>
          ) : null}
        </div>
        <div className={`field ${errors.note ? 'field--error' : ''}`}>
          <label htmlFor={ids.note}>
            {picked?.requiresNote ? 'Tell the driver more' : 'Delivery note (optional)'}
          </label>
          <p id={`${ids.note}-hint`} className="field__hint">
            For example: the side gate is open, or which neighbour to try.
          </p>
          <textarea
            id={ids.note}
            className="textarea"
            rows={3}
            maxLength={400}
            value={note}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={`${ids.note}-hint${errors.note ? ` ${ids.note}-error` : ''}`}
            onChange={(e) => setNote(e.target.value)}
          />
          {errors.note ? (
            <p id={`${ids.note}-error`} className="field__error">
              {errors.note}
            </p>
          ) : null}
        </div>

        {startsPlan ? (
          <fieldset className="fieldset choice-list choice-list--inline">
            <legend>How often would you like a box?</legend>
            {FREQUENCIES.map((option) => (
              <label key={option.value} className="choice choice--compact">
                <input
                  type="radio"
                  name={ids.frequency}
                  checked={frequency === option.value}
                  onChange={() => setFrequency(option.value)}
                />
                <span className="choice__title">{option.label}</span>
              </label>
            ))}
            <p className="field__hint">Your pasta plan starts with this order.</p>
          </fieldset>
        ) : null}

        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || dates.isPending}
          aria-busy={busy}
        >
          {busy ? 'Saving…' : 'Continue to payment'}
        </button>
      </form>
    </CheckoutFrame>
  );
}
