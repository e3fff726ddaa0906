import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import { isApiError } from '../../../shared/api/client';
import { Spinner } from '../../../shared/ui/spinner';
import { takeawayBasketApi, takeawayQueries, type TakeawayBasketState } from '../takeaway.queries';

// When the order comes (or is ready): ASAP, or a 15-minute slot of a day on offer (catering: a slot at least
// its lead time ahead). A choice is saved on the basket at once, so the estimate, the slot's capacity and
// the basket's problems all follow it.

const ASAP = 'asap';

/** The choice the basket holds, as the time list's value on `date` ('' when it is on another day). */
export function chosenTime(basket: Pick<TakeawayBasket, 'asap' | 'timeSlot' | 'deliveryDate'>, date: string) {
  if (basket.deliveryDate !== date) return '';
  if (basket.asap) return ASAP;
  return basket.timeSlot?.startTime ?? '';
}

export function TimePicker({
  basket,
  onChange,
  disabled = false,
}: {
  basket: TakeawayBasket;
  onChange: (state: TakeawayBasketState) => void;
  disabled?: boolean;
}) {
  const dayId = useId();
  const timeId = useId();
  const errorId = useId();
  const restaurantId = basket.restaurantId!;
  const fulfillment = basket.fulfillmentType!;
  const catering = basket.isCateringOrder;
  const dates = useQuery(takeawayQueries.timeSlotDates(restaurantId, fulfillment, catering));
  const [picked, setPicked] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const offered = (dates.data ?? []).filter((d) => d.slotsAvailable > 0 || d.asapAvailable);
  const date =
    picked ??
    offered.find((d) => d.date === basket.deliveryDate)?.date ??
    offered[0]?.date ??
    basket.deliveryDate ??
    null;
  const slots = useQuery({
    ...takeawayQueries.timeSlots(restaurantId, fulfillment, date ?? '', catering),
    enabled: date !== null,
  });
  // The basket's choice when it is on offer for this day; otherwise none shown (ASAP when the kitchen can't
  // take one now, a slot gone), so the customer chooses.
  const held = date ? chosenTime(basket, date) : '';
  const value = (slots.data?.slots ?? []).some(
    (slot) => (slot.asap ? ASAP : slot.startTime) === held && slot.available,
  )
    ? held
    : '';

  const choose = async (time: string) => {
    if (!time) return;
    setSaving(true);
    setProblem(null);
    try {
      onChange(
        await takeawayBasketApi.update(basket.id, {
          timeSlot: time === ASAP ? { asap: true } : { asap: false, startTime: time },
        }),
      );
    } catch (error) {
      setProblem(
        isApiError(error, 'SLOT_UNAVAILABLE', 'VALIDATION_FAILED')
          ? error.message
          : 'We couldn’t save that time. Please try again.',
      );
      void slots.refetch();
    } finally {
      setSaving(false);
    }
  };

  const what =
    fulfillment === 'delivery' ? 'Delivery time' : fulfillment === 'eat_in' ? 'Time' : 'Collection time';
  if (dates.isPending) return <Spinner label="Loading the times on offer" />;
  if (dates.isError) {
    return (
      <p className="notice notice--error" role="alert">
        We couldn’t load the times on offer.{' '}
        <button type="button" className="link-button" onClick={() => void dates.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (offered.length === 0) {
    return (
      <p className="notice notice--warning" role="status">
        {basket.restaurant?.name ?? 'The restaurant'} has no times left to order for. Please try another day
        or another restaurant.
      </p>
    );
  }
  return (
    <fieldset className="fieldset tw-when" aria-describedby={problem ? errorId : undefined}>
      <legend>{what}</legend>
      <div className="field-row">
        <div className="field">
          <label htmlFor={dayId}>Day</label>
          <select
            id={dayId}
            className="select"
            value={date ?? ''}
            disabled={disabled || saving}
            onChange={(event) => setPicked(event.target.value)}
          >
            {offered.map((d) => (
              <option key={d.date} value={d.date}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={timeId}>Time</label>
          <select
            id={timeId}
            className="select"
            value={value}
            disabled={disabled || saving || slots.isPending}
            aria-busy={saving || slots.isPending}
            onChange={(event) => void choose(event.target.value)}
          >
            <option value="" disabled>
              {slots.isPending ? 'Loading times…' : 'Choose a time'}
            </option>
            {(slots.data?.slots ?? []).map((slot) => (
              <option
                key={slot.asap ? ASAP : slot.startTime}
                value={slot.asap ? ASAP : slot.startTime}
                disabled={!slot.available}
              >
                {slot.available ? slot.label : `${slot.label} (fully booked)`}
              </option>
            ))}
          </select>
        </div>
      </div>
      {saving ? (
        <p className="field__hint" role="status">
          Saving your time…
        </p>
      ) : null}
      {problem ? (
        <p id={errorId} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
