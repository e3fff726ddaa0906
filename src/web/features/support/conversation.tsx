import { useRef, type ReactNode } from 'react';
import type { SupportTicket } from '../../../contracts/support';
import { SUPPORT_MESSAGE_MAX, supportMessageProblem } from '../../../domain/support';
import { formatCount } from '../../../domain/numbers';
import { FormError, SubmitButton, TextAreaField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';

// A question's conversation (issue 23 part 5), for its customer and for the support team: each message with
// who wrote it and when (London time), the customer's on one side, the team's on the other; and the box to
// write the next one.

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "Wed 18 Nov, 10:05 am" (London time). */
export function whenLabel(iso: string): string {
  return WHEN.format(new Date(iso));
}

export const STATE_LABELS: Record<SupportTicket['state'], string> = {
  open: 'Waiting for our answer',
  answered: 'Answered',
  closed: 'Closed',
};

export function TicketState({ ticket, forStaff = false }: { ticket: SupportTicket; forStaff?: boolean }) {
  const label = forStaff && ticket.state === 'open' ? 'To answer' : STATE_LABELS[ticket.state];
  return <span className={`support-state support-state--${ticket.state}`}>{label}</span>;
}

export function Conversation({ ticket, viewer }: { ticket: SupportTicket; viewer: 'customer' | 'staff' }) {
  return (
    <ol className="support-messages" aria-label={`Conversation about ${ticket.reference}`}>
      {ticket.messages.map((message, index) => {
        const mine = message.author === viewer;
        return (
          <li
            key={`${message.createdAt}-${index}`}
            className={`support-message support-message--${message.author}${mine ? ' support-message--mine' : ''}`}
          >
            <p className="support-message__who">
              <strong>{viewer === 'customer' && mine ? 'You' : message.authorName}</strong>{' '}
              <time dateTime={message.createdAt}>{whenLabel(message.createdAt)}</time>
            </p>
            <p className="support-message__body">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The box for the next message: checked as the server checks it, a count as it is typed, sent once per
 * press (a key per message sent, so a retry after a lost answer is not a second message).
 */
export function MessageForm({
  label,
  submitLabel,
  busyLabel,
  hint,
  send,
  onSent,
}: {
  label: string;
  submitLabel: string;
  busyLabel: string;
  hint?: ReactNode;
  send: (message: string, idempotencyKey: string) => Promise<SupportTicket>;
  onSent: (ticket: SupportTicket) => void;
}) {
  const attempt = useRef<{ message: string; key: string } | null>(null);
  const form = useForm<{ message: string }>({
    initial: { message: '' },
    check: (values) => {
      const problem = supportMessageProblem(values.message);
      return problem ? { ok: false, errors: { message: problem } } : { ok: true, data: values };
    },
    onSubmit: async ({ message }) => {
      const text = message.trim();
      if (attempt.current?.message !== text) attempt.current = { message: text, key: randomId() };
      const ticket = await send(text, attempt.current.key);
      attempt.current = null;
      form.set({ message: '' });
      onSent(ticket);
    },
  });
  const length = form.values.message.trim().length;
  return (
    <form {...form.props} className="support-reply" aria-label={label}>
      <TextAreaField
        label={label}
        rows={4}
        hint={
          <span
            className={`support-form__count${length > SUPPORT_MESSAGE_MAX ? ' support-form__count--over' : ''}`}
          >
            {hint ? <>{hint} </> : null}
            {formatCount(length)} of {formatCount(SUPPORT_MESSAGE_MAX)} characters
          </span>
        }
        {...form.field('message')}
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel={busyLabel} variant="primary">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
