import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { BUSY_MINUTES_OPTIONS } from '../../../domain/kitchen-options';
import { kitchenApi, kitchenQueries, type KitchenRestaurant } from './kitchen.queries';
import { useKitchenAction } from './use-kitchen-action';

// Busy mode (issue 13 part 3): minutes added to every estimate customers are given, and to the first slot
// on offer, until it is turned off. Its state is always in sight; the choices open under it.

const busyText = (minutes: number) => (minutes === 0 ? 'Off' : `+${minutes} min`);

export function BusyMode({ restaurant }: { restaurant: KitchenRestaurant }) {
  const queryClient = useQueryClient();
  const action = useKitchenAction();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const current = restaurant.busyMinutes;
  const choose = (minutes: number) =>
    void action.run(
      String(minutes),
      () => kitchenApi.busy(restaurant.id, minutes),
      (restaurants) => {
        queryClient.setQueryData(kitchenQueries.restaurants().queryKey, restaurants);
        setOpen(false);
      },
    );
  return (
    <div className="busy">
      <button
        type="button"
        className={`busy__toggle${current > 0 ? ' busy__toggle--on' : ''}`}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        Busy mode: {current > 0 ? `on, +${current} min` : 'off'}
      </button>
      <div id={panel} className="busy__panel" hidden={!open}>
        <p className="busy__hint">
          Adds minutes to every estimate customers see, and to the first time slot.
        </p>
        <div className="busy__choices" role="group" aria-label="Minutes to add">
          {BUSY_MINUTES_OPTIONS.map((minutes) => {
            const busy = action.pending === String(minutes);
            return (
              <button
                key={minutes}
                type="button"
                className="chip"
                aria-pressed={minutes === current}
                aria-busy={busy}
                disabled={action.pending !== null}
                onClick={() => choose(minutes)}
              >
                {busy ? 'Saving…' : busyText(minutes)}
              </button>
            );
          })}
        </div>
        {action.problem ? (
          <p className="kitchen__problem" role="alert">
            {action.problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
