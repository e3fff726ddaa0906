import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { londonClock, longDayLabel, type IsoDate } from '../../../../domain/calendar';
import { formatPence } from '../../../../domain/money';
import { isApiError } from '../../../shared/api/client';
import { FormError, SelectField, SubmitButton, TextField } from '../../../shared/forms/fields';
import { useForm, type Form, type TextBinding } from '../../../shared/forms/use-form';
import { checked, type FieldErrors } from '../../../shared/forms/validate';
import { randomId } from '../../../shared/random-id';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import { penceOf } from '../catalogue/dish-editor';
import { penceToPounds } from '../orders/money-input';
import type { BackOfficeRestaurant } from '../back-office.queries';
import type { BackOfficeScreenProps } from '../screens';
import { sittingLabel } from './events-format';
import {
  eventsApi,
  eventsQueries,
  type EventSlotAdminChange,
  type EventSlotAdminNew,
  type EventSlotAdminView,
  type EventTemplateAdminView,
} from './events.queries';
import '../catalogue/catalogue.css';
import '../shop/shop.css';
import './events.css';

// /back-office/events (issue 25 part 3, "event slots and capacity"): the coming sittings of each event, by
// London day, with their seats taken and prices; a sitting's seats and prices changed (never below the seats
// already taken: the server says so), and a new date of an event at a restaurant, starting from the event's
// usual prices. Prices are typed in pounds and sent in pence; the server checks the rules and names each field
// it refuses, shown beside that field.

function pricesLabel(slot: Pick<EventSlotAdminView, 'adultPrice' | 'childPrice'>): string {
  return slot.childPrice === null
    ? `${formatPence(slot.adultPrice)} a guest (adults only)`
    : `Adults ${formatPence(slot.adultPrice)}, children ${formatPence(slot.childPrice)}`;
}

const WHOLE = /^\s*-?\d{1,6}\s*$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Seats and prices as typed, checked as far as the browser can (the rules' ranges are the server's). */
interface Terms {
  capacity: string;
  adultPrice: string;
  childPrice: string;
}

function checkTerms(values: Terms, adultsOnly: boolean, errors: FieldErrors): EventSlotAdminChange {
  if (!WHOLE.test(values.capacity)) errors.capacity = 'Enter the seats as a whole number, such as 12';
  const adult = penceOf(values.adultPrice);
  if (adult === null) errors.adultPrice = 'Enter the adult price in pounds, such as 65.00';
  const child = adultsOnly ? null : penceOf(values.childPrice);
  if (!adultsOnly && child === null) errors.childPrice = 'Enter the child price in pounds, such as 45.00';
  return { capacity: Number(values.capacity), adultPrice: adult ?? 0, childPrice: child };
}

/** The seats and prices fields of a form (the child price only for an event that takes children). */
function TermsFields({
  capacity,
  adultPrice,
  childPrice,
}: {
  capacity: TextBinding;
  adultPrice: TextBinding;
  /** Null: the event is adults only. */
  childPrice: TextBinding | null;
}) {
  return (
    <div className="events__terms">
      <TextField label="Seats (1 to 200)" inputMode="numeric" autoComplete="off" {...capacity} />
      <TextField label="Adult price (£)" inputMode="decimal" autoComplete="off" {...adultPrice} />
      {childPrice === null ? null : (
        <TextField label="Child price (£)" inputMode="decimal" autoComplete="off" {...childPrice} />
      )}
    </div>
  );
}

/** The server refuses seats below those taken as a conflict, not naming a field: it is about the seats. */
function conflictAboutSeats(error: unknown): string | null {
  return isApiError(error, 'CONFLICT') && !error.errors.some((problem) => problem.pointer)
    ? error.message
    : null;
}

