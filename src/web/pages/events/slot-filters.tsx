import { useRef } from 'react';
import { useSearchParams } from '../../shared/router';
import type { EventSlotFilterOptions } from '../../../contracts/events';
import { useTypedBeforeLive } from '../../shared/forms/typed-before-live';
import { useHydrated } from '../../shared/use-hydrated';
import { withFilter } from './filters';

type Name = 'location' | 'month' | 'seats';

/**
 * Where, when and how many (spec §7 event_slot_filter_options). A plain GET form: each choice applies at once
 * in the browser; before the page's script runs, "Show dates" sends it, and a choice made then without it
 * applies as the page goes live.
 */
export function SlotFilterForm({
  options,
  show = ['location', 'month', 'seats'],
  label,
}: {
  options: EventSlotFilterOptions;
  show?: readonly Name[];
  label: string;
}) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeLive(form, (typed) => {
    let next = params;
    for (const name of ['location', 'month', 'seats'] as const) {
      const value = typed[name];
      if (typeof value === 'string') next = withFilter(next, name, value);
    }
    if (next !== params) setParams(next, { replace: true, preventScrollReset: true });
  });
  const change = (name: Name, value: string) =>
    setParams(withFilter(params, name, value), { replace: true, preventScrollReset: true });
  const select = (name: Name, title: string, any: string, choices: { value: string; label: string }[]) => (
    <label className="ev-filter">
      <span>{title}</span>
      <select name={name} value={params.get(name) ?? ''} onChange={(e) => change(name, e.target.value)}>
        <option value="">{any}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      ref={form}
      method="get"
      className="ev-filters"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
    >
      {show.includes('location') ? select('location', 'Where', 'Any restaurant', options.locations) : null}
      {show.includes('month') ? select('month', 'When', 'Any month', options.months) : null}
      {show.includes('seats')
        ? select(
            'seats',
            'Seats needed',
            'Any number',
            options.seats.map((n) => ({ value: String(n), label: n === 1 ? '1 seat' : `${n} seats` })),
          )
        : null}
      {hydrated ? null : (
        <button type="submit" className="button button--secondary button--small">
          Show dates
        </button>
      )}
    </form>
  );
}
