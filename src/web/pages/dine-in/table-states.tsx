import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import type { Restaurant } from '../../../contracts/restaurants';
import { clockTimeLabel } from '../../../domain/calendar';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { useTypedBeforeLive } from '../../shared/forms/typed-before-live';
import { Spinner } from '../../shared/ui/spinner';
import { StepHeading } from '../../shared/ui/step-heading';

// A table's page when it shows no menu (issue 21 part 1): eat-in closed now, or which table the guest is at.
// Apart from the page (table-page.tsx), which loads them when it shows them.

const DEFAULT_PROMPT = 'Your table number is on the card on your table.';

/** Eat-in is closed now: why, and when the restaurant opens (its week's hours). */
export function Closed({
  restaurantId,
  name,
  reason,
}: {
  restaurantId: string;
  name: string;
  reason: string | null;
}) {
  const restaurant = useQuery(takeawayQueries.restaurant(restaurantId));
  const noTables = restaurant.data ? !restaurant.data.fulfillmentTypes.includes('eat_in') : false;
  const why = reason ?? `${name} isn’t taking orders to tables right now`;
  return (
    <div className="page page--narrow di-page">
      <p className="di-kicker">{name}</p>
      <StepHeading>
        {noTables ? 'No ordering from the table here' : 'Ordering to your table is closed'}
      </StepHeading>
      <p className="notice notice--warning" role="status">
        {/[.!?]$/.test(why) ? why : `${why}.`} Please ask a member of staff if you need anything.
      </p>
      {restaurant.isPending ? <Spinner label="Loading the opening hours" /> : null}
      {restaurant.data && !noTables ? <OpeningHours restaurant={restaurant.data} /> : null}
      <p>
        <Link to="/pasta-now-search-address">Order a takeaway instead</Link>
      </p>
    </div>
  );
}

function OpeningHours({ restaurant }: { restaurant: Restaurant }) {
  const time = (hhmm: string) => {
    const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
    return clockTimeLabel(hours, minutes);
  };
  return (
    <section className="checkout-card" aria-labelledby="di-hours-heading">
      <h2 id="di-hours-heading">Opening hours</h2>
      <dl className="di-hours">
        {restaurant.openingHours.map((day) => (
          <div key={day.weekday}>
            <dt>{day.day}</dt>
            <dd>
              {day.windows.length === 0
                ? 'Closed'
                : day.windows.map((w) => `${time(w.opens)} – ${time(w.closes)}`).join(', ')}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Which table: asked where the link had none, or named one the restaurant doesn't have. */
export function TablePrompt({
  restaurantId,
  name,
  prompt,
  wrong,
}: {
  restaurantId: string;
  name: string;
  prompt: string | null;
  wrong: string | null;
}) {
  const id = useId();
  const [, setParams] = useSearchParams();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // A number typed before the page went live is the one checked and sent.
  useTypedBeforeLive(form, ({ table }) => {
    if (typeof table === 'string') setValue(table);
  });
  const hint = prompt ?? DEFAULT_PROMPT;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = value.trim();
    if (number === '') {
      setProblem('Enter your table number. ' + hint);
      input.current?.focus();
      return;
    }
    if (number.length > 12) {
      setProblem('A table number is short, like 12. ' + hint);
      input.current?.focus();
      return;
    }
    setParams({ restaurant: restaurantId, table: number }, { replace: true });
  };
  return (
    <>
      <p className="di-kicker">{name}</p>
      <StepHeading>Which table are you at?</StepHeading>
      {wrong ? (
        <p className="notice notice--error" role="alert">
          {name} has no table {wrong}. Please check the number on your table and enter it below.
        </p>
      ) : null}
      {/* A plain GET to the table's address too: it works the same before the page is live. */}
      <form
        ref={form}
        className="checkout-card di-table-form"
        method="get"
        action="/dine-in"
        onSubmit={submit}
        noValidate
      >
        <input type="hidden" name="restaurant" value={restaurantId} />
        <div className={`field ${problem ? 'field--error' : ''}`}>
          <label htmlFor={`${id}-table`}>Table number</label>
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
          <input
            ref={input}
            id={`${id}-table`}
            name="table"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
          />
          {problem ? (
            <p id={`${id}-error`} className="field__error">
              {problem}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary button--block">
          See the menu
        </button>
      </form>
    </>
  );
}
