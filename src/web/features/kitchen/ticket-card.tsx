import { useId, useState, type FormEvent } from 'react';
import type { Ticket } from '../../../contracts/kitchen';
import type { KitchenAction } from '../../../domain/kitchen-options';
import { Dialog } from '../../shared/ui/dialog';
import { kitchenApi, type TicketStep } from './kitchen.queries';
import {
  boardTime,
  dueIn,
  FULFILMENT_LABELS,
  minutesLabel,
  prepChoices,
  stageOf,
  tableLabel,
  whenLabel,
} from './ticket-board';
import { useKitchenAction } from './use-kitchen-action';

// A kitchen ticket (issue 13 part 3): an eat-in ticket's table and round in large type (issue 21), what to
// cook and for when, every line with its size, extras, removals and note, the order's note, and the
// customer's allergies in plain sight with the lines they touch; then the buttons the ticket's `actions`
// allow, each showing that it is waiting and saying what to do when it fails. Accepting asks for a prep
// time; rejecting asks for a reason and says the refund is automatic.

export interface TicketCardProps {
  ticket: Ticket;
  now: Date;
  /** Arrived while the screen was open and not yet accepted: drawn with a highlight. */
  fresh: boolean;
  /** The kitchen's usual prep time (with busy mode's minutes), chosen for accept unless changed. */
  usualPrep: number;
  /** A button's answer: the ticket as it is now. */
  onChange: (ticket: Ticket) => void;
}

export function TicketCard({ ticket, now, fresh, usualPrep, onChange }: TicketCardProps) {
  const headingId = useId();
  const stage = stageOf(ticket);
  const action = useKitchenAction();
  const act = (name: KitchenAction, call: () => Promise<Ticket>) =>
    action.run(name, call, onChange).then(async (outcome) => {
      // Perhaps someone moved it first (on another screen): show it as it is now.
      if (outcome === 'failed') await kitchenApi.ticket(ticket.id).then(onChange, () => undefined);
      return outcome === 'done';
    });
  const due = dueIn(ticket.dueAt, now);
  const open = stage !== 'done';
  const table = tableLabel(ticket);

  return (
    <article
      className={`ticket ticket--${stage}${fresh ? ' ticket--fresh' : ''}${
        ticket.customerAllergens.length > 0 ? ' ticket--allergies' : ''
      }`}
      aria-labelledby={headingId}
      data-ticket={ticket.number}
    >
      <header className="ticket__head">
        <h3 id={headingId} className="ticket__title">
          <span className="ticket__number">#{ticket.number}</span>{' '}
          <span className="ticket__customer">{ticket.customerName}</span>
        </h3>
        {fresh ? <span className="ticket__fresh">Just in</span> : null}
        {table ? <p className="ticket__table">{table}</p> : null}
        <p className="ticket__tags">
          <span className={`ticket__tag ticket__tag--${ticket.fulfillmentType}`}>
            {FULFILMENT_LABELS[ticket.fulfillmentType]}
          </span>
          {ticket.isCateringOrder ? (
            <span className="ticket__tag ticket__tag--catering">Catering</span>
          ) : null}
          <span className="ticket__tag">{ticket.stateLabel}</span>
        </p>
      </header>

      <p className="ticket__when">
        <strong>{whenLabel(ticket, now)}</strong>
        {open ? (
          <>
            {' · '}Due {boardTime(ticket.dueAt, now)}{' '}
            <span className={due.late ? 'ticket__late' : 'ticket__due'}>({due.text})</span>
          </>
        ) : null}
      </p>
      <StepTimes ticket={ticket} now={now} />

      {ticket.customerAllergens.length > 0 ? (
        <AllergyBox
          ticket={ticket}
          now={now}
          busy={action.pending === 'acknowledge_allergens'}
          disabled={action.pending !== null}
          onAcknowledge={
            ticket.actions.includes('acknowledge_allergens')
              ? () =>
                  void act('acknowledge_allergens', () => kitchenApi.step(ticket.id, 'acknowledge_allergens'))
              : null
          }
        />
      ) : null}

      <TicketLines ticket={ticket} />

      {ticket.note ? (
        <p className="ticket__note">
          <strong>Order note:</strong> {ticket.note}
        </p>
      ) : null}
      {ticket.fulfillmentType === 'delivery' && ticket.deliveryAddress ? (
        <p className="ticket__address">
          <strong>To:</strong>{' '}
          {[ticket.deliveryAddress.address1, ticket.deliveryAddress.address2, ticket.deliveryAddress.zip]
            .filter(Boolean)
            .join(', ')}
        </p>
      ) : null}
      {ticket.phone && open ? (
        <p className="ticket__phone">
          <a href={`tel:${ticket.phone.replace(/\s+/g, '')}`}>Call {ticket.customerName.split(' ')[0]}</a>
        </p>
      ) : null}

      <TicketActions ticket={ticket} usualPrep={usualPrep} action={action} act={act} />
      {action.problem ? (
        <p className="ticket__problem" role="alert">
          {action.problem}
        </p>
      ) : null}
    </article>
  );
}