function SlotEditor({ slot, onDone }: { slot: EventSlotAdminView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const adultsOnly = slot.childPrice === null;
  const form: Form<Terms> = useForm<Terms, EventSlotAdminChange>({
    initial: {
      capacity: String(slot.capacity),
      adultPrice: penceToPounds(slot.adultPrice),
      childPrice: slot.childPrice === null ? '' : penceToPounds(slot.childPrice),
    },
    check: (values) => {
      const errors: FieldErrors = {};
      const body = checkTerms(values, adultsOnly, errors);
      return checked(errors, body);
    },
    onSubmit: async (body) => {
      try {
        await eventsApi.changeSlot(slot.id, body, randomId());
      } catch (error) {
        const seats = conflictAboutSeats(error);
        if (seats === null) throw error;
        form.report('capacity', seats);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: eventsQueries.all });
      showToast(`${slot.title}, ${sittingLabel(slot)}: saved`);
      onDone();
    },
  });
  return (
    <form
      className="events__editor"
      aria-label={`Change ${slot.title}, ${sittingLabel(slot)} at ${slot.restaurantName}`}
      {...form.props}
    >
      <TermsFields
        capacity={form.field('capacity')}
        adultPrice={form.field('adultPrice')}
        childPrice={adultsOnly ? null : form.field('childPrice')}
      />
      <FormError message={form.formError} />
      <div className="shop__actions">
        <SubmitButton busy={form.busy} busyLabel="Saving…" variant="primary">
          Save
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onDone} disabled={form.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function SlotCard({ slot }: { slot: EventSlotAdminView }) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const full = slot.seatsTaken >= slot.capacity;
  return (
    <li className="back-office__member events__slot" aria-labelledby={headingId}>
      <div className="back-office__member-head">
        <div>
          <h3 id={headingId} className="events__title">
            {slot.title}
          </h3>
          <p className="events__when">
            {sittingLabel(slot)} · {slot.restaurantName}
          </p>
        </div>
        <p className={`events__seats${full ? ' events__seats--full' : ''}`}>
          {slot.seatsTaken} of {slot.capacity} taken
        </p>
      </div>
      <p className="back-office__muted events__prices">{pricesLabel(slot)}</p>
      {editing ? (
        <SlotEditor slot={slot} onDone={() => setEditing(false)} />
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setEditing(true)}
          aria-label={`Change seats and prices: ${slot.title}, ${sittingLabel(slot)} at ${slot.restaurantName}`}
        >
          Change seats and prices
        </button>
      )}
    </li>
  );
}

