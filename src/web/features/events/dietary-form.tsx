import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { eventGuestBody, type EventGuestBody } from '../../../contracts/events';
import { isApiError } from '../../shared/api/client';
import { CheckboxField, FormError, SubmitButton, TextAreaField, TextField } from '../../shared/forms/fields';
import { failureMessage, useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { bookingQueries, bookingsApi, type EventGuestForm, type GuestPreference } from './bookings.queries';
import './dietary.css';

// The dietary form (issue 22 part 3; decision 29): one guest's name, their allergies among the 14 the law
// names, their diets and a note, for the booker signed in or anyone with the link's key. What the guest reads
// first is the event itself and who has answered, so a forwarded link says what it is about.

/**
 * The event the form is for: what, when, where, whose booking, and who has answered so far (not said of a
 * cancelled booking, whose guests have nothing left to answer).
 */
export function DietaryEventSummary({ form }: { form: EventGuestForm }) {
  return (
    <section className="checkout-card dietary-event" aria-labelledby="dietary-event-heading">
      <h2 id="dietary-event-heading" className="dietary-event__title">
        {form.templateTitle}
      </h2>
      <p className="dietary-event__when">
        <strong>{form.dateLabel}</strong> · {form.timeLabel}
      </p>
      <p>{form.locationName}</p>
      <p className="field__hint">
        Booked by {form.holderName} for {form.seats} {form.seats === 1 ? 'guest' : 'guests'}
      </p>
      {form.closedReason === 'cancelled' ? null : <DietaryProgress form={form} />}
    </section>
  );
}

/** Who has answered (names only) and how many seats are still to answer. */
export function DietaryProgress({ form }: { form: Pick<EventGuestForm, 'answered' | 'unanswered'> }) {
  return (
    <div className="dietary-progress">
      <p>
        <strong>
          {form.unanswered === 0
            ? 'Everyone has answered'
            : `${form.unanswered} ${form.unanswered === 1 ? 'guest' : 'guests'} still to answer`}
        </strong>
      </p>
      {form.answered.length > 0 ? (
        <p className="field__hint">
          Answered: <span className="dietary-progress__names">{form.answered.join(', ')}</span>
        </p>
      ) : (
        <p className="field__hint">Nobody has answered yet.</p>
      )}
    </div>
  );
}

interface Values {
  name: string;
  allergens: string[];
  diets: string[];
  notes: string;
}

const EMPTY: Values = { name: '', allergens: [], diets: [], notes: '' };

/**
 * One guest's answers. Sent once per press (the key is this filling's; a second press while it sends does
 * nothing), then `onAnswered` with the name. A closed form says why and `onClosed` refreshes the page's view.
 */
export function GuestAnswerForm({
  orderId,
  formKey,
  onAnswered,
  onClosed,
}: {
  orderId: string;
  /** The link's key; null for the booker signed in. */
  formKey: string | null;
  onAnswered: (name: string) => void;
  onClosed: () => void;
}) {
  const preferences = useQuery(bookingQueries.preferences());
  const [idempotencyKey] = useState(randomId);
  const form = useForm<Values, EventGuestBody>({
    initial: EMPTY,
    schema: eventGuestBody,
    names: { name: 'the guest’s name' },
    prepare: (values) => ({
      orderId,
      ...(formKey ? { key: formKey } : {}),
      name: values.name,
      allergens: values.allergens,
      diets: values.diets,
      ...(values.notes.trim() ? { notes: values.notes } : {}),
    }),
    onSubmit: async (body) => {
      await bookingsApi.answer(body, idempotencyKey);
      onAnswered(body.name.trim());
    },
    failure: (error) => {
      if (isApiError(error, 'GUEST_FORM_CLOSED')) {
        onClosed();
        return error.message;
      }
      if (isApiError(error, 'BOOKING_NOT_FOUND', 'NOT_FOUND'))
        return 'This link isn’t right any more. Ask the person who booked for it again.';
      return failureMessage(error);
    },
  });
  const toggle = (key: 'allergens' | 'diets', id: string) => (event: ChangeEvent<HTMLInputElement>) =>
    form.set({
      [key]: event.target.checked
        ? [...form.values[key], id]
        : form.values[key].filter((value) => value !== id),
    });

  return (
    <form className="dietary-form" {...form.props} aria-labelledby="dietary-form-heading">
      <h2 id="dietary-form-heading">A guest’s answers</h2>
      <p className="field__hint">
        One form per guest. The host cooks around what you tick; leave it all blank if you eat everything.
      </p>
      <TextField
        label="Guest’s name"
        name="name"
        autoComplete="name"
        maxLength={80}
        {...form.field('name')}
      />
      {preferences.data ? (
        <>
          <PreferenceGroup
            legend="Allergies"
            hint="The 14 allergens UK law names. Tick any this guest must avoid."
            options={preferences.data.filter((p) => p.kind === 'allergen')}
            chosen={form.values.allergens}
            onToggle={(id) => toggle('allergens', id)}
            disabled={form.busy}
          />
          <PreferenceGroup
            legend="Diets"
            hint="Tick any this guest follows."
            options={preferences.data.filter((p) => p.kind === 'diet')}
            chosen={form.values.diets}
            onToggle={(id) => toggle('diets', id)}
            disabled={form.busy}
          />
        </>
      ) : preferences.isError ? (
        <LoadFailed
          message="We couldn’t load the list of allergies and diets."
          onRetry={() => preferences.refetch()}
        />
      ) : (
        <Spinner label="Loading the allergies and diets" />
      )}
      <TextAreaField
        label="Anything else the host should know (optional)"
        hint="A severe allergy, an intolerance not listed above, a high chair…"
        name="notes"
        rows={3}
        maxLength={500}
        {...form.field('notes')}
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Sending…" block disabled={!preferences.data}>
        Send answers
      </SubmitButton>
    </form>
  );
}

function PreferenceGroup({
  legend,
  hint,
  options,
  chosen,
  onToggle,
  disabled,
}: {
  legend: string;
  hint: string;
  options: GuestPreference[];
  chosen: string[];
  onToggle: (id: string) => (event: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
}) {
  const hintId = useId();
  return (
    <fieldset className="fieldset dietary-options" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <div className="dietary-options__list">
        {options.map((option) => (
          <CheckboxField
            key={option.id}
            label={option.label}
            name={option.kind}
            value={option.id}
            checked={chosen.includes(option.id)}
            onChange={onToggle(option.id)}
            disabled={disabled}
          />
        ))}
      </div>
    </fieldset>
  );
}