function StepTimes({ ticket, now }: { ticket: Ticket; now: Date }) {
  const parts: string[] = [];
  if (ticket.acceptedAt) {
    parts.push(
      `Accepted ${boardTime(ticket.acceptedAt, now)}${
        ticket.prepMinutes ? ` · ${minutesLabel(ticket.prepMinutes)} prep` : ''
      }`,
    );
  }
  if (ticket.readyAt) parts.push(`Ready ${boardTime(ticket.readyAt, now)}`);
  if (ticket.outForDeliveryAt) parts.push(`Out ${boardTime(ticket.outForDeliveryAt, now)}`);
  if (ticket.deliveredAt) {
    parts.push(
      `${ticket.fulfillmentType === 'delivery' ? 'Delivered' : 'Collected'} ${boardTime(ticket.deliveredAt, now)}`,
    );
  }
  return (
    <>
      {parts.length > 0 ? <p className="ticket__steps">{parts.join(' · ')}</p> : null}
      {ticket.rejectedAt ? (
        <p className="ticket__rejected">
          Rejected {boardTime(ticket.rejectedAt, now)}: “{ticket.rejectedReason}”.{' '}
          {ticket.refunded ? 'Refunded.' : 'The refund is on its way.'}
        </p>
      ) : null}
    </>
  );
}