/** The sittings by London day, soonest first (the server's order). */
function byDay(slots: readonly EventSlotAdminView[]) {
  const days: { date: IsoDate; slots: EventSlotAdminView[] }[] = [];
  for (const slot of slots) {
    const date = londonClock(new Date(slot.startsAt)).date;
    const last = days.at(-1);
    if (last?.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}

function SlotList({ from }: { from: string }) {
  const list = useQuery(eventsQueries.slots(from));
  if (list.isPending) return <Spinner label="Loading the coming dates" />;
  if (list.isError)
    return <LoadFailed message="We couldn’t load the coming dates." onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <p>No dates are coming up{from ? ' from then' : ''}. Add one above.</p>;
  return (
    <div className="events__days">
      {byDay(list.data).map((day) => (
        <section key={day.date} aria-labelledby={`events-day-${day.date}`}>
          <h2 id={`events-day-${day.date}`} className="events__day">
            {longDayLabel(day.date)}
          </h2>
          <ul className="back-office__list">
            {day.slots.map((slot) => (
              <SlotCard key={slot.id} slot={slot} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

interface NewDate extends Terms {
  templateId: string;
  restaurantId: string;
  date: string;
  startTime: string;
}

function AddDateForm({
  templates,
  restaurants,
  onDone,
}: {
  templates: EventTemplateAdminView[];
  restaurants: BackOfficeRestaurant[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const form: Form<NewDate> = useForm<NewDate, EventSlotAdminNew>({
    initial: {
      templateId: '',
      restaurantId: '',
      date: '',
      startTime: '',
      capacity: '',
      adultPrice: '',
      childPrice: '',
    },
    check: (values) => {
      const errors: FieldErrors = {};
      const template = templates.find((t) => t.id === values.templateId);
      if (!template) errors.templateId = 'Choose the event';
      if (!values.restaurantId) errors.restaurantId = 'Choose the restaurant';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Enter the date';
      if (!TIME.test(values.startTime)) errors.startTime = 'Enter the start time, such as 18:30';
      const terms = checkTerms(values, template ? template.childPrice === null : false, errors);
      return checked(errors, {
        templateId: values.templateId,
        restaurantId: values.restaurantId,
        date: values.date,
        startTime: values.startTime,
        ...terms,
      });
    },
    onSubmit: async (body) => {
      const slot = await eventsApi.addSlot(body, randomId());
      await queryClient.invalidateQueries({ queryKey: eventsQueries.all });
      showToast(`${slot.title} on ${sittingLabel(slot)} at ${slot.restaurantName} is added`);
      onDone();
    },
  });
  const template = templates.find((t) => t.id === form.values.templateId);
  const chooseEvent = (templateId: string) => {
    const chosen = templates.find((t) => t.id === templateId);
    // The event's usual prices are the new date's starting point.
    form.set({
      templateId,
      ...(chosen
        ? {
            adultPrice: penceToPounds(chosen.adultPrice),
            childPrice: chosen.childPrice === null ? '' : penceToPounds(chosen.childPrice),
          }
        : {}),
    });
  };
  return (
    <form className="back-office__form shop__editor events__add" aria-labelledby={headingId} {...form.props}>
      <h2 id={headingId}>Add a date</h2>
      <SelectField
        label="Event"
        value={form.values.templateId}
        error={form.errors.templateId}
        onChange={(e) => chooseEvent(e.target.value)}
        hint={
          template
            ? `${template.durationMinutes} minutes; up to ${template.maxGuests} guests a booking${
                template.childPrice === null ? '; adults only' : ''
              }`
            : undefined
        }
      >
        <option value="">Choose an event</option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </SelectField>
      <SelectField label="Restaurant" {...form.field('restaurantId')}>
        <option value="">Choose a restaurant</option>
        {restaurants.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <div className="shop__pair">
        <TextField
          label="Date"
          hint="From tomorrow, up to a year ahead"
          type="date"
          {...form.field('date')}
        />
        <TextField
          label="Start time"
          hint="London time, on the quarter hour"
          type="time"
          step={900}
          {...form.field('startTime')}
        />
      </div>
      <TermsFields
        capacity={form.field('capacity')}
        adultPrice={form.field('adultPrice')}
        childPrice={template?.childPrice === null ? null : form.field('childPrice')}
      />
      <FormError message={form.formError} />
      <div className="shop__actions">
        <SubmitButton busy={form.busy} busyLabel="Adding…">
          Add the date
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onDone} disabled={form.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AddDate({ onDone }: { onDone: () => void }) {
  const choices = useQuery(eventsQueries.templates());
  if (choices.isPending) return <Spinner label="Loading the events" />;
  if (choices.isError)
    return <LoadFailed message="We couldn’t load the events." onRetry={() => void choices.refetch()} />;
  return (
    <AddDateForm templates={choices.data.templates} restaurants={choices.data.restaurants} onDone={onDone} />
  );
}

export function EventsPage(_props: BackOfficeScreenProps) {
  usePageMeta('Events · Back office');
  const [adding, setAdding] = useState(false);
  const [from, setFrom] = useState('');
  return (
    <section aria-labelledby="events-heading">
      <div className="catalogue__head">
        <h1 id="events-heading">Events</h1>
        {adding ? null : (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            Add a date
          </button>
        )}
      </div>
      {adding ? <AddDate onDone={() => setAdding(false)} /> : null}
      <div className="catalogue__filters">
        <div>
          <label htmlFor="events-from">Dates from</label>
          <input id="events-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
      </div>
      <SlotList from={from} />
    </section>
  );
}
