import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { eventTransferBody, type EventChangeBody, type QuoteExpectation } from '../../../contracts/events';
import { MAX_GUESTS_PER_BOOKING } from '../../../domain/events';
import { formatPence } from '../../../domain/money';
import { isApiError } from '../../shared/api/client';
import { EmailField, FormError, SubmitButton, TextField } from '../../shared/forms/fields';
import { failureMessage, useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import {
  bookingQueries,
  bookingsApi,
  type ChangeMade,
  type EventBooking,
  type EventChangeQuote,
} from './bookings.queries';
import { seatsWords } from './booking-words';

// Changing a paid booking (issue 22 part 4; decision 29): more or fewer guests, another date of the same
// theme, handing it to someone else, or cancelling. Each is quoted first (what it gives back or costs under
// the terms now, and whose dietary answers it would drop), then confirmed: one key per quote, so a second
// press never changes it twice. A change that costs something leaves an order to pay, paid with the pay
// section the page hands in (`pay`), then the booking is read again. The quote's figures are sent with the
// change: if they no longer hold (a refund step ended meanwhile), the shop says so, the new quote is shown
// with its words, and the customer confirms again.

export type PayFor = (payOrderId: string, onPaid: () => void) => ReactNode;

type Kind = 'guests' | 'move' | 'transfer' | 'cancel';

const CHOICES: { kind: Kind; label: string }[] = [
  { kind: 'guests', label: 'Add or remove guests' },
  { kind: 'move', label: 'Move to another date' },
  { kind: 'transfer', label: 'Hand it to someone else' },
  { kind: 'cancel', label: 'Cancel the booking' },
];

/** Which changes the booking allows now. */
function allowed(booking: EventBooking): Record<Kind, boolean> {
  const { changesAllowed } = booking.refundTerms;
  return {
    guests: changesAllowed || booking.canAddGuests,
    move: booking.moveOptions.length > 0 && (changesAllowed || booking.canAddGuests),
    transfer: booking.canTransfer,
    cancel: changesAllowed,
  };
}

export function BookingChanges({
  booking,
  pay,
  onChanged,
}: {
  booking: EventBooking;
  pay: PayFor;
  onChanged?: () => void;
}) {
  const [kind, setKind] = useState<Kind | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const base = useId();
  const can = allowed(booking);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: bookingQueries.detail(booking.orderId).queryKey });

  const done = (made: ChangeMade) => {
    queryClient.setQueryData(bookingQueries.detail(booking.orderId).queryKey, made.booking);
    if (made.payOrderId) {
      setPaying(made.payOrderId);
      return;
    }
    setKind(null);
    showToast(made.quote.summary ? `Done: ${made.quote.summary}` : 'Your booking is changed');
    void refresh();
    onChanged?.();
  };

  if (booking.state === 'cancelled') return null;
  if (paying) {
    return (
      <section className="checkout-card booking-changes" aria-labelledby={`${base}-pay`}>
        <h2 id={`${base}-pay`}>Pay for the change</h2>
        <p>The change is made once it is paid. The seats are held for you meanwhile.</p>
        {pay(paying, () => {
          setPaying(null);
          setKind(null);
          showToast('Paid: your booking is changed');
          void refresh();
        })}
        <button type="button" className="button--link" onClick={() => setPaying(null)}>
          Not now
        </button>
      </section>
    );
  }
  return (
    <section className="checkout-card booking-changes" aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`}>Change your booking</h2>
      <p className="booking-changes__terms">{booking.refundTerms.text}</p>
      {!Object.values(can).some(Boolean) ? (
        <p className="notice" role="status">
          This booking can no longer be changed.
        </p>
      ) : kind === null ? (
        <ul className="booking-changes__choices">
          {CHOICES.filter((choice) => can[choice.kind]).map((choice) => (
            <li key={choice.kind}>
              <button
                type="button"
                className={`button button--secondary button--block${choice.kind === 'cancel' ? ' booking-changes__cancel' : ''}`}
                onClick={() => setKind(choice.kind)}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="booking-change">
          <h3>{CHOICES.find((choice) => choice.kind === kind)!.label}</h3>
          {kind === 'guests' ? (
            <GuestsChange booking={booking} onDone={done} onBack={() => setKind(null)} />
          ) : kind === 'move' ? (
            <MoveChange booking={booking} onDone={done} onBack={() => setKind(null)} />
          ) : kind === 'transfer' ? (
            <TransferChange booking={booking} onDone={done} onBack={() => setKind(null)} />
          ) : (
            <QuoteAndConfirm
              booking={booking}
              body={{ kind: 'cancel' }}
              confirmLabel="Cancel the booking"
              danger
              onDone={done}
              onBack={() => setKind(null)}
            />
          )}
        </div>
      )}
    </section>
  );
}

interface ChangeProps {
  booking: EventBooking;
  onDone: (made: ChangeMade) => void;
  onBack: () => void;
}

function GuestsChange({ booking, onDone, onBack }: ChangeProps) {
  const [adults, setAdults] = useState(booking.adults);
  const [children, setChildren] = useState(booking.children);
  const [asked, setAsked] = useState<EventChangeBody | null>(null);
  const most = Math.min(booking.template.maxGuests, MAX_GUESTS_PER_BOOKING);
  const total = adults + children;
  const now = booking.adults + booking.children;
  // More only while booking is open; fewer only while the terms allow changes.
  const canMore = booking.canAddGuests;
  const canFewer = booking.refundTerms.changesAllowed;
  const changed = adults !== booking.adults || children !== booking.children;
  const reset = () => setAsked(null);
  return (
    <>
      <p className="field__hint">
        Now: {seatsWords(booking.adults, booking.children)}.{' '}
        {canMore && canFewer
          ? `Up to ${most} guests in one booking.`
          : canMore
            ? 'It is too late to remove guests, but you can still add some.'
            : 'Booking has closed for more guests, but you can still remove some.'}
      </p>
      <Stepper
        label="Adults"
        value={adults}
        min={canFewer ? 0 : booking.adults}
        max={canMore ? most - children : booking.adults}
        onChange={(value) => {
          setAdults(value);
          reset();
        }}
        disabled={asked !== null}
      />
      {booking.template.childPrice !== null ? (
        <Stepper
          label="Children"
          value={children}
          min={canFewer ? 0 : booking.children}
          max={canMore ? most - adults : booking.children}
          onChange={(value) => {
            setChildren(value);
            reset();
          }}
          disabled={asked !== null}
        />
      ) : null}
      {total === 0 ? (
        <p className="notice notice--warning" role="status">
          To have no guests at all, cancel the booking instead.
        </p>
      ) : null}
      {asked ? (
        <QuoteAndConfirm
          booking={booking}
          body={asked}
          confirmLabel={total > now ? 'Add the guests' : 'Remove the guests'}
          onDone={onDone}
          onBack={reset}
          backLabel="Change the numbers"
        />
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={!changed || total === 0}
            onClick={() => setAsked({ kind: 'guests', adults, children })}
          >
            See what this means
          </button>
          <button type="button" className="button button--secondary" onClick={onBack}>
            Back
          </button>
        </div>
      )}
    </>
  );
}

function MoveChange({ booking, onDone, onBack }: ChangeProps) {
  const [slotId, setSlotId] = useState<string | null>(null);
  const [asked, setAsked] = useState<EventChangeBody | null>(null);
  const name = useId();
  return (
    <>
      <fieldset className="fieldset booking-move" disabled={asked !== null}>
        <legend>
          Other dates of {booking.template.title} with seats for {booking.adults + booking.children}
        </legend>
        <ul className="booking-move__options">
          {booking.moveOptions.map((slot) => {
            const diff = slot.adultPrice - booking.slot.adultPrice;
            return (
              <li key={slot.id}>
                <label className={`booking-move__option${slotId === slot.id ? ' is-chosen' : ''}`}>
                  <input
                    type="radio"
                    name={name}
                    value={slot.id}
                    checked={slotId === slot.id}
                    onChange={() => setSlotId(slot.id)}
                  />
                  <span className="booking-move__text">
                    <strong>
                      {slot.dateLabel} · {slot.timeLabel}
                    </strong>
                    <span className="field__hint">
                      {slot.locationName} · {slot.seatsLeft} {slot.seatsLeft === 1 ? 'seat' : 'seats'} left
                      {diff === 0
                        ? ''
                        : ` · ${formatPence(Math.abs(diff))} ${diff > 0 ? 'more' : 'less'} an adult`}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {asked ? (
        <QuoteAndConfirm
          booking={booking}
          body={asked}
          confirmLabel="Move the booking"
          onDone={onDone}
          onBack={() => setAsked(null)}
          backLabel="Choose another date"
        />
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={!slotId}
            onClick={() => slotId && setAsked({ kind: 'move', slotId })}
          >
            See what this means
          </button>
          <button type="button" className="button button--secondary" onClick={onBack}>
            Back
          </button>
        </div>
      )}
    </>
  );
}

function TransferChange({ booking, onDone, onBack }: ChangeProps) {
  const [asked, setAsked] = useState<EventChangeBody | null>(null);
  const form = useForm<{ kind: 'transfer'; name: string; email: string }, EventChangeBody>({
    initial: { kind: 'transfer', name: '', email: '' },
    schema: eventTransferBody,
    names: { name: 'their name', email: 'their email address' },
    onSubmit: (body) => setAsked(body),
  });
  return (
    <>
      <p className="field__hint">
        The booking, its calendar file and the dietary form’s link are emailed to them. You won’t be able to
        change it after that.
      </p>
      <form {...form.props} className="booking-transfer">
        <fieldset className="fieldset" disabled={asked !== null}>
          <TextField
            label="Their name"
            name="name"
            autoComplete="off"
            maxLength={80}
            {...form.field('name')}
          />
          <EmailField label="Their email" {...form.field('email')} />
        </fieldset>
        {asked ? null : (
          <div className="button-row">
            <SubmitButton busy={false} busyLabel="">
              Continue
            </SubmitButton>
            <button type="button" className="button button--secondary" onClick={onBack}>
              Back
            </button>
          </div>
        )}
      </form>
      {asked ? (
        <QuoteAndConfirm
          booking={booking}
          body={asked}
          confirmLabel="Hand it over"
          onDone={onDone}
          onBack={() => setAsked(null)}
          backLabel="Change the name or email"
        />
      ) : null}
    </>
  );
}

/**
 * Asks the shop what a change means now (what comes back, and how; what it costs; whose answers it drops)
 * and makes it on "confirm". Refused changes (BOOKING_CHANGE_CLOSED, a full date) say the shop's words.
 */
function QuoteAndConfirm({
  booking,
  body,
  confirmLabel,
  danger = false,
  onDone,
  onBack,
  backLabel = 'Back',
}: {
  booking: EventBooking;
  body: EventChangeBody;
  confirmLabel: string;
  danger?: boolean;
  onDone: (made: ChangeMade) => void;
  onBack: () => void;
  backLabel?: string;
}) {
  const queryClient = useQueryClient();
  // One key per quote: a second press, or a retry after a lost answer, makes the change once.
  const key = useRef<string>(randomId());
  const quote = useMutation({
    mutationFn: () => bookingsApi.quote(booking.orderId, body),
    onMutate: () => {
      key.current = randomId();
    },
  });
  // What the shop said when the quote shown no longer held (a refund step ended): shown with the new quote.
  const [moved, setMoved] = useState<string | null>(null);
  const change = useMutation({
    // The quote's figures go with the change: the shop refuses it (QUOTE_CHANGED) rather than do otherwise.
    mutationFn: (shown: EventChangeQuote) =>
      bookingsApi.change(booking.orderId, { ...body, expect: expectationOf(shown) }, key.current),
    onMutate: () => setMoved(null),
    onSuccess: onDone,
    onError: (error) => {
      // The quote no longer holds: its words beside the new quote, to confirm again.
      if (isApiError(error, 'QUOTE_CHANGED')) {
        setMoved(error.message);
        quote.mutate();
      }
      // The booking moved on meanwhile (terms, seats): read it again beside the shop's words.
      if (isApiError(error, 'QUOTE_CHANGED', 'BOOKING_CHANGE_CLOSED', 'EVENT_SLOT_FULL', 'EVENT_SLOT_CLOSED'))
        void queryClient.invalidateQueries({ queryKey: bookingQueries.detail(booking.orderId).queryKey });
    },
  });
  const { mutate } = quote;
  useEffect(() => {
    mutate();
  }, [mutate]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (quote.data) heading.current?.focus();
  }, [quote.data]);

  if (quote.isPending || quote.isIdle) {
    return (
      <p className="booking-quote booking-quote--waiting" role="status">
        <Spinner label="Working out what this means" /> Working out what this means…
      </p>
    );
  }
  if (quote.isError) {
    return (
      <div className="booking-quote">
        <p className="notice notice--error" role="alert">
          {isApiError(quote.error, 'BOOKING_CHANGE_CLOSED')
            ? quote.error.message
            : failureMessage(quote.error)}
        </p>
        <div className="button-row">
          {isApiError(quote.error, 'BOOKING_CHANGE_CLOSED') ? null : (
            <button type="button" className="button button--secondary" onClick={() => quote.mutate()}>
              Try again
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onBack}>
            {backLabel}
          </button>
        </div>
      </div>
    );
  }
  return (
    <QuoteView
      quote={quote.data}
      headingRef={heading}
      actions={
        <>
          {moved ? (
            <p className="notice notice--warning" role="alert">
              {moved}
            </p>
          ) : null}
          <FormError
            message={
              change.isError && !isApiError(change.error, 'QUOTE_CHANGED')
                ? failureMessage(change.error)
                : null
            }
          />
          <div className="button-row">
            <button
              type="button"
              className={`button ${danger ? 'button--danger' : 'button--primary'}`}
              disabled={change.isPending}
              aria-busy={change.isPending}
              onClick={() => change.mutate(quote.data)}
            >
              {change.isPending
                ? 'Changing…'
                : quote.data.toPay > 0
                  ? `${confirmLabel} and pay ${formatPence(quote.data.toPay)}`
                  : confirmLabel}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={change.isPending}
              onClick={onBack}
            >
              {backLabel}
            </button>
          </div>
        </>
      }
    />
  );
}

/** The figures a customer confirms: the shop makes the change only while they still hold. */
const expectationOf = (shown: EventChangeQuote): QuoteExpectation => ({
  refundAmount: shown.refund.amount,
  refundAs: shown.refund.as,
  toPay: shown.toPay,
});

/** "What this means": the change, the money each way, the terms it is decided under, answers dropped. */
export function QuoteView({
  quote,
  actions,
  headingRef,
}: {
  quote: EventChangeQuote;
  actions?: ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  return (
    <div className="booking-quote" aria-labelledby={id} role="region">
      <h4 id={id} ref={headingRef} tabIndex={-1}>
        What this means
      </h4>
      <p className="booking-quote__summary">{quote.summary}</p>
      <dl className="booking-quote__money">
        {quote.toPay > 0 ? (
          <div>
            <dt>To pay now</dt>
            <dd>{formatPence(quote.toPay)}</dd>
          </div>
        ) : null}
        {quote.refund.as !== 'none' || quote.toPay === 0 ? (
          <div>
            <dt>Back to you</dt>
            <dd>{quote.refund.label}</dd>
          </div>
        ) : null}
      </dl>
      <p className="booking-quote__terms">{quote.refundTerms}</p>
      {quote.dropsGuests.length > 0 ? (
        <p className="notice notice--warning">
          These dietary answers will be removed: <strong>{quote.dropsGuests.join(', ')}</strong>.
        </p>
      ) : null}
      {actions}
    </div>
  );
}

function Stepper({
  label,
  value,
  min,
  max,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  disabled: boolean;
}) {
  const id = useId();
  const what = label.toLowerCase();
  return (
    <div className="booking-stepper">
      <span id={id} className="booking-stepper__label">
        {label}
      </span>
      <div className="stepper" role="group" aria-labelledby={id}>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One fewer: ${what}`}
          disabled={disabled || value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output className="stepper__count" aria-live="polite" aria-label={`${value} ${what}`}>
          {value}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={`One more: ${what}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