function AllergyBox({
  ticket,
  now,
  busy,
  disabled,
  onAcknowledge,
}: {
  ticket: Ticket;
  now: Date;
  busy: boolean;
  disabled: boolean;
  onAcknowledge: (() => void) | null;
}) {
  const names = ticket.customerAllergens.map((a) => a.name).join(', ');
  const touched = ticket.lines.filter((line) => line.conflicts.length > 0);
  return (
    <section className="ticket__allergies" aria-label={`Allergies: ${names}`}>
      <p className="ticket__allergies-title">
        <span aria-hidden="true">⚠ </span>Allergies: {names}
      </p>
      {touched.length > 0 ? (
        <ul className="ticket__allergy-lines">
          {touched.map((line, i) => (
            <li key={i}>
              {line.title}: contains {line.conflicts.join(', ')}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ticket__allergy-lines">
          No dish on this order lists them: keep it apart from them all the same.
        </p>
      )}
      {onAcknowledge ? (
        <button
          type="button"
          className="button button--primary button--small"
          onClick={onAcknowledge}
          disabled={disabled}
          aria-busy={busy}
        >
          {busy ? 'Saving…' : 'I’ve read the allergies'}
        </button>
      ) : ticket.allergensAcknowledgedAt ? (
        <p className="ticket__acknowledged">
          Read by the kitchen at {boardTime(ticket.allergensAcknowledgedAt, now)}.
        </p>
      ) : null}
    </section>
  );
}

function TicketLines({ ticket }: { ticket: Ticket }) {
  return (
    <ul className="ticket__lines" aria-label="What to cook">
      {ticket.lines.map((line, i) => (
        <li
          key={i}
          className={line.conflicts.length > 0 ? 'ticket__line ticket__line--allergy' : 'ticket__line'}
        >
          <span className="ticket__qty">{line.quantity}×</span>{' '}
          <span className="ticket__dish">
            {line.title}
            {line.size ? <span className="ticket__size"> ({line.size})</span> : null}
          </span>
          {line.modifiers.length > 0 ? (
            <ul className="ticket__mods">
              {line.modifiers.map((modifier, j) => (
                <li key={j} className={`ticket__mod ticket__mod--${modifier.group}`}>
                  {modifier.group === 'extra' ? `+ ${modifier.title}` : modifier.title}
                </li>
              ))}
            </ul>
          ) : null}
          {line.note ? <p className="ticket__line-note">Note: {line.note}</p> : null}
          {line.conflicts.length > 0 ? (
            <p className="ticket__line-allergy">Allergy: {line.conflicts.join(', ')}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const STEP_LABELS: Record<Ticket['fulfillmentType'], Partial<Record<TicketStep, [string, string]>>> = {
  delivery: {
    ready: ['Ready for the rider', 'Saving…'],
    out_for_delivery: ['Out for delivery', 'Sending…'],
    delivered: ['Delivered', 'Saving…'],
  },
  pickup: { ready: ['Ready to collect', 'Saving…'], collected: ['Collected', 'Saving…'] },
  eat_in: { ready: ['Ready to serve', 'Saving…'], collected: ['Served', 'Saving…'] },
};

function TicketActions({
  ticket,
  usualPrep,
  action,
  act,
}: {
  ticket: Ticket;
  usualPrep: number;
  action: ReturnType<typeof useKitchenAction>;
  act: (name: KitchenAction, call: () => Promise<Ticket>) => Promise<boolean>;
}) {
  const [rejecting, setRejecting] = useState(false);
  const steps = ticket.actions.filter(
    (a): a is TicketStep => a !== 'accept' && a !== 'reject' && a !== 'acknowledge_allergens',
  );
  const waiting = action.pending !== null;
  if (ticket.actions.length === 0) return null;
  return (
    <div className="ticket__actions">
      {ticket.actions.includes('accept') ? (
        <AcceptControl
          usualPrep={usualPrep}
          busy={action.pending === 'accept'}
          disabled={waiting}
          onAccept={(minutes) => void act('accept', () => kitchenApi.accept(ticket.id, minutes))}
        />
      ) : null}
      {ticket.actions.includes('acknowledge_allergens') ? (
        <p className="ticket__hint">Read the allergies above to accept this order.</p>
      ) : null}
      <div className="ticket__buttons">
        {steps.map((step) => {
          const [label, busyLabel] = STEP_LABELS[ticket.fulfillmentType][step] ?? [step, 'Saving…'];
          const busy = action.pending === step;
          return (
            <button
              key={step}
              type="button"
              className="button button--primary"
              disabled={waiting}
              aria-busy={busy}
              onClick={() => void act(step, () => kitchenApi.step(ticket.id, step))}
            >
              {busy ? busyLabel : label}
            </button>
          );
        })}
        {ticket.actions.includes('reject') ? (
          <button
            type="button"
            className="button button--secondary ticket__reject"
            disabled={waiting}
            onClick={() => setRejecting(true)}
          >
            Reject…
          </button>
        ) : null}
      </div>
      <RejectDialog
        ticket={ticket}
        open={rejecting}
        onClose={() => setRejecting(false)}
        reject={(reason) => act('reject', () => kitchenApi.reject(ticket.id, reason))}
        busy={action.pending === 'reject'}
        problem={rejecting ? action.problem : null}
      />
    </div>
  );
}

function AcceptControl({
  usualPrep,
  busy,
  disabled,
  onAccept,
}: {
  usualPrep: number;
  busy: boolean;
  disabled: boolean;
  onAccept: (minutes: number) => void;
}) {
  const choices = prepChoices(usualPrep);
  const [minutes, setMinutes] = useState(() => choices.find((m) => m >= usualPrep) ?? choices.at(-1)!);
  const name = useId();
  return (
    <fieldset className="ticket__prep">
      <legend>Prep time</legend>
      <div className="ticket__prep-choices">
        {choices.map((m) => (
          <label key={m} className="ticket__prep-choice">
            <input
              type="radio"
              name={name}
              value={m}
              checked={minutes === m}
              onChange={() => setMinutes(m)}
              disabled={disabled}
            />
            <span>{minutesLabel(m)}</span>
          </label>
        ))}
      </div>
      <button
        type="button"
        className="button button--primary ticket__accept"
        disabled={disabled}
        aria-busy={busy}
        onClick={() => onAccept(minutes)}
      >
        {busy ? 'Accepting…' : `Accept · ${minutesLabel(minutes)}`}
      </button>
    </fieldset>
  );
}

const QUICK_REASONS = [
  'We’re too busy to make it in time',
  'We’ve run out of something in this order',
  'The kitchen is closing early',
];

function RejectDialog({
  ticket,
  open,
  onClose,
  reject,
  busy,
  problem,
}: {
  ticket: Ticket;
  open: boolean;
  onClose: () => void;
  reject: (reason: string) => Promise<boolean>;
  busy: boolean;
  problem: string | null;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ids = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reason.trim().length < 3) {
      setError('Say why in a few words: the customer reads it.');
      return;
    }
    setError(undefined);
    if (await reject(reason.trim())) onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} title={`Reject order #${ticket.number}?`} name="kitchen_reject">
      <form className="reject-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {ticket.customerName} is refunded in full automatically, and we email them your reason. This can’t
          be undone.
        </p>
        <div className="reject-form__quick" role="group" aria-label="Common reasons">
          {QUICK_REASONS.map((quick) => (
            <button
              key={quick}
              type="button"
              className="chip"
              aria-pressed={reason === quick}
              onClick={() => {
                setReason(quick);
                setError(undefined);
              }}
            >
              {quick}
            </button>
          ))}
        </div>
        <div className={`field${error ? ' field--error' : ''}`}>
          <label htmlFor={`${ids}-reason`}>Reason (the customer reads it)</label>
          <textarea
            id={`${ids}-reason`}
            className="textarea"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={300}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
          {error ? (
            <p id={`${ids}-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
        {problem ? (
          <p className="ticket__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Keep the order
          </button>
          <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
            {busy ? 'Rejecting…' : 'Reject and refund'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
