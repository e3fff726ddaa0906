import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import type { TicketState as State } from '../../../domain/support';
import { formatPence } from '../../../domain/money';
import { Conversation, MessageForm, TicketState, whenLabel } from '../../features/support/conversation';
import { supportApi, supportQueries, type SupportTicket } from '../../features/support/support.queries';
import { isApiError } from '../../shared/api/client';
import { failureMessage } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/support/support.css';

// /support/inbox (issue 23 part 5; decision 30): the support team's questions. The list (those to answer and
// those answered, or the closed), the latest activity first; one question's conversation with the order it is
// about and what was in it, a box to answer (emailed to the asker), and closing it. The question open is in
// the address (?ticket=…, the inbox email's link), as is the list shown (?state=closed). Anyone signed in who
// is not on the team is told the screen is the team's.

const VIEWS: { state: State | null; label: string }[] = [
  { state: null, label: 'To answer and answered' },
  { state: 'closed', label: 'Closed' },
];

function stateOf(value: string | null): State | null {
  return value === 'open' || value === 'answered' || value === 'closed' ? value : null;
}

function TicketDetail({ id, onClosed }: { id: string; onClosed: () => void }) {
  const queryClient = useQueryClient();
  const ticket = useQuery(supportQueries.staffTicket(id));
  const heading = useRef<HTMLHeadingElement>(null);
  const [closing, setClosing] = useState(false);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [id, ticket.isSuccess]);
  if (ticket.isPending) return <Spinner label="Opening the question" />;
  if (ticket.isError) {
    return isApiError(ticket.error, 'TICKET_NOT_FOUND') ? (
      <p className="notice notice--warning">We couldn’t find that question.</p>
    ) : (
      <LoadFailed message="We couldn’t open the question." onRetry={() => void ticket.refetch()} />
    );
  }
  const t = ticket.data;
  const changed = async (latest: SupportTicket) => {
    queryClient.setQueryData(supportQueries.staffTicket(id).queryKey, latest);
    await queryClient.invalidateQueries({ queryKey: supportQueries.inboxes() });
  };
  const close = async () => {
    setClosing(true);
    try {
      await changed(await supportApi.close(t.id, randomId()));
      showToast(`${t.reference} is closed`);
      onClosed();
    } catch (error) {
      showToast(failureMessage(error), 'error');
    } finally {
      setClosing(false);
    }
  };
  return (
    <article className="support-detail" aria-labelledby="support-detail-heading">
      <h2 id="support-detail-heading" ref={heading} tabIndex={-1}>
        {t.reference}: {t.topicLabel}
      </h2>
      <p className="support-detail__from">
        From {t.name ? `${t.name} <${t.email}>` : t.email} ·{' '}
        {t.signedIn ? 'signed in' : 'a visitor (not signed in)'} · <TicketState ticket={t} forStaff />
      </p>
      {t.order ? (
        <section className="support-order" aria-label={`Order ${t.order.label}`}>
          <h3>Order {t.order.label}</h3>
          <p>
            {t.order.stateLabel} · {formatPence(t.order.total)}
          </p>
          <ul>
            {t.order.lines.map((line, index) => (
              <li key={`${line.title}-${index}`}>
                {line.quantity} × {line.title}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="field__hint">Not about an order.</p>
      )}
      <Conversation ticket={t} viewer="staff" />
      {t.state === 'closed' ? (
        <p className="notice">This question is closed: it takes no more messages.</p>
      ) : (
        <>
          <MessageForm
            label={`Answer ${t.reference}`}
            submitLabel="Send answer"
            busyLabel="Sending your answer…"
            hint={`It is emailed to ${t.email}.`}
            send={(message, key) => supportApi.answer(t.id, message, key)}
            onSent={(latest) => {
              void changed(latest);
              showToast(`Answer sent to ${latest.email}`);
            }}
          />
          <button
            type="button"
            className="button button--secondary support-detail__close"
            onClick={() => void close()}
            disabled={closing}
            aria-busy={closing}
          >
            {closing ? 'Closing…' : 'Close the question'}
          </button>
        </>
      )}
    </article>
  );
}

export function SupportInboxPage() {
  usePageMeta('Support inbox');
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const open = params.get('ticket');
  const inbox = useQuery(supportQueries.inbox(state));
  const show = (next: { state?: State | null; ticket?: string | null }) => {
    const query = new URLSearchParams();
    const nextState = next.state === undefined ? state : next.state;
    const nextTicket = next.ticket === undefined ? open : next.ticket;
    if (nextState) query.set('state', nextState);
    if (nextTicket) query.set('ticket', nextTicket);
    setParams(query);
  };

  if (inbox.isError && isApiError(inbox.error, 'FORBIDDEN')) {
    return (
      <div className="page page--narrow support-page">
        <h1>Support inbox</h1>
        <p className="notice notice--warning">
          This is for the Sfoglia support team. If you need help yourself,{' '}
          <Link to="/support">ask us here</Link>.
        </p>
      </div>
    );
  }
  const counts = inbox.data?.counts;
  return (
    <div className="page support-inbox">
      <h1>Support inbox</h1>
      <div className="support-inbox__views" role="group" aria-label="Which questions">
        {VIEWS.map((view) => (
          <button
            key={view.label}
            type="button"
            className={`tab ${view.state === state ? 'tab--active' : ''}`}
            aria-pressed={view.state === state}
            onClick={() => show({ state: view.state, ticket: null })}
          >
            {view.label}
            {counts ? ` (${view.state === 'closed' ? counts.closed : counts.open + counts.answered})` : ''}
          </button>
        ))}
      </div>
      <div className="support-inbox__layout">
        <section aria-label="Questions" className="support-inbox__list">
          {inbox.isPending ? (
            <Spinner label="Loading the questions" />
          ) : inbox.isError ? (
            <LoadFailed message="We couldn’t load the questions." onRetry={() => void inbox.refetch()} />
          ) : inbox.data.tickets.length === 0 ? (
            <p>{state === 'closed' ? 'No closed questions yet.' : 'Nothing waiting. Well done!'}</p>
          ) : (
            <ul className="support-inbox__tickets">
              {inbox.data.tickets.map((ticket) => (
                <li key={ticket.id}>
                  <button
                    type="button"
                    className={`support-inbox__ticket${ticket.id === open ? ' support-inbox__ticket--open' : ''}`}
                    aria-current={ticket.id === open ? 'true' : undefined}
                    onClick={() => show({ ticket: ticket.id })}
                  >
                    <span className="support-inbox__line">
                      <strong>{ticket.reference}</strong> <TicketState ticket={ticket} forStaff />
                    </span>
                    <span className="support-inbox__line">
                      {ticket.topicLabel}
                      {ticket.orderLabel ? ` · ${ticket.orderLabel}` : ''}
                    </span>
                    <span className="support-inbox__line field__hint">
                      {ticket.name || ticket.email} · {whenLabel(ticket.updatedAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {open ? (
          <TicketDetail key={open} id={open} onClosed={() => show({ ticket: null })} />
        ) : (
          <p className="support-inbox__empty field__hint">Choose a question to read and answer it.</p>
        )}
      </div>
    </div>
  );
}
