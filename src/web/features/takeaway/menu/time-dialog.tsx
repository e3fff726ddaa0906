import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import { ApiError, isApiError, NetworkError } from '../../../shared/api/client';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/spinner';
import { useTakeawayBasketChanges } from './basket-changes';
import { takeawayQueries, type FulfillmentType } from '../takeaway.queries';

// When the order should come (spec §3 Basket timeSlot: ASAP or a scheduled 15-minute slot): a day from the
// restaurant's slot dates, then ASAP (today, when the kitchen can take one now) or one of its slots. A full
// slot stays listed, unavailable. Catering is never ASAP. Saved with the basket update (spec §7).

const ASAP = 'asap';

export function MenuTimeDialog({
  basket,
  restaurantId,
  fulfillmentType,
  catering,
  onClose,
}: {
  basket: TakeawayBasket;
  restaurantId: string;
  fulfillmentType: FulfillmentType;
  catering: boolean;
  onClose: () => void;
}) {
  const ids = useId();
  const dates = useQuery(takeawayQueries.timeSlotDates(restaurantId, fulfillmentType, catering));
  const firstDate = dates.data?.find((d) => d.slotsAvailable > 0 || d.asapAvailable)?.date;
  const [date, setDate] = useState<string | null>(basket.deliveryDate);
  const shownDate =
    date && dates.data?.some((d) => d.date === date) ? date : (firstDate ?? dates.data?.[0]?.date ?? null);
  const slots = useQuery({
    ...takeawayQueries.timeSlots(restaurantId, fulfillmentType, shownDate ?? '', catering),
    enabled: shownDate !== null,
  });
  const current = basket.asap ? ASAP : (basket.timeSlot?.startTime ?? null);
  const [picked, setPicked] = useState<string | null>(current);
  const { changeTime } = useTakeawayBasketChanges();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const options = (slots.data?.slots ?? []).filter((slot) => !(catering && slot.asap));
  const chosenHere = options.some((slot) => (slot.asap ? ASAP : slot.startTime) === picked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!picked || !chosenHere) {
      setError('Choose a time');
      return;
    }
    setError(null);
    setSaving(true);
    changeTime(basket.id, picked === ASAP ? null : picked).then(onClose, (failure: unknown) => {
      setSaving(false);
      if (isApiError(failure, 'SLOT_UNAVAILABLE')) void slots.refetch();
      setError(
        failure instanceof ApiError || failure instanceof NetworkError
          ? failure.message
          : 'Sorry, we couldn’t change the time. Please try again.',
      );
    });
  };

  const verb =
    fulfillmentType === 'delivery'
      ? 'delivered'
      : fulfillmentType === 'pickup'
        ? 'ready to collect'
        : 'ready';
  return (
    <Dialog
      open
      onClose={onClose}
      title="When would you like it?"
      name="takeaway_time"
      className="dialog--sheet twm-time"
    >
      <form onSubmit={submit} className="twm-time__form">
        {dates.isPending ? (
          <Spinner label="Loading the days" />
        ) : dates.isError ? (
          <p className="notice notice--error" role="alert">
            Couldn’t load the times. Please check your connection and try again.
          </p>
        ) : (
          <fieldset className="twm-days">
            <legend className="twm-group__legend">Day</legend>
            <div className="twm-days__list">
              {(dates.data ?? []).map((day) => {
                const open = day.slotsAvailable > 0 || (day.asapAvailable && !catering);
                return (
                  <label key={day.date} className={`twm-day${open ? '' : ' twm-day--closed'}`}>
                    <input
                      type="radio"
                      name={`${ids}-day`}
                      value={day.date}
                      checked={shownDate === day.date}
                      disabled={!open}
                      onChange={() => {
                        setDate(day.date);
                        setError(null);
                      }}
                    />
                    <span>{day.label}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
        {shownDate ? (
          <fieldset className="twm-slots" aria-busy={slots.isPending}>
            <legend className="twm-group__legend">Time it’s {verb}</legend>
            {slots.isPending ? (
              <Spinner label="Loading the times" />
            ) : options.length === 0 ? (
              <p className="twm-slots__none">No times left on this day. Please choose another day.</p>
            ) : (
              <div className="twm-slots__list">
                {options.map((slot) => {
                  const value = slot.asap ? ASAP : slot.startTime;
                  return (
                    <label
                      key={value}
                      className={`twm-slot${slot.asap ? ' twm-slot--asap' : ''}${slot.available ? '' : ' twm-slot--full'}`}
                    >
                      <input
                        type="radio"
                        name={`${ids}-slot`}
                        value={value}
                        checked={picked === value}
                        disabled={!slot.available}
                        onChange={() => {
                          setPicked(value);
                          setError(null);
                        }}
                      />
                      <span>
                        {slot.label}
                        {slot.available ? null : <span className="twm-option__note"> · full</span>}
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
          </fieldset>
        ) : null}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="twm-time__footer">
          <button type="submit" className="button button--primary button--block" disabled={saving}>
            {saving ? 'Saving…' : 'Save time'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
