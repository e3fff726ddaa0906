import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link, useNavigate } from '../../shared/router';
import type { CourierInstruction } from '../../../contracts/delivery';
import { isIsoDate, type IsoDate } from '../../../domain/calendar';
import { deliveryDateForWeek } from '../../../domain/orders';
import { basketKindOf, basketQueries, readBasket } from '../../features/baskets/baskets.queries';
import { checkoutPaths, ONE_OFF_FLOW } from '../../features/checkout/flows';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { accountQueries } from '../../features/customers/customers.queries';
import { addressSummary } from '../../features/delivery/address-picker';
import { DeliveryDayPicker } from '../../features/delivery/delivery-day-picker';
import { deliveryQueries } from '../../features/delivery/delivery.queries';
import {
  deliveryNoteOf,
  saveDeliveryChoices,
  useDeliveryChoices,
} from '../../features/delivery/delivery-store';
import { longDate } from '../../features/orders/order-summary';
import { useSelectedPlan } from '../../features/subscriptions/plan-selection';
import { api, ApiError, isApiError } from '../../shared/api/client';
import { FormError, SelectField, SubmitButton, TextAreaField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked, type FieldErrors } from '../../shared/forms/validate';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { usePageMeta } from '../../shared/use-page-meta';
import { CheckoutFrame, EmptyBasketStep } from '../../features/checkout/checkout-frame';
import { useCheckoutFlow } from '../../features/checkout/flow-context';

// delivery/instructions (the checkout's default step): the first delivery day (spec §5: no Sundays, up to
// 21 days ahead, none the basket's dishes or the courier rule out), where the courier should leave the box,
// a note, and how often the plan delivers.

const FREQUENCIES = [
  { value: 1, label: 'Every week' },
  { value: 2, label: 'Every 2 weeks' },
  { value: 3, label: 'Every 3 weeks' },
  { value: 4, label: 'Every 4 weeks' },
];

interface InstructionValues {
  date: string | null;
  instruction: string;
  note: string;
  frequency: number;
}

/**
 * A day on offer is chosen, and a note is there when the courier's choice needs one (and not too long).
 * The data: the day chosen.
 */
function checkInstructions(
  { date, note }: InstructionValues,
  offered: readonly { date: string }[],
  picked: CourierInstruction | null,
) {
  const selectedDate = offered.some((d) => d.date === date) ? date : null;
  const found: FieldErrors = {};
  if (!selectedDate) found.date = 'Choose a delivery day';
  if (picked?.requiresNote && note.trim() === '')
    found.note = `Tell the driver more: ${picked.label.toLowerCase()}`;
  if (note.length > 400) found.note = 'Keep the note to 400 characters';
  return checked(found, selectedDate!);
}

