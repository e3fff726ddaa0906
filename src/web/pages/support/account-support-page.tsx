import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import { formatPence } from '../../../domain/money';
import { Conversation, MessageForm, TicketState } from '../../features/support/conversation';
import {
  rememberTicket,
  supportApi,
  supportQueries,
  type SupportTicket,
} from '../../features/support/support.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/support/support.css';

// /account/support ("Help"; issue 23 part 5): the customer's questions, the latest activity first, each with
// its conversation and, until the team closes it, a box to reply. ?ticket=… (the answer email's link) opens
// that one and brings it into view.

function Question({ ticket, open, named }: { ticket: SupportTicket; open: boolean; named: boolean }) {
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (named) ref.current?.scrollIntoView({ block: 'start' });
  }, [named]);
  return (
    <details className="support-ticket" open={open} ref={ref}>
      <summary className="support-ticket__summary">
        <span className="support-ticket__topic">{ticket.topicLabel}</span>
        <span className="support-ticket__meta">
          {ticket.reference} · <TicketState ticket={ticket} />
        </span>
      </summary>
      {ticket.order ? (
        <p className="support-ticket__order">
          About <Link to={ticket.order.path}>order {ticket.order.label}</Link> ({ticket.order.stateLabel},{' '}
          {formatPence(ticket.order.total)})
        </p>
      ) : null}
      <Conversation ticket={ticket} viewer="customer" />
      {ticket.state === 'closed' ? (
        <p className="notice">
          This question is closed.{' '}
          <Link to={`/support?topic=${ticket.topic}${ticket.orderId ? `&order=${ticket.orderId}` : ''}`}>
            Ask a new question
          </Link>{' '}
          if you still need help.
        </p>
      ) : (
        <MessageForm
          label={`Reply about ${ticket.reference}`}
          submitLabel="Send reply"
          busyLabel="Sending your reply…"
          hint={ticket.state === 'answered' ? 'Anything else? Reply and we’ll pick it up.' : undefined}
          send={(message, key) => supportApi.reply(ticket.id, message, key)}
          onSent={(latest) => rememberTicket(queryClient, latest)}
        />
      )}
    </details>
  );
}

export function AccountSupportPage() {
  usePageMeta('Help');
  const [params] = useSearchParams();
  const tickets = useQuery(supportQueries.mine());
  const wanted = params.get('ticket');
  return (
    <div className="account-stack support-account">
      <section className="account-section" aria-labelledby="support-heading">
        <div className="account-section__header">
          <h2 id="support-heading">Your questions</h2>
          <Link className="button button--secondary button--small" to="/support">
            Ask a question
          </Link>
        </div>
        {tickets.isPending ? (
          <Spinner label="Loading your questions" />
        ) : tickets.isError ? (
          <LoadFailed message="We couldn’t load your questions" onRetry={() => void tickets.refetch()} />
        ) : tickets.data.length === 0 ? (
          <p>
            You haven’t asked us anything yet. <Link to="/support">Ask a question</Link> and our answer will
            be here and in your inbox.
          </p>
        ) : (
          <div className="support-tickets">
            {tickets.data.map((ticket, index) => (
              <Question
                key={ticket.id}
                ticket={ticket}
                open={wanted ? ticket.id === wanted : index === 0 && ticket.state !== 'closed'}
                named={ticket.id === wanted}
              />
            ))}
          </div>
        )}
      </section>
      <section className="account-section" aria-labelledby="beta-heading">
        <h2 id="beta-heading">Try new things first</h2>
        <p>
          Join the beta group to see new features before everyone else, and tell us what you think.{' '}
          <Link to="/beta-opt-in">About the beta group</Link>
        </p>
      </section>
    </div>
  );
}