export function InstructionsStep() {
  usePageMeta('Checkout: delivery');
  const flow = useCheckoutFlow();
  const paths = checkoutPaths(flow);
  useCheckoutStep(4, flow.kind);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const frequencyName = useId();
  const basketQuery = useQuery(basketQueries.recipeKit(basketKindOf(flow.kind)));
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
    ...deliveryQueries.dates(
      address?.zip ?? '',
      firstWeek ?? '',
      variantIds,
      flow.kind === 'one-off' ? 'one_off' : 'plan',
    ),
    enabled: address?.zip != null && firstWeek !== null,
  });
  const settings = useQuery(shopQueries.settings());
  const instructions = useQuery(deliveryQueries.courierInstructions());
  const pickedOf = (label: string) => instructions.data?.find((i) => i.label === label) ?? null;

  // A customer who already has a plan (issue 12): no "first box" words; the plan's note to start with.
  const { plans, plan } = useSelectedPlan();
  const planCustomer = plans.length > 0;

  const offered = dates.data?.dates ?? [];
  const startsPlan = flow.kind === 'subscription';
  const laterWeeks = (basket?.weeks ?? []).slice(1);
  const form = useForm({
    initial: (): InstructionValues => ({
      date: choices.deliveryDate,
      instruction: choices.courierInstruction ?? '',
      note: choices.deliveryNote,
      frequency: choices.frequency,
    }),
    check: (values) => checkInstructions(values, offered, pickedOf(values.instruction)),
    onSubmit: async (deliveryDate, { instruction, note, frequency }) => {
      if (!basket) return;
      const next = saveDeliveryChoices({
        deliveryDate,
        courierInstruction: instruction || null,
        deliveryNote: note.trim(),
        frequency,
      });
      const updated = readBasket(
        await api('PUT', `/baskets/${basket.id}`, {
          body: {
            deliveryDate,
            deliveryNote: deliveryNoteOf(next),
            ...(startsPlan ? { frequency } : {}),
          },
        }),
      );
      queryClient.setQueryData(basketQueries.recipeKit(basketKindOf(flow.kind)).queryKey, updated);
      await navigate(paths.payment);
    },
    failure: (error) =>
      error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
  });
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !plan) return;
    prefilled.current = true;
    if (plan.deliveryNote && !form.values.note && !form.values.instruction)
      form.set({ note: plan.deliveryNote });
  }, [plan, form]);
  const { errors } = form;
  const { instruction, frequency } = form.values;
  const selectedDate = offered.some((d) => d.date === form.values.date) ? form.values.date : null;
  const picked = pickedOf(instruction);

  if (!basket || addresses.isPending) {
    return <CheckoutFrame title="Delivery" loading="Loading your basket" />;
  }
  if (basket.items.length === 0) {
    return <EmptyBasketStep menu={flow.menu} />;
  }

  return (
    <CheckoutFrame
      title="Delivery"
      intro={
        startsPlan && !planCustomer
          ? 'Choose the day of your first box and tell the courier where to leave it.'
          : startsPlan
            ? 'Choose a delivery day for your new plan and tell the courier where to leave your boxes.'
            : 'Choose a delivery day and tell the courier where to leave your box.'
      }
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
      <form {...form.props}>
        <FormError message={form.formError} />
        <DeliveryDayPicker
          legend={planCustomer ? 'Delivery day' : 'First delivery day'}
          hint={
            <>
              {flow.kind === 'one-off'
                ? 'Next-day delivery: order by 5pm the day before (Tuesday to Friday), or by 8am on Sunday for Monday.'
                : 'Plan boxes are ordered by 12 noon on the Friday before their week.'}{' '}
              {laterWeeks.length > 0
                ? 'Your later boxes come on the same day of the week.'
                : 'We deliver Monday to Saturday.'}
            </>
          }
          days={dates}
          selected={selectedDate}
          onSelect={(date) => form.set({ date })}
          now={settings.data ? shopNow(settings.data) : undefined}
          error={errors.date}
          empty={
            <>
              There are no delivery days left for this week’s dishes.{' '}
              <Link to={flow.menu}>Choose a later week</Link>.
            </>
          }
          unavailable={(error) =>
            isApiError(error, 'OUTSIDE_DELIVERY_AREA') ? (
              <Link to={paths.address}>Use another address</Link>
            ) : null
          }
        >
          {selectedDate && laterWeeks.length > 0 && isIsoDate(selectedDate) ? (
            <ul className="later-boxes">
              {laterWeeks.map((week) => (
                <li key={week.mealWeek}>
                  Then {longDate(deliveryDateForWeek(selectedDate as IsoDate, week.mealWeek as IsoDate))}
                </li>
              ))}
            </ul>
          ) : null}
        </DeliveryDayPicker>

        <SelectField
          label="Where should the courier leave your box?"
          {...form.field('instruction')}
          disabled={instructions.isPending}
          hint={
            instructions.isError
              ? 'We couldn’t load the usual choices: write your instructions below.'
              : undefined
          }
        >
          <option value="">No preference</option>
          {(instructions.data ?? []).map((option) => (
            <option key={option.id} value={option.label}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={picked?.requiresNote ? 'Tell the driver more' : 'Delivery note (optional)'}
          hint="For example: the side gate is open, or which neighbour to try."
          rows={3}
          maxLength={400}
          {...form.field('note')}
        />

        {startsPlan ? (
          <fieldset className="fieldset choice-list choice-list--inline">
            <legend>How often would you like a box?</legend>
            {FREQUENCIES.map((option) => (
              <label key={option.value} className="choice choice--compact">
                <input
                  type="radio"
                  name={frequencyName}
                  checked={frequency === option.value}
                  onChange={() => form.set({ frequency: option.value })}
                />
                <span className="choice__title">{option.label}</span>
              </label>
            ))}
            <p className="field__hint">
              {planCustomer
                ? 'Your second pasta plan starts with this order. Your other plan stays as it is.'
                : 'Your pasta plan starts with this order.'}{' '}
              It is a weekly subscription: each later box is charged on the Friday at 12 noon before its week,
              until you cancel, which you can do online at any time. You’ll see the next charge before you
              pay. <Link to={ONE_OFF_FLOW.base}>Just this once? Buy a one-off box instead</Link>.
            </p>
          </fieldset>
        ) : null}

        <SubmitButton busy={form.busy} busyLabel="Saving…" block disabled={dates.isPending}>
          Continue to payment
        </SubmitButton>
      </form>
    </CheckoutFrame>
  );
}
